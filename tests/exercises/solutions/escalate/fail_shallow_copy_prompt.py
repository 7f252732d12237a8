"""A {**STEP_CONFIGS} copy, then the triage prompt changed in place: the kit's page again.

expect: shallow_copy
"""
from handoffs.single_agent import STEP_CONFIGS

from ._parts import TRIAGE_WITH_ESCALATION, escalate_page


def build_configs():
    configs = {**STEP_CONFIGS, "escalate": escalate_page()}
    configs["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
    return configs
