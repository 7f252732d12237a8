"""The learned weights are what the repo's command builds from the fitted sets, and the eval reports honestly:
the never-fitted sets' score and every blind set's first-contact score beside the overall one."""

from __future__ import annotations

import subprocess
import sys

from handoffs.evals.report import format_report
from handoffs.evals.runner import EvalReport, Outcome, blind_facts, load_cases
from handoffs.models import learned
from handoffs.models.train import FITTED, NEVER_FITTED, build


def test_the_shipped_weights_are_exactly_what_the_train_command_builds():
    assert learned.DATA.read_text(encoding="utf-8") == build()


def test_never_fitted_sets_are_never_read_by_the_trainer_and_new_sets_are_not_fitted_by_default():
    assert set(NEVER_FITTED) == {"holdout6", "holdout7"} and not set(FITTED) & set(NEVER_FITTED)
    assert "never fitted: holdout6, holdout7" in learned.DATA.read_text(encoding="utf-8").splitlines()[0]


def test_the_guess_is_the_same_under_every_hash_seed():
    code = ("from handoffs.models import learned; "
            "print([learned.guess(t)[:2] for t in ('스케이트 바퀴가 빠졌어요', 'the strap snapped', 'ㅎㅇ')])")
    outputs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                              env={"PYTHONHASHSEED": seed, "PATH": ""}).stdout for seed in ("0", "1", "4242")}
    assert len(outputs) == 1


def test_the_report_prints_never_fitted_and_first_contact_scores():
    cases = [c for name in ("dev", "holdout6") for c in load_cases(name)[:3]]
    report = EvalReport("m", [Outcome(c, c.expected) for c in cases])
    text = format_report(report)
    assert "never fitted (holdout6):" in text and "100.0 % (3/3)" in text
    assert f"holdout6 {blind_facts()['first_contact']['holdout6']:.1f} %" in text


def test_a_column_is_summed_in_order_whichever_sum_does_it():
    """``learned._in_order`` (Python 3.11's ``sum``, else ``reduce``) adds a column's weights one by one from 0.0: the
    same float as the left fold, bit for bit, on every labelled message's n-grams."""
    from handoffs.models.text import tokens

    table = learned._weights()[2]
    for case in load_cases():
        seen = [gram for token in tokens(case.message) for gram in learned._known_grams(token.text)]
        for column in zip(*map(table.__getitem__, seen)):
            assert learned._in_order(column) == learned._left_fold(column), case.message
