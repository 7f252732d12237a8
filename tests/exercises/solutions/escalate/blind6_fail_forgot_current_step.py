"""The escalate tool records the issue type but forgets the step itself in its Command.

expect: command_without_step
"""
from ._parts import Command, ToolMessage, ToolRuntime, step_table_with, tool


@tool
def escalate_to_manager(reason: str, runtime: ToolRuntime) -> Command:
    """Escalate to a manager: a legal matter, a formal complaint, or a user who asks for a manager."""
    return Command(update={"messages": [ToolMessage(f"Escalated: {reason}", tool_call_id=runtime.tool_call_id)],
                           "issue_type": "escalated"})


my_step_table = step_table_with(escalate_to_manager)  # the notebook's step table cell, done right: the mistake is above
