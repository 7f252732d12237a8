"""TODO 2 skipped differently: the escalate step only offers end_conversation.

expect: no_work_tool
"""
from handoffs.part1 import seed_step_table

from ._parts import TRIAGE_WITH_ESCALATION, end_conversation, escalate_step, escalate_to_manager

my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_step_table["triage"]["tools"].append(escalate_to_manager)
my_step_table["escalate"] = escalate_step(end_conversation, prompt="Tell the user a manager will call, then end_conversation.")
