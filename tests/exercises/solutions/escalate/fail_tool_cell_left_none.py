"""TODO 2 not done: open_manager_ticket is still None when the step table is built.

expect: tool_is_none
"""
from handoffs.part1 import seed_step_table

from ._parts import TRIAGE_WITH_ESCALATION, escalate_step, escalate_to_manager, end_conversation

open_manager_ticket = None
my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_step_table["triage"]["tools"].append(escalate_to_manager)
my_step_table["escalate"] = escalate_step(open_manager_ticket, end_conversation)
