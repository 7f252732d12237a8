"""What the kit itself prints in Korean mode is Korean, with Korean typography (issue 21): a session's summary, the
command line run from a Korean notebook, a repeat note told to a Korean customer, labels and
percentages of Part 3 and the eval."""

from __future__ import annotations

import os

from handoffs.i18n import percent, using_language
from handoffs.language_check import english_sentences


def test_a_session_summary_is_korean_and_writes_prices_as_the_bots_do(korean):
    from handoffs.part2.people import Turn
    from handoffs.part2.sessions import SessionResult
    from handoffs.part2.tools import Order, Refund

    result = SessionResult("s-1", [Turn("뭔가 사고 싶어요", "SalesAgent", "네, 로드러너 때문이신가요?")],
                           [Order("s-1", "ACME 제트 추진 스카이콩콩", 9_999_999, True)], [Refund("s-1", "item_1", "고장")], [])
    text = result.describe()
    assert text.splitlines()[0] == "고객: 뭔가 사고 싶어요"
    assert "주문: ACME 제트 추진 스카이콩콩, $9,999,999 (확정)" in text and "환불: item_1 (고장)" in text
    assert not english_sentences(text)
    with using_language("en"):
        assert "order:  ACME 제트 추진 스카이콩콩 for $9,999,999 (confirmed)" in result.describe()


def test_a_process_started_from_a_korean_notebook_speaks_korean():
    """``!python -m handoffs.part1`` in notebook 03: set_language reaches the child through HANDOFFS_LANG, which a
    child inherits, and ``using_language`` puts the variable back. That the child then speaks Korean is the Korean
    notebook 03's own cell under nbval (``notebooks/ko/03_under_the_hood.ipynb``, cell 09838e3c: its committed
    "스레드 'customer-42'에서 지금까지 고객이 한 말: …" and "봇: …" lines are compared on every run), so no process of
    its own is started here."""
    before = os.environ.get("HANDOFFS_LANG")
    with using_language("ko"):
        assert os.environ["HANDOFFS_LANG"] == "ko"
    assert os.environ.get("HANDOFFS_LANG") == before  # using_language put the variable back


def test_a_repeat_note_follows_the_customers_language():
    from handoffs.idempotency import repeat_note

    korean = repeat_note("execute_refund", 'execute_refund {"item_id": "item_1"}', "success",
                         customer_words="네, 환불해 주세요")
    assert korean.startswith("이미 처리된 요청이라 다시 실행하지 않았습니다.") and "execute_refund가 이미" in korean
    assert repeat_note("execute_refund", "x", "success", customer_words="Yes, refund me").startswith("Already done")


def test_percentages_and_labels_as_each_language_writes_them():
    from handoffs.part3.text import short_label

    with using_language("ko"):
        assert percent(97.68) == "97.7%" and percent(5.0, 5) == "  5.0%"
        assert short_label("long en") == "긴 대화 (영어)" and short_label("team") == "팀"
        assert short_label("something new") == "something new"
    with using_language("en"):
        assert percent(97.68) == "97.7 %" and short_label("long en") == "long en"


def test_token_counts_read_in_korean(korean):
    from handoffs.models.tokens import TokenCount

    assert str(TokenCount(2167, "approx:regex-pieces")) == "토큰 2,167개 (계산 방식: approx:regex-pieces)"


def test_the_escalate_checker_sends_a_korean_learner_korean_customers(korean):
    from handoffs.exercises.part1_escalate import check_escalate_step
    from handoffs.exercises.part1_escalate_solution import escalate_step_table

    report = check_escalate_step(escalate_step_table())
    text = str(report)
    assert report.passed, text
    assert "'법적인 문제예요. 매니저와 이야기하고 싶어요.'를 escalate_to_manager로 보내요" in text
    assert "This is a legal matter" not in text and not english_sentences(text.replace("PASS", ""))


async def test_the_specialist_checker_sends_a_korean_learner_korean_customers(korean):
    from handoffs.exercises.part2_specialist import check_specialist
    from handoffs.exercises.part2_specialist_solution import build_extended_team

    report = await check_specialist(build_extended_team)
    text = str(report)
    assert report.passed, text
    assert "'주문이 두 번 결제되었어요'를" in text and "I was charged twice" not in text
