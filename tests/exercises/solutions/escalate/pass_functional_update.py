"""No mutation at all: the step table is built with dict unions from the read-only STEP_TABLE.

expect: pass
"""
from handoffs.part1 import STEP_TABLE

from ._parts import TRIAGE_WITH_ESCALATION, escalate_step, escalate_to_manager

my_step_table = STEP_TABLE | {
    "triage": STEP_TABLE["triage"] | {"prompt": TRIAGE_WITH_ESCALATION,
                                        "tools": [*STEP_TABLE["triage"]["tools"], escalate_to_manager]},
    "escalate": escalate_step(),
}
