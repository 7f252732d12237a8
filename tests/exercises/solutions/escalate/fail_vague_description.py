"""A description that says nothing about when: the legal request goes to record_issue.

expect: escalate_not_routed
"""
from handoffs.part1 import seed_step_table

from ._parts import Command, ToolMessage, ToolRuntime, escalate_step, tool


@tool
def move_on(runtime: ToolRuntime) -> Command:
    """Use this tool."""
    return Command(update={"messages": [ToolMessage("Moved.", tool_call_id=runtime.tool_call_id)],
                           "current_step": "escalate"})


my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] += "\nCall move_on to escalate."
my_step_table["triage"]["tools"].append(move_on)
my_step_table["escalate"] = escalate_step()
