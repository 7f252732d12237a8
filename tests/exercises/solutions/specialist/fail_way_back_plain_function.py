"""The billing agent's way back is the plain function transfer_back_to_triage, not the tool.

expect: delegate_not_a_tool
"""
from handoffs.lessons.part2 import transfer_back_to_triage

from ._parts import TRIAGE_TRANSFER_TOOLS, billing_agent, build_team, delegate_to, register_and_subscribe


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client,
                            triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, delegate_to("BillingAgent")])
    await register_and_subscribe(runtime, "BillingAgent",
                                 lambda: billing_agent(model_client, delegates=[transfer_back_to_triage]))
    return team
