"""Triage's tool list is replaced by the escalate tool alone: record_issue is gone.

expect: seed_tool_removed
"""
from handoffs.single_agent import seed_configs

from ._parts import TRIAGE_WITH_ESCALATION, escalate_page, escalate_to_manager

my_configs = seed_configs()
my_configs["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_configs["triage"]["tools"] = [escalate_to_manager]
my_configs["escalate"] = escalate_page()
