"""A Korean learner chats in Korean with both bots through the panels, and reads not one English sentence.

Part 1's support bot (greeting, a double charge, thanks, an empty send, after the end) and Part 2's team (the sales
path with its order question answered in the panel, a customer asking for a person, the operator answering from
the desk), all with the kit set to Korean. Everything the widgets show is collected — titles, badges, transcripts,
status lines, the "why?" lists, placeholders, button labels and tooltips — and checked with
:func:`handoffs.language_check.english_sentences`; tool names and agent types may stay as they are.
"""

from __future__ import annotations

import asyncio
import re

from langgraph.checkpoint.memory import InMemorySaver

from handoffs.language_check import HANGUL, english_sentences, visible_text
from handoffs.models import OfflineModelClient
from handoffs.part2 import build_team, new_runtime
from handoffs.part2.people import PanelCustomer
from handoffs.recorder import RunRecorder
from handoffs.part1 import build_support_agent
from handoffs.ui import AutoGenBackend, ChatPanel, LangChainBackend, OperatorPanel

SALES_KO = ["뭔가 사고 싶어요", "네, 로드러너가 너무 빨라서 매번 놓쳐요", "와, 좋네요! 관심 있어요", "네, 살게요!", "y"]


def read(markup: str) -> str:
    """What the widget shows, one line per widget, spaced as a browser spaces it."""
    return re.sub(r"\s+", " ", visible_text(markup)).replace(" : ", ": ").replace(":  ", ": ").strip()


def shown(panel: ChatPanel) -> str:
    parts = [panel.title.value, panel.badge.value, panel.transcript.value, panel.status.value, panel.why.value]
    labels = [panel.input.placeholder, panel.send_button.description, panel.why_toggle.description,
              panel.why_toggle.tooltip, panel.new_button.description]
    return "\n".join([*map(read, parts), *labels])


def desk_shown(desk: OperatorPanel) -> str:
    parts = [desk.title.value, desk.waiting.value, desk.request_view.value, desk.status.value]
    return "\n".join([*map(read, parts), desk.reply_box.placeholder, desk.send_button.description])


async def test_part_1s_bot_in_korean_from_hello_to_after_the_end(korean):
    recorder = RunRecorder()
    panel = ChatPanel(LangChainBackend(build_support_agent(checkpointer=InMemorySaver(), recorder=recorder),
                                       thread_id="한국어"), recorder=recorder)
    text = shown(panel)
    assert "인사말을 보내 대화를 시작해 보세요." in text and "단계: —" in text
    for line in ["안녕하세요", "두 번 결제되었습니다", "고마워요"]:
        reply = await panel.send(line)
        assert HANGUL.search(reply)  # the customer wrote Korean: the bot answers in Korean
    await panel.send("   ")
    text = shown(panel)
    assert recorder.steps_visited("한국어") == ["triage", "resolve", "done"]  # the finished conversation
    # typing after the end starts a new conversation without a click, and says so in Korean
    assert panel.backend.conversation == "한국어-2" and recorder.steps_visited("한국어-2") == ["triage"]
    assert "단계: triage" in text and "봇:" in text and "나:" in text and "triage → 글로 답함" in text
    assert recorder.tools_run("한국어")[0] == "record_issue"
    assert "먼저 메시지를 입력하세요" in text and "새 대화" in text
    assert english_sentences(text) == [], text


async def test_part_2s_team_and_the_operator_desk_in_korean(korean):
    recorder = RunRecorder()
    desk = OperatorPanel()
    runtime = new_runtime(recorder)
    team = await build_team(runtime, OfflineModelClient(), recorder=recorder, operators=desk)
    runtime.start()
    try:
        sales = ChatPanel(AutoGenBackend("판매", timeout=20), recorder=recorder)
        await team.open_session(PanelCustomer(sales.backend))
        for line in SALES_KO:
            await sales.send(line)
        assert [o.confirmed for o in team.ledger.orders] == [True]
        human = ChatPanel(AutoGenBackend("상담", timeout=20), recorder=recorder)
        await team.open_session(PanelCustomer(human.backend))
        turn = asyncio.ensure_future(human.send("상담원이랑 직접 얘기하고 싶어요"))
        await desk.next_request(timeout=20)
        waiting = desk_shown(desk)
        await desk.reply("안녕하세요, ACME 상담원 김민지입니다. 무엇을 도와드릴까요?")
        await turn
        await sales.send("exit")
    finally:
        await runtime.stop()
    texts = {"sales": shown(sales), "human": shown(human), "desk": waiting + "\n" + desk_shown(desk)}
    assert "주문: === 주문 요약 ===" in texts["sales"] and "세션: 상담이 끝났습니다. 안녕히 가세요!" in texts["sales"]
    assert "에이전트: HumanAgent" in texts["human"] and "HumanAgent (사람):" in texts["human"]
    assert "대기 1명" in texts["desk"] and "고객의 요청:" in texts["desk"] and "대화 상담에 보냈어요." in texts["desk"]
    for name, text in texts.items():
        assert english_sentences(text) == [], (name, text)


def test_a_panel_made_in_english_speaks_english():
    panel = ChatPanel(LangChainBackend(build_support_agent(checkpointer=InMemorySaver()), thread_id="en"))
    assert (panel.send_button.description, panel.input.placeholder) == ("Send", "Type a message and press Send")
    assert english_sentences(shown(panel))  # the yardstick does find English where there is English
