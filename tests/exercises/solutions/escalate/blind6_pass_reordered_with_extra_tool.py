"""Lists in another order (escalate tool first in triage, end_conversation first on its step) and an extra,
harmless look-up tool on the escalate step.

expect: pass
"""
from langchain.messages import ToolMessage
from langchain.tools import ToolRuntime, tool
from langgraph.types import Command

from handoffs.part1 import seed_step_table
from handoffs.part1.steps import TRIAGE_PROMPT
from handoffs.part1.tools import end_conversation, record_issue


@tool
def escalate_to_manager(reason: str, runtime: ToolRuntime) -> Command:
    """Escalate to a manager for a legal matter, a formal complaint, or when the user asks for a manager."""
    msg = ToolMessage(content=f"Escalated: {reason}", tool_call_id=runtime.tool_call_id)
    return Command(update={"current_step": "escalate", "messages": [msg]})


@tool
def look_up_case_history() -> str:
    """Look up earlier cases of this user, for the manager's notes."""
    return "No earlier cases."


@tool
def open_manager_ticket() -> str:
    """Open a ticket so a manager calls the user back."""
    return "Ticket opened: a manager will call you back."


my_step_table = seed_step_table()
my_step_table["triage"] = {
    "prompt": TRIAGE_PROMPT + "\nCall escalate_to_manager for legal matters or if the user demands a manager.",
    "tools": [escalate_to_manager, record_issue],
}
my_step_table["escalate"] = {
    "prompt": "ESCALATE step. Optionally call look_up_case_history; call open_manager_ticket; then end_conversation.",
    "tools": [end_conversation, look_up_case_history, open_manager_ticket],
}
