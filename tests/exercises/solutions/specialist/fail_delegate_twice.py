"""The delegate appended twice (the list was built by a cell that ran twice).

expect: duplicate_delegate
"""
from ._parts import TRIAGE_TRANSFER_TOOLS, billing_agent, build_team, delegate_to, register_and_subscribe

tool = delegate_to("BillingAgent")
delegates = [*TRIAGE_TRANSFER_TOOLS, tool]
delegates.append(tool)


async def build_extended_team(runtime, model_client):
    team = await build_team(runtime, model_client, triage_transfer_tools=delegates)
    await register_and_subscribe(runtime, "BillingAgent", lambda: billing_agent(model_client))
    return team
