"""Other names throughout (PaymentsDesk, route_to_payments) and an async delegate function.

expect: pass
"""
from autogen_core import TypeSubscription
from autogen_core.models import SystemMessage
from autogen_core.tools import FunctionTool

from handoffs.lessons.part2 import AIAgent, TRIAGE_TRANSFER_TOOLS, transfer_back_to_triage_tool, user_topic_type
from handoffs.part2.team import build_team

PAYMENTS = "PaymentsDesk"


async def route_to_payments() -> str:
    return PAYMENTS


route_to_payments_tool = FunctionTool(
    route_to_payments, name="route_to_payments",
    description="Use for payment problems: a double charge, a wrong amount on an invoice, a failed card payment.")

PAYMENTS_PROMPT = """You are ACME's payments agent.
Follow this routine:
1. Ask for the date and amount of the charge.
2. Confirm the duplicate charge will be reversed within 3 days.
"""


async def build_extended_team(runtime, model_client):
    delegates = list(TRIAGE_TRANSFER_TOOLS)
    delegates.append(route_to_payments_tool)
    team = await build_team(runtime, model_client, triage_transfer_tools=delegates)
    await AIAgent.register(runtime, PAYMENTS, lambda: AIAgent(
        "Payments desk", SystemMessage(content=PAYMENTS_PROMPT), model_client, [],
        [transfer_back_to_triage_tool], PAYMENTS, user_topic_type))
    await runtime.add_subscription(TypeSubscription(PAYMENTS, PAYMENTS))
    return team
