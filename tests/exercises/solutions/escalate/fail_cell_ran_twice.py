"""The appending cell was run twice on the same copy: triage offers the escalate tool twice.

expect: duplicate_tool
"""
from handoffs.part1 import seed_step_table

from ._parts import TRIAGE_WITH_ESCALATION, escalate_step, escalate_to_manager

my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
for _run in range(2):  # the learner pressed Shift+Enter twice on the cell below
    my_step_table["triage"]["tools"].append(escalate_to_manager)
my_step_table["escalate"] = escalate_step()
