"""One tool of its own on the escalate step opens the ticket and ends the conversation (moves to 'done').

expect: pass
"""
from handoffs.part1 import seed_step_table

from ._parts import TRIAGE_WITH_ESCALATION, Command, ToolMessage, ToolRuntime, escalate_to_manager, tool


@tool
def open_ticket_and_close(runtime: ToolRuntime) -> Command:
    """Open a manager ticket for this case and close the conversation."""
    note = ToolMessage("Ticket opened; a manager will call back. Case closed.", tool_call_id=runtime.tool_call_id)
    return Command(update={"messages": [note], "current_step": "done"})


my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_step_table["triage"]["tools"].append(escalate_to_manager)
my_step_table["escalate"] = {"prompt": "Call open_ticket_and_close, then say goodbye.", "tools": [open_ticket_and_close]}
