"""A shipping specialist, wired right, but the exercise's double charge fits nothing its description names.

expect: specialist_not_routed
"""
from ._parts import TRIAGE_TRANSFER_TOOLS, billing_agent, build_team, delegate_to, register_and_subscribe

SHIPPING_PROMPT = "You are ACME's shipping agent.\n1. Ask for the parcel number.\n2. Give a delivery date."


async def build_extended_team(runtime, model_client):
    tool = delegate_to("ShippingAgent", name="transfer_to_shipping",
                       description="Use for shipping: deliveries, tracking a parcel, a late delivery.")
    team = await build_team(runtime, model_client, triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, tool])
    await register_and_subscribe(runtime, "ShippingAgent",
                                 lambda: billing_agent(model_client, topic="ShippingAgent", prompt=SHIPPING_PROMPT))
    return team
