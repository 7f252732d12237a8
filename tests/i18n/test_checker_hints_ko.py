"""The exercises' checkers in Korean: the same verdicts and causes as in English (the corpus's labels), and a
report, staged hints and verified lines a Korean learner reads without meeting an English sentence.

Runs every labelled mistake of notebooks 03b and 04 and a sample of notebook 07's (its sessions are slower), plus
a right solution of each, with the kit set to Korean. The third hint stage is code: only its sentences are
checked, code and identifiers are allowed.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from handoffs.language_check import HANGUL, english_sentences

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "exercises"))
from corpus import corpus  # noqa: E402  (the exercises' corpus of labelled learner solutions)

TEAMS = ["fail_delegate_returns_misspelt_topic", "fail_no_subscription", "fail_description_says_nothing",
         "fail_not_given_to_triage", "fail_prompt_starter", "fail_reply_to_triage", "pass_notebook_style",
         "blind6_fail_answers_to_own_topic", "blind6_fail_korean_claims_refunds", "fail_register_not_awaited",
         "fail_subscription_agent_type_misspelt", "fail_shipping_instead_of_billing", "fail_build_team_not_awaited"]


def check(solution):
    module = solution.load()
    if solution.exercise == "guard":
        from handoffs.exercises.part1_guard import check_step_guard

        return check_step_guard(module.guard)
    if solution.exercise == "escalate":
        from handoffs.exercises.part1_escalate import check_escalate_step

        return check_escalate_step(getattr(module, "build_step_table", None) or module.my_step_table)
    from handoffs.exercises.part2_specialist import run_check

    return run_check(module.build_extended_team)


def chosen():
    guard, escalate, team = corpus("guard"), corpus("escalate"), corpus("specialist")
    picked = [s for s in guard + escalate if not s.passes]
    picked += [next(s for s in guard if s.passes), next(s for s in escalate if s.passes)]
    picked += [s for s in team if s.name in TEAMS]
    assert len([s for s in team if s.name in TEAMS]) == len(TEAMS)
    return picked


@pytest.mark.parametrize("solution", chosen(), ids=lambda s: f"{s.exercise}-{s.name}")
def test_a_korean_learner_reads_the_same_verdict_in_korean(solution, korean):
    report = check(solution)
    assert ("pass" if report.passed else report.cause) == solution.expect, str(report)
    shown = str(report)
    if solution.passes:
        assert shown.startswith("통과(PASS)") and report.hint(2).startswith("줄 힌트가 없어요")
    else:
        assert shown.startswith("아직(NOT YET)")
        hints = [report.hint(stage) for stage in (1, 2, 3)]
        assert hints[0].startswith("힌트 1/3 (무엇이 문제인지): ") and HANGUL.search(report.first.what)
        assert hints[1].startswith("힌트 2/3 (어디를 볼지): ") and hints[2].startswith("힌트 3/3 (코드): ")
        for hint in hints[:2]:
            assert english_sentences(hint) == [], hint
    assert english_sentences(shown) == [], shown
