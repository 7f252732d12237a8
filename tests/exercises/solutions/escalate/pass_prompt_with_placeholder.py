"""The escalate step's prompt uses {issue_type}, filled from the state like the seed's resolve prompt.

expect: pass
"""
from handoffs.part1 import seed_step_table

from ._parts import TRIAGE_WITH_ESCALATION, escalate_step, escalate_to_manager

my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_step_table["triage"]["tools"].append(escalate_to_manager)
my_step_table["escalate"] = escalate_step(
    prompt="ESCALATE step (case: {issue_type}). Call open_manager_ticket, then end_conversation.")
