"""Everything works, but the escalate prompt still carries the notebook's TODO.

expect: prompt_todo
"""
from handoffs.single_agent import seed_configs

from ._parts import TRIAGE_WITH_ESCALATION, escalate_page, escalate_to_manager

my_configs = seed_configs()
my_configs["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_configs["triage"]["tools"].append(escalate_to_manager)
my_configs["escalate"] = escalate_page(
    prompt="Call open_manager_ticket, then end_conversation. TODO: say what to tell the user")
