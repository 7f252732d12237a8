"""The new delegate listed first, and the team's handoff limits changed.

expect: pass
"""
from ._parts import TRIAGE_TRANSFER_TOOLS, billing_agent, build_team, delegate_to, register_and_subscribe


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client, max_handoffs_per_turn=2,
                            triage_transfer_tools=[delegate_to("BillingAgent"), *TRIAGE_TRANSFER_TOOLS])
    await register_and_subscribe(runtime, "BillingAgent", lambda: billing_agent(model_client))
    return team
