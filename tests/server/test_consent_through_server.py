"""Consent before a side effect through the kit's OpenAI-compatible server (issue 24): the same conversations as
``tests/part2/test_consent.py`` and ``tests/part1/test_consent.py``, with AutoGen's
``OpenAIChatCompletionClient`` and LangChain's ``ChatOpenAI`` talking HTTP to the offline model. Counted from the
tools: refunds made, orders placed, and which agent answered."""

from __future__ import annotations

import asyncio

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from handoffs.models import model_client
from handoffs.models import chat_model
from handoffs.part2 import build_team, new_runtime, run_scripted_session
from handoffs.recorder import RunRecorder
from handoffs.part1 import ask, build_support_agent, new_thread

OFFERED = {"en": ["I want a refund", "My rocket skates broke after one day", "No, that did not help"],
           "ko": ["환불 받고 싶어요", "로켓 스케이트가 하루 만에 부서졌어요", "아니요, 도움이 안 됐어요"]}


async def _team_session(server, turns):
    client = model_client(server.spec())
    recorder = RunRecorder()
    runtime = new_runtime(recorder)
    team = await build_team(runtime, client, recorder=recorder)
    runtime.start()

    async def desk():
        while True:
            request = await team.operators.next_request()
            team.operators.answer(request.session_id, "Hi, this is Sam, a person.")

    operator = asyncio.ensure_future(desk())
    try:
        return await run_scripted_session(turns, team=team, session_id="c", timeout=30), recorder
    finally:
        operator.cancel()
        await runtime.stop()
        await client.close()


@pytest.mark.parametrize("lang,reply,refunds,last_agent", [
    ("en", "yes", 1, "IssuesAndRepairsAgent"), ("ko", "네환불해주세요", 1, "IssuesAndRepairsAgent"),
    ("en", "how much?", 0, "IssuesAndRepairsAgent"), ("ko", "무료면 할게요", 0, "IssuesAndRepairsAgent"),
    ("en", "yeah right", 0, "IssuesAndRepairsAgent"), ("ko", "아니요", 0, "IssuesAndRepairsAgent"),
    ("en", "I want to talk to a human", 0, "HumanAgent"), ("ko", "상담원 연결해 주세요", 0, "HumanAgent")])
async def test_the_team_over_http_refunds_only_on_a_yes_and_hands_a_person_request_back(server, lang, reply, refunds,
                                                                                          last_agent):
    result, recorder = await _team_session(server, OFFERED[lang] + [reply])
    assert len(result.refunds) == refunds, result.describe()
    assert result.handled_by[-1] == last_agent
    assert all("execute_refund" not in t.reply and "success" not in t.reply for t in result.turns)


async def test_a_conditional_yes_over_http_is_asked_again_and_the_next_yes_refunds(server):
    """Fault C7 (tests/faults/README.md): a conditional yes to the refund offer is asked again, naming the refund,
    and only the plain yes after it refunds — through AutoGen's OpenAI client, as offline (C3)."""
    result, _ = await _team_session(server, OFFERED["en"] + ["yes if it's quick", "yes"])
    assert len(result.refunds) == 1 and "refund" in result.turns[-2].reply.lower(), result.describe()


@pytest.mark.parametrize("lines,refunds", [(["how do refunds work?"], 0), (["how do refunds work?", "yes"], 1),
                                           (["상담원 연결해 주세요"], 0), (["결제가 두 번 됐는데 환불은 하지 마세요"], 0),
                                           (["I was charged twice"], 1)])
def test_the_support_bot_over_http_resolves_only_with_consent(server, lines, refunds):
    recorder = RunRecorder()
    agent = build_support_agent(model=chat_model(server.spec()), checkpointer=InMemorySaver(), recorder=recorder)
    thread = new_thread()
    for line in lines:
        ask(agent, line, thread)
    assert recorder.tools_run().count("resolve_billing") == refunds
    assert "resolve_other" not in recorder.tools_run()
