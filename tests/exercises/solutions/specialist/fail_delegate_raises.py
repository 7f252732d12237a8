"""The delegate function raises (it reads a setting that is not there).

expect: delegate_failed
"""
import os

from ._parts import DESCRIPTION, TRIAGE_TRANSFER_TOOLS, FunctionTool, billing_agent, build_team, register_and_subscribe


def transfer_to_billing() -> str:
    return os.environ["BILLING_TOPIC_FOR_THE_CHECKER_THAT_IS_NOT_SET"]


async def build_extended_team(runtime, model_client):
    tool = FunctionTool(transfer_to_billing, description=DESCRIPTION)
    team = await build_team(runtime, model_client, triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, tool])
    await register_and_subscribe(runtime, "BillingAgent", lambda: billing_agent(model_client))
    return team
