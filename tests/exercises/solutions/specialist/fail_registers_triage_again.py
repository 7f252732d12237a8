"""Registers its agent under the triage agent's type: that type already exists.

expect: duplicate_registration
"""
from ._parts import TRIAGE_TRANSFER_TOOLS, billing_agent, build_team, delegate_to, register_and_subscribe


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client,
                            triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, delegate_to("TriageAgent")])
    await register_and_subscribe(runtime, "TriageAgent", lambda: billing_agent(model_client, topic="TriageAgent"))
    return team
