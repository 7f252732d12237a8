"""copy.copy(STEP_TABLE) is still a shallow copy: appending to triage's tools changes the kit's steps.
(Written as a builder function: at the top level of a cell the append itself raises the kit's
ReadOnlyStepTableError, which already says what to do, and the checker is never reached.)

expect: shallow_copy
"""
import copy

from handoffs.part1 import STEP_TABLE

from ._parts import TRIAGE_WITH_ESCALATION, escalate_step, escalate_to_manager


def build_step_table():
    step_table = copy.copy(STEP_TABLE)
    step_table["triage"]["tools"].append(escalate_to_manager)
    step_table["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
    step_table["escalate"] = escalate_step()
    return step_table
