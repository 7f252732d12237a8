"""AutoGen's lower-level API: runtime.register_factory with an AgentType, instead of AIAgent.register.

expect: pass
"""
from autogen_core import AgentType

from ._parts import TRIAGE_TRANSFER_TOOLS, AIAgent, TypeSubscription, billing_agent, build_team, delegate_to


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client, triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, delegate_to("BillingAgent")])
    await runtime.register_factory(AgentType("BillingAgent"), lambda: billing_agent(model_client), expected_class=AIAgent)
    await runtime.add_subscription(TypeSubscription(topic_type="BillingAgent", agent_type="BillingAgent"))
    return team
