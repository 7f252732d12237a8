"""Triage's tool list is replaced by the escalate tool alone: record_issue is gone.

expect: seed_tool_removed
"""
from handoffs.part1 import seed_step_table

from ._parts import TRIAGE_WITH_ESCALATION, escalate_step, escalate_to_manager

my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_step_table["triage"]["tools"] = [escalate_to_manager]
my_step_table["escalate"] = escalate_step()
