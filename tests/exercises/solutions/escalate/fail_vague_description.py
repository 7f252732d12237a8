"""A description that says nothing about when: the legal request goes to record_issue.

expect: escalate_not_routed
"""
from handoffs.single_agent import seed_configs

from ._parts import Command, ToolMessage, ToolRuntime, escalate_page, tool


@tool
def move_on(runtime: ToolRuntime) -> Command:
    """Use this tool."""
    return Command(update={"messages": [ToolMessage("Moved.", tool_call_id=runtime.tool_call_id)],
                           "current_step": "escalate"})


my_configs = seed_configs()
my_configs["triage"]["prompt"] += "\nCall move_on to escalate."
my_configs["triage"]["tools"].append(move_on)
my_configs["escalate"] = escalate_page()
