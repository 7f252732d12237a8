"""One scripted customer through either design of the ACME support service, measured turn by turn.

:func:`run_one_agent` drives the one-agent design (Part 1's), :func:`run_team` Part 2's team — both as notebook 09's
cells assemble them (:mod:`handoffs.part3.desk`). For many customers, :class:`OneAgentDesk` and :class:`TeamDesk`
build a design once and run each customer as a conversation of its own on it (a thread, a session). Both designs
take the same customer lines and the same answers to the order question, use the same kind of ledger and the same
operator, record into a :class:`~handoffs.recorder.RunRecorder`, and return a :class:`DesignRun`: per customer turn, who answered, how many
model calls it took and the tokens in and out *as the model reported them* (the recorder keeps both per call),
plus the handoffs (a step change between roles counts as one, like a transfer between agents), the orders and
refunds the tools really made, and the wall time of the conversation.

Agent names are the team's (``SalesAgent`` …) in both designs, so rows line up; :data:`ROUTE_OF_AGENT` gives the
routing eval's labels. This module measures; it draws and formats nothing.
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from langgraph.checkpoint.memory import InMemorySaver
from langgraph.config import get_config

from handoffs.part2 import new_runtime, run_scripted_session
from handoffs.part2.team import with_triage_transfer_tools
from handoffs.part2.tools import Ledger
from handoffs.recorder import Event, HandoffEvent, MessageEvent, ModelCallEvent, RunRecorder, StepChangeEvent

from .desk import AGENT_OF_STEP, build_desk_agent, desk_step_table, register_desk_team
from .text import ERRORS, OPERATOR_REPLY

ONE_AGENT, TEAM = "one agent", "team"
ROUTE_OF_AGENT = {"SalesAgent": "sales", "IssuesAndRepairsAgent": "repairs", "HumanAgent": "human"}


class ScriptedOperator:
    """The person at the desk, answering every conversation with one line (no model call in either design)."""

    def __init__(self, reply: str = OPERATOR_REPLY) -> None:
        self.reply, self.asked = reply, []

    def __call__(self, conversation: str, words: str) -> str:  # the one agent's operator seat calls this
        self.asked.append((conversation, words))
        return self.reply

    async def ask(self, conversation: str, request: str, context: Any = None) -> str:  # Part 2's HumanAgent awaits this
        return self(conversation, request)


@dataclass(frozen=True)
class TurnCost:
    number: int
    said: str
    handled_by: str
    reply: str
    model_calls: int
    tokens_in: int
    tokens_out: int
    history_tokens: int = 0  # tokens in of the turn's first model call: the history read before answering
    reason: str = ""  # the last model call's own reason, when the model gives one (the offline model always does)


@dataclass
class DesignRun:
    """What one conversation cost in one design."""

    design: str
    conversation: str
    turns: list[TurnCost]
    handoffs: list[tuple[str, str]] = field(default_factory=list)
    orders: list = field(default_factory=list)
    refunds: list = field(default_factory=list)
    seconds: float = 0.0
    model_name: str = ""
    first_turn_handoffs: int = 0  # how many of ``handoffs`` happened in answer to the customer's first words

    @property
    def model_calls(self) -> int:
        return sum(t.model_calls for t in self.turns)

    @property
    def tokens_in(self) -> int:
        return sum(t.tokens_in for t in self.turns)

    @property
    def tokens_out(self) -> int:
        return sum(t.tokens_out for t in self.turns)

    @property
    def first_route(self) -> str:
        """Where the customer's first words went: a route label of the routing eval ("ask" when triage answered)."""
        first_turn_handoffs = self.handoffs[: self.first_turn_handoffs]
        return ROUTE_OF_AGENT.get(first_turn_handoffs[0][1], "ask") if first_turn_handoffs else "ask"


def _cost(events: Sequence[Any]) -> tuple[int, int, int, int, str]:
    calls = [e for e in events if isinstance(e, ModelCallEvent)]
    first = calls[0].input_tokens or 0 if calls else 0
    reason = calls[-1].reason if calls else ""
    return len(calls), sum(e.input_tokens or 0 for e in calls), sum(e.output_tokens or 0 for e in calls), first, reason


def _model_name(recorder: RunRecorder, conversation: str) -> str:
    return next((e.model_name for e in recorder.model_calls(conversation) if e.model_name), "")


def conversation_of_call() -> str:
    """The conversation of the LangGraph run calling a tool: its ``thread_id`` (LangChain's answer to AutoGen's
    :func:`~handoffs.part2.tools.calling_session`, so one step table serves every conversation of an agent)."""
    return str(get_config()["configurable"]["thread_id"])


_inline_users = 0  # desks running now with LangSmith's span bookkeeping inline (see inline_spans)


async def _inline_when_not_tracing(default: Any, context: Any, function: Any, /, *args: Any, **kwargs: Any) -> Any:
    from langsmith.utils import tracing_is_enabled

    if tracing_is_enabled():
        return await default(context, function, *args, **kwargs)
    return context.run(function, *args, **kwargs)


@contextmanager
def inline_spans() -> Any:
    """While tracing is off, LangSmith's span around every middleware hook (``create_agent`` adds one per hook and
    call) does its bookkeeping on this thread instead of a thread pool: two thread hops per hook and call were a
    fifth of the one agent's CPU in notebook 09's routing (866 conversations). LangSmith's own switch for this
    (``langsmith.set_runtime_overrides``); with tracing on, or another override installed, nothing changes."""
    import langsmith
    from langsmith._runtime_overrides import get_runtime_overrides

    global _inline_users
    mine = get_runtime_overrides().aio_to_thread in (None, _inline_when_not_tracing)
    if mine:
        _inline_users += 1
        langsmith.set_runtime_overrides(aio_to_thread=_inline_when_not_tracing)
    try:
        yield
    finally:
        if mine:
            _inline_users -= 1
            if not _inline_users:
                langsmith.set_runtime_overrides()


class OneAgentDesk:
    """Part 1's one agent over the service's step table, built once, for many conversations (one thread each).

    The step table and the agent are made once (``desk_step_table``, ``build_desk_agent``: notebook 09's cells);
    each conversation is a thread of its own on the agent's checkpointer, so it starts from an empty state, its
    tools write to the ledger under its own id (:func:`conversation_of_call`) and its customer answers the order
    question from its own ``confirmations``. ``remember=False``: every conversation is one customer turn (the
    routing of first messages), so there is no history to keep between turns and the agent gets no checkpointer.
    """

    def __init__(self, model: Any = None, *, recorder: RunRecorder | None = None,
                 operator: ScriptedOperator | None = None, guard: bool = True, ledger: Ledger | None = None,
                 remember: bool = True) -> None:
        from handoffs.part1.agent import default_model

        self.recorder = recorder if recorder is not None else RunRecorder()
        self.ledger = ledger if ledger is not None else Ledger()
        self._answers: dict[str, Any] = {}  # conversation -> its customer's remaining answers to "Confirm order?"
        steps = desk_step_table(self.ledger, conversation_of_call, self._confirm)
        self.agent = build_desk_agent(model if model is not None else default_model(), steps,
                                      operator or ScriptedOperator(), recorder=self.recorder,
                                      checkpointer=InMemorySaver() if remember else None, guard=guard)
        self.remember = remember

    async def _confirm(self, question: str) -> bool:
        return next(self._answers.get(conversation_of_call(), iter(())), "n").strip().lower() in {"y", "yes"}

    async def run(self, turns: Iterable[str], *, session_id: str, confirmations: Iterable[str] = ("y",)) -> DesignRun:
        """The customer's lines as a new conversation ``session_id`` (an id this desk has not run yet)."""
        lines = [str(line) for line in turns]
        if not lines or not all(line.strip() for line in lines):
            raise ValueError(ERRORS["empty_script"])
        if session_id in self._answers:
            raise ValueError(ERRORS["session_reused"].format(session=session_id))
        if not self.remember and len(lines) > 1:
            raise ValueError(ERRORS["one_turn_desk"].format(turns=len(lines)))
        self._answers[session_id] = iter(list(confirmations))
        config = {"configurable": {"thread_id": session_id}}
        run = DesignRun(ONE_AGENT, session_id, [])
        started = time.perf_counter()
        for number, said in enumerate(lines, start=1):
            before = len(self.recorder.of_kind(Event, session_id))
            with inline_spans():
                state = await self.agent.ainvoke({"messages": [{"role": "user", "content": said}]}, config)
            events = self.recorder.of_kind(Event, session_id)[before:]
            step = state.get("current_step") or "triage"
            reply = next((m.text for m in reversed(state["messages"]) if m.type == "ai" and m.text), "")
            run.turns.append(TurnCost(number, said, AGENT_OF_STEP.get(step, step), reply, *_cost(events)))
            run.handoffs += [(AGENT_OF_STEP.get(e.from_step, e.from_step), AGENT_OF_STEP.get(e.to_step, e.to_step))
                             for e in events if isinstance(e, StepChangeEvent)]
            if number == 1:
                run.first_turn_handoffs = len(run.handoffs)
        run.seconds = time.perf_counter() - started
        run.orders, run.refunds = self.ledger.orders_of(session_id), self.ledger.refunds_of(session_id)
        run.model_name = _model_name(self.recorder, session_id)
        return run


async def run_one_agent(turns: Iterable[str], *, model: Any = None, session_id: str = "one-agent-1",
                        confirmations: Iterable[str] = ("y",), operator: ScriptedOperator | None = None,
                        recorder: RunRecorder | None = None, guard: bool = True,
                        ledger: Ledger | None = None) -> DesignRun:
    """The customer's lines through the one-agent design (Part 1's agent with steps), on a desk of its own."""
    desk = OneAgentDesk(model, recorder=recorder, operator=operator, guard=guard, ledger=ledger)
    return await desk.run(turns, session_id=session_id, confirmations=confirmations)


def shaped_runtime(shaper: Any, recorder: Any = None) -> Any:
    """A runtime whose handoffs pass through ``shaper`` (an intervention handler, e.g. notebook 10's ``HandoffShaper``).

    The shaper must be the LAST intervention handler: autogen-core 0.7.5 hands every handler the original message
    and delivers what the last one returned (measured: with the recorder's handler after it, the shaping was lost).
    """
    from autogen_core import SingleThreadedAgentRuntime

    handlers = ([recorder.autogen_intervention_handler()] if recorder is not None else []) + [shaper]
    return SingleThreadedAgentRuntime(intervention_handlers=handlers)


class TeamDesk:
    """Part 2's team on its own runtime, for many conversations (``async with TeamDesk(...) as desk``)."""

    def __init__(self, model_client: Any = None, *, recorder: RunRecorder | None = None,
                 operator: ScriptedOperator | None = None, shaper: Any = None,
                 triage_transfer_tools: Sequence[Any] | None = None) -> None:
        """``shaper``: an intervention handler every handoff passes through (notebook 10's ``HandoffShaper``);
        ``triage_transfer_tools``: other transfer tools for the triage agent (e.g. ones carrying a payload)."""
        self.model_client, self.operator = model_client, operator or ScriptedOperator()
        self.recorder = recorder if recorder is not None else RunRecorder()
        self.shaper, self.triage_transfer_tools = shaper, triage_transfer_tools
        self.runtime: Any = None
        self.team: Any = None

    async def __aenter__(self) -> "TeamDesk":
        from handoffs.part2.sessions import default_model_client

        self.runtime = shaped_runtime(self.shaper, self.recorder) if self.shaper else new_runtime(self.recorder)
        from handoffs.lessons import part2

        table = with_triage_transfer_tools(part2.TEAM, self.triage_transfer_tools) if self.triage_transfer_tools else None
        self.team = await register_desk_team(self.runtime, self.model_client or default_model_client(), self.operator,
                                             recorder=self.recorder, team=table)
        self.runtime.start()
        return self

    async def __aexit__(self, *_exc: Any) -> None:
        await self.runtime.stop_when_idle()

    async def run(self, turns: Iterable[str], *, session_id: str, confirmations: Iterable[str] = ("y",)) -> DesignRun:
        started = time.perf_counter()
        result = await run_scripted_session(list(turns), team=self.team, session_id=session_id,
                                            confirmations=confirmations)
        seconds = time.perf_counter() - started
        events = self.recorder.of_kind(Event, session_id)
        starts = [i for i, e in enumerate(events) if isinstance(e, MessageEvent) and e.role == "user"] + [len(events)]
        run = DesignRun(TEAM, session_id, [], seconds=seconds, model_name=_model_name(self.recorder, session_id))
        for number, turn in enumerate(result.turns, start=1):
            window = events[starts[number - 1]: starts[number]] if number < len(starts) else []
            run.turns.append(TurnCost(number, turn.said, turn.handled_by, turn.reply, *_cost(window)))
            handoffs = [(e.from_agent, e.to_agent) for e in window if isinstance(e, HandoffEvent)]
            run.handoffs += handoffs
            if number == 1:
                run.first_turn_handoffs = len(handoffs)
        run.orders, run.refunds = result.orders, result.refunds
        return run


async def run_team(turns: Iterable[str], *, model_client: Any = None, session_id: str = "team-1",
                   confirmations: Iterable[str] = ("y",), operator: ScriptedOperator | None = None,
                   recorder: RunRecorder | None = None) -> DesignRun:
    """The customer's lines through the support service as Part 2's team (a runtime of its own, stopped afterwards)."""
    async with TeamDesk(model_client, recorder=recorder, operator=operator) as desk:
        return await desk.run(turns, session_id=session_id, confirmations=confirmations)
