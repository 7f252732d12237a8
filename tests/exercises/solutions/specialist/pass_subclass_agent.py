"""A class of its own: BillingAgent(AIAgent) carries its prompt and topic types.

expect: pass
"""
from ._parts import (BILLING_PROMPT, TRIAGE_TRANSFER_TOOLS, AIAgent, SystemMessage, TypeSubscription, build_team,
                     delegate_to, transfer_back_to_triage_tool, user_topic_type)


class BillingAgent(AIAgent):
    TOPIC = "BillingAgent"

    def __init__(self, model_client):
        super().__init__("A billing agent.", SystemMessage(content=BILLING_PROMPT), model_client, [],
                         [transfer_back_to_triage_tool], self.TOPIC, user_topic_type)


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client,
                            triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, delegate_to(BillingAgent.TOPIC)])
    await BillingAgent.register(runtime, type=BillingAgent.TOPIC, factory=lambda: BillingAgent(model_client))
    await runtime.add_subscription(TypeSubscription(topic_type=BillingAgent.TOPIC, agent_type=BillingAgent.TOPIC))
    return team
