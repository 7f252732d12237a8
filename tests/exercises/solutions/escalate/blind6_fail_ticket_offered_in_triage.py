"""Both new tools are appended to triage (extend instead of append), and the ticket tool is on the escalate page too.

expect: work_tool_in_triage
"""
from handoffs.single_agent import seed_configs

from ._parts import TRIAGE_WITH_ESCALATION, escalate_page, escalate_to_manager, open_manager_ticket

my_configs = seed_configs()
my_configs["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_configs["triage"]["tools"].extend([escalate_to_manager, open_manager_ticket])
my_configs["escalate"] = escalate_page()
