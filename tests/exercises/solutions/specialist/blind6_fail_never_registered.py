"""The delegate reaches the triage agent, but the learner never registered a billing agent.

expect: no_new_agent
"""
from ._parts import TRIAGE_TRANSFER_TOOLS, build_team, delegate_to


async def build_extended_team(runtime, model_client):
    return await build_team(runtime, model_client, triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, delegate_to("BillingAgent")])
