"""Copied from the triage registration: agent_topic_type="TriageAgent", so the customer's next words go to triage.

expect: reply_topic_other
"""
from ._parts import TRIAGE_TRANSFER_TOOLS, billing_agent, build_team, delegate_to, register_and_subscribe


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client, triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, delegate_to("BillingAgent")])
    await register_and_subscribe(runtime, "BillingAgent", lambda: billing_agent(model_client, topic="TriageAgent"),
                                 topic="BillingAgent")
    return team
