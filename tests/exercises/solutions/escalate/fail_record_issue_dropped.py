"""Triage offers only the escalate tool: record_issue was replaced instead of kept.

expect: seed_tool_removed
"""
from handoffs.single_agent import seed_configs

from ._parts import TRIAGE_WITH_ESCALATION, escalate_page, escalate_to_manager

my_configs = seed_configs()
my_configs["triage"] = {"prompt": TRIAGE_WITH_ESCALATION, "tools": [escalate_to_manager]}
my_configs["escalate"] = escalate_page()
