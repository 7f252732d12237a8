"""build_step_table() builds the whole step table in a loop over (step, prompt, tools) rows, with a handoffs entry.

expect: pass
"""
from langchain.messages import ToolMessage
from langchain.tools import ToolRuntime, tool
from langgraph.types import Command

from handoffs.part1.steps import DONE_PROMPT, RESOLVE_PROMPT, TRIAGE_PROMPT
from handoffs.part1.tools import (end_conversation, record_issue, resolve_billing, resolve_other,
                                         resolve_technical)


@tool
def escalate_case(runtime: ToolRuntime) -> Command:
    """Escalate to a manager: a legal matter, a formal complaint, or the user wants to speak to a manager."""
    return Command(update={"messages": [ToolMessage("Escalated.", tool_call_id=runtime.tool_call_id)],
                           "current_step": "escalate"})


@tool
def create_manager_ticket() -> str:
    """Create a ticket for a manager to call the user back."""
    return "Ticket created."


ROWS = [
    ("triage", TRIAGE_PROMPT + "\nIf it is a legal matter or the user wants a manager, call escalate_case.",
     [record_issue, escalate_case]),
    ("resolve", RESOLVE_PROMPT, [resolve_billing, resolve_technical, resolve_other, end_conversation]),
    ("escalate", "ESCALATE step: call create_manager_ticket, then end_conversation.",
     [create_manager_ticket, end_conversation]),
    ("done", DONE_PROMPT, []),
]


def build_step_table():
    step_table = {}
    for step, prompt, tools in ROWS:
        step_table[step] = {"prompt": prompt, "tools": list(tools)}
    step_table["triage"]["handoffs"] = {"record_issue": "resolve", "escalate_case": "escalate"}
    return step_table
