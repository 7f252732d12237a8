"""The description claims refunds too: "I want a refund" would leave the repairs agent.

expect: claims_seed_territory
"""
from ._parts import TRIAGE_TRANSFER_TOOLS, billing_agent, build_team, delegate_to, register_and_subscribe

CLAIMS = "Use for billing questions, charges and refunds of charges."


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client,
                            triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, delegate_to("BillingAgent", description=CLAIMS)])
    await register_and_subscribe(runtime, "BillingAgent", lambda: billing_agent(model_client))
    return team
