"""A docstring so vague that nothing in it matches a legal request.

(Labelled escalate_not_routed before the checker was read. The offline model did route the legal request here,
by the tool's name "escalate_to_manager"; what is wrong is the description, which says nothing about when: the
checker now names exactly that.)

expect: description_vague
"""
from ._parts import Command, ToolMessage, ToolRuntime, step_table_with, tool


@tool
def escalate_to_manager(runtime: ToolRuntime) -> Command:
    """Use this tool when needed."""
    return Command(update={"messages": [ToolMessage("Escalated.", tool_call_id=runtime.tool_call_id)],
                           "current_step": "escalate"})


my_step_table = step_table_with(escalate_to_manager)  # the notebook's step table cell, done right: the mistake is above
