"""Backends connect a :class:`~handoffs.ui.ChatPanel` to an agent: one customer turn in, one reply out.

A backend has a ``conversation`` id (what the recorder files the run under), a ``badge_label`` (``"step"`` for a
single agent, ``"agent"`` for several) and ``async respond(text) -> Reply``. Two are provided:

- :class:`LangChainBackend` — a ``create_agent`` agent with a checkpointer; keeps one ``thread_id``. By default it
  runs ``agent.invoke`` in a worker thread (the seed's step middleware is a plain ``def``, which ``ainvoke`` refuses);
  ``use_async=True`` calls ``agent.ainvoke`` instead.
- :class:`AutoGenBackend` — an AutoGen runtime session. Replies arrive asynchronously: the part-2 ``UserAgent``
  calls ``backend.deliver(agent, text)`` when an ``AgentResponse`` reaches it, and gets the customer's next words
  with ``await backend.next_user_text()`` (instead of ``input()``), or the backend calls your ``publish(text)``.
  ``respond`` resolves when the reply for that turn arrived, or raises :class:`ReplyTimeout` — saying "no operator
  has answered yet — answer on the Operator desk" when the human agent is waiting for a person (the customer's side
  sets ``operator_pending``); that reply is shown when it arrives.

Backends render nothing; panels render nothing but what backends and the recorder say.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Protocol

from handoffs.loops import call_on_loop, resolve
from handoffs.text_safety import readable


@dataclass(frozen=True)
class Reply:
    """What came back for one customer turn: who answered, in which role, and the text."""

    speaker: str
    text: str
    role: str = "assistant"  # assistant | operator
    finished: bool = False  # the conversation is over after this reply (a single agent's "done" step)


class ChatBackend(Protocol):
    conversation: str
    badge_label: str

    async def respond(self, text: str) -> Reply: ...


NO_OPERATOR_YET = ("Still waiting: no operator has answered yet — answer on the Operator desk; the reply will "
                   "appear here when they do.")
NO_REPLY = ("no reply in session {session!r} within {timeout:g} s — is the runtime started, and does the UserAgent "
            "call backend.deliver(agent, text) when an AgentResponse arrives?")


class ReplyTimeout(TimeoutError):
    """No reply arrived in time; the message says what to check. ``waiting_for_operator``: a person is awaited."""

    def __init__(self, message: str, waiting_for_operator: bool = False) -> None:
        super().__init__(message)
        self.waiting_for_operator = waiting_for_operator


class LangChainBackend:
    """One conversation (``thread_id``) with a LangChain ``create_agent`` agent (give it a checkpointer).

    A reply whose state is in one of ``finished_steps`` ends the conversation (``Reply.finished``); :meth:`restart`
    then starts a new one on a fresh thread id (``panel-2``, ``panel-3`` ...).
    """

    badge_label = "step"

    def __init__(self, agent: Any, thread_id: str = "panel", use_async: bool = False, speaker: str = "bot",
                 finished_steps: tuple[str, ...] = ("done",)) -> None:
        self.agent = agent
        self.conversation = str(thread_id)
        self.use_async = use_async
        self.speaker = speaker
        self.finished_steps = tuple(finished_steps)
        self._first_thread = self.conversation
        self._restarts = 0

    def restart(self) -> str:
        """Start a new conversation on a new thread id (the old one stays in the checkpointer); returns the id."""
        self._restarts += 1
        self.conversation = f"{self._first_thread}-{self._restarts + 1}"
        return self.conversation

    @property
    def config(self) -> dict:
        return {"configurable": {"thread_id": self.conversation}}

    async def respond(self, text: str) -> Reply:
        payload = {"messages": [{"role": "user", "content": text}]}
        if self.use_async:
            result = await self.agent.ainvoke(payload, self.config)
        else:
            result = await asyncio.to_thread(self.agent.invoke, payload, self.config)
        return Reply(self.speaker, _last_ai_text(result), finished=self.is_finished(result))

    def is_finished(self, state: Any) -> bool:
        """True when ``state`` (an agent's result) is in one of the finished steps."""
        return isinstance(state, dict) and state.get("current_step") in self.finished_steps


def _last_ai_text(result: Any) -> str:
    for message in reversed(result.get("messages", []) if isinstance(result, dict) else []):
        if getattr(message, "type", "") == "ai" and getattr(message, "text", ""):
            return message.text
    return "(the agent finished without a text reply)"


class AutoGenBackend:
    """One AutoGen session (topic source). Part-2's ``UserAgent`` talks to it instead of ``input()``/``print()``.

    ``publish``: optional ``async publish(text)`` that puts the customer's words into the runtime. Without it,
    the words wait in a queue for the ``UserAgent``'s ``await backend.next_user_text()``.
    ``operator_agents``: agent types whose replies are shown as the human operator's.
    """

    badge_label = "agent"

    def __init__(self, session_id: str, publish: Callable[[str], Awaitable[None]] | None = None,
                 timeout: float = 30.0, operator_agents: tuple[str, ...] = ("HumanAgent",)) -> None:
        self.conversation = str(session_id)
        self.publish = publish
        self.timeout = timeout
        self.operator_agents = tuple(operator_agents)
        self._inbox: asyncio.Queue[str] | None = None
        self._home_loop: asyncio.AbstractEventLoop | None = None  # where the UserAgent waits for words
        self._waiting: asyncio.Future[Reply] | None = None
        self._listeners: list[Callable[[Reply], None]] = []
        self.unanswered: list[Reply] = []  # replies that arrived while nobody waited for one
        self.operator_pending = False  # set by the customer's side while the human agent waits for a person
        self.finished = False  # set by the customer's side when the session ended (nobody reads new words then)

    # ---- the UserAgent's side ------------------------------------------------------------------
    def deliver(self, agent: str, text: str) -> None:
        """An agent's reply reached the customer (call this from the UserAgent's AgentResponse handler)."""
        role = "operator" if agent in self.operator_agents else "assistant"
        reply = Reply(readable(agent), readable(text), role)
        if self._waiting is not None and not self._waiting.done():
            resolve(self._waiting, reply)  # the panel may wait on a kernel subshell's loop
            return
        self.unanswered.append(reply)
        for listener in list(self._listeners):
            listener(reply)

    async def next_user_text(self) -> str:
        """Wait for the customer's next words (the UserAgent's replacement for ``input()``)."""
        self._home_loop = asyncio.get_running_loop()
        return await self._queue().get()

    # ---- the panel's side ----------------------------------------------------------------------
    def on_unanswered(self, listener: Callable[[Reply], None]) -> None:
        """Call ``listener(reply)`` for replies that arrive outside a turn (e.g. a second message)."""
        self._listeners.append(listener)

    async def respond(self, text: str) -> Reply:
        loop = asyncio.get_running_loop()
        self._waiting = loop.create_future()
        if self.publish is not None:
            await self.publish(text)
        else:  # the UserAgent waits on its own loop, which a click on a subshell thread must wake thread-safely
            call_on_loop(self._home_loop, self._queue().put_nowait, text)
        try:
            return await asyncio.wait_for(asyncio.shield(self._waiting), self.timeout)
        except asyncio.TimeoutError:
            if self.operator_pending:  # the wiring is fine: a person has not answered yet (it arrives later)
                raise ReplyTimeout(NO_OPERATOR_YET, waiting_for_operator=True) from None
            raise ReplyTimeout(NO_REPLY.format(session=self.conversation, timeout=self.timeout)) from None
        finally:
            self._waiting = None

    def _queue(self) -> asyncio.Queue[str]:
        if self._inbox is None:
            self._inbox = asyncio.Queue()
        return self._inbox
