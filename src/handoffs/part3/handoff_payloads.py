"""What a handoff carries, in Part 2's team: a typed payload, a history filter and an ``on_handoff`` hook.

Seed 003 hands the *whole* conversation to the next agent (``UserTask(context=...)``). OpenAI's Agents SDK lets a
handoff carry more and less: ``handoff(agent, input_type=..., input_filter=..., on_handoff=...)``. The same three
ideas with the kit's own pieces, no new framework:

* **typed payload** — :data:`TYPED_TRIAGE_DELEGATES`: the triage agent's delegate tools with the seed's names and
  descriptions, plus two required arguments, ``reason`` and ``summary`` (:class:`TransferNote`). AutoGen validates
  the arguments before the tool runs; a call without them is answered with an error and no handoff happens;
* **history filter** — a function ``(context, note) -> context`` deciding what the next agent sees:
  :func:`whole_history` (the seed), :func:`remove_all_tools` (the Agents SDK's filter of that name, for our
  messages), :func:`note_and_last_words` (the payload *instead of* the history);
* **on_handoff hook** — an ``async (note, context, target) -> [messages]`` run before the next agent speaks, e.g.
  :func:`look_up_order`, whose result the next agent reads.

:class:`HandoffShaper` applies them where AutoGen Core lets a message be changed in flight: an **intervention
handler** on the runtime (``on_publish``). A handoff is a ``UserTask`` an agent publishes to another agent's topic;
the shaper replaces its context and logs what each handoff carried (:class:`CarriedHandoff`). If the filter or the
hook fails, the handoff goes on unchanged and the log says why. Every text the next agent reads is in
:mod:`handoffs.part3.text`. This module runs no conversation.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, List, Optional, Sequence

from autogen_core import DefaultInterventionHandler, FunctionCall, MessageContext, SingleThreadedAgentRuntime
from autogen_core.models import AssistantMessage, FunctionExecutionResultMessage, LLMMessage, UserMessage
from autogen_core.tools import FunctionTool
from pydantic import BaseModel, ConfigDict, ValidationError

from handoffs.lessons import part2 as delegates  # notebook 06's lesson cells: topic types, transfer tools
from handoffs.lessons.part2 import UserTask

from .text import HANDOFF_NOTE, ORDER_FOUND

NOTE_SOURCE = "handoff_note"


class TransferNote(BaseModel):
    """The typed payload of a handoff: why the customer is being transferred, and what they need."""

    model_config = ConfigDict(extra="forbid")
    reason: str
    summary: str


def transfer_to_issues_and_repairs(reason: str, summary: str) -> str:
    return delegates.issues_and_repairs_agent_topic_type


def transfer_to_sales_agent(reason: str, summary: str) -> str:
    return delegates.sales_agent_topic_type


def escalate_to_human(reason: str, summary: str) -> str:
    return delegates.human_agent_topic_type


TYPED_TRIAGE_DELEGATES = tuple(
    FunctionTool(function, description=seed.description)
    for function, seed in ((transfer_to_issues_and_repairs, delegates.transfer_to_issues_and_repairs_tool),
                           (transfer_to_sales_agent, delegates.transfer_to_sales_agent_tool),
                           (escalate_to_human, delegates.escalate_to_human_tool)))
"""The seed's triage delegates (same names, same descriptions, same order) whose call must carry a TransferNote."""


def _handoff_call(context: Sequence[LLMMessage]) -> Optional[FunctionCall]:
    """The delegate call that handed this context over: the call answered "Transferred to ..." (not an error)."""
    results = next((m for m in reversed(context) if isinstance(m, FunctionExecutionResultMessage)), None)
    calls = next((m for m in reversed(context) if isinstance(m, AssistantMessage) and isinstance(m.content, list)), None)
    if results is None or calls is None:
        return None
    done = {r.call_id for r in results.content if not r.is_error and str(r.content).startswith("Transferred to")}
    return next((c for c in calls.content if isinstance(c, FunctionCall) and c.id in done), None)


def transfer_note(context: Sequence[LLMMessage]) -> Optional[TransferNote]:
    """The payload of the handoff that ends ``context``, validated; None when the delegate carried none."""
    call = _handoff_call(context)
    if call is None:
        return None
    try:
        return TransferNote.model_validate(json.loads(call.arguments or "{}"))
    except (ValidationError, json.JSONDecodeError):
        return None


def _customer_words(context: Sequence[LLMMessage]) -> List[LLMMessage]:
    said = [m for m in context if isinstance(m, UserMessage) and m.source != NOTE_SOURCE]
    return said[-1:]


# ---- history filters: (context, note) -> what the next agent sees ------------------------------------------
HistoryFilter = Callable[[List[LLMMessage], Optional[TransferNote]], List[LLMMessage]]


def whole_history(context: List[LLMMessage], note: Optional[TransferNote]) -> List[LLMMessage]:
    """Seed 003: everything, every earlier agent's tool calls included."""
    return list(context)


def remove_all_tools(context: List[LLMMessage], note: Optional[TransferNote]) -> List[LLMMessage]:
    """The conversation without tool calls and tool results (the Agents SDK's ``handoff_filters.remove_all_tools``)."""
    return [m for m in context if not isinstance(m, FunctionExecutionResultMessage)
            and not (isinstance(m, AssistantMessage) and isinstance(m.content, list))]


def note_and_last_words(context: List[LLMMessage], note: Optional[TransferNote]) -> List[LLMMessage]:
    """The payload instead of the history: the transfer note, then the customer's last words."""
    carried: List[LLMMessage] = []
    if note is not None:
        carried.append(UserMessage(content=HANDOFF_NOTE.format(reason=note.reason, summary=note.summary),
                                   source=NOTE_SOURCE))
    return carried + _customer_words(context)


# ---- on_handoff hooks: run before the next agent speaks ----------------------------------------------------
OnHandoff = Callable[[Optional[TransferNote], List[LLMMessage], str], Awaitable[List[LLMMessage]]]

ORDERS = {"A-1001": ("ACME Rocket Skates", "delivered 2 days ago"), "A-2002": ("ACME Portable Hole", "in transit")}
# Not \b: in Korean a particle follows the number without a space ("A-1001이에요", "A-1001번"), and \b sees none there.
_ORDER_NUMBER = re.compile(r"(?<![A-Za-z0-9])[A-Z]-[0-9]{4}(?![0-9])")


async def look_up_order(note: Optional[TransferNote], context: List[LLMMessage], target: str) -> List[LLMMessage]:
    """Find an order number the customer gave (``A-1001``) and put the order in front of the next agent."""
    said = " ".join(str(m.content) for m in _customer_words(context))
    text = " ".join(filter(None, [note.summary if note else "", note.reason if note else "", said]))
    found = [number for number in _ORDER_NUMBER.findall(text) if number in ORDERS]
    return [UserMessage(content=ORDER_FOUND.format(number=n, product=ORDERS[n][0], status=ORDERS[n][1]),
                        source=NOTE_SOURCE) for n in dict.fromkeys(found)]


@dataclass(frozen=True)
class CarriedHandoff:
    """One handoff as the shaper saw it: who to whom, the payload, and what the next agent received."""

    conversation: str
    from_agent: str
    to_agent: str
    note: Optional[TransferNote]
    messages_before: int
    messages_after: int
    added_by_hook: tuple[str, ...] = ()
    problem: str = ""


@dataclass
class HandoffShaper(DefaultInterventionHandler):
    """An AutoGen intervention handler that reshapes every handoff (see the module docstring)."""

    history_filter: HistoryFilter = whole_history
    on_handoff: Optional[OnHandoff] = None
    user_topic: str = delegates.user_topic_type
    log: List[CarriedHandoff] = field(default_factory=list)

    async def on_publish(self, message: Any, *, message_context: MessageContext) -> Any:
        topic, sender = message_context.topic_id, message_context.sender
        if not isinstance(message, UserTask) or topic is None or sender is None:
            return message
        if topic.type in (self.user_topic, sender.type) or sender.type == self.user_topic:
            return message  # a customer's turn or an answer, not a handoff
        context = list(message.context)
        note = transfer_note(context)
        try:
            added = list(await self.on_handoff(note, context, topic.type)) if self.on_handoff else []
            shaped = list(self.history_filter(context, note))
            shaped = shaped[:-1] + added + shaped[-1:] if added and shaped else shaped + added
        except Exception as error:  # a broken filter or hook must not lose the customer: hand over unchanged
            self.log.append(CarriedHandoff(topic.source, sender.type, topic.type, note, len(context), len(context),
                                           problem=f"{type(error).__name__}: {error}"))
            return message
        self.log.append(CarriedHandoff(topic.source, sender.type, topic.type, note, len(context), len(shaped),
                                       tuple(str(m.content) for m in added)))
        return UserTask(context=shaped, handoffs=message.handoffs)


def shaped_runtime(shaper: HandoffShaper, recorder: Any = None) -> SingleThreadedAgentRuntime:
    """A runtime whose handoffs pass through ``shaper``.

    The shaper must be the LAST intervention handler: autogen-core 0.7.5 hands every handler the original message
    and delivers what the last one returned (measured: with the recorder's handler after it, the shaping was lost).
    """
    handlers = ([recorder.autogen_intervention_handler()] if recorder is not None else []) + [shaper]
    return SingleThreadedAgentRuntime(intervention_handlers=handlers)
