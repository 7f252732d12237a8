"""Part 1: seed 000's single-agent support bot — one agent, a step table, and a guard.

The pattern's own code — ``SupportState``, the transfer tool ``record_issue``, the step table ``STEP_TABLE`` and the
middleware ``apply_step_config`` — is lesson code: notebook 02 writes it in cells, and these modules hand out what
those cells define (:func:`handoffs.lessons.load`). Read the modules in this order: ``state`` (what the agent
remembers), ``tools`` (the other tools; ``transfers`` reads where a transfer tool goes), ``steps`` (what a step is,
the seed's prompts), ``middleware`` (``apply_step_config`` and the ``step_guard``), ``agent``
(``build_support_agent``). ``by_hand`` is the same idea in plain Python with no framework (notebook 01).
``STEP_TABLE`` is read-only; ``seed_step_table()`` gives a fresh copy of it to change (notebook 04).

The names below are imported when first used, so ``by_hand`` and ``transfers`` (no framework) do not bring LangChain
with them (notebook 01 never needs it: ~1.4 s of CPU in its kernel).
"""

from __future__ import annotations

from handoffs import lazy

#: public name -> the module defining it
_HOME = {"ask": "agent", "build_support_agent": "agent", "last_reply": "agent", "new_thread": "agent",
         "apply_step_config": "middleware", "step_guard": "middleware", "SupportState": "state",
         "STEP_TABLE": "steps", "seed_step_table": "steps"}



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

__getattr__, __dir__ = lazy.exports(__name__, _HOME, __all__)
