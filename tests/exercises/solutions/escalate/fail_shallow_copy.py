"""dict(STEP_TABLE) is a shallow copy: the append reaches into the kit's own (read-only) triage step.

expect: shallow_copy
"""
from handoffs.part1 import STEP_TABLE

from ._parts import escalate_step, escalate_to_manager


def build_step_table():
    step_table = dict(STEP_TABLE)
    step_table["triage"]["tools"].append(escalate_to_manager)
    step_table["escalate"] = escalate_step()
    return step_table
