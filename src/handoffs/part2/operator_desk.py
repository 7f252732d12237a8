"""The human operator's desk: where notebook 06's ``HumanAgent`` puts a conversation and waits for a person.

The seed asks the operator with ``input()``, which blocks the event loop and cannot tell two sessions apart. Here
:class:`OperatorDesk` is a queue of help requests (:class:`HelpRequest`): the human agent awaits
:meth:`OperatorDesk.ask` (an ``asyncio.Future`` per conversation) and the operator — code, a test, or a person
behind a panel — answers with :meth:`OperatorDesk.answer`. It has the ``ask`` of :class:`handoffs.ui.OperatorPanel`,
so the panel can take its place; both say when a conversation starts and stops waiting (``on_waiting``), which
:func:`handoffs.part2.people.tell_customers_while_the_operator_is_awaited` passes on to the session's customer.

What this module is not: the customers (``people``), or the panel a person answers in (``handoffs.ui``); it knows
nothing of AutoGen's runtime — a plain asyncio object a panel or a test can drive.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Callable, Iterable, List

from autogen_core.models import LLMMessage

from handoffs.loops import resolve
from handoffs.text_safety import readable


@dataclass
class HelpRequest:
    """A conversation waiting for the human operator."""

    session_id: str
    request: str
    context: List[LLMMessage]
    reply: "asyncio.Future[str]" = field(repr=False)


class OperatorDesk:
    """The human operator's queue: the human agent waits here until :meth:`answer` is called."""

    def __init__(self) -> None:
        self._pending: dict[str, HelpRequest] = {}
        self._arrivals: asyncio.Queue[HelpRequest] = asyncio.Queue()
        self._listeners: List[Callable[[HelpRequest], None]] = []
        self._waiting_listeners: List[Callable[[str, bool], None]] = []
        self.answered: List[tuple[str, str]] = []

    def on_request(self, listener: Callable[[HelpRequest], None]) -> None:
        """Call ``listener(request)`` whenever a conversation starts waiting for the operator."""
        self._listeners.append(listener)

    def on_waiting(self, listener: Callable[[str, bool], None]) -> None:
        """Call ``listener(conversation, True)`` when a conversation starts waiting, ``(…, False)`` when it stops."""
        self._waiting_listeners.append(listener)

    async def ask(self, conversation: str, request: str, context: Iterable[LLMMessage] = ()) -> str:
        """Put a conversation on the desk and wait for the operator's reply (the human agent calls this).

        Same signature as :meth:`handoffs.ui.OperatorPanel.ask`, so the human agent works with either.
        """
        item = HelpRequest(conversation, request, list(context), asyncio.get_running_loop().create_future())
        self._pending[conversation] = item
        self._arrivals.put_nowait(item)
        for listener in self._listeners:
            listener(item)
        for waiting in self._waiting_listeners:
            waiting(conversation, True)
        try:
            return await item.reply
        finally:
            for waiting in self._waiting_listeners:
                waiting(conversation, False)

    @property
    def pending(self) -> List[HelpRequest]:
        """Conversations waiting for an answer, oldest first."""
        return list(self._pending.values())

    async def next_request(self) -> HelpRequest:
        """Wait until a conversation arrives on the desk (code playing the operator awaits this)."""
        while True:
            item = await self._arrivals.get()
            if not item.reply.done():
                return item

    def answer(self, session_id: str, text: str) -> None:
        """The operator answers the customer of ``session_id``."""
        if not isinstance(text, str) or not text.strip():
            raise ValueError("The operator's answer must be non-empty text.")
        item = self._pending.pop(session_id, None)
        if item is None:
            waiting = ", ".join(self._pending) or "none"
            raise KeyError(f"No conversation of session {session_id!r} is waiting (waiting: {waiting}).")
        text = readable(text.strip())
        self.answered.append((session_id, text))
        resolve(item.reply, text)
