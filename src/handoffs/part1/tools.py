"""The support bot's tools: transfer tools *move the conversation on*, the others just *do something*.

Seed 000's rule of thumb, which this module follows:

* a tool that only does its job returns a plain value (``resolve_billing``, ``resolve_technical``,
  ``resolve_other``) — the model reads it, the step stays where it is;
* a tool that moves the conversation to another step returns a ``Command`` that updates the state
  (``record_issue`` -> ``"resolve"``, ``end_conversation`` -> ``"done"``).

A ``Command`` that answers a tool call **must** carry a ``ToolMessage`` with
``tool_call_id=runtime.tool_call_id`` in ``update["messages"]``: the model asked a question (the tool
call) and LangGraph refuses to go on without its answer ("Expected to have a matching ToolMessage").
``record_issue`` writes its Command out in full, as seed 000 does: it is lesson code, defined in notebook 02's cell
(``handoffs.part1.tools.record_issue`` is that cell's tool). :func:`handoff` builds the same kind of Command
for ``end_conversation``, so none forgets the message.

The docstrings are the tools' descriptions: they are all a model (real or offline) knows about when to
call a tool, so they say plainly what the tool is for and when to call it.

What this module is not: it does not say which step offers which tool (that is
:mod:`handoffs.part1.steps`) and it does not stop a tool being called out of step (that is the
guard in :mod:`handoffs.part1.middleware`).
"""

from __future__ import annotations

from typing import Any

from langchain.messages import ToolMessage
from langchain.tools import ToolRuntime, tool
from langgraph.types import Command

from handoffs.part1.state import issue_type_of


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


def resolution(runtime: ToolRuntime, what_was_done: str) -> str:
    """The note a resolve tool returns, naming the case type it read from the state.

    The model may pass the note on to the customer, so it speaks to them ("you"). A call made before triage
    recorded anything shows up as an "Unrecorded case" — the sign of a tool that ran out of step.
    """
    case = (issue_type_of(runtime.state) or "unrecorded").capitalize()
    return f"{case} case: {what_was_done}"


@tool
def resolve_billing(runtime: ToolRuntime) -> str:
    """Resolve billing: a double charge, a wrong amount or a failed payment, by refunding the charge."""
    return resolution(runtime, "refund issued for the duplicate charge; you will see it on your statement "
                               "within 3-5 business days.")


@tool
def resolve_technical(runtime: ToolRuntime) -> str:
    """Resolve technical trouble: the app crashes, login fails or an error appears, by resetting the session."""
    return resolution(runtime, "your session was reset and a fix for the login crash is out; please update "
                               "the app and sign in again.")


@tool
def resolve_other(runtime: ToolRuntime) -> str:
    """Resolve any other request: an address change, an account detail or a general question, by changing the account."""
    return resolution(runtime, "your request is done and noted on your account; a confirmation email is on its way.")


@tool
def end_conversation(runtime: ToolRuntime) -> Command:
    """End the conversation. Call this once the issue is resolved."""
    return handoff(runtime, "Conversation closed. Say goodbye to the user.", to_step="done")




def __getattr__(name: str) -> Any:
    """``record_issue`` is lesson code: notebook 02's cell defines it (:func:`handoffs.lessons.load`)."""
    if name == "record_issue":
        from handoffs.lessons import load

        from handoffs.part1.state import LESSON

        return load(LESSON).record_issue
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
