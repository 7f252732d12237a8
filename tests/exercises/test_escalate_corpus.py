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


def tables_as_read(table):
    return {step: (entry["prompt"], tool_names(entry)) for step, entry in table.items()}


@pytest.mark.parametrize("solution", SOLUTIONS, ids=lambda s: s.name)
def test_the_checker_judges_each_solution_right_and_changes_neither_it_nor_the_kit(solution):
    """Each verdict and first hint; and checking changes neither a seed table the learner took before (the
    solution's own starting point) nor the kit's ``STEP_TABLE``: checked around every check, so a solution that
    reaches into a shared table is named."""
    table = seed_step_table()
    before, kit = tables_as_read(table), tables_as_read(STEP_TABLE)
    report = check_escalate_step(binder_of(solution.load()))
    assert tables_as_read(table) == before and tables_as_read(STEP_TABLE) == kit, solution.name
    assert ("pass" if report.passed else report.cause) == solution.expect, str(report)
    if solution.passes:
        assert str(report).startswith("PASS") and report.stopped_by == "finished"
    else:
        first = report.first
        assert str(report).startswith("NOT YET") and first.what in str(report)
        assert first.code not in str(report), "the first thing shown must not be the whole answer"
        assert [report.hint(n) for n in (1, 2, 3)] == [report.hint(n) for n in (1, 2, 3)]  # stable on re-runs
        assert len({first.what, first.where, first.code}) == 3

