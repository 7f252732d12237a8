"""TODO 2 not done: open_manager_ticket is still None when the binder is built.

expect: tool_is_none
"""
from handoffs.single_agent import seed_configs

from ._parts import TRIAGE_WITH_ESCALATION, escalate_page, escalate_to_manager, end_conversation

open_manager_ticket = None
my_configs = seed_configs()
my_configs["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_configs["triage"]["tools"].append(escalate_to_manager)
my_configs["escalate"] = escalate_page(open_manager_ticket, end_conversation)
