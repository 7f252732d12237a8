"""The escalate tool returns a sentence saying it escalated, but never changes the step.

expect: returns_plain
"""
from ._parts import Command, ToolMessage, ToolRuntime, step_table_with, tool


@tool
def escalate_to_manager(reason: str) -> str:
    """Escalate to a manager: a legal matter, a formal complaint, or a user who asks for a manager."""
    return f"The case was escalated to a manager ({reason})."


my_step_table = step_table_with(escalate_to_manager)  # the notebook's step table cell, done right: the mistake is above
