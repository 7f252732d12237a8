"""One solution to notebook 03b's exercise: the step guard, a ``@wrap_tool_call`` middleware.

The seed's bot registers every tool with the agent and only *shows* each step its own; a registered tool runs
whenever the model names it (notebook 03 measured that with the rogue model). The guard closes the gap: before a
tool runs it reads ``current_step`` from the state (``"triage"`` when unset), looks up that step, and —
if the step does not offer the tool — answers the call itself with an error ``ToolMessage`` the model can read,
instead of calling ``handler`` (which would run the tool).

The code is written once, in the solution notebook's cells tagged ``lesson``
(``notebooks/03b_exercise_step_guard_solution.ipynb``); this module hands out what those cells define
(:func:`handoffs.lessons.load`). The kit's own guard (:func:`handoffs.part1.middleware.step_guard_middleware`)
does the same for any step table.
"""

from __future__ import annotations

from handoffs.lessons import load

my_step_guard = load("03b_exercise_step_guard_solution").my_step_guard

__all__ = ["my_step_guard"]
