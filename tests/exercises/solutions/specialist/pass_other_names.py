"""Other names everywhere: a 'Payments' topic, a PaymentsDesk agent type, a hand_to_payments tool.

expect: pass
"""
from ._parts import TRIAGE_TRANSFER_TOOLS, billing_agent, build_team, delegate_to, register_and_subscribe

PAYMENTS = "Payments"
hand_to_payments = delegate_to(PAYMENTS, name="hand_to_payments",
                               description="Payments desk: double charges, wrong amounts on an invoice, failed payments.")


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client, triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, hand_to_payments])
    await register_and_subscribe(runtime, "PaymentsDesk", lambda: billing_agent(model_client, topic=PAYMENTS), PAYMENTS)
    return team
