"""`RunRecorder`: the one record of what happened, and the questions panels, pictures and tests ask of it.

Feeds (the LangChain middleware, the AutoGen intervention handler and model-client wrapper) call
:meth:`RunRecorder.add_row` (:meth:`RunRecorder.add` is the same by field name); everything else only reads.
Subscribers are called with each new event, so panels update live. The recorder is thread-safe (LangChain may run tools in worker threads). Events are kept in order
and indexed by conversation, so a question about one conversation reads that conversation's events only, however
many sessions were recorded. It keeps each event as a row of plain values on a shelf (:mod:`handoffs.recorder.rows`:
one list, no object a row for the garbage collector to count or walk; a conversation's rows by their places and
seqs, machine integers in an array) and builds the event objects when a reader asks for them, so a reader gets equal
events, not the same objects twice. It does not render anything and does not know any framework: see
``langchain_feed`` and ``autogen_feed`` for that.
"""

from __future__ import annotations

import threading
import warnings
from array import array
from dataclasses import fields
from typing import Any, Callable, TypeVar

from handoffs.i18n import Texts

from . import rows
from .events import (
    ErrorEvent,
    Event,
    HandoffEvent,
    MessageEvent,
    ModelCallEvent,
    StepChangeEvent,
    ToolRunEvent,
)

E = TypeVar("E", bound=Event)
#: the few words :meth:`RunRecorder.describe` adds to a listing (event kinds, steps, agents and tools stay as named)
DESCRIBE_TEXTS = Texts({
    "text": {"en": "text", "ko": "글로 답함"},
    "by": {"en": "(by {tool})", "ko": "({tool} 도구로)"},
    "refused": {"en": " REFUSED", "ko": " 거부됨"},
    "error": {"en": " ERROR", "ko": " 오류"},
})
Subscriber = Callable[[Event], None]


class RunRecorder:
    """An append-only list of events with live subscribers and a few questions about conversations.

    Query methods take a ``conversation`` id; ``None`` means "the conversation of the latest event".
    """

    def __init__(self) -> None:
        # every event as a row (see handoffs.recorder.rows), oldest first, its seq left out (None): the rows on the
        # shelf have consecutive seqs from _first_seq, so the recorder knows each one's without an int object a row
        # (32 bytes: ~0.9 KiB a seed-003 session of 28 events, where seqs pass 256)
        self._rows = rows.Shelf()
        # conversation -> the place and the seq of each of its rows on the shelf, as machine integers (an int object a
        # row in a list cost 36 bytes, 8 here)
        self._by_conversation: dict[str, array] = {}
        self._subscribers: list[Subscriber] = []
        self._lock = threading.RLock()
        self._next_seq = 1
        self._first_seq = 1  # the seq of the shelf's first row

    # ---- writing -------------------------------------------------------------------------------
    def add(self, event_type: type[E], conversation: str, **values: Any) -> E:
        """Create an event of ``event_type`` with the next ``seq``, store it and tell the subscribers."""
        with self._lock:
            event = event_type(seq=self._next_seq, conversation=str(conversation), **values)
            self._keep(rows.code_of(event_type), event.conversation, rows.values_of(event))
            subscribers = list(self._subscribers) if self._subscribers else ()
        self._tell(subscribers, event)
        return event

    def add_row(self, event_type: type[Event], conversation: str, *values: Any) -> None:
        """:meth:`add` for the feeds, without building the event: ``values`` are ALL the fields after ``seq`` and
        ``conversation``, in the class's field order (``tool_calls`` may be ``(name, args, id)`` tuples). The event
        object is built only when a subscriber is listening."""
        code = rows.code_of(event_type)
        conversation = conversation if type(conversation) is str else str(conversation)
        with self._lock:
            place = self._keep(code, conversation, values)
            subscribers = self._subscribers and list(self._subscribers)
            seq = self._next_seq - 1
        if subscribers:
            self._tell(subscribers, rows.unpack(_with_seq(self._rows[place], seq)))

    def _keep(self, code: int, conversation: str, values: tuple) -> int:
        """Keep an event's row with the next ``seq`` (the caller holds the lock); returns its place on the shelf."""
        place = self._rows.add(code, None, conversation, values)
        places = self._by_conversation.get(conversation)
        if places is None:
            self._by_conversation[conversation] = places = array("q")
        places.append(place)
        places.append(self._next_seq)
        self._next_seq += 1
        return place

    @staticmethod
    def _tell(subscribers: Any, event: Event) -> None:
        for callback in subscribers:
            try:
                callback(event)
            except Exception as exc:  # a broken panel must never break the agent it watches
                warnings.warn(f"recorder subscriber {callback!r} failed: {exc!r}", RuntimeWarning, stacklevel=3)

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        """Call ``callback(event)`` for every new event; returns a function that unsubscribes."""
        with self._lock:
            self._subscribers.append(callback)

        def unsubscribe() -> None:
            with self._lock:
                if callback in self._subscribers:
                    self._subscribers.remove(callback)

        return unsubscribe

    def clear(self) -> None:
        """Forget all events (subscribers stay; ``seq`` keeps growing so old numbers are never reused)."""
        with self._lock:
            self._rows.clear()
            self._by_conversation.clear()
            self._first_seq = self._next_seq

    # ---- feeds (framework glue lives in separate modules, imported lazily) ----------------------
    def langchain_middleware(self, step_field: str = "current_step", default_step: str | None = None):
        """An ``AgentMiddleware`` for ``create_agent(middleware=[..., rec.langchain_middleware()])``.

        Put it LAST in the list: LangChain composes the first middleware as the outermost layer, so only the
        last one sees the prompt and tools your step middleware put into the request.
        ``default_step`` names the step when the state has no ``step_field`` yet (e.g. ``"triage"``).
        """
        from .langchain_feed import RecordingMiddleware

        return RecordingMiddleware(self, step_field=step_field, default_step=default_step)

    def autogen_intervention_handler(self, user_topic: str = "User", operator_agents: tuple[str, ...] = ("HumanAgent",)):
        """A ``DefaultInterventionHandler`` for ``SingleThreadedAgentRuntime(intervention_handlers=[...])``."""
        from .autogen_feed import RecordingInterventionHandler

        return RecordingInterventionHandler(self, user_topic=user_topic, operator_agents=operator_agents)

    def wrap_model_client(self, client: Any, agent: str | None = None):
        """A ``ChatCompletionClient`` that forwards to ``client`` and records every create/create_stream."""
        from .autogen_feed import RecordingModelClient

        return RecordingModelClient(client, self, agent=agent)

    # ---- reading -------------------------------------------------------------------------------
    @property
    def events(self) -> list[Event]:
        """All events, oldest first (new objects: a list of your own)."""
        with self._lock:
            kept = [_with_seq(row, seq) for seq, row in enumerate(self._rows, start=self._first_seq)]
        return rows.unpack_all(kept)

    def conversations(self) -> list[str]:
        """Conversation ids in the order they first appeared."""
        with self._lock:
            return list(self._by_conversation)

    def latest_conversation(self) -> str | None:
        with self._lock:
            return self._rows[self._rows.last][2] if self._rows.last >= 0 else None

    def of_kind(self, event_type: type[E], conversation: str | None = None) -> list[E]:
        """All events of one type in one conversation, oldest first."""
        codes = rows.codes_of(event_type)
        kept = [row for row in self._rows_of(conversation) if row[0] in codes]
        return rows.unpack_all(kept)  # type: ignore[return-value]

    def transcript(self, conversation: str | None = None) -> list[MessageEvent]:
        return self.of_kind(MessageEvent, conversation)

    def model_calls(self, conversation: str | None = None) -> list[ModelCallEvent]:
        return self.of_kind(ModelCallEvent, conversation)

    def errors(self, conversation: str | None = None) -> list[ErrorEvent]:
        return self.of_kind(ErrorEvent, conversation)

    def tools_run(self, conversation: str | None = None) -> list[str]:
        """Names of the tools that actually executed (refused calls are left out), in order."""
        return [e.tool for e in self.of_kind(ToolRunEvent, conversation) if not e.refused]

    def handoffs(self, conversation: str | None = None) -> list[tuple[str, str]]:
        """``(from_agent, to_agent)`` for each handoff, in order."""
        return [(e.from_agent, e.to_agent) for e in self.of_kind(HandoffEvent, conversation)]

    def steps_visited(self, conversation: str | None = None) -> list[str]:
        """The single agent's steps in the order they were entered (the step of the first model call first)."""
        path: list[str] = []
        for event in self._of(conversation):
            if isinstance(event, ModelCallEvent) and event.step is not None and not path:
                path.append(event.step)
            elif isinstance(event, StepChangeEvent):
                if not path:
                    path.append(event.from_step)
                path.append(event.to_step)
        return path

    def current_step(self, conversation: str | None = None) -> str | None:
        path = self.steps_visited(conversation)
        return path[-1] if path else None

    def agents_visited(self, conversation: str | None = None) -> list[str]:
        """Agents that answered or received a handoff, in order, consecutive repeats collapsed."""
        agents: list[str] = []
        for event in self._of(conversation):
            if isinstance(event, ModelCallEvent):
                name = event.actor
            elif isinstance(event, HandoffEvent):
                name = event.to_agent
            elif isinstance(event, MessageEvent) and event.role != "user":
                name = event.actor
            else:
                continue
            if not agents or agents[-1] != name:
                agents.append(name)
        return agents

    def current_agent(self, conversation: str | None = None) -> str | None:
        agents = self.agents_visited(conversation)
        return agents[-1] if agents else None

    def reasons(self, conversation: str | None = None) -> list[tuple[str, str]]:
        """``(actor, reason)`` of every model call that gave a reason."""
        return [(e.actor, e.reason) for e in self.model_calls(conversation) if e.reason]

    def describe(self, conversation: str | None = None, width: int = 110) -> str:
        """A deterministic, human-readable listing of one conversation (numbered from 1, no seq numbers);
        lines longer than ``width`` end with '…'."""
        lines = []
        for number, event in enumerate(self._of(conversation), start=1):
            line = f"{number:2d}. {_one_line(event)}"
            lines.append(line if len(line) <= width else line[: width - 1] + "…")
        return "\n".join(lines)

    # ---- helpers -------------------------------------------------------------------------------
    def _resolve(self, conversation: str | None) -> str | None:
        return self.latest_conversation() if conversation is None else str(conversation)

    def _of(self, conversation: str | None) -> list[Event]:
        """One conversation's events, oldest first."""
        return rows.unpack_all(self._rows_of(conversation))

    def _rows_of(self, conversation: str | None) -> list[rows.Row]:
        """One conversation's rows, oldest first."""
        with self._lock:
            conv = self._resolve(conversation)
            shelf = self._rows
            kept = self._by_conversation.get(conv, ()) if conv is not None else ()
            return [_with_seq(shelf[place], seq) for place, seq in zip(kept[::2], kept[1::2])]


def _with_seq(row: rows.Row, seq: int) -> rows.Row:
    """A row of the shelf (its seq left out) with its seq."""
    return (row[0], seq, *row[2:])


def _by(tool: str | None) -> str:
    """" (by record_issue)": which tool moved the conversation, when one did (a hand-built handoff names none)."""
    return " " + DESCRIBE_TEXTS["by"].format(tool=tool) if tool else ""


def _one_line(event: Event) -> str:
    if isinstance(event, MessageEvent):
        return f"{event.role:<9} {event.actor}: {event.text!r}"
    if isinstance(event, ModelCallEvent):
        called = ", ".join(c.name for c in event.tool_calls) or DESCRIBE_TEXTS["text"]
        return f"model     {event.actor} [{', '.join(event.tools_offered)}] -> {called}"
    if isinstance(event, ToolRunEvent):
        flag = DESCRIBE_TEXTS["refused"] if event.refused else (DESCRIBE_TEXTS["error"] if event.is_error else "")
        return f"tool      {event.actor}: {event.tool}{flag}"
    if isinstance(event, StepChangeEvent):
        return f"step      {event.from_step} -> {event.to_step}" + _by(event.tool)
    if isinstance(event, HandoffEvent):
        return f"handoff   {event.from_agent} -> {event.to_agent}" + _by(event.tool)
    if isinstance(event, ErrorEvent):
        return f"error     {event.actor}: {event.message}"
    values = ", ".join(f"{f.name}={getattr(event, f.name)!r}" for f in fields(event)[2:])
    return f"{event.kind:<9} {values}"
