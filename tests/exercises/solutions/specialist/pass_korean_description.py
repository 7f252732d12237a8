"""A Korean description that keeps the English billing words in brackets, as Korean teams often write.

expect: pass
"""
from ._parts import TRIAGE_TRANSFER_TOOLS, billing_agent, build_team, delegate_to, register_and_subscribe

설명 = "결제 문제(billing): 이중 청구(double charges, charged twice), 청구서(invoices), 결제 오류(payments)."


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client,
                            triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, delegate_to("BillingAgent", description=설명)])
    await register_and_subscribe(runtime, "BillingAgent", lambda: billing_agent(model_client))
    return team
