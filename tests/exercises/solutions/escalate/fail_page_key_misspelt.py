"""The escalate step says "tool" where the kit reads "tools": the step looks as if it had no tools.

expect: misspelt_key
"""
from handoffs.part1 import seed_step_table

from ._parts import ESCALATE_PROMPT, TRIAGE_WITH_ESCALATION, end_conversation, escalate_to_manager, open_manager_ticket

my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_step_table["triage"]["tools"].append(escalate_to_manager)
my_step_table["escalate"] = {"prompt": ESCALATE_PROMPT, "tool": [open_manager_ticket, end_conversation]}
