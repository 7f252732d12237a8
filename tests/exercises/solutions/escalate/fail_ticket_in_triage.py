"""The ticket tool is offered in triage too: a ticket could be opened before anyone escalated.

expect: work_tool_in_triage
"""
from handoffs.single_agent import seed_configs

from ._parts import TRIAGE_WITH_ESCALATION, escalate_page, escalate_to_manager, open_manager_ticket

my_configs = seed_configs()
my_configs["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_configs["triage"]["tools"] += [escalate_to_manager, open_manager_ticket]
my_configs["escalate"] = escalate_page()
