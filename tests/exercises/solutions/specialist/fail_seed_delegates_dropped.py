"""triage_transfer_tools=[billing only]: the seed's sales, repairs and human paths are gone.

expect: seed_delegates_dropped
"""
from ._parts import billing_agent, build_team, delegate_to, register_and_subscribe


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client, triage_transfer_tools=[delegate_to("BillingAgent")])
    await register_and_subscribe(runtime, "BillingAgent", lambda: billing_agent(model_client))
    return team
