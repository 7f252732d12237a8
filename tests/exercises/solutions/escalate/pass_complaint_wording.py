"""Another wording of when to escalate (lawyers, complaints, a supervisor), still the legal request's words.

expect: pass
"""
from handoffs.part1 import seed_step_table

from ._parts import Command, ToolMessage, ToolRuntime, end_conversation, tool


@tool
def escalate(runtime: ToolRuntime) -> Command:
    """Use when the customer mentions a lawyer or a legal matter, files a complaint, or wants a manager."""
    return Command(update={"messages": [ToolMessage("Escalating.", tool_call_id=runtime.tool_call_id)],
                           "current_step": "escalated"})


@tool
def notify_manager() -> str:
    """Notify the manager on duty about this case."""
    return "The manager on duty was notified."


my_step_table = seed_step_table()
my_step_table["triage"]["tools"].append(escalate)
my_step_table["triage"]["prompt"] += "\nCall escalate for anything legal or when a manager is wanted."
my_step_table["escalated"] = {"prompt": "Call notify_manager, then end_conversation.",
                           "tools": [notify_manager, end_conversation]}
