"""A Korean description that claims refunds (환불) as well, which the seed sends to the issues-and-repairs agent.

expect: claims_seed_territory
"""
from ._parts import TRIAGE_TRANSFER_TOOLS, billing_agent, build_team, delegate_to, register_and_subscribe

transfer_to_billing_tool = delegate_to("BillingAgent", description="결제 관련 모든 것: 이중 결제, 청구서, 환불 요청, 결제 수단.")


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client, triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, transfer_to_billing_tool])
    await register_and_subscribe(runtime, "BillingAgent", lambda: billing_agent(model_client))
    return team
