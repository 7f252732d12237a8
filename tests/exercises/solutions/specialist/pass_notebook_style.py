"""The notebook's shape, written out like notebook 06's register_team cell.

expect: pass
"""
from ._parts import (BILLING_PROMPT, DESCRIPTION, TRIAGE_TRANSFER_TOOLS, AIAgent, FunctionTool, SystemMessage,
                     TypeSubscription, build_team, transfer_back_to_triage_tool, user_topic_type)

billing_agent_topic_type = "BillingAgent"


def transfer_to_billing() -> str:
    return billing_agent_topic_type


transfer_to_billing_tool = FunctionTool(transfer_to_billing, description=DESCRIPTION)


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client, triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, transfer_to_billing_tool])
    billing_agent_type = await AIAgent.register(
        runtime,
        type=billing_agent_topic_type,
        factory=lambda: AIAgent(
            description="A billing agent.",
            system_message=SystemMessage(content=BILLING_PROMPT),
            model_client=model_client,
            tools=[],
            transfer_tools=[transfer_back_to_triage_tool],
            agent_topic_type=billing_agent_topic_type,
            user_topic_type=user_topic_type,
        ),
    )
    await runtime.add_subscription(TypeSubscription(topic_type=billing_agent_topic_type, agent_type=billing_agent_type.type))
    return team
