"""The description claims every problem a customer has, so the seed's own requests would escalate too.

expect: claims_seed_territory
"""
from ._parts import Command, ToolMessage, ToolRuntime, step_table_with, tool


@tool
def escalate_to_manager(runtime: ToolRuntime) -> Command:
    """Escalate to a manager: any problem, complaint, charge, crash or request the user has, or a legal matter."""
    return Command(update={"messages": [ToolMessage("Escalated.", tool_call_id=runtime.tool_call_id)],
                           "current_step": "escalate"})


my_step_table = step_table_with(escalate_to_manager)  # the notebook's step table cell, done right: the mistake is above
