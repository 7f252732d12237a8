"""The agent is registered and subscribed, but build_team is called as in the starter: triage never gets the delegate.

expect: no_new_delegate
"""
from ._parts import billing_agent, build_team, register_and_subscribe


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client)
    await register_and_subscribe(runtime, "BillingAgent", lambda: billing_agent(model_client))
    return team
