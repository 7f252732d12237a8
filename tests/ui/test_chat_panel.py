"""ChatPanel driven from Python exactly as its button drives it: real agents, real recorder, rendered HTML."""

from __future__ import annotations

import asyncio

from langgraph.checkpoint.memory import InMemorySaver

from handoffs.models import OfflineChatModel
from handoffs.recorder import RunRecorder
from handoffs.part1 import build_support_agent
from handoffs.ui import AutoGenBackend, ChatPanel, LangChainBackend

XSS = "<img src=x onerror=alert(1)>"


def support_panel(use_async=False, model=None):
    rec = RunRecorder()
    agent = build_support_agent(model, checkpointer=InMemorySaver(), recorder=rec)
    return ChatPanel(LangChainBackend(agent, thread_id="panel-test", use_async=use_async), rec), rec


async def test_send_runs_the_langchain_agent_and_updates_transcript_badge_and_why():
    panel, rec = support_panel()
    assert "step: <span class=\"handoffs-badge-value\">—" in panel.badge.value
    reply = await panel.send("I was charged twice")
    assert reply and reply == panel.messages[-1].text
    assert rec.steps_visited("panel-test") == ["triage", "resolve", "done"]
    assert '<span class="handoffs-badge-value">done</span>' in panel.badge.value
    assert [(m.role, m.speaker) for m in panel.messages] == [("user", "you"), ("assistant", "bot")]
    assert "I was charged twice" in panel.transcript.value
    assert "record_issue" in panel.why.value and panel.why.layout.display == "none"
    panel.why_toggle.value = True
    assert panel.why.layout.display == "block"
    assert not panel.busy and not panel.send_button.disabled


async def test_the_thread_id_is_kept_between_turns():
    panel, rec = support_panel(use_async=True)
    await panel.send("Hello")  # triage asks what the issue is: the conversation goes on
    assert rec.current_step("panel-test") == "triage" and not panel.finished
    await panel.send("I was charged twice")
    assert [m.text for m in rec.transcript("panel-test") if m.role == "user"] == ["Hello", "I was charged twice"]
    assert rec.steps_visited("panel-test") == ["triage", "resolve", "done"]  # one thread, its saved step went on


async def test_the_send_button_does_what_send_does():
    panel, rec = support_panel()
    panel.input.value = "My app crashes when I log in"
    panel.send_button.click()
    await asyncio.gather(*panel._tasks)
    assert panel.input.value == ""
    assert rec.tools_run("panel-test")[:2] == ["record_issue", "resolve_technical"]
    assert panel.messages[0].text == "My app crashes when I log in"


async def test_busy_while_waiting_then_usable_again():
    backend = AutoGenBackend("s1", timeout=5)
    panel = ChatPanel(backend)
    turn = asyncio.ensure_future(panel.send("hello"))
    assert await backend.next_user_text() == "hello"  # the UserAgent's side receives the words
    assert panel.busy and panel.send_button.disabled and "handoffs-busy" in panel.widget._dom_classes
    assert await panel.send("again") is None and "Still waiting" in panel.status.value
    backend.deliver("TriageAgent", "Hi there")
    assert await turn == "Hi there"
    assert not panel.busy and not panel.send_button.disabled and "handoffs-busy" not in panel.widget._dom_classes


async def test_an_error_appears_in_the_panel_and_the_panel_stays_usable():
    backend = AutoGenBackend("s-timeout", timeout=0.05)
    panel = ChatPanel(backend)
    assert await panel.send("anyone?") is None
    assert panel.messages[-1].role == "error" and "ReplyTimeout" in panel.messages[-1].text
    assert "backend.deliver" in panel.transcript.value and "handoffs-status-error" in panel.status.value
    turn = asyncio.ensure_future(panel.send("retry"))
    await backend.next_user_text()
    await backend.next_user_text()  # the first words are still queued for the UserAgent
    backend.deliver("TriageAgent", "Now I'm here")
    assert await turn == "Now I'm here" and not panel.busy


async def test_a_failing_langchain_model_is_shown_not_lost():
    panel, _ = support_panel(model=OfflineChatModel(script=[]))
    assert await panel.send("hello") is None
    assert "ScriptExhausted" in panel.messages[-1].text and not panel.busy


async def test_empty_input_is_ignored_with_a_hint():
    backend = AutoGenBackend("s-empty", timeout=0.05)
    panel = ChatPanel(backend)
    assert await panel.send("   ") is None
    assert panel.messages == [] and "Type a message first" in panel.status.value
    assert backend._inbox is None or backend._inbox.empty()  # nothing reached the agents


async def test_model_and_user_text_are_escaped():
    panel, _ = support_panel(model=OfflineChatModel(script=[f"Bye {XSS}"]))
    await panel.send(f"hi {XSS}")
    html = panel.transcript.value
    assert "<img" not in html and html.count("&lt;img src=x onerror=alert(1)&gt;") == 2


async def test_a_one_megabyte_message_is_clipped_for_display_and_kept_whole():
    backend = AutoGenBackend("s-big", timeout=5)
    panel = ChatPanel(backend)
    big = "x" * 1_000_000
    turn = asyncio.ensure_future(panel.send(big))
    assert await backend.next_user_text() == big
    backend.deliver("TriageAgent", "y" * 1_000_000)
    await turn
    assert [len(m.text) for m in panel.messages] == [1_000_000, 1_000_000]
    assert len(panel.transcript.value) < 60_000
    assert "1,000,000 characters" in panel.transcript.value and "show more" in panel.transcript.value


async def test_emoji_korean_and_right_to_left_text_render_as_typed():
    backend = AutoGenBackend("s-i18n", timeout=5)
    panel = ChatPanel(backend)
    text = "환불해 주세요 🙏 — أريد استرداد المبلغ"
    turn = asyncio.ensure_future(panel.send(text))
    await backend.next_user_text()
    backend.deliver("TriageAgent", "네, 도와드릴게요 ✅")
    await turn
    assert text in panel.transcript.value and "네, 도와드릴게요 ✅" in panel.transcript.value
    assert panel.transcript.value.count('dir="auto"') == 2


async def test_an_autogen_session_with_recorder_badge(world):
    panel = ChatPanel(world.backend("s-agent"), world.recorder)
    reply = await panel.send("Hello there")
    assert reply and panel.messages[-1].speaker == "Triage"
    assert '<span class="handoffs-badge-value">Triage</span>' in panel.badge.value
    assert "agent:" in panel.badge.value


async def test_close_stops_listening_to_the_recorder():
    panel, rec = support_panel()
    await panel.send("I was charged twice")
    why = panel.why.value
    assert why.count("<li") == 4
    panel.close()
    rec.clear()
    await LangChainBackend(panel.backend.agent, "panel-test").respond("again")  # new events, panel closed
    assert rec.model_calls("panel-test") and panel.why.value == why  # a live panel would now list 1 reason
    assert len(panel.messages) == 2
