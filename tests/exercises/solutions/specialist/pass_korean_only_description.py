"""A description written in Korean only, and a tool name that says nothing: the model must read the Korean.

expect: pass
"""
from ._parts import TRIAGE_TRANSFER_TOOLS, billing_agent, build_team, delegate_to, register_and_subscribe

설명 = "결제 문제를 담당합니다: 이중 결제, 잘못 청구된 금액, 청구서, 카드 결제 오류."


async def build_extended_team(runtime, model_client):
    tool = delegate_to("BillingAgent", name="transfer_to_desk_b", description=설명)
    team = await build_team(runtime, model_client, triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, tool])
    await register_and_subscribe(runtime, "BillingAgent", lambda: billing_agent(model_client))
    return team
