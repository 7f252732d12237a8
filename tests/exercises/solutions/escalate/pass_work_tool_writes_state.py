"""The ticket tool returns a Command that records the case type without moving the step (still a work tool).

expect: pass
"""
from handoffs.part1 import seed_step_table

from ._parts import TRIAGE_WITH_ESCALATION, Command, ToolMessage, ToolRuntime, end_conversation, escalate_to_manager, tool


@tool
def open_manager_ticket(runtime: ToolRuntime) -> Command:
    """Open a ticket so that a manager calls the user back."""
    return Command(update={"messages": [ToolMessage("Ticket opened.", tool_call_id=runtime.tool_call_id)],
                           "issue_type": "escalated"})


my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_step_table["triage"]["tools"].append(escalate_to_manager)
my_step_table["escalate"] = {"prompt": "Open a ticket with open_manager_ticket, then call end_conversation.",
                          "tools": [open_manager_ticket, end_conversation]}
