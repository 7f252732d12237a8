"""The notebook's own shape: a fresh copy from seed_step_table(), one append, one new step.

expect: pass
"""
from handoffs.part1 import seed_step_table

from ._parts import ESCALATE_PROMPT, TRIAGE_WITH_ESCALATION, end_conversation, escalate_to_manager, open_manager_ticket

my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_step_table["triage"]["tools"].append(escalate_to_manager)
my_step_table["escalate"] = {"prompt": ESCALATE_PROMPT, "tools": [open_manager_ticket, end_conversation]}
