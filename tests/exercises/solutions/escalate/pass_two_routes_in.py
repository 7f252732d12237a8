"""The escalate step reachable from two steps: triage and resolve both offer the escalate tool.

expect: pass
"""
from handoffs.single_agent import seed_configs

from ._parts import TRIAGE_WITH_ESCALATION, escalate_page, escalate_to_manager

my_configs = seed_configs()
my_configs["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_configs["triage"]["tools"].append(escalate_to_manager)
my_configs["resolve"]["tools"].append(escalate_to_manager)
my_configs["resolve"]["prompt"] += "\nIf the user now asks for a manager, call escalate_to_manager."
my_configs["escalate"] = escalate_page()
