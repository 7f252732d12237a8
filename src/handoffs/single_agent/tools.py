"""The support bot's tools: two that *move the conversation on*, four that just *do something*.

Seed 000's rule of thumb, which this module follows:

* a tool that only does its job returns a plain value (``resolve_billing``, ``resolve_technical``,
  ``resolve_other``) — the model reads it, the step stays where it is;
* a tool that moves the conversation to another step returns a ``Command`` that updates the state
  (``record_issue`` -> ``"resolve"``, ``end_conversation`` -> ``"done"``).

A ``Command`` that answers a tool call **must** carry a ``ToolMessage`` with
``tool_call_id=runtime.tool_call_id`` in ``update["messages"]``: the model asked a question (the tool
call) and LangGraph refuses to go on without its answer ("Expected to have a matching ToolMessage").
``record_issue`` writes its Command out in full, as seed 000 does (notebook 02 runs it as a cell);
:func:`handoff` builds the same kind of Command for the other tools, so none forgets the message.

The docstrings are the tools' descriptions: they are all a model (real or offline) knows about when to
call a tool, so they say plainly what the tool is for and when to call it.

What this module is not: it does not say which step offers which tool (that is
:mod:`handoffs.single_agent.steps`) and it does not stop a tool being called out of step (that is the
guard in :mod:`handoffs.single_agent.middleware`).
"""

from __future__ import annotations

from typing import Any

from langchain.messages import ToolMessage
from langchain.tools import ToolRuntime, tool
from langgraph.types import Command

from handoffs.single_agent.state import ISSUE_TYPES, SupportState, issue_type_of


def handoff(runtime: ToolRuntime, note: str, *, to_step: str, **more_state: Any) -> Command:
    """A ``Command`` that answers this tool call with ``note`` and moves the state to ``to_step``.

    ``more_state`` lands in the state too (e.g. ``issue_type="billing"``). The ``ToolMessage`` is what
    the model reads back; without it LangGraph stops with "Expected to have a matching ToolMessage".
    """
    return Command(
        update={
            "messages": [ToolMessage(content=note, tool_call_id=runtime.tool_call_id)],
            "current_step": to_step,
            **more_state,
        }
    )


@tool(parse_docstring=True)
def record_issue(issue: str, runtime: ToolRuntime[None, SupportState]) -> Command | str:
    """Record the category of the user's issue (billing, technical, or other) and move on to resolving it.

    Call this as soon as you know the category of the user's issue.

    Args:
        issue: The category of the user's issue: billing, technical, or other.
    """
    category = issue.strip().lower()
    if category not in ISSUE_TYPES:
        options = ", ".join(ISSUE_TYPES)
        return f"Not recorded: '{issue}' is not a category. Use one of: {options}."
    return Command(
        update={
            "messages": [ToolMessage(f"Issue recorded as {category}. Moving to the resolve step.",
                                     tool_call_id=runtime.tool_call_id)],  # answers the model's tool call
            "issue_type": category,
            "current_step": "resolve",  # the handoff: the next model call gets the resolve page
        }
    )


def resolution(runtime: ToolRuntime, what_was_done: str) -> str:
    """The note a resolve tool returns, naming the case type it read from the state.

    The model may pass the note on to the customer, so it speaks to them ("you"). A call made before triage
    recorded anything shows up as an "Unrecorded case" — the sign of a tool that ran out of step.
    """
    case = (issue_type_of(runtime.state) or "unrecorded").capitalize()
    return f"{case} case: {what_was_done}"


@tool
def resolve_billing(runtime: ToolRuntime[None, SupportState]) -> str:
    """Resolve billing: a double charge, a wrong amount or a failed payment, by refunding the charge."""
    return resolution(runtime, "refund issued for the duplicate charge; you will see it on your statement "
                               "within 3-5 business days.")


@tool
def resolve_technical(runtime: ToolRuntime[None, SupportState]) -> str:
    """Resolve technical trouble: the app crashes, login fails or an error appears, by resetting the session."""
    return resolution(runtime, "your session was reset and a fix for the login crash is out; please update "
                               "the app and sign in again.")


@tool
def resolve_other(runtime: ToolRuntime[None, SupportState]) -> str:
    """Resolve any other request: an address change, an account detail or a general question, by changing the account."""
    return resolution(runtime, "your request is done and noted on your account; a confirmation email is on its way.")


@tool
def end_conversation(runtime: ToolRuntime[None, SupportState]) -> Command:
    """End the conversation. Call this once the issue is resolved."""
    return handoff(runtime, "Conversation closed. Say goodbye to the user.", to_step="done")


#: Every tool of the seed's bot, in the order the steps use them.
SUPPORT_TOOLS = (record_issue, resolve_billing, resolve_technical, resolve_other, end_conversation)
