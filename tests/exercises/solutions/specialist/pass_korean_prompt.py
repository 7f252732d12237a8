"""A Korean prompt (a numbered routine) with the seed's English description style.

expect: pass
"""
from ._parts import TRIAGE_TRANSFER_TOOLS, billing_agent, build_team, delegate_to, register_and_subscribe

결제_프롬프트 = ("당신은 ACME의 결제 담당 상담원입니다. 항상 한 문장 이하로 답하세요.\n"
             "1. 명세서에서 어떤 청구가 잘못되었는지 물어보세요.\n"
             "2. 중복 청구는 3일 안에 취소된다고 설명하세요.")


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client,
                            triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, delegate_to("BillingAgent")])
    await register_and_subscribe(runtime, "BillingAgent", lambda: billing_agent(model_client, prompt=결제_프롬프트))
    return team
