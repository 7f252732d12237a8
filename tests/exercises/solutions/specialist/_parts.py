"""Imports and pieces most solutions of notebook 07 share, as the notebook's cells give them."""

from autogen_core import TypeSubscription
from autogen_core.models import SystemMessage
from autogen_core.tools import FunctionTool

from handoffs.lessons.part2 import AIAgent, TRIAGE_TRANSFER_TOOLS, transfer_back_to_triage_tool, user_topic_type
from handoffs.part2.team import build_team

__all__ = ["AIAgent", "FunctionTool", "SystemMessage", "TRIAGE_TRANSFER_TOOLS", "TypeSubscription", "build_team",
           "transfer_back_to_triage_tool", "user_topic_type", "BILLING_PROMPT", "DESCRIPTION", "delegate_to",
           "billing_agent", "register_and_subscribe"]

BILLING_PROMPT = ("You are a billing agent for ACME Inc. Always answer in a sentence or less.\n"
                  "1. Ask which charge on their statement looks wrong.\n"
                  "2. Explain that duplicate charges are reversed within 3 days.")
DESCRIPTION = "Use for billing: charges, double charges, invoices and payments."


def delegate_to(topic_type, name="transfer_to_billing", description=DESCRIPTION):
    """A delegate tool returning ``topic_type`` (the way several learners build theirs)."""
    def transfer() -> str:
        return topic_type
    return FunctionTool(transfer, name=name, description=description)


def billing_agent(model_client, *, topic="BillingAgent", prompt=BILLING_PROMPT, user_topic=user_topic_type,
                  delegates=None, tools=None):
    return AIAgent(description="A billing agent.", system_message=SystemMessage(content=prompt),
                   model_client=model_client, tools=tools or [],
                   transfer_tools=[transfer_back_to_triage_tool] if delegates is None else delegates,
                   agent_topic_type=topic, user_topic_type=user_topic)


async def register_and_subscribe(runtime, agent_type, factory, topic=None):
    registered = await AIAgent.register(runtime, type=agent_type, factory=factory)
    await runtime.add_subscription(TypeSubscription(topic_type=topic or agent_type, agent_type=registered.type))
    return registered
