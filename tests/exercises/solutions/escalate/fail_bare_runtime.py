"""runtime without its ToolRuntime annotation: the model is asked to fill it in.

expect: runtime_visible
"""
from ._parts import Command, ToolMessage, step_table_with, tool


@tool
def escalate_to_manager(reason: str, runtime) -> Command:
    """Escalate the case to a manager: for a legal matter, a formal complaint, or a user who asks for a manager."""
    return Command(update={"messages": [ToolMessage("Escalated.", tool_call_id=runtime.tool_call_id)],
                           "current_step": "escalate"})


my_step_table = step_table_with(escalate_to_manager)
