"""The delegate returns "Billing" while the agent is registered and subscribed as "BillingAgent".

expect: topic_mismatch
"""
from ._parts import TRIAGE_TRANSFER_TOOLS, FunctionTool, billing_agent, build_team, register_and_subscribe


def transfer_to_billing() -> str:
    return "Billing"


transfer_to_billing_tool = FunctionTool(transfer_to_billing,
                                        description="Use for billing: charges, double charges, invoices and payments.")


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client, triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, transfer_to_billing_tool])
    await register_and_subscribe(runtime, "BillingAgent", lambda: billing_agent(model_client))
    return team
