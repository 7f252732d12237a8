"""OperatorPanel: a waiting agent gets the operator's reply through a Future; drivable from code and by its button."""

from __future__ import annotations

import asyncio

import pytest

from handoffs.ui import ChatPanel, OperatorPanel


async def test_operator_round_trip_through_a_real_runtime(world):
    chat = ChatPanel(world.backend("s-op"), world.recorder)
    turn = asyncio.ensure_future(chat.send("I want to talk to a human"))
    request = await world.desk.next_request(timeout=10)
    assert (request.conversation, request.request) == ("s-op", "I want to talk to a human")
    assert "I want to talk to a human" in world.desk.request_view.value and "1 waiting" in world.desk.waiting.value
    await world.desk.reply("Hi, this is Ann. How can I help?")
    assert await turn == "Hi, this is Ann. How can I help?"
    assert chat.messages[-1].role == "operator" and chat.messages[-1].speaker == "HumanAgent (human)"
    assert world.recorder.handoffs("s-op") == [("Triage", "HumanAgent")]
    assert world.recorder.transcript("s-op")[-1].role == "operator"
    assert "0 waiting" in world.desk.waiting.value and world.desk.send_button.disabled


async def test_the_reply_button_answers_the_oldest_request():
    desk = OperatorPanel()
    first = asyncio.ensure_future(desk.ask("c1", "first <b>question</b>", [("customer", "earlier words")]))
    second = asyncio.ensure_future(desk.ask("c2", "second question"))
    await asyncio.sleep(0)
    assert "2 waiting" in desk.waiting.value and not desk.send_button.disabled
    assert "first &lt;b&gt;question&lt;/b&gt;" in desk.request_view.value and "earlier words" in desk.request_view.value
    desk.reply_box.value = "answer one"
    desk.send_button.click()
    assert await first == "answer one" and not second.done()
    assert "second question" in desk.request_view.value
    await desk.reply("answer two")
    assert await second == "answer two"
    assert [(r.conversation, text) for r, text in desk.answered] == [("c1", "answer one"), ("c2", "answer two")]


async def test_empty_replies_and_replies_with_nobody_waiting_are_ignored_with_a_hint():
    desk = OperatorPanel()
    assert await desk.reply("hello") is None and "No customer is waiting" in desk.status.value
    waiting = asyncio.ensure_future(desk.ask("c1", "help"))
    await asyncio.sleep(0)
    assert await desk.reply("  ") is None and "Type a reply first" in desk.status.value
    assert not waiting.done()
    await desk.reply("done")
    assert await waiting == "done"


async def test_an_unanswered_request_times_out_with_a_clear_error():
    desk = OperatorPanel()
    with pytest.raises(TimeoutError, match="did not answer conversation 'c9'"):
        await desk.ask("c9", "anyone?", timeout=0.05)
    assert desk.pending == [] and "0 waiting" in desk.waiting.value


async def test_autogen_context_shows_the_chat_not_tool_calls():
    from autogen_core import FunctionCall
    from autogen_core.models import (AssistantMessage, FunctionExecutionResult, FunctionExecutionResultMessage,
                                     SystemMessage, UserMessage)

    context = [SystemMessage(content="secret prompt"), UserMessage(content="my rocket broke", source="User"),
               AssistantMessage(content=[FunctionCall(id="1", name="escalate_to_human", arguments="{}")],
                                source="TriageAgent"),
               FunctionExecutionResultMessage(content=[FunctionExecutionResult(call_id="1", content="ok",
                                                                                 name="escalate_to_human")]),
               AssistantMessage(content="Let me get a person.", source="TriageAgent")]
    desk = OperatorPanel()
    waiting = asyncio.ensure_future(desk.ask("c1", "a human please", context))
    request = await desk.next_request()
    assert [(e.role, e.speaker, e.text) for e in request.context] == [
        ("user", "customer", "my rocket broke"), ("assistant", "TriageAgent", "Let me get a person.")]
    assert "secret prompt" not in desk.request_view.value and "FunctionCall" not in desk.request_view.value
    await desk.reply("hello")
    assert await waiting == "hello"
