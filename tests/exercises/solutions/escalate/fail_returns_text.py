"""The escalate tool returns a string saying it escalated; only a Command moves the step.

expect: returns_plain
"""
from ._parts import step_table_with, tool


@tool
def escalate_to_manager(reason: str) -> str:
    """Escalate the case to a manager: for a legal matter, a formal complaint, or a user who asks for a manager."""
    return "current_step = escalate"


my_step_table = step_table_with(escalate_to_manager)
