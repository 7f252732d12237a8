"""A {**STEP_TABLE} copy, then the triage prompt changed in place: the kit's step again.

expect: shallow_copy
"""
from handoffs.part1 import STEP_TABLE

from ._parts import TRIAGE_WITH_ESCALATION, escalate_step


def build_step_table():
    step_table = {**STEP_TABLE, "escalate": escalate_step()}
    step_table["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
    return step_table
