"""The customers of seed 003's team: one per session, each an object the agents *await*.

The seed reads the customer from the console with ``input()``, which blocks the event loop, cannot run in a
notebook under nbval, and cannot tell two sessions apart. Here:

* :class:`Customer` — one customer's side of one session. ``say(text)`` is what they type (a chat panel's Send
  button or a test calls it); the customer's agent awaits :meth:`Customer.next_words`. Every answer they get is
  recorded as a :class:`Turn` (who answered what), and ``on_message`` listeners (a chat panel) see every line.
* :class:`ScriptedCustomer` — a customer whose words come from a list (tests, walk-throughs, many sessions);
  :class:`PanelCustomer` — a customer typing in a :class:`handoffs.ui.ChatPanel` (through its backend).
* :class:`Customers` — who the customer of each session is, keyed by session id (the topic source).
* :func:`tell_customers_while_the_operator_is_awaited` — passes the operator desk's ``on_waiting`` to the
  session's customer (their reply timeout then says "no operator has answered yet").

What this module is not: the person at the other end, the human operator, is :class:`OperatorDesk`
(:mod:`.operator_desk`; importable from here as well). Nothing here knows AutoGen's runtime: these are plain
asyncio objects, so a panel or a test can drive them.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, List

from handoffs.loops import call_on_loop
from handoffs.models.consent import read_reply
from handoffs.text_safety import readable

from .customer_text import CUSTOMER_TEXT
from .operator_desk import HelpRequest, OperatorDesk  # noqa: F401  (the operator's side, where it was imported from)

EXIT_WORD = "exit"
"""What a customer says to close their session (as in the seed)."""


def answers_yes(answer: str) -> bool:
    """The seed's "y"/"yes", or a clear yes to the order in the customer's language ("네", "주문할게요", "sure") —
    never a no, a question, a condition or a request for a person ("상담원 연결해 주세요" confirms nothing)."""
    return answer.strip().lower() in {"y", "yes"} or read_reply(answer, "order").agrees


Listener = Callable[[str, str], None]
"""Called with (speaker, text) for every line of a session: speaker is "customer" or an agent type."""


@dataclass(frozen=True, slots=True)  # slots: a crowd keeps thousands (~40 bytes a turn less than a __dict__)
class Turn:
    """One exchange: what the customer said and which agent answered it, with what."""

    said: str
    handled_by: str
    reply: str


class Customer:
    """One customer's side of one session; their words arrive with :meth:`say`."""

    reads_typed_words = True
    """Whether :meth:`next_words` reads what :meth:`say` queued (a subclass with its own source of words: False)."""

    def __init__(self, session_id: str) -> None:
        if not session_id or not isinstance(session_id, str):
            raise ValueError("A customer needs a non-empty session id (a string).")
        self.session_id = session_id
        self.turns: List[Turn] = []
        self.confirmations: List[tuple[str, str]] = []
        self._ended = False
        self._finished: asyncio.Event | None = None  # made when first asked for (see finished)
        # (an asyncio.Queue is ~2 KiB: made only for customers who type, which matters with 10,000 sessions)
        self._words: asyncio.Queue[str] | None = asyncio.Queue() if self.reads_typed_words else None
        self._listeners: List[Listener] = []
        self._last_said = ""
        self._home_loop: asyncio.AbstractEventLoop | None = None  # where the customer's agent waits
        self.waiting_for_operator = False  # the human agent is waiting for a person to answer this customer

    def on_message(self, listener: Listener) -> None:
        """Call ``listener(speaker, text)`` for every line of this session from now on."""
        self._listeners.append(listener)

    def say(self, text: str) -> None:
        """The customer types ``text`` (a button callback — on any thread — or code)."""
        if not isinstance(text, str) or not text.strip():
            raise ValueError("The customer's message must be non-empty text.")
        if self._words is None:  # this customer's words come from elsewhere: keep typed ones, unread, as before
            self._words = asyncio.Queue()
        # clicks may come on a subshell thread; a lone surrogate is mended before it can break later messages
        call_on_loop(self._home_loop, self._words.put_nowait, readable(text.strip()))

    async def _next_raw(self) -> str:
        self._home_loop = asyncio.get_running_loop()
        assert self._words is not None, "a customer who reads typed words has a queue"
        return await self._words.get()

    async def next_words(self) -> str:
        """Wait for the customer's next message (the customer's agent awaits this instead of ``input()``)."""
        words = readable(await self._next_raw())  # a lone surrogate would break every later message and picture
        self._last_said = words
        self._tell("customer", words)
        return words

    def hear(self, agent: str, text: str) -> None:
        """An agent's answer reached the customer: record which agent handled the last message."""
        text = readable(text)
        self.turns.append(Turn(said=self._last_said, handled_by=agent, reply=text))
        self._tell(agent, text)

    async def _next_answer(self) -> str:
        return await self._next_raw()

    async def confirm(self, question: str) -> bool:
        """Ask a yes/no question (an order summary); the customer's next message answers it."""
        self._tell("confirm", question)
        answer = readable(await self._next_answer()).strip()
        self.confirmations.append((question, answer))
        self._tell("customer", answer)
        return answers_yes(answer)

    def operator_waiting(self, waiting: bool) -> None:
        """The human agent started (True) or stopped (False) waiting for the operator to answer this customer."""
        self.waiting_for_operator = waiting

    def end(self) -> None:
        """The session is over (the customer said ``exit``)."""
        self._tell("session", f"Session {self.session_id} ended.")
        self._ended = True
        if self._finished is not None:
            self._finished.set()

    @property
    def finished(self) -> asyncio.Event:
        """An ``asyncio.Event`` set when the session is over (already set if it is). Made when first asked for: an
        Event holds a deque of ~0.8 KiB, and a crowd's 10,000 customers report their end without one."""
        if self._finished is None:
            self._finished = asyncio.Event()
            if self._ended:
                self._finished.set()
        return self._finished

    @property
    def handled_by(self) -> List[str]:
        """Which agent answered each of the customer's turns, in order."""
        return [turn.handled_by for turn in self.turns]

    def _tell(self, speaker: str, text: str) -> None:
        for listener in self._listeners:
            listener(speaker, text)


class ScriptedCustomer(Customer):
    """A customer who says the given lines in order, then ``exit``; answers order questions from ``confirmations``."""

    reads_typed_words = False

    def __init__(self, session_id: str, turns: Iterable[str], confirmations: Iterable[str] = ("y",)) -> None:
        super().__init__(session_id)
        self.script = [str(t) for t in turns]
        if not self.script or not all(t.strip() for t in self.script):
            raise ValueError("A scripted customer needs at least one non-empty line.")
        self._script: Iterator[str] = iter(self.script)
        self._answers: Iterator[str] = iter(list(confirmations))

    async def _next_raw(self) -> str:
        return next(self._script, EXIT_WORD)

    async def _next_answer(self) -> str:
        return next(self._answers, "n")


class PanelCustomer(Customer):
    """A customer typing in a :class:`handoffs.ui.ChatPanel`: words come from its ``AutoGenBackend``, answers go back.

    An order question is shown in the panel as a reply from ``"order"``; the customer's next message answers it.
    """

    def __init__(self, backend: Any) -> None:
        super().__init__(backend.conversation)
        self.backend = backend

    async def _next_raw(self) -> str:
        return str(await self.backend.next_user_text())

    def hear(self, agent: str, text: str) -> None:
        super().hear(agent, text)
        self.backend.deliver(agent, text)

    async def confirm(self, question: str) -> bool:
        self.backend.deliver(CUSTOMER_TEXT["order"], question)
        return await super().confirm(question)

    def operator_waiting(self, waiting: bool) -> None:
        super().operator_waiting(waiting)
        if hasattr(self.backend, "operator_pending"):
            self.backend.operator_pending = waiting  # its reply timeout then says so, instead of blaming the wiring

    def end(self) -> None:
        super().end()
        if hasattr(self.backend, "finished"):
            self.backend.finished = True  # the panel then says how to start a new conversation
        self.backend.deliver(CUSTOMER_TEXT["session"], CUSTOMER_TEXT["ended"])


class Customers:
    """The customer of each open session, keyed by session id (= topic source = the agents' key)."""

    def __init__(self) -> None:
        self._by_session: dict[str, Customer] = {}

    def add(self, customer: Customer) -> Customer:
        if customer.session_id in self._by_session:
            raise ValueError(f"Session {customer.session_id!r} is already open; use a new session id.")
        self._by_session[customer.session_id] = customer
        return customer

    def __getitem__(self, session_id: str) -> Customer:
        try:
            return self._by_session[session_id]
        except KeyError:
            raise KeyError(f"No customer for session {session_id!r}: open it with team.open_session(...)") from None

    def __contains__(self, session_id: object) -> bool:
        return session_id in self._by_session

    def __len__(self) -> int:
        return len(self._by_session)

    def __iter__(self) -> Iterator[Customer]:
        return iter(list(self._by_session.values()))


def tell_customers_while_the_operator_is_awaited(operators: Any, customers: Customers) -> None:
    """Tell each session's customer when the human agent starts and stops waiting for the operator.

    Works with any operators object that has ``on_waiting`` (:class:`OperatorDesk`, :class:`handoffs.ui.OperatorPanel`);
    others are left as they are (their customers' timeouts then say less).
    """
    on_waiting = getattr(operators, "on_waiting", None)
    if on_waiting is None:
        return

    def notice(conversation: str, waiting: bool) -> None:
        if conversation in customers:
            customers[conversation].operator_waiting(waiting)

    on_waiting(notice)
