"""Registered, never subscribed: the conversation would be published to a topic nobody listens to.

expect: not_subscribed
"""
from ._parts import TRIAGE_TRANSFER_TOOLS, AIAgent, billing_agent, build_team, delegate_to


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client,
                            triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, delegate_to("BillingAgent")])
    await AIAgent.register(runtime, type="BillingAgent", factory=lambda: billing_agent(model_client))
    return team
