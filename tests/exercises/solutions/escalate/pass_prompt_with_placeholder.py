"""The escalate page's prompt uses {issue_type}, filled from the state like the seed's resolve prompt.

expect: pass
"""
from handoffs.single_agent import seed_configs

from ._parts import TRIAGE_WITH_ESCALATION, escalate_page, escalate_to_manager

my_configs = seed_configs()
my_configs["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_configs["triage"]["tools"].append(escalate_to_manager)
my_configs["escalate"] = escalate_page(
    prompt="ESCALATE step (case: {issue_type}). Call open_manager_ticket, then end_conversation.")
