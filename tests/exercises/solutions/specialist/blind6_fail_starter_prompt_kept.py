"""Everything wired right, but BILLING_PROMPT is still the starter's one line: no routine, nothing it handles.

expect: prompt_says_nothing
"""
from ._parts import TRIAGE_TRANSFER_TOOLS, billing_agent, build_team, delegate_to, register_and_subscribe

BILLING_PROMPT = "You are a billing agent for ACME Inc."


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client, triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, delegate_to("BillingAgent")])
    await register_and_subscribe(runtime, "BillingAgent", lambda: billing_agent(model_client, prompt=BILLING_PROMPT))
    return team
