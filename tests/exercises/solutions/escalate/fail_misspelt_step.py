"""The tool moves to 'escalation' but the page is called 'escalate'.

expect: misspelt_step
"""
from handoffs.single_agent import seed_configs

from ._parts import TRIAGE_WITH_ESCALATION, Command, ToolMessage, ToolRuntime, escalate_page, tool


@tool
def escalate_to_manager(reason: str, runtime: ToolRuntime) -> Command:
    """Escalate the case to a manager: for a legal matter, a formal complaint, or a user who asks for a manager."""
    return Command(update={"messages": [ToolMessage("Escalated.", tool_call_id=runtime.tool_call_id)],
                           "current_step": "escalation"})


my_configs = seed_configs()
my_configs["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_configs["triage"]["tools"].append(escalate_to_manager)
my_configs["escalate"] = escalate_page()
