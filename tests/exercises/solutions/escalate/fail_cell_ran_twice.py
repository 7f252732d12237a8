"""The appending cell was run twice on the same copy: triage offers the escalate tool twice.

expect: duplicate_tool
"""
from handoffs.single_agent import seed_configs

from ._parts import TRIAGE_WITH_ESCALATION, escalate_page, escalate_to_manager

my_configs = seed_configs()
my_configs["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
for _run in range(2):  # the learner pressed Shift+Enter twice on the cell below
    my_configs["triage"]["tools"].append(escalate_to_manager)
my_configs["escalate"] = escalate_page()
