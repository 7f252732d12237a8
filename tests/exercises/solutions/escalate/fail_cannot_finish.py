"""The escalate page offers only the ticket tool: nothing ever moves the conversation to 'done'.

expect: cannot_finish
"""
from handoffs.single_agent import seed_configs

from ._parts import TRIAGE_WITH_ESCALATION, escalate_page, escalate_to_manager, open_manager_ticket

my_configs = seed_configs()
my_configs["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_configs["triage"]["tools"].append(escalate_to_manager)
my_configs["escalate"] = escalate_page(open_manager_ticket, prompt="Call open_manager_ticket and say goodbye.")
