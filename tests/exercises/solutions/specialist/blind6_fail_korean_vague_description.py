"""A Korean learner's description says only that it hands the conversation over, not what billing handles.

expect: description_vague
"""
from ._parts import TRIAGE_TRANSFER_TOOLS, billing_agent, build_team, delegate_to, register_and_subscribe

transfer_to_billing_tool = delegate_to("BillingAgent", description="다른 에이전트에게 대화를 넘깁니다.")


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client, triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, transfer_to_billing_tool])
    await register_and_subscribe(runtime, "BillingAgent", lambda: billing_agent(model_client))
    return team
