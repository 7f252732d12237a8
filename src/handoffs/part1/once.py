"""``side_effects_once``: the support bot's side effects happen once, however often the model asks.

A ``@wrap_tool_call`` middleware next to the step guard (:mod:`handoffs.part1.middleware`). The guard asks
"may this step use this tool?"; this one asks "has this already been done?". A call is not run — the model reads
why, in an error ``ToolMessage`` — when

* an earlier call of the *same response* was a transfer tool's: it moved the step (the tool says where, see
  :mod:`handoffs.part1.transfers`). ``[end_conversation, resolve_other]``: LangGraph runs all calls of a
  response from the same state, so the second was chosen for a step the conversation has left;
* the same tool with the same arguments was called earlier in the same response (``[resolve_billing,
  resolve_billing]``);
* it already ran, successfully, earlier in this thread with the same idempotency key (a message sent twice, a client
  that retried): the model gets the first result back instead.

The keys are :mod:`handoffs.idempotency`'s, as for Part 2's agents; the thread's history (kept by the checkpointer)
is the record of what was done. What this module is not: it holds no step content and does not check steps.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from langchain.agents.middleware import AgentMiddleware
from langchain.messages import AIMessage, ToolMessage

from handoffs.idempotency import TEXTS, effect_identity, key_fields, repeat_note
from handoffs.part1.state import SupportState
from handoffs.part1.steps import STEP_TABLE, Step, step_for, tool_name
from handoffs.part1.transfers import transfer_targets


def repeat_refusal(tool_call: Mapping[str, Any], state: Mapping[str, Any],
                   step_table: Mapping[str, Step]) -> ToolMessage | None:
    """The error ``ToolMessage`` for a call that would repeat a side effect, or ``None`` if it may run."""
    _name, step = step_for(step_table, state)
    note = _once_note(tool_call, state, step)
    if note is None:
        return None
    return ToolMessage(content=note, tool_call_id=tool_call["id"], name=tool_call["name"], status="error")


def _once_note(tool_call: Mapping[str, Any], state: Mapping[str, Any], step: Mapping[str, Any]) -> str | None:
    messages = state.get("messages") or []
    wanted = tool_call["id"]
    position = next((i for i in range(len(messages) - 1, -1, -1)
                     if any(call.get("id") == wanted for call in _calls_of(messages[i]))), None)
    if position is None:
        return None
    calls = messages[position].tool_calls
    earlier = calls[: next(i for i, c in enumerate(calls) if c.get("id") == wanted)]
    offered = {tool_name(t): t for t in step.get("tools", [])} if earlier else {}
    for call in earlier:
        moves_to = transfer_targets(offered[call["name"]]) if call["name"] in offered else ()
        if moves_to:
            return TEXTS["after_handoff"].format(earlier=call["name"], step=moves_to[0])
        if call["name"] == tool_call["name"] and call.get("args") == tool_call.get("args"):
            return TEXTS["same_response"].format(tool=tool_call["name"])
    return _earlier_result(tool_call, messages[:position])


def _earlier_result(tool_call: Mapping[str, Any], history: list[Any]) -> str | None:
    """The first result of a call with the same idempotency key that already ran in this thread, as a note."""
    asked = [(index, call) for index, message in enumerate(history)
             for call in _calls_of(message) if call.get("name") == tool_call["name"]]
    if not asked:  # the usual case: this tool was not asked for earlier in this thread (no key to compute)
        return None
    ran = {m.tool_call_id: m for m in history
           if getattr(m, "type", "") == "tool" and getattr(m, "status", "") != "error"}
    same_tool = [(index, call) for index, call in asked if call.get("id") in ran]
    if not same_tool:  # asked for, but it never ran successfully
        return None
    fields = key_fields(tool_call["name"])

    def identity(call: Mapping[str, Any], before: int) -> str:
        said = [m.text for m in history[:before] if getattr(m, "type", "") == "human"]
        return effect_identity(call["name"], call.get("args") or {}, fields, said[-1] if said else "")

    wanted = identity(tool_call, len(history))
    for index, call in same_tool:
        if identity(call, index) == wanted:
            said = [m.text for m in history if getattr(m, "type", "") == "human"]
            return repeat_note(tool_call["name"], wanted, str(ran[call["id"]].content),
                               customer_words=said[-1] if said else "")
    return None


def _calls_of(message: Any) -> list[Any]:
    """The tool calls a message made (only the model's messages make any). Asked by type first: a message without the
    attribute answers ``getattr(message, "tool_calls", None)`` through pydantic's ``__getattr__`` and a raised
    ``AttributeError`` (~6 us, and this middleware asks it of the whole history on every tool call)."""
    if type(message) is AIMessage:  # the exact class first: isinstance of a pydantic class is slow
        return message.tool_calls or []
    if getattr(message, "type", None) in _NO_CALLS:
        return []
    if isinstance(message, AIMessage):
        return message.tool_calls or []
    return getattr(message, "tool_calls", None) or []


_NO_CALLS = frozenset({"human", "tool", "system"})  # LangChain's message types that never carry tool calls


class SideEffectsOnce(AgentMiddleware):
    """A tool-call middleware (sync and async): a call that would repeat a side effect is answered instead of run."""

    state_schema = SupportState

    def __init__(self, step_table: Mapping[str, Step] = STEP_TABLE) -> None:
        super().__init__()
        self.step_table = step_table

    @property
    def name(self) -> str:
        return "side_effects_once"

    def wrap_tool_call(self, request: Any, handler: Callable) -> Any:
        refusal = repeat_refusal(request.tool_call, request.state, self.step_table)
        return refusal if refusal is not None else handler(request)

    async def awrap_tool_call(self, request: Any, handler: Callable) -> Any:
        refusal = repeat_refusal(request.tool_call, request.state, self.step_table)
        return refusal if refusal is not None else await handler(request)


def side_effects_once_middleware(step_table: Mapping[str, Step] = STEP_TABLE) -> AgentMiddleware:
    """``side_effects_once`` for the given step table (what :func:`~handoffs.part1.build_support_agent` adds)."""
    return SideEffectsOnce(step_table)
