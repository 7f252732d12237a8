"""Notebook 03b's checker over the corpus of learner guards: every verdict right, every first hint the real cause.

Right guards come as decorated functions, middleware classes, factories taking the step table or nothing, refusals as
ToolMessage or Command, in English or Korean; the mistakes are the ones learners make (no decorator, the wrong
hook, blocking everything, only logging, raising, no default step, a string or nothing as the refusal, the wrong
call id, only guarding triage or one tool, checking against every registered tool, a class instead of an instance).
"""

from __future__ import annotations

import pytest

from handoffs.exercises.part1_guard import check_step_guard
from handoffs.exercises.part1_guard_solution import my_step_guard

from .corpus import corpus

SOLUTIONS = corpus("guard")


def test_the_corpus_is_big_and_balanced():
    assert len(SOLUTIONS) >= 25
    assert sum(s.passes for s in SOLUTIONS) >= 10
    assert len({s.expect for s in SOLUTIONS if not s.passes}) >= 12


def test_the_kits_solution_passes():
    report = check_step_guard(my_step_guard)
    assert report.passed, str(report)
    assert len(report.verified) == 4


@pytest.mark.parametrize("solution", SOLUTIONS, ids=lambda s: s.name)
def test_the_checker_judges_each_guard_right(solution):
    report = check_step_guard(solution.load().guard)
    assert ("pass" if report.passed else report.cause) == solution.expect, str(report)
    if not solution.passes:
        assert report.first.code not in str(report), "the first thing shown must not be the whole answer"
        assert len({report.hint(1), report.hint(2), report.hint(3)}) == 3


def test_a_guard_that_raises_is_reported_from_the_rogue_run_without_a_second_conversation():
    report = check_step_guard(corpus_module("fail_raises").guard)
    assert report.cause == "guard_raises" and report.stopped_by == "rogue"
    assert "raise PermissionError" in report.hint(2)  # the learner's own line


def corpus_module(name):
    return next(s for s in SOLUTIONS if s.name == name).load()
