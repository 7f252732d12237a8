"""Tools as plain functions (no @tool): create_agent accepts them, so the checker must too.

expect: pass
"""
from langchain.messages import ToolMessage
from langchain.tools import ToolRuntime
from langgraph.types import Command

from handoffs.part1 import seed_step_table
from handoffs.part1.tools import end_conversation


def escalate_case(reason: str, runtime: ToolRuntime) -> Command:
    """Escalate to a manager: a legal matter, a formal complaint, or the user asks to speak to a manager."""
    return Command(update={"messages": [ToolMessage("Escalated.", tool_call_id=runtime.tool_call_id)],
                           "current_step": "escalate"})


def open_ticket() -> str:
    """Open a ticket for the manager's call back."""
    return "Ticket 4711 is open."


my_step_table = seed_step_table()
my_step_table["triage"]["tools"] = [*my_step_table["triage"]["tools"], escalate_case]
my_step_table["triage"]["prompt"] += " For a legal matter or a manager request, call escalate_case."
my_step_table["escalate"] = {"prompt": "Call open_ticket, then end_conversation.", "tools": [open_ticket, end_conversation]}
