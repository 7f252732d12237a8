"""The ticket tool is offered in triage too: a ticket could be opened before anyone escalated.

expect: work_tool_in_triage
"""
from handoffs.part1 import seed_step_table

from ._parts import TRIAGE_WITH_ESCALATION, escalate_step, escalate_to_manager, open_manager_ticket

my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_step_table["triage"]["tools"] += [escalate_to_manager, open_manager_ticket]
my_step_table["escalate"] = escalate_step()
