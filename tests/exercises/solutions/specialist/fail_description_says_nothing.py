"""A description that does not say what the agent handles (the model would have only the tool's name to go by).

expect: description_vague
"""
from ._parts import TRIAGE_TRANSFER_TOOLS, billing_agent, build_team, delegate_to, register_and_subscribe


async def build_extended_team(runtime, model_client):
    tool = delegate_to("BillingAgent", description="Transfers the conversation.")
    team = await build_team(runtime, model_client, triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, tool])
    await register_and_subscribe(runtime, "BillingAgent", lambda: billing_agent(model_client))
    return team
