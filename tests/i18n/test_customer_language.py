"""A customer is answered in their own language, whatever the kit's language: the offline model's replies and the
team's own apologies (a model call that failed, tool rounds that never ended) follow the customer's words."""

from __future__ import annotations

from handoffs.language_check import HANGUL
from handoffs.models import OfflineModelClient
from handoffs.part2 import run_scripted_session
from handoffs.part2.apologies import GIVE_UP_REPLY_KO, MODEL_FAILED_REPLY, MODEL_FAILED_REPLY_KO
from handoffs.recorder import RunRecorder


def tool(name: str, **args) -> dict:
    return {"tool": name, "args": args}


async def test_a_korean_customer_hears_the_teams_apologies_in_korean():
    failing = OfflineModelClient(script=[tool("transfer_to_sales_agent")])  # the sales agent's call finds no reply
    result = await run_scripted_session(["뭔가 사고 싶어요"], model_client=failing, recorder=RunRecorder(),
                                        session_id="실패", timeout=10)
    assert result.turns[0].reply.startswith(MODEL_FAILED_REPLY_KO + " (ScriptExhausted")
    endless = OfflineModelClient(script=[tool("transfer_to_issues_and_repairs")]
                                 + [tool("look_up_item", search_query="x")] * 6)
    result = await run_scripted_session(["환불해 주세요"], model_client=endless, recorder=RunRecorder(),
                                        session_id="끝없음")
    assert result.turns[0].reply == GIVE_UP_REPLY_KO


async def test_an_english_customer_is_answered_in_english_even_when_the_kit_is_korean(korean):
    failing = OfflineModelClient(script=[tool("transfer_to_sales_agent")])
    result = await run_scripted_session(["I want to buy something"], model_client=failing, recorder=RunRecorder(),
                                        session_id="english", timeout=10)
    assert result.turns[0].reply.startswith(MODEL_FAILED_REPLY) and not HANGUL.search(result.turns[0].reply)
    hello = await run_scripted_session(["Hello there"], recorder=RunRecorder(), session_id="hello", timeout=10)
    assert not HANGUL.search(hello.turns[0].reply)
