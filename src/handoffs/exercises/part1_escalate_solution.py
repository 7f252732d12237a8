"""One solution to notebook 04's exercise: an "escalate" step in the step table.

The code is written once, in the solution notebook's cells tagged ``lesson``
(``notebooks/04_exercise_escalate_step_solution.ipynb``); this module hands out what they define
(:func:`handoffs.lessons.load`). Three pieces, as seed 000 says (one entry in its `configs`, "one tool that sets
``current_step = "escalate"``"), plus the escalate step's own work tool:

* :func:`escalate_to_manager` — offered in triage; its description tells the model *when* to escalate
  (issues that fit none of billing, technical or other: a legal matter, a request for a manager). It returns a
  ``Command`` with its ``ToolMessage`` and ``current_step="escalate"``: that line is the handoff.
* :func:`open_manager_ticket` — the escalate step's work, offered only in that step.
* :func:`escalate_step_table` — the seed's step table plus the new step (and triage offering the new tool), as a
  fresh copy of the notebook's ``my_step_table`` on every call.

What this module is not: the checker (see :mod:`handoffs.exercises.part1_escalate`).
"""

from __future__ import annotations

from handoffs.lessons import load
from handoffs.part1.steps import Step

_SOLUTION = load("04_exercise_escalate_step_solution")

escalate_to_manager = _SOLUTION.escalate_to_manager
open_manager_ticket = _SOLUTION.open_manager_ticket
TRIAGE_WITH_ESCALATION = _SOLUTION.TRIAGE_WITH_ESCALATION
ESCALATE_PROMPT = _SOLUTION.ESCALATE_PROMPT


def escalate_step_table() -> dict[str, Step]:
    """The seed's step table with an "escalate" step, and triage offering the tool that leads there (a fresh copy)."""
    return {name: {**step, "tools": list(step["tools"])} for name, step in _SOLUTION.my_step_table.items()}
