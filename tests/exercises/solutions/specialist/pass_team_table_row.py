"""Written against notebook 06's team table: one new row, one transfer tool more for triage, build_team(table=...).

The learner reuses the notebook's ``TEAM`` and ``TeamRow`` and lets ``register_team`` register and subscribe the new
agent like the seed's (no AIAgent.register of their own).

expect: pass
"""
from handoffs.lessons.part2 import TEAM, TRIAGE_TRANSFER_TOOLS, TeamRow, transfer_back_to_triage_tool, triage_agent_topic_type

from ._parts import BILLING_PROMPT, DESCRIPTION, FunctionTool, build_team

billing_agent_topic_type = "BillingAgent"


def transfer_to_billing() -> str:
    return billing_agent_topic_type


transfer_to_billing_tool = FunctionTool(transfer_to_billing, description=DESCRIPTION)


async def build_extended_team(runtime, model_client):
    team = dict(TEAM)
    team[triage_agent_topic_type] = TEAM[triage_agent_topic_type]._replace(
        transfer_tools=(*TRIAGE_TRANSFER_TOOLS, transfer_to_billing_tool))
    team[billing_agent_topic_type] = TeamRow("A billing agent.", BILLING_PROMPT, (), (transfer_back_to_triage_tool,))
    return await build_team(runtime, model_client, table=team)
