"""The escalate step reachable from two steps: triage and resolve both offer the escalate tool.

expect: pass
"""
from handoffs.part1 import seed_step_table

from ._parts import TRIAGE_WITH_ESCALATION, escalate_step, escalate_to_manager

my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_step_table["triage"]["tools"].append(escalate_to_manager)
my_step_table["resolve"]["tools"].append(escalate_to_manager)
my_step_table["resolve"]["prompt"] += "\nIf the user now asks for a manager, call escalate_to_manager."
my_step_table["escalate"] = escalate_step()
