"""The escalate tool reads runtime.state["issue_type"], which triage has not set yet: KeyError.

expect: tool_crashed
"""
from ._parts import Command, ToolMessage, ToolRuntime, step_table_with, tool


@tool
def escalate_to_manager(runtime: ToolRuntime) -> Command:
    """Escalate to a manager: a legal matter, a formal complaint, or a user who asks for a manager."""
    previous = runtime.state["issue_type"]
    return Command(update={"messages": [ToolMessage(f"Escalated ({previous}).", tool_call_id=runtime.tool_call_id)],
                           "current_step": "escalate"})


my_step_table = step_table_with(escalate_to_manager)  # the notebook's step table cell, done right: the mistake is above
