"""The agent is registered and subscribed, but build_team is called as in the starter: triage never gets the delegate.

expect: no_new_delegate
"""
from autogen_core import TypeSubscription
from autogen_core.models import SystemMessage
from autogen_core.tools import FunctionTool

from handoffs.multi_agent.agents import AIAgent
from handoffs.multi_agent.delegates import TRIAGE_DELEGATE_TOOLS, transfer_back_to_triage_tool, user_topic_type
from handoffs.multi_agent.team import build_team

billing_agent_topic_type = "BillingAgent"
BILLING_PROMPT = ("You are a billing agent for ACME Inc. Always answer in a sentence or less.\n"
                  "1. Ask which charge on their statement looks wrong.\n"
                  "2. Explain that duplicate charges are reversed within 3 days.")



def transfer_to_billing() -> str:
    return billing_agent_topic_type


transfer_to_billing_tool = FunctionTool(transfer_to_billing,
                                        description="Use for billing: charges, double charges, invoices and payments.")



async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client)
    billing = await AIAgent.register(runtime, type=billing_agent_topic_type, factory=lambda: AIAgent(
        description="A billing agent.", system_message=SystemMessage(content=BILLING_PROMPT),
        model_client=model_client, tools=[], delegate_tools=[transfer_back_to_triage_tool],
        agent_topic_type=billing_agent_topic_type, user_topic_type=user_topic_type))
    await runtime.add_subscription(TypeSubscription(topic_type=billing_agent_topic_type, agent_type=billing.type))
    return team
