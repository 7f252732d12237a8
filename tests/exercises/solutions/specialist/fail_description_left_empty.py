"""The starter's description="" left as it was.

expect: description_missing
"""
from ._parts import TRIAGE_TRANSFER_TOOLS, billing_agent, build_team, delegate_to, register_and_subscribe


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client,
                            triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, delegate_to("BillingAgent", description="")])
    await register_and_subscribe(runtime, "BillingAgent", lambda: billing_agent(model_client))
    return team
