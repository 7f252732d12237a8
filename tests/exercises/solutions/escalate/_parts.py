"""Pieces most learner solutions of notebook 04 share (each solution file changes or restates what it is about).

These are written the way the notebook's cells are: ``@tool`` functions, prompt strings, the kit's imports.
"""

from langchain.messages import ToolMessage
from langchain.tools import ToolRuntime, tool
from langgraph.types import Command

from handoffs.part1.steps import TRIAGE_PROMPT
from handoffs.part1.tools import end_conversation, record_issue

__all__ = ["Command", "ToolMessage", "ToolRuntime", "end_conversation", "record_issue", "tool"]


@tool
def escalate_to_manager(reason: str, runtime: ToolRuntime) -> Command:
    """Escalate the case to a manager: for a legal matter, a formal complaint, or a user who asks for a manager."""
    return Command(update={
        "messages": [ToolMessage(f"Escalated: {reason}", tool_call_id=runtime.tool_call_id)],
        "current_step": "escalate",
    })


@tool
def open_manager_ticket(runtime: ToolRuntime) -> str:
    """Open a ticket so that a manager calls the user back about this escalated case."""
    return "Ticket opened: a manager will call you back within one business day."


TRIAGE_WITH_ESCALATION = TRIAGE_PROMPT + (
    "\nIf the issue is a legal matter or the user asks for a manager, call escalate_to_manager instead.")
ESCALATE_PROMPT = ("You are in the ESCALATE step. Open a ticket with open_manager_ticket, tell the user a manager "
                   "will call back, then call end_conversation.")


def escalate_step(*tools, prompt=ESCALATE_PROMPT):
    return {"prompt": prompt, "tools": list(tools or (open_manager_ticket, end_conversation))}


def step_table_with(escalate_tool, entry=None):
    """The notebook's step table cell with a learner's escalate tool: a fresh copy, triage told and offered it."""
    from handoffs.part1 import seed_step_table

    step_table = seed_step_table()
    step_table["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
    step_table["triage"]["tools"].append(escalate_tool)
    step_table["escalate"] = entry or escalate_step()
    return step_table
