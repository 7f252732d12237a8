"""Fault catalogue, part 7: the panels and pictures when people do odd things (README rows U1-U7).

Real teams on the offline model, real widgets (driven through ``send``/``reply`` and their buttons' ``click()``), real
matplotlib figures rendered to PNG — nothing is stubbed.
"""

from __future__ import annotations

import asyncio
import io

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from handoffs.models import OfflineModelClient, model_client
from handoffs.part2 import build_team, new_runtime, run_scripted_session
from handoffs.part2.people import PanelCustomer
from handoffs.recorder import ModelCallEvent, RunRecorder
from handoffs.part1 import build_support_agent
from handoffs.ui import AutoGenBackend, ChatPanel, LangChainBackend, OperatorPanel
from handoffs.viz import plot_handoffs
from handoffs.viz.handoff_diagram import handoff_rows

LONE = "\ud800"
NO_OPERATOR = "no operator has answered yet — answer on the Operator desk"


def png_bytes(figure) -> int:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    return len(buffer.getvalue())


def encodable(*texts: str) -> bool:
    for text in texts:
        text.encode("utf-8")  # raises on a lone surrogate, as a widget update or a gRPC message would
    return True


@pytest.fixture
async def team_world():
    """A started team with a recorder and an operator panel; stopped afterwards."""
    recorder, desk = RunRecorder(), OperatorPanel()
    runtime = new_runtime(recorder)
    team = await build_team(runtime, model_client(), recorder=recorder, operators=desk)
    runtime.start()
    yield team, recorder, desk
    await runtime.stop()


async def chat_on(team, recorder, session: str, timeout: float = 20.0) -> ChatPanel:
    backend = AutoGenBackend(session, timeout=timeout)
    panel = ChatPanel(backend, recorder)
    await team.open_session(PanelCustomer(backend))
    return panel


async def test_u1_a_lone_surrogate_breaks_no_later_turn_and_no_picture(team_world):
    team, recorder, _ = team_world
    panel = await chat_on(team, recorder, "surrogate")
    for words in [f"I want a refund {LONE}", f"My rocket skates broke after one day {LONE}x", "No, that did not help",
                  "Yes, please refund me"]:
        assert await panel.send(words)
    assert encodable(panel.transcript.value, panel.why.value, panel.badge.value)
    assert [m.role for m in panel.messages].count("error") == 0 and "\ufffd" in panel.messages[0].text
    assert team.ledger.refunds_of("surrogate")  # the conversation went all the way to the refund
    assert png_bytes(plot_handoffs(recorder, "surrogate")) > 10_000
    scripted = await run_scripted_session([f"hello {LONE}", "I want to buy something"], team=team, session_id="s2")
    assert encodable(scripted.describe()) and png_bytes(plot_handoffs(recorder, "s2")) > 10_000
    single = ChatPanel(LangChainBackend(build_support_agent(checkpointer=InMemorySaver()), "t"))
    assert await single.send(f"I was charged twice {LONE}") and await single.send("thanks")
    assert encodable(single.transcript.value)


def test_u2_the_why_list_is_cut_and_wrapped():
    recorder = RunRecorder()
    panel = ChatPanel(AutoGenBackend("why", timeout=1), recorder)
    recorder.add(ModelCallEvent, "why", actor="TriageAgent", reason="because " + "x" * 2_000_000)
    assert len(panel.why.value) < 5_000 and "overflow-wrap:anywhere" in panel.why.value
    for number in range(100):
        recorder.add(ModelCallEvent, "why", actor="TriageAgent", reason=f"reason number {number}")
    assert "reason number 99" in panel.why.value and "reason number 10<" not in panel.why.value
    assert "61 earlier model calls not listed" in panel.why.value and len(panel.why.value) < 20_000


async def test_u3_a_double_click_on_send_reply_delivers_once_without_a_bogus_hint():
    desk = OperatorPanel()
    first = asyncio.ensure_future(desk.ask("c1", "help me"))
    second = asyncio.ensure_future(desk.ask("c2", "me too"))
    await asyncio.sleep(0)
    desk.reply_box.value = "Ann here."
    desk.send_button.click()
    desk.send_button.click()  # the second click of a double click, before the first one's reply ran
    assert await first == "Ann here."
    await asyncio.sleep(0.05)
    desk.send_button.click()  # and a late second click, after the first emptied the box
    await asyncio.sleep(0.05)
    assert not second.done() and [t for _, t in desk.answered] == ["Ann here."]
    assert "Type a reply first" not in desk.status.value and "Sent to conversation c1" in desk.status.value
    await desk.reply("Bob here.")
    assert await second == "Bob here."


async def test_u3_a_double_click_on_send_sends_one_message():
    backend = AutoGenBackend("dbl", timeout=5)
    panel = ChatPanel(backend)
    panel.input.value = "hello"
    panel.send_button.click()
    panel.send_button.click()
    assert await asyncio.wait_for(backend.next_user_text(), 5) == "hello"
    backend.deliver("TriageAgent", "Hi!")
    await asyncio.sleep(0.05)
    panel.send_button.click()  # late second click on the emptied box
    await asyncio.sleep(0.05)
    assert [m.text for m in panel.messages] == ["hello", "Hi!"] and "Type a message first" not in panel.status.value
    assert backend._queue().empty()
    panel.input.value = "   "  # blanks a person typed are not a double click: they get the hint
    panel.send_button.click()
    await asyncio.sleep(0.05)
    assert "Type a message first" in panel.status.value


async def test_u4_an_unanswered_operator_is_explained_and_the_late_answer_still_arrives(team_world):
    team, recorder, desk = team_world
    # the panel's timeout must outlast the hand-over to the operator (the offline model's decision: a few ms, up to
    # 0.6 s when its phrases are compiled on first use, several times that on a loaded machine)
    panel = await chat_on(team, recorder, "waits", timeout=3)
    assert await panel.send("I want to talk to a human") is None
    last = panel.messages[-1]
    assert NO_OPERATOR in last.text and "backend.deliver" not in panel.transcript.value and last.role != "error"
    assert not panel.busy
    await desk.reply("Ann here, sorry for the wait.")
    for _ in range(100):
        if panel.messages[-1].text == "Ann here, sorry for the wait.":
            break
        await asyncio.sleep(0.02)
    assert panel.messages[-1].role == "operator" and panel.messages[-1].text == "Ann here, sorry for the wait."


async def test_u5_a_refused_handoff_is_labelled_with_the_call_that_was_refused():
    recorder, desk = RunRecorder(), OperatorPanel()
    ping_pong = [{"tool": "transfer_to_sales_agent", "args": {}}, {"tool": "transfer_back_to_triage", "args": {}}] * 2
    runtime = new_runtime(recorder)
    team = await build_team(runtime, OfflineModelClient(script=ping_pong), recorder=recorder, operators=desk)
    runtime.start()
    try:
        looping = asyncio.ensure_future(run_scripted_session(["hi"], team=team, session_id="loop"))
        await desk.next_request(timeout=20)
        await desk.reply("A person here.")
        await asyncio.wait_for(looping, 20)
    finally:
        await runtime.stop()
    handoffs = [(source, target, label) for kind, source, target, label in handoff_rows(recorder, "loop")
                if kind == "handoff"]
    assert handoffs == [("TriageAgent", "SalesAgent", "transfer_to_sales_agent"),
                        ("SalesAgent", "TriageAgent", "transfer_back_to_triage"),
                        ("TriageAgent", "SalesAgent", "transfer_to_sales_agent"),
                        ("SalesAgent", "HumanAgent", "transfer_back_to_triage")]  # the call the limit redirected
    assert png_bytes(plot_handoffs(recorder, "loop")) > 10_000


async def test_u6_after_done_typing_again_starts_a_new_conversation_without_a_click():
    recorder = RunRecorder()
    backend = LangChainBackend(build_support_agent(recorder=recorder, checkpointer=InMemorySaver()), "done-1")
    panel = ChatPanel(backend, recorder)
    await panel.send("I was charged twice")  # triage -> resolve -> done in one turn
    assert recorder.current_step("done-1") == "done" and panel.new_button.layout.display != "none"
    assert "type a message to start a new one" in panel.status.value  # the next conversation is offered
    reply = await panel.send("My app crashes when I log in")  # typed, no click: a fresh conversation answers
    assert backend.conversation == "done-1-2" and "technical problem" in reply
    assert recorder.tools_run("done-1-2") == ["record_issue", "resolve_technical", "end_conversation"]
    assert recorder.steps_visited("done-1") == ["triage", "resolve", "done"]  # the old thread got nothing new
    assert [m.text for m in panel.messages if m.role == "note"] == [
        "The last conversation was finished: this is a new one (thread done-1-2)."]
    assert [m.text for m in panel.messages if m.role == "user"] == ["I was charged twice", "My app crashes when I log in"]
    conversation = panel.new_conversation()  # the button still starts one with an empty transcript
    assert conversation == "done-1-3" and not panel.finished and len(panel.messages) == 1


async def test_u6_after_exit_typing_again_says_so_at_once(team_world):
    team, recorder, _ = team_world
    panel = await chat_on(team, recorder, "ends", timeout=30)
    await panel.send("hello")
    assert await panel.send("exit") == "Session ended. Goodbye!"
    assert await asyncio.wait_for(panel.send("I have another problem"), 2) is None  # no 30 s wait for a timeout
    assert "run the cell that opened it again with a new session id" in panel.messages[-1].text
