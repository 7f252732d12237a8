"""The offline model's reading of a reply to an offer (``handoffs.models.consent``): only agreement to the offered
action is ``yes``. The conversations that depend on it are in tests/part2/test_team_consent.py,
tests/part1/test_support_bot_consent.py and tests/faults/test_consent_faults.py; this table keeps the
reading itself honest across many phrasings, in English and Korean (polite, 반말, typos, no spacing)."""

from __future__ import annotations

import pytest

from handoffs.models.consent import (action_of, ask_again, declined, hands_over, is_side_effect, only_asks,
                                     read_reply, refuses)
from handoffs.models.types import ToolSpec

READINGS = {
    "yes": ["yes", "Yes please", "yesss", "yep go ahead", "sure, why not", "ok refund", "refund me pls",
            "Could you process the refund?", "no problem, go ahead", "sounds good to me", "yes, go ahead with the refund",
            "네", "넵!", "ㅇㅇ", "응 해줘", "네 환불해 주세요", "네환불해주세요", "환불 해쥬세요", "예 부탁드려요",
            "환불해 주실 수 있나요?", "알겠어요 환불해주세요", "옙 진행시켜 주세요", "네 돈 돌려주세요"],
    "no": ["no", "No thanks", "nope, not now", "please don't", "I never said yes", "아니요", "아뇨 괜찮아요", "싫어",
           "ㄴㄴ", "환불 말고요", "잠깐만요"],
    "question": ["how much?", "How long does a refund take?", "yes?", "얼마나 걸려요?", "네?", "수수료 있어요?"],
    "person": ["I want to talk to a human", "can I speak to a real person", "상담원 연결해 주세요", "상담원연결해주세요",
               "사람이랑 얘기할래"],
    "conditional": ["yes if it's free", "ok but only if it is quick", "무료면 할게요", "오늘 되면 해 주세요"],
    "sarcasm": ["yeah right", "oh sure, like that'll help", "sure, whatever", "퍽이나", "네네 그러시겠죠"],
    "unsure": ["maybe", "not sure", "let me think", "글쎄요", "음.. 모르겠어요", "생각 좀 해볼게요", "네 괜찮아요 진행해 주세요"],
    "other": ["Yes, the fix worked actually", "yes and also change my address", "this app keeps crashing",
              "LOL sure", "앱이 자꾸 꺼져요", "네 아까 껐다 켰어요", "어제", "ugh fine"],
}


@pytest.mark.parametrize("kind,text", [(k, t) for k, texts in READINGS.items() for t in texts])
def test_a_reply_to_a_refund_offer_is_read_as_its_kind(kind, text):
    assert read_reply(text, "refund").kind == kind


@pytest.mark.parametrize("text,agrees", [("I'll take it", True), ("네 주문할게요", True), ("살게요", True),
                                         ("ok I'll buy one", True), ("too expensive", False), ("할인 돼요?", False),
                                         ("yes if you throw in free shipping", False), ("다음에 살게요", False)])
def test_a_reply_to_an_order_offer(text, agrees):
    assert read_reply(text, "order").agrees is agrees


def test_tools_are_sorted_into_side_effects_and_hand_overs_by_name():
    refund, order = ToolSpec("execute_refund"), ToolSpec("execute_order", "Price should be in USD.")
    billing = ToolSpec("resolve_billing", "Resolve billing: a double charge, by refunding the charge.")
    assert [action_of(t) for t in (refund, order, billing)] == ["refund", "order", "refund"]
    assert all(is_side_effect(t) for t in (refund, order, billing))
    assert not any(is_side_effect(ToolSpec(n)) for n in ("look_up_item", "record_issue", "transfer_back_to_triage"))
    assert hands_over(ToolSpec("transfer_back_to_triage")) and hands_over(ToolSpec("escalate_to_human"))


def test_refusals_and_questions_outside_an_offer():
    assert refuses("I was charged twice, I don't want a refund", "refund")
    assert refuses("결제가 두 번 됐는데 환불은 하지 마세요", "refund")
    assert not refuses("I was charged twice, please refund me", "refund")
    assert only_asks("how do refunds work?", "refund") and only_asks("환불은 어떻게 받아요?", "refund")
    assert not only_asks("Can you refund me?", "refund") and not only_asks("I was charged twice", "refund")


def test_what_the_model_says_names_the_action_in_the_customers_language():
    assert "refund" in ask_again("question", "refund", "en") and "주문" in ask_again("sarcasm", "order", "ko")
    assert declined("refund", "ko").startswith("알겠습니다. 환불을 진행하지")
    assert "{" not in ask_again("other", None, "ko") + declined(None, "en")
