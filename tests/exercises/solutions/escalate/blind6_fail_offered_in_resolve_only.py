"""The escalate tool is offered in the resolve step (where the learner thought escalations happen), not in triage.

expect: not_offered_in_triage
"""
from handoffs.part1 import seed_step_table
from handoffs.part1.steps import RESOLVE_PROMPT

from ._parts import escalate_step, escalate_to_manager

my_step_table = seed_step_table()
my_step_table["resolve"]["prompt"] = RESOLVE_PROMPT + "\nFor a legal matter or a manager request, call escalate_to_manager."
my_step_table["resolve"]["tools"].append(escalate_to_manager)
my_step_table["escalate"] = escalate_step()
