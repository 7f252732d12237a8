"""The step table's ground: what a step is, the seed's prompts, and the helpers that read a step table.

A **step** is one entry of the **step table**: the system prompt and the tools the model gets while the
conversation is in that step. Seed 000 keeps every step in one dictionary (it calls it ``configs``); the kit calls it
the step table, and the seed's own is lesson code — notebook 02's ``STEP_TABLE`` cell::

    STEP_TABLE = {
        "triage":  {"prompt": TRIAGE_PROMPT,  "tools": [record_issue]},
        "resolve": {"prompt": RESOLVE_PROMPT, "tools": [resolve_billing, resolve_technical,
                                                        resolve_other, end_conversation]},
        "done":    {"prompt": DONE_PROMPT,    "tools": []},
    }

This module hands it out without copying it: :data:`STEP_TABLE` (read-only, so a shallow copy's ``append`` cannot
change the kit's bot) and :func:`seed_step_table` (a fresh copy to change freely: notebook 04 adds a step) are read
from that cell through :func:`handoffs.lessons.load`.

Which tool moves the conversation to which step is written once, in the transfer tool's ``Command``; the step graph
reads it from there (:func:`step_edges`, :mod:`handoffs.part1.transfers`), so no table repeats it.

Prompts may mention ``{issue_type}`` or ``{current_step}``: :func:`render_prompt` fills them from the
state, leaving any other braces alone. A step's tools may be ``@tool`` objects, ``BaseTool`` instances or plain
functions (``create_agent`` accepts all three); :func:`with_tools` turns plain functions into tools once, so every
step sees the same object.

What this module is not: it does not apply the steps (the middleware does) and it runs nothing.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from langchain_core.tools import BaseTool, tool
from typing_extensions import TypedDict

from handoffs.part1 import transfers
from handoffs.part1.readonly import read_only
from handoffs.part1.state import current_step_of, issue_type_of


class Step(TypedDict):
    """One step of the step table: the system prompt and the tools the model gets in this step."""

    prompt: str
    tools: list[BaseTool]


TRIAGE_PROMPT = """You are a friendly customer support agent. You are in the TRIAGE step.
Your only job in this step is to find out what kind of issue the user has: billing, technical, or other.
As soon as you know the category, call record_issue with it. If it is not clear yet, ask one short question.
Do not try to solve the issue in this step. Never promise or give a refund here, whatever the user asks."""

RESOLVE_PROMPT = """You are a friendly customer support agent. You are in the RESOLVE step.
The user's issue was recorded as: {issue_type}.
Use the resolve tool that matches it: resolve_billing, resolve_technical or resolve_other.
Call end_conversation once the issue is resolved."""

DONE_PROMPT = """You are a friendly customer support agent. The conversation is DONE: the issue is resolved.
Say a short, polite goodbye to the user and thank them for their patience. You have no tools in this step."""


def seed_step_table() -> dict[str, Step]:
    """Seed 000's step table — notebook 02's ``STEP_TABLE`` cell — built afresh on every call: a copy you may change
    (add a step, offer another tool) without touching the lesson's."""
    from handoffs.lessons import load

    from handoffs.part1.state import LESSON

    lesson = load(LESSON).STEP_TABLE
    return {name: {**step, "tools": list(step.get("tools", []))} for name, step in lesson.items()}


_STEP_TABLE: list[Any] = []  # the read-only step table, made on first use


def __getattr__(name: str) -> Any:
    """``STEP_TABLE``: the seed's step table, read-only (change a copy from :func:`seed_step_table` instead)."""
    if name == "STEP_TABLE":
        if not _STEP_TABLE:
            _STEP_TABLE.append(read_only(seed_step_table()))
        return _STEP_TABLE[0]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class UnknownStepError(KeyError):
    """The state is in a step the step table does not have (a transfer tool moved to a step nobody wrote)."""

    def __init__(self, step: str, known: list[str]):
        self.step, self.known = step, known
        super().__init__(
            f"current_step is {step!r} but the step table has no such step "
            f"(known steps: {', '.join(known)}). Add step_table[{step!r}] = {{'prompt': ..., 'tools': [...]}}."
        )

    def __str__(self) -> str:  # KeyError would print the repr of the message
        return self.args[0]


def step_for(step_table: Mapping[str, Step], state: Mapping[str, Any]) -> tuple[str, Step]:
    """The current step's name and entry, or :class:`UnknownStepError` naming the missing step."""
    step = current_step_of(state)
    if step not in step_table:
        raise UnknownStepError(step, list(step_table))
    return step, step_table[step]


_PLACEHOLDER = re.compile(r"\{(issue_type|current_step)\}")


def render_prompt(prompt: str, state: Mapping[str, Any]) -> str:
    """The step's prompt with ``{issue_type}`` / ``{current_step}`` filled from the state."""
    values = {"issue_type": issue_type_of(state) or "not recorded yet", "current_step": current_step_of(state)}
    return _PLACEHOLDER.sub(lambda m: values[m.group(1)], prompt)


def tool_name(t: Any) -> str:
    """The name the model sees for a tool: a tool's ``name``, a plain function's ``__name__``."""
    return str(getattr(t, "name", None) or getattr(t, "__name__", None) or repr(t))


def tool_names(step: Mapping[str, Any]) -> list[str]:
    """The names of the tools a step offers, in order."""
    return [tool_name(t) for t in step.get("tools", [])]


def with_tools(step_table: Mapping[str, Step]) -> dict[str, Step]:
    """The step table with every plain function turned into a tool (one tool per function, shared by its steps)."""
    made: dict[int, BaseTool] = {}

    def as_tool(t: Any) -> Any:
        if isinstance(t, BaseTool) or not callable(t) or isinstance(t, type):
            return t
        return made.setdefault(id(t), tool(t))

    return {name: {**step, "tools": [as_tool(t) for t in step.get("tools", [])]} for name, step in step_table.items()}


def same_tool(a: BaseTool, b: BaseTool) -> bool:
    """One tool, or a copy of it (``copy.deepcopy`` of a step table copies tools but keeps their functions)."""
    body = getattr(a, "func", None) or getattr(a, "coroutine", None)
    return a is b or (type(a) is type(b) and a.name == b.name and a.description == b.description
                      and body is (getattr(b, "func", None) or getattr(b, "coroutine", None)))


def all_tools(step_table: Mapping[str, Step]) -> list[BaseTool]:
    """Every tool any step offers, once each — what ``create_agent(tools=...)`` must register.

    Two different tools with the same name would make a call ambiguous, so that is an error.
    """
    seen: dict[str, BaseTool] = {}
    for step, entry in step_table.items():
        for t in entry.get("tools", []):
            other = seen.setdefault(t.name, t)
            if not same_tool(other, t):
                raise ValueError(f"Two different tools are named {t.name!r} (second one in step {step!r}).")
    return list(seen.values())


def step_edges(step_table: Mapping[str, Step]) -> list[tuple[str, str, str]]:
    """``(from_step, to_step, tool_name)`` for every transfer tool a step offers, read from the tools themselves."""
    return transfers.step_edges(step_table)
