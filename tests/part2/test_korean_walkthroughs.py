"""Seed 003's three paths with a Korean-speaking customer: the same handoffs and tools, answered in Korean."""

from __future__ import annotations

import asyncio
import re

from handoffs.models import OfflineModelClient
from handoffs.part2 import run_scripted_session
from handoffs.part2.tools import ITEM_ID

HANGUL = re.compile(r"[\uac00-\ud7a3]")

SALES_KO = ["뭔가 사고 싶어요", "네, 로드러너가 너무 빨라서 매번 놓쳐요", "와, 좋네요! 관심 있어요", "네, 살게요!"]
REFUND_KO = ["지난주에 산 물건 환불받고 싶어요", "로켓 스케이트가 하루 만에 고장났어요", "아니요, 전혀 도움이 안 됐어요",
             "네, 환불해 주세요"]
HUMAN_KO = ["상담원이랑 직접 얘기하고 싶어요", "감사합니다"]


def _all_korean(replies):
    return all(HANGUL.search(r) for r in replies)


async def test_korean_sales_path_orders_after_yes_and_answers_in_korean(recorder):
    result = await run_scripted_session(SALES_KO, model_client=OfflineModelClient(), recorder=recorder,
                                        session_id="ko-s", confirmations=["y"])
    assert recorder.handoffs("ko-s") == [("TriageAgent", "SalesAgent")]
    assert recorder.tools_run("ko-s") == ["transfer_to_sales_agent", "execute_order"]
    assert [o.confirmed for o in result.orders] == [True]
    replies = [t.reply for t in result.turns]
    assert _all_korean(replies)
    assert "로드러너" in replies[0]  # routine step 1, in Korean
    assert result.orders[0].product in replies[1] and "$" not in replies[1]  # step 2: a product, no price
    assert f"${result.orders[0].price:,}" in replies[2]  # step 3: the ridiculous price


async def test_korean_refund_path_probes_fixes_then_refunds_in_korean(recorder):
    result = await run_scripted_session(REFUND_KO, model_client=OfflineModelClient(), recorder=recorder, session_id="ko-r")
    assert recorder.tools_run("ko-r") == ["transfer_to_issues_and_repairs", "look_up_item", "execute_refund"]
    assert [(r.item_id, r.session_id) for r in result.refunds] == [(ITEM_ID, "ko-r")]
    assert "고장" in result.refunds[0].reason  # the customer's own words as the reason
    replies = [t.reply for t in result.turns]
    assert _all_korean(replies)
    assert "환불" not in replies[1] and "환불" in replies[2]  # a fix first, the refund only when not satisfied


async def test_korean_customer_reaches_the_human_operator(start_team, recorder):
    team = await start_team()
    session = asyncio.ensure_future(run_scripted_session(HUMAN_KO, team=team, session_id="ko-h", timeout=30))
    first = await asyncio.wait_for(team.operators.next_request(), 30)
    assert first.request == "상담원이랑 직접 얘기하고 싶어요"
    team.operators.answer("ko-h", "안녕하세요, ACME 상담원 김민지입니다.")
    await asyncio.wait_for(team.operators.next_request(), 30)
    team.operators.answer("ko-h", "천만에요!")
    result = await session
    assert recorder.handoffs("ko-h") == [("TriageAgent", "HumanAgent")]
    assert result.handled_by == ["HumanAgent", "HumanAgent"]


async def test_a_korean_greeting_is_answered_in_korean_without_a_handoff(recorder):
    result = await run_scripted_session(["안녕하세요"], model_client=OfflineModelClient(), recorder=recorder,
                                        session_id="ko-g")
    assert recorder.handoffs("ko-g") == []
    assert HANGUL.search(result.turns[0].reply) and result.turns[0].reply.endswith("?")


async def test_a_korean_customer_confirms_the_order_in_korean(recorder):
    for answer, confirmed in [("네", True), ("예, 주문해 주세요", True), ("아니요", False), ("y", True)]:
        result = await run_scripted_session(SALES_KO, model_client=OfflineModelClient(), recorder=recorder,
                                            session_id=f"ko-{answer}", confirmations=[answer])
        assert [o.confirmed for o in result.orders] == [confirmed], answer


async def test_a_korean_crowd_never_crosses_and_a_crossing_with_a_particle_is_found():
    from handoffs.part2.crowd import crowd_scripts, find_crossings, run_crowd
    from handoffs.recorder import MessageEvent, RunRecorder

    scripts = crowd_scripts(6, language="ko")
    assert scripts["c0001"][1].startswith("c0001 ") and _all_korean(scripts["c0000"])
    crowd = await run_crowd(scripts, model_client=OfflineModelClient(), recorder=RunRecorder())
    crossings = find_crossings(crowd, scripts)
    assert crossings.none and dict(crossings.paths) == {"IssuesAndRepairsAgent": 3, "SalesAgent": 3}
    assert _all_korean(t.reply for result in crowd.results.values() for t in result.turns)
    crowd.recorder.add(MessageEvent, "c0000", role="assistant", actor="SalesAgent", text="c0001가 주문한 건이에요")
    assert find_crossings(crowd, scripts).foreign_events  # "c0001가": a name with a Korean particle attached
