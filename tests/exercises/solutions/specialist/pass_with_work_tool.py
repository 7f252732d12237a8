"""The billing agent has a work tool of its own (reverse a duplicate charge).

expect: pass
"""
from ._parts import FunctionTool, TRIAGE_TRANSFER_TOOLS, billing_agent, build_team, delegate_to, register_and_subscribe


def reverse_charge(charge_id: str) -> str:
    return f"Charge {charge_id} reversed."


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client,
                            triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, delegate_to("BillingAgent")])
    reverse = FunctionTool(reverse_charge, description="Reverse a duplicate charge by its id.")
    await register_and_subscribe(runtime, "BillingAgent", lambda: billing_agent(model_client, tools=[reverse]))
    return team
