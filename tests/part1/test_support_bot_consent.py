"""Consent before a side effect in seed 000's support bot (issue 24, Part 1). Its side effects are the resolve
tools (``resolve_billing`` refunds a charge, ``resolve_other`` changes the account); the seed's resolve step runs
the matching one as soon as a problem is reported. These tests drive the real ``create_agent`` with the offline
model and count the tools' real executions: a problem report still resolves in one turn (the seed's walk-through),
but a question alone, words that refuse the refund, or a request for a person run nothing — the bot asks, and a
clear yes to its question then runs the refund it named."""

from __future__ import annotations

import pytest

SIDE_EFFECTS = ("resolve_billing", "resolve_technical", "resolve_other")


def _done(talk) -> dict:
    return {name: talk.runs[name] for name in SIDE_EFFECTS if talk.runs[name]}


@pytest.mark.parametrize("text", ["I was charged twice", "결제가 두 번 됐어요", "결제가두번됐어요 환불해주세요"])
def test_a_reported_problem_is_still_resolved_in_one_turn(conversation, text):
    talk = conversation()
    talk.say(text)
    assert _done(talk) == {"resolve_billing": 1}


@pytest.mark.parametrize("text", ["I want to talk to a human", "can I speak to a real person please",
                                  "I was charged twice, don't refund it, I want a person",
                                  "상담원 연결해 주세요", "사람이랑 얘기할래", "상담원연결해주세요"])
def test_a_request_for_a_person_runs_no_resolve_tool(conversation, text):
    talk = conversation()
    state = talk.say(text)
    assert _done(talk) == {}
    reply = state["messages"][-1].content
    assert ("person" in reply) if text.isascii() else ("상담원" in reply)  # says it cannot connect, did nothing


@pytest.mark.parametrize("text", ["I was charged twice, I don't want a refund", "결제가 두 번 됐는데 환불은 하지 마세요",
                                  "결제 두번됐는데 환불은 필요없어요"])
def test_words_that_refuse_the_refund_refund_nothing(conversation, text):
    talk = conversation()
    talk.say(text)
    assert _done(talk) == {}


@pytest.mark.parametrize("question, yes", [("how do refunds work?", "yes"), ("How long does a refund take?", "sure"),
                                           ("환불은 어떻게 받아요?", "네"), ("환불 얼마나 걸려요?", "응 해줘")])
def test_a_question_is_answered_with_a_question_and_only_a_yes_to_it_refunds(conversation, question, yes):
    talk = conversation()
    state = talk.say(question)
    assert _done(talk) == {}
    asked = state["messages"][-1].content
    assert ("refund" in asked) if question.isascii() else ("환불" in asked)
    talk.say("maybe" if question.isascii() else "글쎄요")
    assert _done(talk) == {}
    talk.say(yes)
    assert _done(talk) == {"resolve_billing": 1}


AFTER_THE_QUESTION = {
    "yes to something else": ["yes, and my app also crashes", "네 근데 배송은 언제 와요"],
    "no": ["no thanks", "아니요 괜찮아요"],
    "question": ["how long does it take?", "수수료 있어요?"],
    "person": ["I'd rather talk to a person", "상담원이랑 얘기할래요"],
    "complaint": ["this is ridiculous, your app is awful", "진짜 너무하네요"],
    "conditional": ["yes if it's today", "오늘 되면 해 주세요"],
    "sarcasm": ["yeah right", "퍽이나"],
}


@pytest.mark.parametrize("kind,reply", [(k, r) for k, replies in AFTER_THE_QUESTION.items() for r in replies])
def test_a_reply_to_the_bots_refund_question_that_is_not_a_yes_refunds_nothing(conversation, kind, reply):
    talk = conversation()
    talk.say("how do refunds work?" if reply.isascii() else "환불은 어떻게 받아요?")
    state = talk.say(reply)
    # no refund; a new problem reported in passing ("my app also crashes") may still be resolved, as the seed does
    assert talk.runs["resolve_billing"] == 0, f"{kind}: {state['messages'][-1].content}"
