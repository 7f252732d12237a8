"""The billing agent can also hand off to repairs and to a human (not asked for, and fine).

expect: pass
"""
from handoffs.lessons.part2 import escalate_to_human_tool, transfer_to_issues_and_repairs_tool

from ._parts import (TRIAGE_TRANSFER_TOOLS, billing_agent, build_team, delegate_to, register_and_subscribe,
                     transfer_back_to_triage_tool)


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client,
                            triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, delegate_to("BillingAgent")])
    delegates = [transfer_back_to_triage_tool, transfer_to_issues_and_repairs_tool, escalate_to_human_tool]
    await register_and_subscribe(runtime, "BillingAgent", lambda: billing_agent(model_client, delegates=delegates))
    return team
