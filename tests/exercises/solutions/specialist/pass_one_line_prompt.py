"""The billing prompt is one long sentence with no full stop: it still says what the agent does.

expect: pass
"""
from ._parts import TRIAGE_TRANSFER_TOOLS, billing_agent, build_team, delegate_to, register_and_subscribe

PROMPT = "You are ACME's billing agent: ask which charge looks wrong, then explain that duplicates are reversed in 3 days"


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client,
                            triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, delegate_to("BillingAgent")])
    await register_and_subscribe(runtime, "BillingAgent", lambda: billing_agent(model_client, prompt=PROMPT))
    return team
