"""Notebook 04's checker over the corpus of learner solutions: every verdict right, every first hint the real cause.

The corpus (``solutions/escalate``) holds correct solutions in styles the notebook does not show (plain-function
and class tools, a builder function, deep copies, other step and tool names, Korean prompts, an escalate step
reachable from two steps, an own finishing tool) and the typical mistakes, each labelled with the cause its first
finding must name.
"""

from __future__ import annotations

import pytest

from handoffs.exercises.part1_escalate import check_escalate_step
from handoffs.part1 import STEP_TABLE, seed_step_table
from handoffs.part1.steps import tool_names

from .corpus import corpus

SOLUTIONS = corpus("escalate")


def binder_of(module):
    return getattr(module, "build_step_table", None) or module.my_step_table


def test_the_corpus_is_big_and_balanced():
    assert len(SOLUTIONS) >= 40
    assert sum(s.passes for s in SOLUTIONS) >= 15
    assert len({s.expect for s in SOLUTIONS if not s.passes}) >= 20  # distinct mistakes, each its own cause


@pytest.mark.parametrize("solution", SOLUTIONS, ids=lambda s: s.name)
def test_the_checker_judges_each_solution_right(solution):
    report = check_escalate_step(binder_of(solution.load()))
    assert ("pass" if report.passed else report.cause) == solution.expect, str(report)
    if solution.passes:
        assert str(report).startswith("PASS") and report.stopped_by == "finished"
    else:
        first = report.first
        assert str(report).startswith("NOT YET") and first.what in str(report)
        assert first.code not in str(report), "the first thing shown must not be the whole answer"
        assert [report.hint(n) for n in (1, 2, 3)] == [report.hint(n) for n in (1, 2, 3)]  # stable on re-runs
        assert len({first.what, first.where, first.code}) == 3


def test_checking_changes_neither_the_solution_nor_the_kit():
    table = seed_step_table()
    before = {step: (entry["prompt"], tool_names(entry)) for step, entry in table.items()}
    kit = {step: (entry["prompt"], tool_names(entry)) for step, entry in STEP_TABLE.items()}
    for solution in SOLUTIONS:
        check_escalate_step(binder_of(solution.load()))
    assert {step: (entry["prompt"], tool_names(entry)) for step, entry in table.items()} == before
    assert {step: (entry["prompt"], tool_names(entry)) for step, entry in STEP_TABLE.items()} == kit
