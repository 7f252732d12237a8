"""AutoGen's @type_subscription class decorator on an AIAgent subclass instead of add_subscription.

expect: pass
"""
from autogen_core import type_subscription
from autogen_core.models import SystemMessage
from autogen_core.tools import FunctionTool

from handoffs.lessons.part2 import AIAgent, TRIAGE_TRANSFER_TOOLS, transfer_back_to_triage_tool, user_topic_type
from handoffs.part2.team import build_team

TOPIC = "BillingAgent"
PROMPT = ("You are a billing agent for ACME Inc. Always answer in a sentence or less.\n"
          "1. Ask which charge on their statement looks wrong.\n"
          "2. Explain that duplicate charges are reversed within 3 days.")


@type_subscription(topic_type=TOPIC)
class BillingSpecialist(AIAgent):
    pass


def transfer_to_billing() -> str:
    return TOPIC


async def build_extended_team(runtime, model_client):
    tool = FunctionTool(transfer_to_billing, description="Use for billing: double charges, invoices and payments.")
    team = await build_team(runtime, model_client, triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, tool])
    await BillingSpecialist.register(runtime, TOPIC, lambda: BillingSpecialist(
        "A billing agent.", SystemMessage(content=PROMPT), model_client, [], [transfer_back_to_triage_tool],
        TOPIC, user_topic_type))
    return team
