"""Seed 003's ACME support service in both designs as notebook 09 assembles them: a module for Part 3's measurements.

The code is not here: notebook 09's cells tagged ``lesson`` build it (the learner edits and re-runs them) and
:func:`handoffs.lessons.load` makes this module's names from those cells:

* ``desk_step_table(ledger, session, confirm)`` — notebook 06's team table as a step table: each agent's prompt is
  a step, each work tool is Part 2's own, each transfer tool a ``Command`` tool moving ``current_step`` to the step
  the team's tool hands to (read from the tool: the edge is written once); ``step_of`` / ``AGENT_OF_STEP`` name
  the steps; ``command_transfer_tool`` and ``work_tool`` offer Part 2's tools to LangChain;
* ``build_desk_agent(model, steps, operator, ...)`` — the one agent: ``create_agent`` with notebook 02's
  ``configure_request`` over that table, notebook 03's guard, and a person in the ``human`` step;
* ``register_desk_team(runtime, model_client, operator, ...)`` — the team: notebook 06's ``register_team``.

To change a design, change the cell in ``notebooks/09_which_design_when.ipynb``; the Korean twin's cells are the same
code. What this module is not: it runs no conversation (see :mod:`handoffs.part3.runs`).
"""

from __future__ import annotations

from handoffs.lessons import load

_LESSON = load("09_which_design_when")

step_of = _LESSON.step_of
AGENT_OF_STEP = _LESSON.AGENT_OF_STEP
command_transfer_tool = _LESSON.command_transfer_tool
work_tool = _LESSON.work_tool
desk_step_table = _LESSON.desk_step_table
operator_seat = _LESSON.operator_seat
build_desk_agent = _LESSON.build_desk_agent
register_desk_team = _LESSON.register_desk_team

__all__ = ["AGENT_OF_STEP", "build_desk_agent", "command_transfer_tool", "desk_step_table",
           "operator_seat", "register_desk_team", "step_of", "work_tool"]
