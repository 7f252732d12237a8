"""The delegate takes an argument (a short reason), which the scripted call fills in.

expect: pass
"""
from ._parts import DESCRIPTION, TRIAGE_TRANSFER_TOOLS, FunctionTool, billing_agent, build_team, register_and_subscribe


def transfer_to_billing(reason: str) -> str:
    return "BillingAgent"


async def build_extended_team(runtime, model_client):
    tool = FunctionTool(transfer_to_billing, description=DESCRIPTION)
    team = await build_team(runtime, model_client, triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, tool])
    await register_and_subscribe(runtime, "BillingAgent", lambda: billing_agent(model_client))
    return team
