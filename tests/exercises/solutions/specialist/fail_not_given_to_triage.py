"""The agent and its delegate exist, but the triage agent is never given the delegate.

expect: no_new_delegate
"""
from ._parts import billing_agent, build_team, delegate_to, register_and_subscribe

transfer_to_billing_tool = delegate_to("BillingAgent")


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client)
    await register_and_subscribe(runtime, "BillingAgent", lambda: billing_agent(model_client))
    return team
