"""The escalate step offers only the ticket tool: nothing ever moves the conversation to 'done'.

expect: cannot_finish
"""
from handoffs.part1 import seed_step_table

from ._parts import TRIAGE_WITH_ESCALATION, escalate_step, escalate_to_manager, open_manager_ticket

my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_step_table["triage"]["tools"].append(escalate_to_manager)
my_step_table["escalate"] = escalate_step(open_manager_ticket, prompt="Call open_manager_ticket and say goodbye.")
