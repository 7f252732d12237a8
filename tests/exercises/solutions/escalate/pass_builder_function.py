"""A builder function instead of a dict: re-running it always gives the same step table.

expect: pass
"""
from handoffs.part1 import seed_step_table

from ._parts import TRIAGE_WITH_ESCALATION, escalate_step, escalate_to_manager, record_issue


def build_step_table():
    step_table = seed_step_table()
    step_table["triage"] = {"prompt": TRIAGE_WITH_ESCALATION, "tools": [record_issue, escalate_to_manager],
                         "handoffs": {"record_issue": "resolve", "escalate_to_manager": "escalate"}}
    step_table["escalate"] = escalate_step()
    return step_table
