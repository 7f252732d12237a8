"""Notebook 07's checker over the corpus of learner teams: every verdict right, every first hint the real cause,
and no check that waits out its timeout once the cause is known.

Right teams come with other names, an agent type unlike its topic type, extra delegates, agent classes of their
own, a class-level subscription, two specialists, work tools, Korean prompts and descriptions; the mistakes are
the ones the issue lists (misspelt topic types, a delegate passed as a plain function, a missing subscription, a
description claiming the seed's refunds, answers published where nobody listens, ...).
"""

from __future__ import annotations

import asyncio

import pytest
from autogen_core import MessageContext, RoutedAgent, message_handler

from handoffs.exercises import part2_specialist_solution as solution
from handoffs.exercises.part2_specialist import check_specialist
from handoffs.lessons.part2 import UserTask

from .corpus import corpus

SOLUTIONS = corpus("specialist")
NEVER = 120.0  # a timeout no test sits out unnoticed: a check that waited for it would stall the suite


def test_this_autogen_lets_the_checker_tell_an_idle_runtime():
    """Everything below rests on it: without it, every stuck session would wait out its timeout."""
    from handoffs.exercises.autogen_runs import WatchedRuntime
    from handoffs.recorder import RunRecorder

    assert WatchedRuntime(RunRecorder()).can_tell_idle


def test_the_corpus_is_big_and_balanced():
    assert len(SOLUTIONS) >= 40
    assert sum(s.passes for s in SOLUTIONS) >= 15
    assert len({s.expect for s in SOLUTIONS if not s.passes}) >= 20


async def test_the_kits_solution_passes():
    report = await check_specialist(solution.build_extended_team)
    assert report.passed, str(report)
    assert [s.stopped_by for s in report.details["sessions"]] == ["finished"]


@pytest.mark.parametrize("solution", SOLUTIONS, ids=lambda s: s.name)
async def test_the_checker_judges_each_team_right_without_waiting(solution):
    report = await check_specialist(solution.load().build_extended_team, timeout=NEVER)
    assert ("pass" if report.passed else report.cause) == solution.expect, str(report)
    assert all(s.stopped_by != "timeout" for s in report.details.get("sessions", []))
    if not solution.passes:
        assert report.first.code not in str(report), "the first thing shown must not be the whole answer"
        assert len({report.hint(1), report.hint(2), report.hint(3)}) == 3


@pytest.mark.parametrize("name, phase, stopped_by", [
    ("fail_delegate_returns_misspelt_topic", "scripted", "idle"),   # published to a topic nobody subscribes to
    ("fail_user_topic_lowercase", "scripted", "idle"),             # the answer went nowhere
    ("fail_handler_raises", "scripted", "idle"),                   # AutoGen logged the error; nothing more happens
    ("fail_delegate_to_human", "scripted", "idle"),                # the human operator's desk was called
    ("fail_delegate_plain_function", "build", None),               # a constructor error: found before any session
])
async def test_a_known_cause_stops_the_check_in_the_phase_that_found_it(name, phase, stopped_by):
    report = await check_specialist(_module(name).build_extended_team, timeout=NEVER)
    assert report.stopped_by == phase
    sessions = report.details.get("sessions", [])
    if stopped_by is None:
        assert sessions == []
    else:
        assert sessions[-1].stopped_by in ("idle", "operator")


async def test_only_an_unknown_cause_waits_and_then_says_which_agent_answered_which_turn():
    class Forever(RoutedAgent):
        @message_handler
        async def handle_task(self, message: UserTask, ctx: MessageContext) -> None:
            await asyncio.Event().wait()  # neither idle (a handler is running) nor on the operator desk

    async def build(runtime, model_client):
        from .solutions.specialist._parts import TRIAGE_TRANSFER_TOOLS, TypeSubscription, build_team, delegate_to

        team = await build_team(runtime, model_client,
                                triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, delegate_to("BillingAgent")])
        await Forever.register(runtime, "BillingAgent", lambda: Forever("Billing"))
        await runtime.add_subscription(TypeSubscription(topic_type="BillingAgent", agent_type="BillingAgent"))
        return team

    report = await check_specialist(build, timeout=2)  # outlasts the hand-off it must see, on a loaded machine too
    assert report.cause == "timed_out" and report.details["sessions"][-1].stopped_by == "timeout"
    assert "TriageAgent -> BillingAgent (UserTask)" in report.hint(2)


def _module(name):
    return next(s for s in SOLUTIONS if s.name == name).load()
