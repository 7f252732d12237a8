"""Running a learner's AutoGen team under watch, and stopping the moment nothing more can happen.

Notebook 07's checker builds the learner's team on a :class:`WatchedRuntime` — a ``SingleThreadedAgentRuntime``
that notes every registration and subscription — with a :class:`NotingClient` (the kit's recording model client,
which also keeps the tools each agent was offered) around a scripted offline model, and captures what AutoGen only
*logs*: an agent factory that raised, or a handler that died (:class:`CapturedErrors`, a handler on the
``autogen_core`` logger; those tracebacks are not printed twice).

:func:`run_session` opens one scripted session and waits for the first of: the customer's ``exit`` (finished), the
runtime falling **idle** with the session unfinished (a message went to a topic nobody subscribes to, a handler
died, an agent answered nobody: nothing more will ever happen, so there is nothing to wait for), a request on the
operator desk (a person would have to answer), or the timeout. ``Session.stopped_by`` says which; only an unknown
cause waits the whole timeout.

What this module is not: it holds no verdicts and no hint text.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import re
import traceback
import warnings
from dataclasses import dataclass, field
from typing import Any, Sequence

from autogen_core import MessageHandlerContext, SingleThreadedAgentRuntime, Subscription, TopicId, TypePrefixSubscription
from autogen_core.models import SystemMessage, UserMessage

from handoffs.models import OfflineModelClient
from handoffs.part2.people import ScriptedCustomer, Turn
from handoffs.recorder import PublishEvent, RunRecorder
from handoffs.recorder.autogen_feed import RecordingModelClient

from .report import REPORT_TEXT
from .routing import Choice, Probe



def tool_parameters(tool: Any) -> Any:
    schema = tool if isinstance(tool, dict) else getattr(tool, "schema", {})
    return schema.get("parameters") if isinstance(schema, dict) else None


class CapturedErrors(logging.Handler):
    """Collects the exceptions AutoGen logs (construction and handler errors) while it is installed."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.errors: list[tuple[str, BaseException]] = []  # (AutoGen's message, the exception)

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info and record.exc_info[1] is not None:
            self.errors.append((record.getMessage(), record.exc_info[1]))

    def __enter__(self) -> "CapturedErrors":
        self._logger = logging.getLogger("autogen_core")
        self._propagate = self._logger.propagate
        self._logger.addHandler(self)
        self._logger.propagate = False  # the checker reports them; no second traceback in the notebook
        return self

    def __exit__(self, *exc: Any) -> None:
        self._logger.removeHandler(self)
        self._logger.propagate = self._propagate


class UnawaitedCalls(warnings.catch_warnings):
    """Notes the coroutines a learner called without ``await`` while it is installed (``AIAgent.register(...)``
    and ``runtime.add_subscription(...)`` are coroutines: called bare they never run, and Python only warns)."""

    def __init__(self) -> None:
        super().__init__(record=True)

    def __enter__(self) -> "UnawaitedCalls":
        self.caught = super().__enter__()
        self.held: list[str] = []  # coroutines still held (a returned value, a variable of a frame that raised)
        warnings.simplefilter("always", RuntimeWarning)
        return self

    def notice(self, value: Any = None, error: BaseException | None = None) -> None:
        """Note never-started coroutines in ``value`` or in the local variables of ``error``'s traceback (Python
        warns about those only when they are collected), and close them."""
        frames = [frame.f_locals.values() for frame, _ in traceback.walk_tb(error.__traceback__)] if error else []
        for held in [value, *(v for values in frames for v in values)]:
            if inspect.iscoroutine(held) and inspect.getcoroutinestate(held) == inspect.CORO_CREATED:
                self.held.append(held.cr_code.co_name)
                held.close()

    AS_WRITTEN = {"register": "AIAgent.register", "add_subscription": "runtime.add_subscription",
                  "register_factory": "runtime.register_factory"}

    @property
    def names(self) -> list[str]:
        """The calls as a learner writes them (``AIAgent.register``, not the runtime's ``BaseAgent.register``)."""
        found = (re.search(r"coroutine '([^']+)' was never awaited", str(w.message)) for w in self.caught)
        methods = [*(m.group(1).rsplit(".", 1)[-1] for m in found if m), *getattr(self, "held", [])]
        return list(dict.fromkeys(self.AS_WRITTEN.get(method, method) for method in methods))


class WatchedRuntime(SingleThreadedAgentRuntime):
    """A single-threaded runtime that notes registered agent types and subscriptions."""

    def __init__(self, recorder: RunRecorder) -> None:
        super().__init__(intervention_handlers=[recorder.autogen_intervention_handler()])
        self.agent_types: list[str] = []
        self.subscriptions: list[Subscription] = []

    async def register_factory(self, type: Any, agent_factory: Any, *, expected_class: Any = None) -> Any:
        registered = await super().register_factory(type, agent_factory, expected_class=expected_class)
        self.agent_types.append(registered.type)
        return registered

    async def add_subscription(self, subscription: Subscription) -> None:
        await super().add_subscription(subscription)
        self.subscriptions.append(subscription)

    def subscribers(self, topic_type: str) -> list[str]:
        """The agent types a message published to ``topic_type`` reaches."""
        topic = TopicId(topic_type, "check")
        return [s.map_to_agent(topic).type for s in self.subscriptions if s.is_match(topic)]

    def stray_subscription(self, agent_type: str) -> tuple[str, str] | None:
        """A subscription meant for ``agent_type`` that names an unregistered, similar agent type:
        (that agent type, its topic type)."""
        import difflib

        strays = {str(getattr(s, "agent_type", "")): str(getattr(s, "topic_type", "")) for s in self.subscriptions
                  if getattr(s, "agent_type", None) and str(getattr(s, "agent_type")) not in self.agent_types}
        close = difflib.get_close_matches(agent_type, list(strays), n=1, cutoff=0.6)
        return (close[0], strays[close[0]]) if close else None

    def topics_of(self, agent_type: str) -> list[str]:
        """The topic types ``agent_type`` subscribes to (not the automatic direct-message prefix)."""
        return [str(getattr(s, "topic_type", "")) for s in self.subscriptions
                if not isinstance(s, TypePrefixSubscription) and getattr(s, "agent_type", None) == agent_type]

    @property
    def can_tell_idle(self) -> bool:
        """Whether this AutoGen version has the message queue :meth:`idle` waits on (autogen-core 0.7.x does)."""
        return hasattr(getattr(self, "_message_queue", None), "join")

    async def idle(self) -> None:
        """Return once no message is queued or being handled (never, on a runtime without that queue)."""
        if not self.can_tell_idle:
            await asyncio.Event().wait()
        await self._message_queue.join()


class NotingClient(RecordingModelClient):
    """The kit's recording model client, also keeping the tools (with their descriptions) each agent was offered."""

    def __init__(self, inner: Any, recorder: RunRecorder) -> None:
        super().__init__(inner, recorder)
        self.offered: dict[str, list[Any]] = {}  # agent type -> the tools of its first model call
        self.prompts: dict[str, str] = {}

    async def create(self, messages: Sequence[Any], **kwargs: Any) -> Any:
        try:
            agent = MessageHandlerContext.agent_id().type
        except RuntimeError:
            agent = "model"
        self.offered.setdefault(agent, list(kwargs.get("tools") or []))
        self.prompts.setdefault(agent, "\n".join(m.content for m in messages if isinstance(m, SystemMessage)))
        return await super().create(messages, **kwargs)


@dataclass
class Session:
    """One scripted session: what the customer heard, and why the wait for it ended."""

    session_id: str
    turns: list[Turn]
    stopped_by: str  # "finished" | "idle" | "operator" | "timeout"
    published: list[PublishEvent] = field(default_factory=list)

    def describe(self) -> str:
        heard = [REPORT_TEXT["turn_answered"].format(number=n, said=t.said, agent=t.handled_by)
                 for n, t in enumerate(self.turns, 1)]
        return "; ".join(heard) or REPORT_TEXT["no_turn"]


async def run_session(runtime: WatchedRuntime, team: Any, recorder: RunRecorder, turns: Sequence[str],
                      session_id: str, timeout: float) -> Session:
    """Open one scripted session on ``team`` and wait until it finishes or nothing more can happen."""
    customer = ScriptedCustomer(session_id, list(turns))
    operator_called = asyncio.Event()
    desk = getattr(team, "operators", None)
    if hasattr(desk, "on_request"):
        desk.on_request(lambda request: operator_called.set()
                        if getattr(request, "session_id", None) == session_id else None)
    await team.open_session(customer)
    waits = {asyncio.ensure_future(customer.finished.wait()): "finished",
             asyncio.ensure_future(runtime.idle()): "idle",
             asyncio.ensure_future(operator_called.wait()): "operator"}
    done, pending = await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    for task in pending:
        task.cancel()
    stopped = "finished" if customer.finished.is_set() else (waits[next(iter(done))] if done else "timeout")
    turns = list(customer.turns)
    if stopped == "operator":  # the cause is known; let the session end so no handler is left waiting on the desk
        _stand_in_operator(desk, session_id)
        await asyncio.wait([asyncio.ensure_future(customer.finished.wait())], timeout=min(timeout, 5.0))
    return Session(session_id, turns, stopped, recorder.of_kind(PublishEvent, session_id))


def _stand_in_operator(desk: Any, session_id: str) -> None:
    """Answer the desk for ``session_id`` now and from now on (the checker plays the operator)."""

    def answer(request: Any) -> None:
        if getattr(request, "session_id", None) == session_id:
            desk.answer(session_id, REPORT_TEXT["operator_stand_in"])

    for request in list(getattr(desk, "pending", [])):
        answer(request)
    desk.on_request(answer)


async def default_choice(prompt: str, request: str, tools: Sequence[Any]) -> Choice:
    """What the default offline model does with one customer message, this prompt and these tools."""
    result = await OfflineModelClient().create([SystemMessage(content=prompt), UserMessage(content=request, source="User")],
                                               tools=list(tools))
    called = None if isinstance(result.content, str) else result.content[0].name
    return Choice(called, result.thought or "", result.content if isinstance(result.content, str) else "")


async def probe_default(prompt: str, request: str, tools: Sequence[Any], baseline: tuple[str, Sequence[Any]] | None = None) -> Probe:
    """:func:`handoffs.exercises.routing.probe` for AutoGen: both orders, and the seed's prompt and tools."""
    forward = await default_choice(prompt, request, tools)
    backward = await default_choice(prompt, request, list(reversed(tools)))
    base = await default_choice(baseline[0], request, baseline[1]) if baseline else None
    return Probe(request, forward, backward, base)
