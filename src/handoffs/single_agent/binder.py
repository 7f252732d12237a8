"""The handoff idea with no framework: a binder of scripts (a dict) and a loop, in plain Python.

This is notebook 01's "build it yourself" code; a test keeps the notebook's cells identical to
:func:`run_turn`. One support agent keeps one binder with a page per step. Before every model call the
loop opens the page of the current step and shows the model only that page's prompt and tools; a tool
may turn the page by changing ``state["step"]``. That is the whole pattern — LangChain's middleware and
``Command`` (notebook 02) do the same thing with more safety rails.

The model is the kit's offline decision core, :func:`handoffs.models.decide`, which takes and returns
the plain records of :mod:`handoffs.models.types` (messages, tool specs, decisions). No LangChain here.

What this module is not: it has no memory between program runs, no guard (a tool the page does not
offer is refused by the loop only because the loop looks it up in the page), and no streaming.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Any, Callable

from handoffs.models import decide
from handoffs.models.types import Message, ToolSpec

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


# ---- the tools: plain functions; two of them turn the page --------------------------------------------
def record_issue(state: dict, issue: str) -> str:
    """Record the category of the user's issue (billing, technical, or other) and move on to resolving it.
    issue: The category of the user's issue: billing, technical, or other."""
    state["issue_type"] = issue
    state["step"] = "resolve"  # turning the page
    return f"Issue recorded as {issue}. Moving to the resolve step."


def resolve_billing(state: dict) -> str:
    """Resolve billing: a double charge, a wrong amount or a failed payment, by refunding the charge."""
    state.setdefault("refunds", []).append(state.get("issue_type", "unknown"))
    return "Refund issued for the duplicate charge."


def resolve_technical(state: dict) -> str:
    """Resolve technical trouble: the app crashes, login fails or an error appears, by resetting the session."""
    return "Your session was reset; please update the app and sign in again."


def resolve_other(state: dict) -> str:
    """Resolve any other request: an address change, an account detail or a general question, by changing the account."""
    return "Your request is done and noted on your account."


def end_conversation(state: dict) -> str:
    """End the conversation. Call this once the issue is resolved."""
    state["step"] = "done"  # turning the page
    return "Conversation closed. Say goodbye to the user."


@dataclass
class Page:
    """One page of the binder: what the model is told, and which tools it may use, in one step."""

    prompt: str
    tools: list[Tool] = field(default_factory=list)


BINDER: dict[str, Page] = {
    "triage": Page(
        "You are a friendly customer support agent. You are in the TRIAGE step.\n"
        "Find out what kind of issue the user has: billing, technical, or other, and call record_issue with it.\n"
        "Do not try to solve the issue in this step.",
        [record_issue],
    ),
    "resolve": Page(
        "You are a friendly customer support agent. You are in the RESOLVE step.\n"
        "Use the resolve tool that matches the recorded issue type. Call end_conversation once it is resolved.",
        [resolve_billing, resolve_technical, resolve_other, end_conversation],
    ),
    "done": Page("The issue is resolved. Say a short, polite goodbye to the user.", []),
}


# ---- the loop ---------------------------------------------------------------------------------------
def run_turn(binder: dict[str, Page], state: dict, user_text: str, model: Callable = decide, log: Callable = print) -> str:
    """One user message in, the agent's reply out. ``state`` holds ``step`` and ``messages``."""
    state["messages"].append(Message("user", user_text))
    while True:
        page = binder[state["step"]]  # 1. read the step, open its page
        tools = {t.__name__: t for t in page.tools}
        system = Message("system", page.prompt)  # 2. only this page's prompt and tools
        decision = model([system, *state["messages"]], [tool_spec(t) for t in page.tools])
        log(f"[{state['step']}] model saw {list(tools) or 'no tools'} -> {decision.reason}")
        state["messages"].append(Message("assistant", decision.text, decision.tool_calls))
        if not decision.tool_calls:
            return decision.text  # 4. plain text: the turn is over
        for call in decision.tool_calls:  # 3. run the tools; a tool may turn the page
            tool = tools.get(call.name)
            note = tool(state, **call.arguments) if tool else f"Refused: {call.name} is not on this page."
            state["messages"].append(Message("tool", note, name=call.name, tool_call_id=call.id))


def new_state() -> dict[str, Any]:
    """A fresh conversation: on the first page, nothing said yet."""
    return {"step": "triage", "messages": []}



def pages_for_picture(binder: dict[str, Page]) -> dict[str, dict[str, Any]]:
    """The binder in the shape :func:`handoffs.viz.plot_step_graph` draws: step -> its tools (the picture reads where
    each transfer tool goes from the tool's own ``state["step"] = ...`` line)."""
    return {step: {"tools": list(page.tools)} for step, page in binder.items()}
