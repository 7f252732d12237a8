"""Consent before a side effect, in seed 003's team (issue 24): after the issues-and-repairs agent offers a refund
(or the sales agent names a price), only a clear yes to THAT action runs it. Real conversations through AutoGen
Core with the offline model; what happened is counted from the tools (the team's ledger) and the agent that
answered. One test per phrasing kind, in English and Korean (polite, 반말, typos, no spacing)."""

from __future__ import annotations

import asyncio

import pytest

from customer_scripts import REFUND

from handoffs.models import OfflineModelClient
from handoffs.part2 import build_team, new_runtime, run_scripted_session
from handoffs.recorder import RunRecorder

REFUND_KO = ["환불 받고 싶어요", "로켓 스케이트가 하루 만에 부서졌어요", "아니요, 도움이 안 됐어요"]
OFFERED = {"en": REFUND[:3], "ko": REFUND_KO}  # the refund has just been offered ("Would you like a refund?")

# kind -> replies to the offer, per language (none of them but "yes" agrees to the refund)
REPLIES = {
    "yes": {"en": ["yes", "Yes, please refund me", "yesss go ahead", "sure, refund me pls", "Could you process the refund?"],
            "ko": ["네", "네 환불해 주세요", "네환불해주세요", "응 해줘", "ㅇㅇ 환불 해쥬세요", "넵!", "환불해 주실 수 있나요?"]},
    "yes_to_something_else": {"en": ["Yes, the fix worked actually", "yes I also want to buy new skates"],
                              "ko": ["네 아까 껐다 켰어요", "응 근데 배송은 언제 와요"]},
    "no": {"en": ["no", "No thanks", "nope, not now"], "ko": ["아니요", "아뇨 괜찮아요", "싫어", "ㄴㄴ"]},
    "question": {"en": ["how much?", "How long does a refund take?"], "ko": ["얼마나 걸려요?", "환불하면 수수료 있나요?"]},
    "complaint": {"en": ["this app keeps crashing", "your service is terrible"], "ko": ["앱이 자꾸 꺼져요", "서비스가 너무 별로네요"]},
    "conditional": {"en": ["yes if it's free", "ok but only if it is quick"], "ko": ["무료면 할게요", "오늘 되면 해 주세요"]},
    "sarcasm": {"en": ["yeah right", "oh sure, like that'll help"], "ko": ["퍽이나", "네네 그러시겠죠"]},
    "unsure": {"en": ["maybe", "not sure"], "ko": ["글쎄요", "음.. 모르겠어요"]},
}
PERSON = {"en": ["I want to talk to a human", "can I speak to a real person", "get me a manager please",
                 "let me talk to an agent"],
          "ko": ["상담원 연결해 주세요", "사람이랑 얘기할래", "상담원연결해주세요", "매니저 불러 주세요"]}


def _cases(kinds):
    return [(kind, lang, reply) for kind in kinds for lang in ("en", "ko") for reply in REPLIES[kind][lang]]


async def _session(turns, recorder=None, operator=None):
    recorder = recorder or RunRecorder()
    runtime = new_runtime(recorder)
    team = await build_team(runtime, OfflineModelClient(), recorder=recorder)
    runtime.start()
    answered = []

    async def operator_desk():
        while True:
            request = await team.operators.next_request()
            answered.append(request.request)
            team.operators.answer(request.session_id, operator or "Hi, this is Sam, a person.")

    desk = asyncio.ensure_future(operator_desk())
    try:
        result = await run_scripted_session(turns, team=team, session_id="c", timeout=30)
    finally:
        desk.cancel()
        await runtime.stop()
    return result, recorder, answered


@pytest.mark.parametrize("kind,lang,reply", _cases(["yes"]))
async def test_a_clear_yes_to_the_refund_refunds_once(kind, lang, reply):
    result, recorder, _ = await _session(OFFERED[lang] + [reply])
    assert len(result.refunds) == 1, result.describe()
    assert result.handled_by[-1] == "IssuesAndRepairsAgent"
    assert recorder.tools_run("c")[-2:] == ["look_up_item", "execute_refund"]


@pytest.mark.parametrize("kind,lang,reply", _cases([k for k in REPLIES if k != "yes"]))
async def test_anything_but_a_yes_refunds_nothing_and_a_yes_after_it_does(kind, lang, reply):
    result, recorder, _ = await _session(OFFERED[lang] + [reply])
    assert result.refunds == [], f"{kind}: {reply!r} refunded: {result.describe()}"
    assert "execute_refund" not in recorder.tools_run("c")
    last = result.turns[-1]
    assert last.reply and "execute_refund" not in last.reply and "success" not in last.reply
    named = ("refund" in last.reply.lower()) if lang == "en" else ("환불" in last.reply)
    if kind in ("question", "conditional", "sarcasm", "unsure"):
        assert last.handled_by == "IssuesAndRepairsAgent" and named  # asked again, naming the refund
    if named and kind != "no":
        # the model asked again, naming the refund: a yes now is a yes to it
        again, _, _ = await _session(OFFERED[lang] + [reply, "yes" if lang == "en" else "네"])
        assert len(again.refunds) == 1, again.describe()


@pytest.mark.parametrize("lang,reply", [(lang, r) for lang in ("en", "ko") for r in PERSON[lang]])
async def test_a_request_for_a_person_reaches_the_human_agent_through_triage(lang, reply):
    result, recorder, asked = await _session(OFFERED[lang] + [reply])
    assert result.refunds == []
    assert result.handled_by[-1] == "HumanAgent" and asked == [reply]
    assert recorder.handoffs("c")[-2:] == [("IssuesAndRepairsAgent", "TriageAgent"), ("TriageAgent", "HumanAgent")]
    calls = [c.name for e in recorder.model_calls("c") for c in e.tool_calls]
    assert calls[-2:] == ["transfer_back_to_triage", "escalate_to_human"]


async def test_a_person_asked_for_before_any_offer_also_reaches_the_human_agent():
    result, recorder, _ = await _session(["I want a refund", "I want to talk to a human"])
    assert result.handled_by == ["IssuesAndRepairsAgent", "HumanAgent"] and result.refunds == []


@pytest.mark.parametrize("lang,reply", [("en", "Yes, refund"), ("en", "yes, I want my money back"), ("ko", "네 환불이요")])
async def test_yes_refund_after_a_proposed_fix_offers_the_refund_not_glad_it_helped(lang, reply):
    turns = OFFERED[lang][:2] + [reply]
    result, _, _ = await _session(turns)
    assert result.refunds == []
    last = result.turns[-1].reply
    assert "glad" not in last.lower() and "다행" not in last
    assert ("refund" in last.lower()) if lang == "en" else ("환불" in last)
    again, _, _ = await _session(turns + ["yes" if lang == "en" else "네"])
    assert len(again.refunds) == 1


SALES_OFFERED = {"en": ["I want to buy something", "Roadrunners keep escaping from me", "That sounds great, I'm in"],
                 "ko": ["뭐 좀 사고 싶어요", "로드러너가 자꾸 도망가요", "오 좋네요, 관심 있어요"]}


@pytest.mark.parametrize("lang,reply,orders", [
    ("en", "yes", 1), ("en", "I'll take it", 1), ("ko", "네 주문할게요", 1), ("ko", "살게요", 1),
    ("en", "how much is shipping?", 0), ("en", "yes if it's under $10", 0), ("en", "yeah right", 0), ("en", "no", 0),
    ("ko", "배송비는 얼마예요?", 0), ("ko", "싸면 살게요", 0), ("ko", "퍽이나", 0), ("ko", "아니요", 0)])
async def test_an_order_is_placed_only_on_a_yes_to_the_order(lang, reply, orders):
    result, recorder, _ = await _session(SALES_OFFERED[lang] + [reply])
    assert len([o for o in result.orders if o.confirmed]) == orders, result.describe()
    assert recorder.tools_run("c").count("execute_order") == orders


async def test_the_order_question_is_not_confirmed_by_a_request_for_a_person():
    # the seed's "Confirm order? y/n" is answered by asking for a person: nothing is ordered
    result = await run_scripted_session(SALES_OFFERED["ko"] + ["네"], model_client=OfflineModelClient(),
                                        session_id="o", confirmations=["상담원 연결해 주세요"])
    assert [o.confirmed for o in result.orders] == [False]
