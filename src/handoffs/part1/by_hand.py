"""The handoff idea with no framework: a step table (a dict) and a loop, in plain Python — notebook 01's lesson.

One support agent keeps one step table with an entry per step. Before every model call the loop looks up the
current step and shows the model only that step's prompt and tools; a transfer tool moves the conversation on by
changing ``state["step"]``. That is the whole pattern — LangChain's middleware and ``Command`` (notebook 02) do the
same thing with more safety rails.

The lesson code — the plain tools, ``Step``, ``STEP_TABLE``, ``new_state`` and the loop ``run_turn`` — is written in
notebook 01's cells tagged ``lesson``; this module hands it out (``from handoffs.part1.by_hand import
run_turn`` loads those cells, :func:`handoffs.lessons.load`). What is here is the ground: :func:`tool_spec`, what
the model sees of a plain function. The model is the kit's offline decision core, :func:`handoffs.models.decide`,
which takes and returns the plain records of :mod:`handoffs.models.types`. No LangChain here.

What this module is not: it has no memory between program runs, no guard (a tool the step does not offer is refused
by the loop only because the loop looks it up in the step), and no streaming.
"""

from __future__ import annotations

import inspect
from typing import Any, Callable

from handoffs.models.types import ToolSpec

LESSON = "01_the_idea_without_a_framework"
LESSON_NAMES = ("record_issue", "resolve_billing", "resolve_technical", "resolve_other", "end_conversation", "Step",
                "STEP_TABLE", "new_state", "run_turn")

Tool = Callable[..., str]  # a plain function: tool(state, **arguments) -> a note for the model


def tool_spec(tool: Tool) -> ToolSpec:
    """What the model sees of a plain-Python tool: its name, its docstring, and one string per argument.

    The docstring's first line is the description; a line ``name: ...`` describes an argument.
    """
    doc = inspect.getdoc(tool) or ""
    argument_notes = dict(
        line.strip().split(":", 1) for line in doc.splitlines()[1:] if ":" in line and not line.startswith(" ")
    )
    names = [p for p in inspect.signature(tool).parameters if p != "state"]
    properties = {n: {"type": "string", "description": argument_notes.get(n, "").strip()} for n in names}
    return ToolSpec(tool.__name__, doc.splitlines()[0] if doc else "",
                    {"type": "object", "properties": properties, "required": names})


def __getattr__(name: str) -> Any:
    """The lesson's names come from notebook 01's cells."""
    if name in LESSON_NAMES:
        from handoffs.lessons import load

        return getattr(load(LESSON), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
