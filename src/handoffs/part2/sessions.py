"""Run scripted customer sessions through a team and report which agent handled each turn.

``run_scripted_session(["I want to buy something", ...])`` builds seed 003's team on a fresh runtime (or uses
the ``team`` you pass), opens one session with a :class:`~handoffs.part2.people.ScriptedCustomer`, waits
until the customer said their last line (then ``exit``), and returns a :class:`SessionResult`: the turns, who
handled each, and the orders and refunds the tools made in that session. ``run_many_sessions`` opens many
sessions on one team at once (the point of keying everything by session id).

Waiting is bounded: a session that does not finish in ``timeout`` seconds raises :class:`SessionTimeout` saying
where it stopped: "no operator has answered yet — answer on the Operator desk" when the human agent waits for a
person, else what the customer last heard (a transfer tool that names a topic nobody subscribes to looks like that).
This module drives sessions; it does not define agents or render anything.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, List, Mapping, Optional

from autogen_core.models import ChatCompletionClient

from handoffs.i18n import Texts

from .failure_text import SAY
from .people import Customer, ScriptedCustomer, Turn
from .team import Team, build_team, new_runtime
from .tools import Order, Refund


class SessionTimeout(TimeoutError):
    """A session did not finish in time; the message says where it stopped."""


@dataclass
class SessionResult:
    """What happened in one session, as the customer and the ledger saw it."""

    session_id: str
    turns: List[Turn]
    orders: List[Order] = field(default_factory=list)
    refunds: List[Refund] = field(default_factory=list)
    confirmations: List[tuple[str, str]] = field(default_factory=list)

    @property
    def handled_by(self) -> List[str]:
        """Which agent answered each customer turn, in order."""
        return [turn.handled_by for turn in self.turns]

    def describe(self) -> str:
        """One line per turn: what the customer said, who answered, and what (labels in the kit's language; a
        price written as the bots write it, ``$9,999,999``)."""
        lines = [DESCRIBE_TEXT["turn"].format(said=t.said, agent=t.handled_by, reply=t.reply) for t in self.turns]
        lines += [DESCRIBE_TEXT["order"].format(
            product=o.product, price=f"${o.price:,}",
            state=DESCRIBE_TEXT["confirmed" if o.confirmed else "cancelled"]) for o in self.orders]
        lines += [DESCRIBE_TEXT["refund"].format(item=r.item_id, reason=r.reason) for r in self.refunds]
        return "\n".join(lines)


#: the labels of :meth:`SessionResult.describe` (what the customer said and the agent answered stays as said)
DESCRIBE_TEXT = Texts({
    "turn": {"en": "customer: {said}\n  {agent}: {reply}", "ko": "고객: {said}\n  {agent}: {reply}"},
    "order": {"en": "order:  {product} for {price} ({state})", "ko": "주문: {product}, {price} ({state})"},
    "confirmed": {"en": "confirmed", "ko": "확정"},
    "cancelled": {"en": "cancelled", "ko": "취소"},
    "refund": {"en": "refund: {item} ({reason})", "ko": "환불: {item} ({reason})"},
})


def default_model_client() -> ChatCompletionClient:
    """The model the kit uses unless told otherwise (offline by default; ``HANDOFFS_MODEL`` switches it)."""
    from handoffs.models import model_client

    return model_client()


def result_of(team: Team, customer: Customer) -> SessionResult:
    """The :class:`SessionResult` of a session of ``team`` (finished or not)."""
    session = customer.session_id
    return SessionResult(session, list(customer.turns), team.ledger.orders_of(session),
                         team.ledger.refunds_of(session), list(customer.confirmations))


class _DropCancelledHandlers(logging.Filter):
    """AutoGen logs a handler we cancelled on purpose as "Error handling event" with a traceback: drop just those."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.exc_info and isinstance(record.exc_info[1], asyncio.CancelledError))


def quiet_about_cancelled_handlers() -> None:
    """Stop AutoGen from printing a traceback for each handler the kit cancels on purpose (a session that ended)."""
    runtime_logger = logging.getLogger("autogen_core")
    if not any(isinstance(f, _DropCancelledHandlers) for f in runtime_logger.filters):
        runtime_logger.addFilter(_DropCancelledHandlers())


async def stop_cancelling_handlers(runtime: Any) -> None:
    """Stop a ``SingleThreadedAgentRuntime`` whose handlers may still be waiting (e.g. for an operator), quietly.

    ``runtime.stop()`` alone leaves such a handler running and gives the runtime a *new* message queue; when the
    handler ends later (cancelled at shutdown), it marks its message done on the new queue, and asyncio prints a
    ``ValueError('task_done() called too many times')`` traceback beside the session's one sentence. So the
    handlers still running are cancelled and awaited first — they mark their messages done on the queue they came
    from — and then the runtime stops.
    """
    quiet_about_cancelled_handlers()
    handlers = [task for task in list(getattr(runtime, "_background_tasks", ())) if not task.done()]
    for task in handlers:
        task.cancel()
    if handlers:
        await asyncio.wait(handlers, timeout=5.0)
    await runtime.stop()


CHECK_EVERY_S = 0.2


def last_heard(customer: Customer) -> str:
    """What the customer last heard, and from whom (for a sentence about a stalled session)."""
    last = customer.turns[-1] if customer.turns else None
    return SAY["heard"].format(agent=last.handled_by, reply=last.reply[:80]) if last else SAY["nothing_heard"]


def stall_message(customer: Customer, timeout: float) -> str:
    """One sentence saying where a session that did not finish in ``timeout`` seconds is stuck, and what to do."""
    waited = SAY["waited"].format(session=customer.session_id, timeout=timeout)
    if customer.waiting_for_operator:
        return SAY["no_operator"].format(waited=waited)
    return SAY["stalled"].format(waited=waited, heard=last_heard(customer))


async def wait_until_finished(customer: Customer, timeout: float, *,
                              check: Optional[Callable[[], None]] = None) -> None:
    """Wait for the customer's ``exit``, or raise :class:`SessionTimeout` describing where the session stopped.

    ``check()`` (optional) is called every :data:`CHECK_EVERY_S` seconds while waiting; whatever it raises (e.g. "a
    worker process died") ends the wait at once.
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not customer.finished.is_set():
        remaining = deadline - loop.time()
        if remaining <= 0:
            raise SessionTimeout(stall_message(customer, timeout))
        try:
            await asyncio.wait_for(customer.finished.wait(), min(remaining, CHECK_EVERY_S) if check else remaining)
        except asyncio.TimeoutError:
            pass
        if check is not None and not customer.finished.is_set():
            check()


async def run_scripted_session(
    turns: Iterable[str],
    *,
    model_client: Optional[ChatCompletionClient] = None,
    session_id: str = "session-1",
    confirmations: Iterable[str] = ("y",),
    team: Optional[Team] = None,
    recorder: Any = None,
    timeout: float = 60.0,
) -> SessionResult:
    """Run one scripted customer session to its end and return who handled each turn.

    Without ``team``: a new runtime and team are built (with ``recorder`` attached, if given), started, and
    stopped when the session is over. With ``team``: its runtime must already be started; it keeps running.
    """
    customer = ScriptedCustomer(session_id, turns, confirmations)
    if team is not None:
        await team.open_session(customer)
        await wait_until_finished(customer, timeout)
        return result_of(team, customer)
    runtime = new_runtime(recorder)
    team = await build_team(runtime, model_client or default_model_client(), recorder=recorder)
    runtime.start()
    finished = False
    try:
        await team.open_session(customer)
        await wait_until_finished(customer, timeout)
        finished = True
    finally:
        await (runtime.stop_when_idle() if finished else stop_cancelling_handlers(runtime))
    return result_of(team, customer)


async def run_many_sessions(
    team: Team,
    scripts: Mapping[str, Iterable[str]],
    *,
    timeout: float = 300.0,
    on_finished: Optional[Callable[[SessionResult], None]] = None,
) -> dict[str, SessionResult]:
    """Open every scripted session on ``team`` at once; return each session's result, keyed by session id.

    ``on_finished(result)`` is called as each session ends (a progress bar counts them). All sessions share one
    deadline, ``timeout`` seconds after they were opened; nothing waits per session (no task per session: with
    10,000 sessions those tasks alone cost more memory than a session's agents).
    """
    ended: asyncio.Queue[Customer] = asyncio.Queue()
    customers = [_ReportingCustomer(session_id, lines, ended.put_nowait) for session_id, lines in scripts.items()]
    for customer in customers:
        await team.open_session(customer)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    results: dict[str, SessionResult] = {}
    while len(results) < len(customers):
        try:
            customer = await asyncio.wait_for(ended.get(), max(0.0, deadline - loop.time()))
        except asyncio.TimeoutError:
            raise SessionTimeout(stall_message(next(c for c in customers if c.session_id not in results),
                                               timeout)) from None
        result = result_of(team, customer)
        results[customer.session_id] = result
        if on_finished is not None:
            on_finished(result)
    return {customer.session_id: results[customer.session_id] for customer in customers}


class _ReportingCustomer(ScriptedCustomer):
    """A scripted customer who reports the end of their session to ``on_end``."""

    def __init__(self, session_id: str, turns: Iterable[str], on_end: Callable[[Customer], None]) -> None:
        super().__init__(session_id, turns)
        self._on_end = on_end

    def end(self) -> None:
        super().end()
        self._on_end(self)
