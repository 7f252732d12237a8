"""The escalate tool's Command has no ToolMessage answering the call.

expect: missing_tool_message
"""
from ._parts import Command, ToolRuntime, step_table_with, tool


@tool
def escalate_to_manager(reason: str, runtime: ToolRuntime) -> Command:
    """Escalate the case to a manager: for a legal matter, a formal complaint, or a user who asks for a manager."""
    return Command(update={"current_step": "escalate"})


my_step_table = step_table_with(escalate_to_manager)
