"""The checker for notebook 07: "extend the team" with a specialist agent and the delegate tool that reaches it.

The learner writes ``async def build_extended_team(runtime, model_client) -> Team``: it calls
:func:`handoffs.multi_agent.build_team` (giving the triage agent one more delegate tool) and registers and
subscribes one more :class:`~handoffs.multi_agent.AIAgent`. The checker builds it on a fresh runtime that notes
every registration and subscription, with the kit's offline model (unchanged: it routes by the tool's
description), runs real sessions and says ``PASS`` — or what is missing, each with a hint:

1. the function runs and returns the ``Team``;
2. a new agent type is registered and subscribed to a topic type of its own;
3. the triage agent is offered a new delegate tool, and picks it for the request (its description fits);
4. that tool returns the new agent's topic type, so the conversation reaches the new agent;
5. the customer's next message stays with the new agent (it replies with its own topic type);
6. the seed's paths still work: a refund request still reaches ``IssuesAndRepairsAgent``.

It never raises for a learner's mistake (a crash becomes a finding) and never waits more than ``timeout``.
"""

from __future__ import annotations

import asyncio
import inspect
from typing import Any, Awaitable, Callable

from autogen_core import SingleThreadedAgentRuntime, Subscription, TypeSubscription

from handoffs.exercises.single_agent_escalate import CheckReport, Finding
from handoffs.models import OfflineModelClient
from handoffs.multi_agent.delegates import TRIAGE_DELEGATE_TOOLS, triage_agent_topic_type
from handoffs.multi_agent.sessions import SessionResult, SessionTimeout, run_scripted_session
from handoffs.multi_agent.team import ALL_AGENTS, Team
from handoffs.recorder import ModelCallEvent, PublishEvent, RunRecorder

SPECIALIST_REQUEST = "I was charged twice for my order"
FOLLOW_UP = "It was the one from last Tuesday"
SEED_TOOLS = {tool.name for tool in TRIAGE_DELEGATE_TOOLS}
Builder = Callable[[Any, Any], Awaitable[Any]]


class SpecialistReport(CheckReport):
    """The checker's answer (``passed``, ``verified``, ``findings`` with hints), headed for this exercise."""

    def __str__(self) -> str:
        head = "PASS: the new specialist is reachable." if self.passed else f"NOT YET: {len(self.findings)} to fix."
        body = str(CheckReport(self.verified, self.findings)).split("\n", 1)
        return head + ("\n" + body[1] if len(body) > 1 else "")


class _WatchedRuntime(SingleThreadedAgentRuntime):
    """A single-threaded runtime that notes which agent types and subscriptions were added."""

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

    def subscribed(self, topic_type: str) -> list[str]:
        return [s.agent_type for s in self.subscriptions
                if isinstance(s, TypeSubscription) and s.topic_type == topic_type]


async def check_specialist(build_extended_team: Builder, *, request: str = SPECIALIST_REQUEST,
                           timeout: float = 10.0) -> SpecialistReport:
    """Check the learner's ``build_extended_team``; see the module docstring for what is checked."""
    report = SpecialistReport()
    if not inspect.iscoroutinefunction(build_extended_team):
        report.findings.append(Finding("build_extended_team is not an async function.",
                                       "Define it with 'async def build_extended_team(runtime, model_client):'."))
        return report
    recorder = RunRecorder()
    runtime = _WatchedRuntime(recorder)
    try:
        team = await build_extended_team(runtime, recorder.wrap_model_client(OfflineModelClient()))
    except Exception as error:
        report.findings.append(Finding(f"build_extended_team raised {type(error).__name__}: {error}",
                                       "Run it once in the notebook and read the error; registering the same agent "
                                       "type twice, for example, is not allowed."))
        return report
    if not isinstance(team, Team):
        report.findings.append(Finding("build_extended_team did not return the team.",
                                       "End it with 'return team', the Team that build_team(...) gave you."))
        return report
    new_agents = [a for a in runtime.agent_types if a not in ALL_AGENTS]
    if not new_agents:
        report.findings.append(Finding("No new agent type was registered.", "Register it like the seed does: "
                                       "await AIAgent.register(runtime, type='BillingAgent', factory=lambda: AIAgent(...))."))
        return report
    report.verified.append(f"a new agent type is registered: {', '.join(new_agents)}")
    runtime.start()
    try:
        await _check_sessions(runtime, team, recorder, new_agents, request, timeout, report)
    finally:
        await runtime.stop()
    return report


async def _session(team: Team, turns: list[str], session_id: str, timeout: float,
                   stuck: Callable[[], bool] = lambda: False) -> SessionResult | None:
    """Run a scripted session; None if it did not finish in time or ``stuck()`` says it never will."""
    task = asyncio.ensure_future(run_scripted_session(turns, team=team, session_id=session_id, timeout=timeout))
    while not task.done() and not stuck():
        await asyncio.sleep(0.02)
    if not task.done():
        task.cancel()
    try:
        return await task
    except (SessionTimeout, asyncio.CancelledError):
        return None


def _triage_target(recorder: RunRecorder, session_id: str) -> str | None:
    """The topic type the triage agent handed the task to (None before it did)."""
    published = [e.topic_type for e in recorder.of_kind(PublishEvent, session_id)
                 if e.sender == triage_agent_topic_type and e.message_type == "UserTask"]
    return published[0] if published else None


async def _check_sessions(runtime: _WatchedRuntime, team: Team, recorder: RunRecorder, new_agents: list[str],
                          request: str, timeout: float, report: SpecialistReport) -> None:
    def going_nowhere() -> bool:  # a task published to a topic type nobody subscribes to is never answered
        target = _triage_target(recorder, "check-specialist")
        return target is not None and not runtime.subscribed(target)

    result = await _session(team, [request, FOLLOW_UP], "check-specialist", timeout, going_nowhere)
    triage_calls = [e for e in recorder.of_kind(ModelCallEvent, "check-specialist") if e.actor == triage_agent_topic_type]
    offered = [t for t in (triage_calls[0].tools_offered if triage_calls else ()) if t not in SEED_TOOLS]
    if not offered:
        report.findings.append(Finding("The triage agent is not offered any new delegate tool.",
                                       "Give it yours: build_team(runtime, model_client, triage_delegate_tools="
                                       "[*TRIAGE_DELEGATE_TOOLS, transfer_to_billing_tool])."))
        return
    report.verified.append(f"the triage agent is offered {', '.join(offered)}")
    called = [c.name for c in triage_calls[0].tool_calls]
    if not set(called) & set(offered):
        report.findings.append(Finding(
            f"For {request!r} the triage agent called {', '.join(called) or 'no tool'}, not {', '.join(offered)}.",
            "The model picks a delegate by its description: say what the new agent handles, in the customer's "
            "words, e.g. description='Use for billing: charges, double charges, invoices and payments.'"))
        return
    report.verified.append(f"for {request!r} the triage agent picks {', '.join(set(called) & set(offered))}")
    target = _triage_target(recorder, "check-specialist")
    if target is None or target not in runtime.agent_types:
        report.findings.append(Finding(
            f"The delegate tool returned {target!r}, which is no agent type (registered: {', '.join(new_agents)}).",
            f"A delegate tool returns the topic type the new agent subscribes to: return {new_agents[0]!r} "
            "(use the same variable for the tool, the registration and the subscription)."))
        return
    if target not in runtime.subscribed(target):
        report.findings.append(Finding(
            f"The task was published to topic type {target!r}, but no agent subscribes to it.",
            f"Add the seed's subscription: await runtime.add_subscription(TypeSubscription(topic_type={target!r}, "
            f"agent_type={target!r})). Without it the customer waits forever."))
        return
    if result is None or not result.turns or result.turns[0].handled_by != target:
        report.findings.append(Finding(f"{target} got the conversation but no answer reached the customer.",
                                       "Check its factory: an AIAgent with user_topic_type=user_topic_type."))
        return
    report.verified.append(f"{target} answers the customer: {result.turns[0].reply!r}")
    if result.handled_by[1:] != [target]:
        report.findings.append(Finding(
            f"The customer's next message went to {result.handled_by[1:] or 'nobody'}, not back to {target}.",
            f"Give the agent agent_topic_type={target!r}: replies say where the customer's next words go."))
        return
    report.verified.append("the customer's next message stays with it")
    refund = await _session(team, ["I want a refund"], "check-refund", timeout)
    if refund is None or refund.handled_by != ["IssuesAndRepairsAgent"]:
        report.findings.append(Finding("A refund request no longer reaches IssuesAndRepairsAgent.",
                                       "Keep the seed's delegate tools: triage_delegate_tools=[*TRIAGE_DELEGATE_TOOLS, "
                                       "your_tool], and describe yours so it does not claim refunds."))
        return
    report.verified.append("a refund request still reaches IssuesAndRepairsAgent")


def run_check(build_extended_team: Builder, **options: Any) -> SpecialistReport:
    """The same check from synchronous code (tests, scripts); in a notebook ``await check_specialist(...)``."""
    return asyncio.run(check_specialist(build_extended_team, **options))
