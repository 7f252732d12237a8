"""The escalate step exists, but triage never offers the tool that leads there.

expect: not_offered_in_triage
"""
from handoffs.part1 import seed_step_table

from ._parts import TRIAGE_WITH_ESCALATION, escalate_step

my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_step_table["escalate"] = escalate_step()
