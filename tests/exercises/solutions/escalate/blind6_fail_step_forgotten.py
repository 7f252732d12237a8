"""The escalate tool is offered in triage, but the learner forgot to add the escalate step itself.

expect: no_new_step
"""
from handoffs.part1 import seed_step_table

from ._parts import TRIAGE_WITH_ESCALATION, escalate_to_manager

my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_step_table["triage"]["tools"].append(escalate_to_manager)
