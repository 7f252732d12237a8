"""The escalate page exists, but triage never offers the tool that leads there.

expect: not_offered_in_triage
"""
from handoffs.single_agent import seed_configs

from ._parts import TRIAGE_WITH_ESCALATION, escalate_page

my_configs = seed_configs()
my_configs["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_configs["escalate"] = escalate_page()
