"""The support bot's state: one conversation, plus the two fields that make handoffs work.

Seed 000 writes the state as a class with defaults::

    class SupportState(AgentState):
        current_step: str = "triage"
        issue_type: str = ""

In LangChain v1 ``AgentState`` is a ``TypedDict``, and a TypedDict cannot hold default values: the
fields are declared ``NotRequired`` and every reader supplies the default itself. That is why this
module also offers :func:`current_step_of` and :func:`issue_type_of` — the *one* place that says
"no step yet means triage".

What this module is not: it does not decide anything. Tools move ``current_step`` on; the middleware
in :mod:`handoffs.single_agent.middleware` reads it before every model call.
"""

from __future__ import annotations

from typing import Any, Mapping

from langchain.agents import AgentState
from typing_extensions import NotRequired

#: The step every conversation starts in (the seed's class default).
FIRST_STEP = "triage"

#: The issue categories triage can record.
ISSUE_TYPES = ("billing", "technical", "other")


class SupportState(AgentState):
    """The agent's memory: the message history (from ``AgentState``) plus the current step.

    * ``current_step`` — which page of the binder of scripts is open: ``"triage"``, ``"resolve"``,
      ``"done"`` (or any step you add, like ``"escalate"``). Missing means :data:`FIRST_STEP`.
    * ``issue_type`` — what triage found out (``"billing"``, ``"technical"`` or ``"other"``), so later
      steps can refer back to it. Missing means "not known yet".
    """

    current_step: NotRequired[str]
    issue_type: NotRequired[str]


def current_step_of(state: Mapping[str, Any]) -> str:
    """The step a state is in; ``"triage"`` when no tool has moved it yet."""
    return state.get("current_step") or FIRST_STEP


def issue_type_of(state: Mapping[str, Any]) -> str:
    """The recorded issue type, or ``""`` before triage recorded one."""
    return state.get("issue_type") or ""
