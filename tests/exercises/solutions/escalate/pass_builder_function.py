"""A builder function instead of a dict: re-running it always gives the same binder.

expect: pass
"""
from handoffs.single_agent import seed_configs

from ._parts import TRIAGE_WITH_ESCALATION, escalate_page, escalate_to_manager, record_issue


def build_configs():
    configs = seed_configs()
    configs["triage"] = {"prompt": TRIAGE_WITH_ESCALATION, "tools": [record_issue, escalate_to_manager],
                         "handoffs": {"record_issue": "resolve", "escalate_to_manager": "escalate"}}
    configs["escalate"] = escalate_page()
    return configs
