"""AIAgent.register(...) called without await: the registration never runs (Python only warns).

expect: not_awaited
"""
from ._parts import TRIAGE_TRANSFER_TOOLS, AIAgent, TypeSubscription, billing_agent, build_team, delegate_to


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client, triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, delegate_to("BillingAgent")])
    AIAgent.register(runtime, type="BillingAgent", factory=lambda: billing_agent(model_client))
    await runtime.add_subscription(TypeSubscription(topic_type="BillingAgent", agent_type="BillingAgent"))
    return team
