"""runtime written without its ToolRuntime annotation, so the model is asked to fill it in.

expect: runtime_visible
"""
from ._parts import Command, ToolMessage, ToolRuntime, step_table_with, tool


@tool
def escalate_to_manager(reason: str, runtime) -> Command:
    """Escalate to a manager: a legal matter, a formal complaint, or a user who asks for a manager."""
    return Command(update={"messages": [ToolMessage(f"Escalated: {reason}", tool_call_id=runtime.tool_call_id)],
                           "current_step": "escalate"})


my_step_table = step_table_with(escalate_to_manager)  # the notebook's step table cell, done right: the mistake is above
