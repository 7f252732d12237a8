"""A Korean-only learner: Korean description, Korean numbered routine, Korean agent description.

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


transfer_to_billing_tool = FunctionTool(
    transfer_to_billing, description="결제·청구 담당: 두 번 결제된 요금, 잘못 청구된 금액, 청구서, 결제 수단 문의.")

BILLING_PROMPT = ("당신은 ACME의 결제 담당 상담원입니다. 항상 한 문장 이내로 답하세요.\n"
                  "1. 명세서에서 어떤 결제가 잘못되었는지 물어보세요.\n"
                  "2. 이중 결제는 3일 안에 취소된다고 설명하세요.")


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client,
                            triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, transfer_to_billing_tool])
    billing = await AIAgent.register(runtime, type=billing_agent_topic_type, factory=lambda: AIAgent(
        description="결제 담당 에이전트",
        system_message=SystemMessage(content=BILLING_PROMPT),
        model_client=model_client,
        tools=[],
        transfer_tools=[transfer_back_to_triage_tool],
        agent_topic_type=billing_agent_topic_type,
        user_topic_type=user_topic_type,
    ))
    await runtime.add_subscription(TypeSubscription(topic_type=billing_agent_topic_type, agent_type=billing.type))
    return team
