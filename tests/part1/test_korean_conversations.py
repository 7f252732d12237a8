"""Seed 000's walk-through in the seed's own language, through the real create_agent with the default model.

The seed's customer writes "두 번 결제되었습니다"; a Korean customer must get the same handoffs as an English one
(triage -> resolve -> done, the right resolver) and Korean replies — and words out of context must not move money.
"""

from __future__ import annotations

import re

import pytest

from handoffs.part1 import ask, build_support_agent, last_reply

HANGUL = re.compile(r"[\uac00-\ud7a3]")

KOREAN_ISSUES = [
    ("두 번 결제되었습니다", "billing", "resolve_billing"),
    ("앱이 로그인할 때 계속 꺼져요", "technical", "resolve_technical"),
    ("배송지 주소를 바꾸고 싶어요", "other", "resolve_other"),
    ("카드에서 같은 금액이 두 번 빠져나갔어요 ㅠㅠ", "billing", "resolve_billing"),
    ("업데이트 후로 앱이 하얀 화면만 나와요", "technical", "resolve_technical"),
]


def test_the_seeds_own_message_walks_the_seeds_eight_steps_on_the_default_model():
    state = ask(build_support_agent(), "두 번 결제되었습니다")
    assert (state["current_step"], state["issue_type"]) == ("done", "billing")
    goodbye = last_reply(state)
    assert HANGUL.search(goodbye) and "감사" in goodbye and not re.search(r"[A-Za-z]{4,}", goodbye)


@pytest.mark.parametrize("text, issue_type, resolver", KOREAN_ISSUES)
def test_korean_issues_take_the_same_path_as_english_ones(conversation, text, issue_type, resolver):
    talk = conversation()
    state = talk.say(text)
    assert talk.recorder.steps_visited() == ["triage", "resolve", "done"]
    assert talk.recorder.tools_run() == ["record_issue", resolver, "end_conversation"]
    assert talk.recorder.model_calls()[0].tool_calls[0].args == {"issue": issue_type}
    assert state["issue_type"] == issue_type
    assert HANGUL.search(last_reply(state))


def test_the_reason_quotes_the_customers_korean_words(conversation):
    talk = conversation()
    talk.say("두 번 결제되었습니다")
    first = talk.recorder.model_calls()[0]
    assert "'두 번 결제되었습니다'" in first.reason and "billing" in first.reason  # whole words, never a stem


@pytest.mark.parametrize("text", ["The manager in charge of my account is rude",
                                  "담당 매니저가 너무 불친절해요",
                                  "It's free of charge, right?"])
def test_words_out_of_context_move_no_money(conversation, text):
    talk = conversation()
    talk.say(text)
    assert "resolve_billing" not in talk.runs
    assert all(c.tool_calls == () or c.tool_calls[0].args.get("issue") != "billing"
               for c in talk.recorder.model_calls())


def test_a_message_that_fits_no_category_gets_a_korean_question_not_a_guess(conversation):
    talk = conversation()
    state = talk.say("안녕하세요")
    assert talk.recorder.tools_run() == [] and state.get("current_step", "triage") == "triage"
    question = last_reply(state)
    assert question.endswith("?") and "결제" in question and "기술" in question
