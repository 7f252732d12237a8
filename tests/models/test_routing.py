"""Routing by meaning and specificity: idioms, negation, ties asked about, learner tools that cannot steal a route.

These drive ``decide`` directly with the seeds' prompts and tools (``model_seeds``) plus tools a learner might write;
the full-framework runs are in the Part 1 / Part 2 suites and the eval.
"""

from __future__ import annotations

import re

import pytest

from handoffs.models import Message, decide
from handoffs.models.text import shorten

from model_seeds import RECORD_ISSUE, SEED_000, SEED_003, run_seed_000, spec

TRIAGE_PROMPT, TRIAGE_TOOLS = SEED_000["triage"]
TEAM_PROMPT, TEAM_TOOLS = SEED_003["TriageAgent"]
HANGUL = re.compile(r"[\uac00-\ud7a3]")


def first(prompt, tools, text):
    return decide([Message("system", prompt), Message("user", text)], tools)


def route(decision):
    if not decision.tool_calls:
        return "ask"
    call = decision.tool_calls[0]
    return call.arguments.get("issue", call.name) if call.name == "record_issue" else call.name


@pytest.mark.parametrize("text, expected", [
    ("The manager in charge of my account is rude", "other"),
    ("Is delivery to Busan free of charge?", "other"),
    ("My phone won't charge since the last update", "technical"),
    ("This is not a billing question — the app won't open", "technical"),
    ("결제 문제가 아니라 앱이 안 열려요", "technical"),
    ("결제는 잘 됐는데 앱이 자꾸 튕겨요", "technical"),
    ("I was chraged twice", "billing"),
    ("결재가 두번 됐어요", "billing"),
    ("Hi there", "ask"),
    ("What's the weather like in Seoul?", "ask"),
])
def test_words_are_read_in_context(text, expected):
    assert route(first(TRIAGE_PROMPT, TRIAGE_TOOLS, text)) == expected


@pytest.mark.parametrize("text, expected", [
    ("I'm going to sue. My refund never arrived.", "billing"),
    ("고소할 거예요. 환불 요청한 지 한 달이 넘었는데 아직도 안 들어왔어요", "billing"),
    ("I'll file a complaint, the app crashes every day", "technical"),
    ("The manager in charge of my account is rude and I want to complain", "other"),
])
def test_without_an_escalation_tool_a_threat_presses_the_stated_concern_and_is_no_second_one(text, expected):
    """Seed 000's triage has no escalate tool: a lawsuit or complaint beside a stated concern is how the customer
    presses it, so the concern decides; a complaint with nothing else to file stays the catch-all's."""
    assert route(first(TRIAGE_PROMPT, TRIAGE_TOOLS, text)) == expected


def test_a_learners_escalate_tool_described_with_in_charge_does_not_steal_double_charges():
    escalate = spec("escalate_case", "Hand the case to the manager in charge: legal threats and formal complaints.",
                    reason={"type": "string"})
    tools = [RECORD_ISSUE, escalate]
    assert route(first(TRIAGE_PROMPT, tools, "I was charged twice")) == "billing"
    assert route(first(TRIAGE_PROMPT, tools, "I'm calling my lawyer about this contract")) == "escalate_case"


def test_two_equally_specific_tools_get_a_question_naming_both_not_a_guess_by_list_order():
    refunds_desk = spec("transfer_to_refunds", "Use for refunds.")
    returns_desk = spec("transfer_to_returns", "Use for refunds and returns.")
    for tools in ([refunds_desk, returns_desk], [returns_desk, refunds_desk]):
        decision = first(TEAM_PROMPT, tools, "I want a refund")
        assert decision.tool_calls == ()
        assert "too close to call" in decision.reason
        assert "refunds" in decision.text and decision.text.endswith("?")


def test_the_question_is_asked_in_the_customers_language():
    refunds_desk = spec("transfer_to_refunds", "Use for refunds.")
    returns_desk = spec("transfer_to_returns", "Use for refunds and returns.")
    decision = first(TEAM_PROMPT, [refunds_desk, returns_desk], "환불받고 싶어요")
    assert decision.tool_calls == () and HANGUL.search(decision.text) and "환불" in decision.text


def test_two_requests_joined_by_also_are_asked_about():
    decision = first(TRIAGE_PROMPT, TRIAGE_TOOLS, "The app keeps crashing, and I also need my home address updated.")
    assert decision.tool_calls == () and "too close to call" in decision.reason


def test_an_explicit_request_for_a_person_is_needed_for_an_explicit_only_tool():
    assert route(first(TEAM_PROMPT, TEAM_TOOLS, "I want to talk to a human")) == "escalate_to_human"
    assert route(first(TEAM_PROMPT, TEAM_TOOLS, "상담원 연결해 주세요")) == "escalate_to_human"
    assert route(first(TEAM_PROMPT, TEAM_TOOLS, "Are you a human or a bot?")) == "ask"
    assert route(first(TEAM_PROMPT, TEAM_TOOLS, "My sister, a real person, bought skates here")) != "escalate_to_human"


def test_a_specific_word_beats_a_generic_one():
    billing_desk = spec("transfer_to_billing", "Use for billing: charges, invoices and payments.")
    tools = [*TEAM_TOOLS, billing_desk]
    assert route(first(TEAM_PROMPT, tools, "I have a problem with my invoice")) == "transfer_to_billing"
    assert route(first(TEAM_PROMPT, tools, "I have a problem with my skates, they exploded")) == \
        "transfer_to_issues_and_repairs"


def test_reasons_are_cut_at_a_word_boundary():
    long_step = "Ask them about any problems in their life related to catching roadrunners."
    assert shorten(long_step, 60) == "Ask them about any problems in their life related to…"
    assert shorten("short text", 60) == "short text"
    reasons = [d.reason for _, d in run_seed_000("My app keeps crashing whenever I try to upload a very large photograph").calls]
    for reason in reasons:
        for quoted in re.findall(r"'([^']*)'", reason):
            assert not quoted.endswith("…") or quoted[-2] != " "  # never "word …"
            assert not re.search(r"\w…$", quoted) or quoted[:-1].split()[-1] in reason


def test_korean_replies_throughout_a_korean_conversation():
    trace = run_seed_000("앱이 로그인할 때 계속 꺼져요")
    goodbye = trace.replies()[-1]
    assert HANGUL.search(goodbye) and not re.search(r"[A-Za-z]{3,}", goodbye)
    assert "'로그인할'" in trace.calls[0][1].reason or "'앱이'" in trace.calls[0][1].reason


def test_a_pasted_megabyte_is_read_from_its_beginning_like_a_context_window():
    from handoffs.models.meaning import read
    from handoffs.models.text import READ_LIMIT

    big = "I was charged twice. " + "x" * 1_000_000
    assert len(read(big).text) == READ_LIMIT
    assert route(first(TRIAGE_PROMPT, TRIAGE_TOOLS, big)) == "billing"
    korean = "두 번 결제되었습니다 " + "가나다 " * 300_000
    assert route(first(TRIAGE_PROMPT, TRIAGE_TOOLS, korean)) == "billing"
