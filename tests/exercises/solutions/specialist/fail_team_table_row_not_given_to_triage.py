"""A new row in notebook 06's team table, but the triage agent's transfer tools left as they were.

expect: no_new_delegate
"""
from handoffs.lessons.part2 import TEAM, TeamRow, transfer_back_to_triage_tool

from ._parts import BILLING_PROMPT, build_team

billing_agent_topic_type = "BillingAgent"


async def build_extended_team(runtime, model_client):
    team = {**TEAM, billing_agent_topic_type: TeamRow("A billing agent.", BILLING_PROMPT, (),
                                                      (transfer_back_to_triage_tool,))}
    return await build_team(runtime, model_client, table=team)
