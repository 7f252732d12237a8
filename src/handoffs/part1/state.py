"""The support bot's state: one conversation, plus the two fields that make handoffs work.

The state class itself, ``SupportState``, is lesson code: notebook 02 defines it in a cell and this module hands that
class out (``from handoffs.part1.state import SupportState`` loads the notebook's lesson cells). Seed 000
writes it as a class with defaults::

    class SupportState(AgentState):
        current_step: str = "triage"
        issue_type: str = ""

In LangChain v1 ``AgentState`` is a ``TypedDict``, and a TypedDict cannot hold default values: the
fields are declared ``NotRequired`` and every reader supplies the default itself. That is why this
module offers :func:`current_step_of` and :func:`issue_type_of` — the *one* place that says
"no step yet means triage".

What this module is not: it does not decide anything. Tools move ``current_step`` on; the middleware
in :mod:`handoffs.part1.middleware` reads it before every model call.
"""

from __future__ import annotations

from typing import Any, Mapping

#: The step every conversation starts in (the seed's class default).
FIRST_STEP = "triage"

#: The issue categories triage can record.
ISSUE_TYPES = ("billing", "technical", "other")


LESSON = "02_langchain_support_bot"  # the notebook whose lesson cells hold Part 1's pattern code


def __getattr__(name: str) -> Any:
    """``SupportState`` is lesson code: notebook 02's cell defines it (:func:`handoffs.lessons.load`)."""
    if name == "SupportState":
        from handoffs.lessons import load

        return load(LESSON).SupportState
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def current_step_of(state: Mapping[str, Any]) -> str:
    """The step a state is in; ``"triage"`` when no tool has moved it yet."""
    return state.get("current_step") or FIRST_STEP


def issue_type_of(state: Mapping[str, Any]) -> str:
    """The recorded issue type, or ``""`` before triage recorded one."""
    return state.get("issue_type") or ""
