"""The triage prompt names the step ("escalate") rather than the tool; the tool takes no arguments.

expect: pass
"""
from handoffs.part1 import seed_step_table

from ._parts import Command, ToolMessage, ToolRuntime, escalate_step, tool


@tool
def go_to_legal_desk(runtime: ToolRuntime) -> Command:
    """For a legal matter, a formal complaint, or a user who wants a manager."""
    return Command(update={"messages": [ToolMessage("Moved on.", tool_call_id=runtime.tool_call_id)],
                           "current_step": "escalate"})


my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] += "\nLegal matters and manager requests go to the escalate step."
my_step_table["triage"]["tools"].append(go_to_legal_desk)
my_step_table["escalate"] = escalate_step()
