"""How the recorder keeps an event: a *row*, one flat tuple of plain values, turned back into the event on reading.

Why: an event object is one more object the garbage collector tracks for as long as the recorder keeps it, and a full
collection walks every tracked object. A recorder of a thousand seed-000 conversations (11 events each, with their
tool-call tuples and argument dicts: 24 tracked objects a conversation) made every full collection of the process
longer, and brought the next one sooner. CPython stops tracking a tuple when a collection finds nothing in it that may
be tracked: strings, numbers, ``None`` and untracked tuples qualify; a dict, even an empty one, never does; and a
collection meets a tuple before the tuples inside it, so each level of nesting waits for one more collection (in the
oldest generation, a full one). So a row holds no dict and nests nothing: it is untracked by the first collection.

A row is ``(code, seq, conversation, *fields, *tail)``: ``code`` numbers the event's class, the fields follow in the
class's field order, and three fields keep a count in their place and their contents in the tail, in field order:
``tools_offered`` (the names), ``args`` (key, value, key, value, ...) and ``tool_calls`` (per call: name, id, count of
arguments, then its arguments as ``args``). A count of -1 means "not of the usual type": the value itself is in the
tail, as it was given.

:func:`pack` makes the row of an event, :func:`row` the row of a feed's field values (without building the event),
:func:`unpack` the event of a row: equal to the one packed (same class, same values; each args a new dict, each tool
call a new :class:`~handoffs.recorder.events.ToolCallInfo`). An event class the recorder has not met before (a
subclass of ``Event`` a learner writes) gets the next code when first used.

A recorder keeps its rows on a :class:`Shelf`: their values end to end in one list, not a tuple each. A tuple is
untracked only by the next collection, and until then it counts towards it: a recorder keeping 11 new tuples a
seed-000 conversation (and the feed 13 more of its own bookkeeping) brought the young collections round twice as
often as the agent alone, and every tenth young collection moves what the running conversation holds at that moment
into the oldest generation, which is what brings the full collections round. Values appended to a list count towards
nothing. This module knows no framework.
"""

from __future__ import annotations

import threading
from dataclasses import fields
from typing import Any, Iterable, Iterator

from .events import (
    ErrorEvent,
    Event,
    HandoffEvent,
    MessageEvent,
    ModelCallEvent,
    PublishEvent,
    StepChangeEvent,
    ToolCallInfo,
    ToolRunEvent,
)

Row = tuple  # (code, seq, conversation, *fields, *tail)

NAMES, ARGS, CALLS = "tools_offered", "args", "tool_calls"  # the fields kept flat, by name
_TYPES: list[type[Event]] = []  # code -> event class
_CODES: dict[type, int] = {}  # event class -> code
_WIDTH: list[int] = []  # code -> number of fields after seq and conversation
_FLAT: list[tuple[tuple[int, str], ...]] = []  # code -> (position in the fields, NAMES/ARGS/CALLS) of its flat fields
_REGISTERING = threading.Lock()


def code_of(event_type: type[Event]) -> int:
    """The number of an event class in rows (a class met for the first time is numbered now)."""
    code = _CODES.get(event_type)
    if code is not None:
        return code
    if not (isinstance(event_type, type) and issubclass(event_type, Event)):
        raise TypeError(f"a recorder keeps Event subclasses, not {event_type!r}")
    with _REGISTERING:
        if event_type not in _CODES:
            names = [f.name for f in fields(event_type)][2:]
            _TYPES.append(event_type)
            _WIDTH.append(len(names))
            _FLAT.append(tuple((at, name) for at, name in enumerate(names) if name in (NAMES, ARGS, CALLS)))
            _CODES[event_type] = len(_TYPES) - 1
        return _CODES[event_type]


for _event_type in (MessageEvent, ModelCallEvent, ToolRunEvent, StepChangeEvent, HandoffEvent, PublishEvent,
                    ErrorEvent):
    code_of(_event_type)


def codes_of(event_type: type) -> frozenset[int]:
    """The codes of ``event_type`` and its subclasses met so far (for ``of_kind`` without building events)."""
    return frozenset(code for code, cls in enumerate(_TYPES) if issubclass(cls, event_type))


def row(code: int, seq: int, conversation: str, values: tuple) -> Row:
    """The row of an event from ALL its field values after ``seq`` and ``conversation``, in field order
    (``tool_calls`` may be ``(name, args, id)`` tuples or :class:`ToolCallInfo`)."""
    shelf = Shelf()
    return shelf[shelf.add(code, seq, conversation, values)]


def values_of(event: Event) -> tuple:
    """An event's field values after ``seq`` and ``conversation``, in field order (what :func:`row` takes)."""
    return tuple(getattr(event, f.name) for f in fields(event)[2:])


def pack(event: Event) -> Row:
    """The row of an event."""
    return row(code_of(type(event)), event.seq, event.conversation, values_of(event))


def unpack(kept: Row) -> Event:
    """The event of a row (a new object each time, equal to the one packed)."""
    code = kept[0]
    flat, end = _FLAT[code], 1 + 2 + _WIDTH[code]
    if not flat:
        return _TYPES[code](*kept[1:end])
    values, at_tail = list(kept[1:end]), end
    for at, name in flat:
        values[2 + at], at_tail = _take(name, values[2 + at], kept, at_tail)
    return _TYPES[code](*values)


def unpack_all(kept: Iterable[Row]) -> list[Event]:
    return [unpack(one) for one in kept]


# ---- the flat fields ---------------------------------------------------------------------------------------------
def _put(name: str, value: Any, tail: list) -> int:
    """Append ``value``'s contents to ``tail``; return what stands in its place (a count, or -1: the value as it is)."""
    if name == NAMES and type(value) is tuple:
        tail += value
        return len(value)
    if name == ARGS and type(value) is dict:
        for pair in value.items():
            tail += pair
        return len(value)
    if name == CALLS and type(value) is tuple and all(map(_is_call, value)):
        for call in value:
            call_name, args, call_id = (call.name, call.args, call.id) if type(call) is ToolCallInfo else call
            if type(args) is dict:  # as _put(ARGS, args, ...) keeps it, without a list of its own
                tail += (call_name, call_id, len(args))
                for pair in args.items():
                    tail += pair
            else:
                tail += (call_name, call_id, -1, args)
        return len(value)
    tail.append(value)
    return -1


def _is_call(call: Any) -> bool:
    return type(call) is ToolCallInfo or (type(call) is tuple and len(call) == 3)


def _take(name: str, count: int, kept: Row, at: int) -> tuple[Any, int]:
    """The value a count stands for, read from ``kept`` at ``at``; and where the next one starts."""
    if count < 0:
        return kept[at], at + 1
    if name == NAMES:
        return kept[at:at + count], at + count
    if name == ARGS:
        return dict(zip(kept[at:at + 2 * count:2], kept[at + 1:at + 2 * count:2])), at + 2 * count
    calls = []
    for _ in range(count):
        call_name, call_id, arg_count = kept[at:at + 3]
        args, at = _take(ARGS, arg_count, kept, at + 3)
        calls.append(ToolCallInfo(call_name, args, call_id))
    return tuple(calls), at


class Shelf:
    """Flat tuples kept end to end in one list (each after its length), each read back by its place.

    One list however many tuples it holds: keeping one allocates nothing that stays (see the module docstring).
    Reading gives a new tuple of the same values. Keeping is not thread-safe (callers hold a lock); a tuple once kept
    may be read from any thread while others are kept.
    """

    __slots__ = ("_values", "last")

    def __init__(self) -> None:
        self._values: list[Any] = []
        self.last = -1  # the place of the newest tuple (-1: none)

    def append(self, values: tuple) -> int:
        """Keep ``values``; returns their place."""
        kept = self._values
        self.last = place = len(kept)
        kept.append(len(values))
        kept += values
        return place

    def add(self, code: int, seq: int | None, conversation: str, values: tuple) -> int:
        """Keep the row :func:`row` makes of these (written here directly, without a tuple); returns its place.
        ``seq`` may be None when the caller knows each row's seq itself (the recorder: an int object a row saved)."""
        if len(values) != _WIDTH[code]:
            raise TypeError(f"{_TYPES[code].__name__} has {_WIDTH[code]} fields after seq and conversation, "
                            f"got {len(values)}")
        kept = self._values
        place = len(kept)
        kept += (0, code, seq, conversation)  # 0: the row's length, known at the end
        kept += values
        for at, name in _FLAT[code]:  # a flat field: its count in its place, its contents at the end (the tail)
            kept[place + 4 + at] = _put(name, values[at], kept)
        kept[place] = len(kept) - place - 1
        self.last = place
        return place

    def __getitem__(self, place: int) -> tuple:
        kept = self._values
        return tuple(kept[place + 1:place + 1 + kept[place]])

    def __iter__(self) -> Iterator[tuple]:
        """Every tuple, oldest first (keeping more while iterating is not safe)."""
        kept, place = self._values, 0
        while place < len(kept):
            end = place + 1 + kept[place]
            yield tuple(kept[place + 1:end])
            place = end

    def clear(self) -> None:
        self._values.clear()
        self.last = -1
