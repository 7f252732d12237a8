"""The escalate step ends with its own finishing tool instead of the seed's end_conversation.

expect: pass
"""
from handoffs.part1 import seed_step_table

from ._parts import (TRIAGE_WITH_ESCALATION, Command, ToolMessage, ToolRuntime, escalate_to_manager,
                     open_manager_ticket, tool)


@tool
def close_escalated_case(runtime: ToolRuntime) -> Command:
    """Close the escalated case once the manager's ticket is open."""
    return Command(update={"messages": [ToolMessage("Case closed.", tool_call_id=runtime.tool_call_id)],
                           "current_step": "done"})


my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_step_table["triage"]["tools"].append(escalate_to_manager)
my_step_table["escalate"] = {"prompt": "Open a ticket with open_manager_ticket, then call close_escalated_case.",
                          "tools": [open_manager_ticket, close_escalated_case]}
