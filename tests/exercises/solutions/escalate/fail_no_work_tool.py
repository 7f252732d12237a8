"""TODO 2 skipped differently: the escalate page only offers end_conversation.

expect: no_work_tool
"""
from handoffs.single_agent import seed_configs

from ._parts import TRIAGE_WITH_ESCALATION, end_conversation, escalate_page, escalate_to_manager

my_configs = seed_configs()
my_configs["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_configs["triage"]["tools"].append(escalate_to_manager)
my_configs["escalate"] = escalate_page(end_conversation, prompt="Tell the user a manager will call, then end_conversation.")
