"""The billing agent gets a model client of its own (the kit's switch), not the one passed in: still reachable.

expect: pass
"""
from handoffs.models import model_client as kit_model_client

from ._parts import TRIAGE_TRANSFER_TOOLS, billing_agent, build_team, delegate_to, register_and_subscribe


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client,
                            triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, delegate_to("BillingAgent")])
    await register_and_subscribe(runtime, "BillingAgent", lambda: billing_agent(kit_model_client()))
    return team
