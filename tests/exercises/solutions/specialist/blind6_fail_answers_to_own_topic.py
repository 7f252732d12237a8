"""user_topic_type set to the billing topic (the learner mixed up the two topic arguments): its answers never reach the customer.

expect: wrong_user_topic
"""
from ._parts import TRIAGE_TRANSFER_TOOLS, billing_agent, build_team, delegate_to, register_and_subscribe

billing_agent_topic_type = "BillingAgent"


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client,
                            triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, delegate_to(billing_agent_topic_type)])
    await register_and_subscribe(runtime, billing_agent_topic_type, lambda: billing_agent(
        model_client, topic=billing_agent_topic_type, user_topic=billing_agent_topic_type))
    return team
