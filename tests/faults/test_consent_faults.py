"""Fault catalogue: consent before a side effect, and tool results kept from customers (README rows C1-C7).

Issue 24 measured a refund nobody asked for: after the issues-and-repairs agent offers a refund, "상담원 연결해
주세요" executed it; "I want to talk to a human" got "Just to confirm: shall I go ahead?" and the next "yes"
refunded; a customer asking that agent for a person never reached the human agent; "Yes, refund" after a proposed
fix got "Glad that helped!". Issue 21 found "(execute_refund: 'success')" told to a customer. Every test here runs
real conversations through the real frameworks with the offline model (and, in C7, through the kit's server),
counting refunds and orders from the tools and reading which agent answered.
"""

from __future__ import annotations

import asyncio
import re

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from handoffs.models import OfflineModelClient
from handoffs.part2 import build_team, new_runtime
from handoffs.part2.people import ScriptedCustomer
from handoffs.part2.sessions import result_of, wait_until_finished
from handoffs.recorder import RunRecorder
from handoffs.part1 import ask, build_support_agent, new_thread
from test_side_effect_faults import run_with_redelivery

OFFERED = {"en": ["I want a refund", "My rocket skates broke after one day", "No, that did not help"],
           "ko": ["환불 받고 싶어요", "로켓 스케이트가 하루 만에 부서졌어요", "아니요, 도움이 안 됐어요"]}
SALES = {"en": ["I want to buy something", "Roadrunners keep escaping from me", "That sounds great, I'm in", "yes"],
         "ko": ["뭐 좀 사고 싶어요", "로드러너가 자꾸 도망가요", "오 좋네요, 관심 있어요", "네"]}
YES = {"en": "yes", "ko": "네"}


async def team_session(turns, client=None, confirmations=("y",)):
    """One session on a fresh team, an operator answering every escalation; returns (result, recorder, asked)."""
    recorder = RunRecorder()
    runtime = new_runtime(recorder)
    team = await build_team(runtime, client or OfflineModelClient(), recorder=recorder)
    runtime.start()
    asked: list[str] = []

    async def desk():
        while True:
            request = await team.operators.next_request()
            asked.append(request.request)
            team.operators.answer(request.session_id, "Hi, this is Sam, a person.")

    operator = asyncio.ensure_future(desk())
    try:
        customer = ScriptedCustomer("c", turns, confirmations)
        await team.open_session(customer)
        await wait_until_finished(customer, 30)
        return result_of(team, customer), recorder, asked
    finally:
        operator.cancel()
        await runtime.stop()


def model_calls(recorder) -> list[str]:
    return [c.name for e in recorder.model_calls("c") for c in e.tool_calls]


@pytest.mark.parametrize("lang,person", [("ko", "상담원 연결해 주세요"), ("en", "I want to talk to a human"),
                                         ("en", "Can I speak with a real person?"), ("ko", "사람이랑 얘기하고 싶어"),
                                         ("en", "get me your manager"), ("ko", "상담원연결좀"),
                                         ("en", "i need a human agent plz")])
async def test_c1_a_person_asked_for_after_a_refund_offer_reaches_the_human_agent_and_nothing_is_refunded(lang, person):
    result, recorder, asked = await team_session(OFFERED[lang] + [person, YES[lang]])
    assert result.refunds == [], result.describe()
    assert result.handled_by[-2:] == ["HumanAgent", "HumanAgent"] and asked[0] == person
    assert recorder.handoffs("c")[-2:] == [("IssuesAndRepairsAgent", "TriageAgent"), ("TriageAgent", "HumanAgent")]
    assert model_calls(recorder)[-2:] == ["transfer_back_to_triage", "escalate_to_human"]


@pytest.mark.parametrize("lang,reply", [("en", "Yes, refund"), ("en", "yes refund pls"), ("ko", "네 환불이요"),
                                        ("ko", "응환불해줘")])
async def test_c2_yes_refund_after_a_proposed_fix_offers_the_refund_and_refunds_only_on_the_next_yes(lang, reply):
    result, _, _ = await team_session(OFFERED[lang][:2] + [reply])
    offer = result.turns[-1].reply
    assert result.refunds == [] and "glad" not in offer.lower() and "다행" not in offer
    assert ("refund" in offer.lower()) if lang == "en" else ("환불" in offer)
    result, _, _ = await team_session(OFFERED[lang][:2] + [reply, YES[lang]])
    assert len(result.refunds) == 1


NOT_CONSENT = {
    "yes to something else": ["Yes, that fix worked actually", "네 껐다 켜 봤어요"],
    "no": ["no thanks", "아뇨 괜찮아요"],
    "question": ["how much do I get back?", "환불하면 언제 들어와요?"],
    "complaint": ["your app is so slow", "앱이 너무 느려요"],
    "conditional": ["yes if it's quick", "오늘 되면 해 주세요"],
    "sarcasm": ["yeah right", "퍽이나요"],
    "unsure": ["maybe later", "글쎄요"],
}


@pytest.mark.parametrize("kind,reply", [(k, r) for k, replies in NOT_CONSENT.items() for r in replies])
async def test_c3_a_reply_that_is_not_a_yes_to_the_refund_refunds_nothing(kind, reply):
    lang = "en" if reply.isascii() else "ko"
    result, recorder, _ = await team_session(OFFERED[lang] + [reply])
    assert result.refunds == [] and "execute_refund" not in recorder.tools_run("c"), f"{kind}: {result.describe()}"


@pytest.mark.parametrize("answer", ["상담원 연결해 주세요", "I want to talk to a human", "how much is shipping?",
                                    "yes if it's cheaper", "yeah right", "글쎄요", "no"])
async def test_c4_the_order_question_is_confirmed_only_by_a_yes(answer):
    result, _, _ = await team_session(SALES["en"], confirmations=[answer])
    assert [o.confirmed for o in result.orders] == [False]


@pytest.mark.parametrize("lines", [["how do refunds work?"], ["환불은 어떻게 받나요?"], ["I want to talk to a human"],
                                   ["상담원 연결해 주세요"], ["I was charged twice but do not refund it"],
                                   ["결제가 두 번 됐는데 환불은 하지 마세요"], ["how do refunds work?", "maybe"]])
def test_c5_part_1_runs_no_resolve_tool_on_a_question_a_refusal_or_a_request_for_a_person(lines):
    recorder = RunRecorder()
    agent = build_support_agent(checkpointer=InMemorySaver(), recorder=recorder)
    thread = new_thread()
    for line in lines:
        ask(agent, line, thread)
    assert [t for t in recorder.tools_run() if t.startswith("resolve_")] == []


_RAW = re.compile(r"\b(?:execute_refund|execute_order|look_up_item|resolve_billing|resolve_technical|resolve_other|"
                  r"record_issue|end_conversation|transfer_\w+|escalate_to_human)\b|'success'|\bSuccess\b|"
                  r"User cancelled order|Already done, not repeated|idempotency|Not run:|Transferred to|Adopt persona|"
                  r"Issue recorded as|Conversation closed|Billing case|Technical case|Other case|said '|\(\w+: ")


def told_part_2(result) -> list[str]:
    return [t.reply for t in result.turns]


@pytest.mark.parametrize("lang", ["en", "ko"])
async def test_c6_customers_are_never_told_a_raw_tool_result_in_either_part_or_language(lang):
    told: list[str] = []
    for turns, confirmations in ((SALES[lang], ("y",)), (SALES[lang], ("n",)), (OFFERED[lang] + [YES[lang]], ("y",))):
        result, _, _ = await team_session(turns, confirmations=confirmations)
        told += told_part_2(result)
    # a refund delivered twice (row E4): the second is answered "Already done, not repeated …" — to the model only
    team = await run_with_redelivery(True, OFFERED[lang] + [YES[lang]], "IssuesAndRepairsAgent", "twice")
    told += [t.reply for t in team.customers["twice"].turns]
    lines = {"en": ["I was charged twice", "My app crashes when I log in", "I want to change my delivery address",
                    "how do refunds work?", "yes"],
             "ko": ["결제가 두 번 됐어요", "로그인하면 앱이 꺼져요", "배송지 주소를 바꾸고 싶어요", "환불은 어떻게 받나요?", "네"]}[lang]
    for line in lines:
        state = ask(build_support_agent(checkpointer=InMemorySaver()), line, new_thread())
        told.append(state["messages"][-1].content)
    raw = [t for t in told if _RAW.search(t)]
    assert raw == [] and len(told) >= 15, raw
