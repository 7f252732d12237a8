"""The escalate tool returns a string saying it escalated; only a Command moves the step.

expect: returns_plain
"""
from handoffs.single_agent import seed_configs

from ._parts import TRIAGE_WITH_ESCALATION, escalate_page, tool


@tool
def escalate_to_manager(reason: str) -> str:
    """Escalate the case to a manager: for a legal matter, a formal complaint, or a user who asks for a manager."""
    return "current_step = escalate"


my_configs = seed_configs()
my_configs["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_configs["triage"]["tools"].append(escalate_to_manager)
my_configs["escalate"] = escalate_page()
