"""The binder of scripts: one page (prompt + tools) per step of the conversation.

Seed 000 keeps every step's behaviour in one dictionary, ``configs``. Here it is :data:`STEP_CONFIGS`
(built by :func:`seed_configs`)::

    STEP_CONFIGS = {
        "triage":  {"prompt": TRIAGE_PROMPT,  "tools": [record_issue]},
        "resolve": {"prompt": RESOLVE_PROMPT, "tools": [resolve_billing, resolve_technical,
                                                        resolve_other, end_conversation]},
        "done":    {"prompt": DONE_PROMPT,    "tools": []},
    }

Which tool moves the conversation to which step is written once, in the tool's ``Command``; the step graph reads it
from there (:func:`step_edges`, :mod:`handoffs.single_agent.transfers`), so no table repeats it.

Prompts may mention ``{issue_type}`` or ``{current_step}``: :func:`render_prompt` fills them from the
state, leaving any other braces alone. Adding a step is adding a page (seed 000's closing exercise; see
notebook 04): start from :func:`seed_configs`, a fresh copy to change freely. :data:`STEP_CONFIGS` itself is
read-only (:mod:`handoffs.single_agent.readonly`), so a shallow copy's ``append`` cannot change the kit's bot.

A page's tools may be ``@tool`` objects, ``BaseTool`` instances or plain functions (``create_agent`` accepts
all three); :func:`with_tools` turns plain functions into tools once, so every step sees the same object.

What this module is not: it does not apply the pages (the middleware does) and it runs nothing.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from langchain_core.tools import BaseTool, tool
from typing_extensions import TypedDict

from handoffs.single_agent import transfers
from handoffs.single_agent.readonly import read_only
from handoffs.single_agent.state import current_step_of, issue_type_of
from handoffs.single_agent.tools import (
    end_conversation,
    record_issue,
    resolve_billing,
    resolve_other,
    resolve_technical,
)


class StepConfig(TypedDict):
    """One page of the binder: the system prompt and the tools the model gets in this step."""

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


def seed_configs() -> dict[str, StepConfig]:
    """Seed 000's binder, built afresh on every call: a copy you may change (add a page, offer another tool)."""
    return {
        "triage": {
            "prompt": TRIAGE_PROMPT,
            "tools": [record_issue],
        },
        "resolve": {
            "prompt": RESOLVE_PROMPT,
            "tools": [resolve_billing, resolve_technical, resolve_other, end_conversation],
        },
        "done": {
            "prompt": DONE_PROMPT,
            "tools": [],
        },
    }


#: The seed's binder, read-only (change a copy from :func:`seed_configs` instead).
STEP_CONFIGS: dict[str, StepConfig] = read_only(seed_configs())


class UnknownStepError(KeyError):
    """The state is in a step the binder has no page for (a tool moved to a step nobody configured)."""

    def __init__(self, step: str, known: list[str]):
        self.step, self.known = step, known
        super().__init__(
            f"current_step is {step!r} but the step configs have no such entry "
            f"(known steps: {', '.join(known)}). Add configs[{step!r}] = {{'prompt': ..., 'tools': [...]}}."
        )

    def __str__(self) -> str:  # KeyError would print the repr of the message
        return self.args[0]


def config_for(configs: Mapping[str, StepConfig], state: Mapping[str, Any]) -> tuple[str, StepConfig]:
    """The current step's name and page, or :class:`UnknownStepError` naming the missing page."""
    step = current_step_of(state)
    if step not in configs:
        raise UnknownStepError(step, list(configs))
    return step, configs[step]


_PLACEHOLDER = re.compile(r"\{(issue_type|current_step)\}")


def render_prompt(prompt: str, state: Mapping[str, Any]) -> str:
    """The page's prompt with ``{issue_type}`` / ``{current_step}`` filled from the state."""
    values = {"issue_type": issue_type_of(state) or "not recorded yet", "current_step": current_step_of(state)}
    return _PLACEHOLDER.sub(lambda m: values[m.group(1)], prompt)


def tool_name(t: Any) -> str:
    """The name the model sees for a tool: a tool's ``name``, a plain function's ``__name__``."""
    return str(getattr(t, "name", None) or getattr(t, "__name__", None) or repr(t))


def tool_names(config: Mapping[str, Any]) -> list[str]:
    """The names of the tools a page offers, in order."""
    return [tool_name(t) for t in config.get("tools", [])]


def with_tools(configs: Mapping[str, StepConfig]) -> dict[str, StepConfig]:
    """The binder with every plain function turned into a tool (one tool per function, shared by its steps)."""
    made: dict[int, BaseTool] = {}

    def as_tool(t: Any) -> Any:
        if isinstance(t, BaseTool) or not callable(t) or isinstance(t, type):
            return t
        return made.setdefault(id(t), tool(t))

    return {step: {**page, "tools": [as_tool(t) for t in page.get("tools", [])]} for step, page in configs.items()}


def same_tool(a: BaseTool, b: BaseTool) -> bool:
    """One tool, or a copy of it (``copy.deepcopy`` of a binder copies tools but keeps their functions)."""
    body = getattr(a, "func", None) or getattr(a, "coroutine", None)
    return a is b or (type(a) is type(b) and a.name == b.name and a.description == b.description
                      and body is (getattr(b, "func", None) or getattr(b, "coroutine", None)))


def all_tools(configs: Mapping[str, StepConfig]) -> list[BaseTool]:
    """Every tool any page offers, once each — what ``create_agent(tools=...)`` must register.

    Two different tools with the same name would make a call ambiguous, so that is an error.
    """
    seen: dict[str, BaseTool] = {}
    for step, config in configs.items():
        for t in config.get("tools", []):
            other = seen.setdefault(t.name, t)
            if not same_tool(other, t):
                raise ValueError(f"Two different tools are named {t.name!r} (second one in step {step!r}).")
    return list(seen.values())


def step_edges(configs: Mapping[str, StepConfig]) -> list[tuple[str, str, str]]:
    """``(from_step, to_step, tool_name)`` for every transfer tool a step offers, read from the tools themselves."""
    return transfers.step_edges(configs)
