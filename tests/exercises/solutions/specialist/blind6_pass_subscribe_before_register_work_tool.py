"""Subscribes before registering, passes the AgentType-less string, and gives billing a work tool of its own.

expect: pass
"""
from autogen_core import TypeSubscription
from autogen_core.models import SystemMessage
from autogen_core.tools import FunctionTool

from handoffs.lessons.part2 import AIAgent, TRIAGE_TRANSFER_TOOLS, transfer_back_to_triage_tool, user_topic_type
from handoffs.part2.team import build_team

billing_agent_topic_type = "BillingAgent"


def transfer_to_billing() -> str:
    return billing_agent_topic_type


def look_up_invoice(order_id: str) -> str:
    return f"Invoice for order {order_id}: charged once for $49.99, a second pending charge of $49.99."


transfer_to_billing_tool = FunctionTool(transfer_to_billing,
                                        description="Use for billing: charges, double charges, invoices, payments.")
look_up_invoice_tool = FunctionTool(look_up_invoice, description="Look up the invoice of an order.")

BILLING_PROMPT = ("You are a billing agent for ACME Inc.\n"
                  "1. Ask for the order and look up its invoice.\n"
                  "2. Explain that duplicate charges are reversed within 3 days.")


async def build_extended_team(runtime, model_client):
    await runtime.add_subscription(TypeSubscription(topic_type=billing_agent_topic_type,
                                                    agent_type=billing_agent_topic_type))
    await AIAgent.register(runtime, type=billing_agent_topic_type, factory=lambda: AIAgent(
        description="A billing agent.", system_message=SystemMessage(content=BILLING_PROMPT),
        model_client=model_client, tools=[look_up_invoice_tool], transfer_tools=[transfer_back_to_triage_tool],
        agent_topic_type=billing_agent_topic_type, user_topic_type=user_topic_type))
    return await build_team(runtime, model_client,
                            triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, transfer_to_billing_tool])
