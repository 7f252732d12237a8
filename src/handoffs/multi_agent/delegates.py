"""Topic types and delegate tools of seed 003: how one agent hands the conversation to another.

A *delegate tool* is an ordinary function tool whose result is a **topic type**. When a model calls one, the
AI agent does not feed the result back to its model: it publishes the conversation (a ``UserTask``) to that
topic, for the current session, and stops. Whoever subscribes to the topic type takes over. The descriptions
are the seed's, word for word: the model picks a delegate by reading them.

This module only defines the names and tools; the rules for calling them (one handoff per response, a bound on
handoffs per customer turn) live in :class:`handoffs.multi_agent.agents.AIAgent`.
"""

from __future__ import annotations

from autogen_core.tools import FunctionTool

sales_agent_topic_type = "SalesAgent"
issues_and_repairs_agent_topic_type = "IssuesAndRepairsAgent"
triage_agent_topic_type = "TriageAgent"
human_agent_topic_type = "HumanAgent"
user_topic_type = "User"


def transfer_to_sales_agent() -> str:
    return sales_agent_topic_type


def transfer_to_issues_and_repairs() -> str:
    return issues_and_repairs_agent_topic_type


def transfer_back_to_triage() -> str:
    return triage_agent_topic_type


def escalate_to_human() -> str:
    return human_agent_topic_type


transfer_to_sales_agent_tool = FunctionTool(
    transfer_to_sales_agent, description="Use for anything sales or buying related."
)
transfer_to_issues_and_repairs_tool = FunctionTool(
    transfer_to_issues_and_repairs, description="Use for issues, repairs, or refunds."
)
transfer_back_to_triage_tool = FunctionTool(
    transfer_back_to_triage,
    description="Call this if the user brings up a topic outside of your purview,\nincluding escalating to human.",
)
escalate_to_human_tool = FunctionTool(escalate_to_human, description="Only call this if explicitly asked to.")

TRIAGE_DELEGATE_TOOLS = (transfer_to_issues_and_repairs_tool, transfer_to_sales_agent_tool, escalate_to_human_tool)
"""The triage agent's delegates, in the seed's order (extend this tuple to reach a new specialist)."""
