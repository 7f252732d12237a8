"""copy.copy(STEP_CONFIGS) is still a shallow copy: appending to triage's tools changes the kit's pages.
(Written as a builder function: at the top level of a cell the append itself raises the kit's
ReadOnlyBinderError, which already says what to do, and the checker is never reached.)

expect: shallow_copy
"""
import copy

from handoffs.single_agent import STEP_CONFIGS

from ._parts import TRIAGE_WITH_ESCALATION, escalate_page, escalate_to_manager


def build_configs():
    configs = copy.copy(STEP_CONFIGS)
    configs["triage"]["tools"].append(escalate_to_manager)
    configs["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
    configs["escalate"] = escalate_page()
    return configs
