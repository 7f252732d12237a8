"""The tool cell was re-run after the triage step was built: two different tools share one name.

expect: stale_tool
"""
from handoffs.part1 import seed_step_table

from ._parts import TRIAGE_WITH_ESCALATION, Command, ToolMessage, ToolRuntime, end_conversation, tool


def ticket_tool():
    @tool
    def open_manager_ticket(runtime: ToolRuntime) -> str:
        """Open a ticket so that a manager calls the user back."""
        return "Ticket opened."
    return open_manager_ticket


@tool
def escalate_to_manager(runtime: ToolRuntime) -> Command:
    """Escalate the case to a manager: for a legal matter, a formal complaint, or a user who asks for a manager."""
    return Command(update={"messages": [ToolMessage("Escalated.", tool_call_id=runtime.tool_call_id)],
                           "current_step": "escalate"})


old_ticket = ticket_tool()
my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_step_table["triage"]["tools"].append(escalate_to_manager)
my_step_table["escalate"] = {"prompt": "Call open_manager_ticket, then end_conversation.",
                          "tools": [old_ticket, end_conversation]}
my_step_table["resolve"]["tools"].append(ticket_tool())  # the re-run cell's new tool, same name
