"""Two new specialists at once: billing and shipping, each with its own delegate.

expect: pass
"""
from ._parts import TRIAGE_TRANSFER_TOOLS, billing_agent, build_team, delegate_to, register_and_subscribe

SHIPPING_PROMPT = "You are ACME's shipping agent. 1. Ask for the parcel number. 2. Give a delivery date."


async def build_extended_team(runtime, model_client):
    billing = delegate_to("BillingAgent")
    shipping = delegate_to("ShippingAgent", name="transfer_to_shipping",
                           description="Use for shipping: delivery dates, tracking a parcel, a late delivery.")
    team = await build_team(runtime, model_client, triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, billing, shipping])
    await register_and_subscribe(runtime, "BillingAgent", lambda: billing_agent(model_client))
    await register_and_subscribe(runtime, "ShippingAgent",
                                 lambda: billing_agent(model_client, topic="ShippingAgent", prompt=SHIPPING_PROMPT))
    return team
