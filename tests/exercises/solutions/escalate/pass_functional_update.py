"""No mutation at all: the binder is built with dict unions from the read-only STEP_CONFIGS.

expect: pass
"""
from handoffs.single_agent import STEP_CONFIGS

from ._parts import TRIAGE_WITH_ESCALATION, escalate_page, escalate_to_manager

my_configs = STEP_CONFIGS | {
    "triage": STEP_CONFIGS["triage"] | {"prompt": TRIAGE_WITH_ESCALATION,
                                        "tools": [*STEP_CONFIGS["triage"]["tools"], escalate_to_manager]},
    "escalate": escalate_page(),
}
