"""A generic add_specialist() helper (registers, subscribes, returns the delegate), used once for billing.

expect: pass
"""
from autogen_core import TypeSubscription
from autogen_core.models import SystemMessage
from autogen_core.tools import FunctionTool

from handoffs.lessons.part2 import AIAgent, TRIAGE_TRANSFER_TOOLS, transfer_back_to_triage_tool, user_topic_type
from handoffs.part2.team import build_team


def make_delegate(topic, name, description):
    def delegate() -> str:
        return topic
    return FunctionTool(delegate, name=name, description=description)


async def add_specialist(runtime, model_client, topic, prompt):
    agent_type = await AIAgent.register(runtime, type=topic, factory=lambda: AIAgent(
        description=f"{topic} specialist", system_message=SystemMessage(content=prompt), model_client=model_client,
        tools=[], transfer_tools=[transfer_back_to_triage_tool], agent_topic_type=topic,
        user_topic_type=user_topic_type))
    await runtime.add_subscription(TypeSubscription(topic_type=topic, agent_type=agent_type))
    return agent_type


BILLING = make_delegate("BillingAgent", "transfer_to_billing",
                        "Billing questions: charged twice, double charges, invoices, payments.")


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client, triage_transfer_tools=TRIAGE_TRANSFER_TOOLS + (BILLING,))
    await add_specialist(runtime, model_client, "BillingAgent",
                         "You handle billing for ACME.\n1. Ask which charge is wrong.\n2. Say it will be reversed.")
    return team
