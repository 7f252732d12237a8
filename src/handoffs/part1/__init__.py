"""Part 1: seed 000's single-agent support bot — one agent, a step table, and a guard.

The pattern's own code — ``SupportState``, the transfer tool ``record_issue``, the step table ``STEP_TABLE`` and the
middleware ``apply_step_config`` — is lesson code: notebook 02 writes it in cells, and these modules hand out what
those cells define (:func:`handoffs.lessons.load`). Read the modules in this order: ``state`` (what the agent
remembers), ``tools`` (the other tools; ``transfers`` reads where a transfer tool goes), ``steps`` (what a step is,
the seed's prompts), ``middleware`` (``apply_step_config`` and the ``step_guard``), ``agent``
(``build_support_agent``). ``by_hand`` is the same idea in plain Python with no framework (notebook 01).
``STEP_TABLE`` is read-only; ``seed_step_table()`` gives a fresh copy of it to change (notebook 04).
"""

from handoffs.part1.agent import ask, build_support_agent, last_reply, new_thread
from handoffs.part1.middleware import apply_step_config, step_guard
from handoffs.part1.state import SupportState
from handoffs.part1.steps import STEP_TABLE, seed_step_table

__all__ = [
    "STEP_TABLE",
    "SupportState",
    "apply_step_config",
    "ask",
    "build_support_agent",
    "last_reply",
    "new_thread",
    "seed_step_table",
    "step_guard",
]
