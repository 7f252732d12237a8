"""dict(STEP_CONFIGS) is a shallow copy: the append reaches into the kit's own (read-only) triage page.

expect: shallow_copy
"""
from handoffs.single_agent import STEP_CONFIGS

from ._parts import escalate_page, escalate_to_manager


def build_configs():
    configs = dict(STEP_CONFIGS)
    configs["triage"]["tools"].append(escalate_to_manager)
    configs["escalate"] = escalate_page()
    return configs
