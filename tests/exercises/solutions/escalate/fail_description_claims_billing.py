"""The description claims billing: "charged twice" would be escalated instead of refunded.

expect: claims_seed_territory
"""
from handoffs.single_agent import seed_configs

from ._parts import TRIAGE_WITH_ESCALATION, Command, ToolMessage, ToolRuntime, escalate_page, tool


@tool
def escalate_to_manager(reason: str, runtime: ToolRuntime) -> Command:
    """Escalate to a manager: legal matters, manager requests, and anyone charged twice or with a payment problem."""
    return Command(update={"messages": [ToolMessage("Escalated.", tool_call_id=runtime.tool_call_id)],
                           "current_step": "escalate"})


my_configs = seed_configs()
my_configs["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_configs["triage"]["tools"].append(escalate_to_manager)
my_configs["escalate"] = escalate_page()
