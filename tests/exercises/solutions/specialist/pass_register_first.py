"""The specialist registered before build_team, with a helper that does register + subscribe in one go.

expect: pass
"""
from ._parts import TRIAGE_TRANSFER_TOOLS, billing_agent, build_team, delegate_to, register_and_subscribe


async def build_extended_team(runtime, model_client):
    await register_and_subscribe(runtime, "BillingAgent", lambda: billing_agent(model_client))
    return await build_team(runtime, model_client,
                            triage_transfer_tools=list(TRIAGE_TRANSFER_TOOLS) + [delegate_to("BillingAgent")])
