"""The solution of notebook 07, "extend the team": a billing specialist and the transfer tool that reaches it.

Three things make a new specialist reachable in seed 003's design, and this is all of them:

1. a topic type and a **transfer tool** returning it, with a description that says what the agent handles
   (the model picks a transfer tool by its description — nothing else routes the customer);
2. the agent **registered** under that type **and subscribed** to that topic type (no subscription: the task
   is published to a topic nobody listens to, and the customer waits forever);
3. the transfer tool **given to the triage agent** (an agent can only hand off through the tools it is offered).

Notebook 07's solution cells are this module's code, word for word (a test keeps them identical).
"""

from __future__ import annotations

from autogen_core import AgentRuntime, TypeSubscription
from autogen_core.models import ChatCompletionClient, SystemMessage
from autogen_core.tools import FunctionTool

from handoffs.lessons.part2 import AIAgent, TRIAGE_TRANSFER_TOOLS, transfer_back_to_triage_tool, user_topic_type
from handoffs.part2.team import Team, build_team

billing_agent_topic_type = "BillingAgent"


def transfer_to_billing() -> str:
    return billing_agent_topic_type


transfer_to_billing_tool = FunctionTool(
    transfer_to_billing, description="Use for billing: charges, double charges, invoices and payments."
)

BILLING_PROMPT = (
    "You are a billing agent for ACME Inc."
    "Always answer in a sentence or less."
    "Follow the following routine with the user:"
    "1. Ask which charge on their statement looks wrong.\n"
    "2. Explain that duplicate charges are reversed within 3 days.\n"
)


async def build_extended_team(runtime: AgentRuntime, model_client: ChatCompletionClient) -> Team:
    team = await build_team(
        runtime, model_client, triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, transfer_to_billing_tool]
    )
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
    await runtime.add_subscription(
        TypeSubscription(topic_type=billing_agent_topic_type, agent_type=billing_agent_type.type)
    )
    return team
