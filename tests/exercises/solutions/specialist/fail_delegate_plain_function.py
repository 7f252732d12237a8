"""The delegate passed to triage as the plain function, not its FunctionTool: TriageAgent cannot be created.

expect: delegate_not_a_tool
"""
from ._parts import TRIAGE_TRANSFER_TOOLS, billing_agent, build_team, register_and_subscribe


def transfer_to_billing() -> str:
    return "BillingAgent"


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client, triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, transfer_to_billing])
    await register_and_subscribe(runtime, "BillingAgent", lambda: billing_agent(model_client))
    return team
