"""The Command answers the call but never sets current_step: the handoff line is missing.

expect: command_without_step
"""
from ._parts import Command, ToolMessage, ToolRuntime, step_table_with, tool


@tool
def escalate_to_manager(reason: str, runtime: ToolRuntime) -> Command:
    """Escalate the case to a manager: for a legal matter, a formal complaint, or a user who asks for a manager."""
    return Command(update={"messages": [ToolMessage("Escalated.", tool_call_id=runtime.tool_call_id)],
                           "issue_type": "legal"})


my_step_table = step_table_with(escalate_to_manager)
