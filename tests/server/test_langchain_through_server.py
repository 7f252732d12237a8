"""Seed 000's walk-through with ``ChatOpenAI`` — reached through the kit's switch — talking to the kit's server.

This is the real client path a learner with a key takes (``langchain-openai`` -> ``openai`` SDK -> HTTP), with
the offline model answering at the other end: tool calls, tool results, streaming and usage all cross the wire.
The bot is Part 1's ``build_support_agent``; what happened is read from the run recorder.
"""

from __future__ import annotations

import pytest
from langchain_openai import ChatOpenAI
from langgraph.checkpoint.memory import InMemorySaver

from handoffs.models import OfflineChatModel, chat_model
from handoffs.recorder import RunRecorder
from handoffs.part1 import ask, build_support_agent, last_reply, new_thread

WALK_THROUGHS = {
    "I was charged twice": ("billing", ["record_issue", "resolve_billing", "end_conversation"]),
    "My app crashes when I log in": ("technical", ["record_issue", "resolve_technical", "end_conversation"]),
    "I want to change my delivery address": ("other", ["record_issue", "resolve_other", "end_conversation"]),
}


def run(model, text: str):
    recorder = RunRecorder()
    agent = build_support_agent(model=model, checkpointer=InMemorySaver(), recorder=recorder)
    state = ask(agent, text, new_thread())
    return state, recorder


@pytest.mark.parametrize("streaming", [False, True], ids=["whole-replies", "streamed"])
def test_chatopenai_completes_seed_000s_walk_through(server, streaming):
    model = chat_model(server.spec(), streaming=streaming)
    assert isinstance(model, ChatOpenAI)
    before = server.stats.chat_requests
    state, recorder = run(model, "I was charged twice")
    assert recorder.tools_run() == ["record_issue", "resolve_billing", "end_conversation"]
    assert recorder.steps_visited() == ["triage", "resolve", "done"]
    assert (state["current_step"], state["issue_type"]) == ("done", "billing")
    assert "goodbye" in last_reply(state).lower()
    assert server.stats.chat_requests - before == 4  # four model calls, each a real HTTP request
    ai_messages = [m for m in state["messages"] if m.type == "ai"]
    assert all(m.response_metadata["model_name"] == "handoffs-offline" for m in ai_messages)
    assert all(m.usage_metadata and m.usage_metadata["total_tokens"] > 0 for m in ai_messages)


@pytest.mark.parametrize("text", sorted(WALK_THROUGHS))
def test_over_the_wire_the_bot_does_what_it_does_offline(server, text):
    issue, tools = WALK_THROUGHS[text]
    remote_state, remote = run(chat_model(server.spec()), text)
    local_state, local = run(OfflineChatModel(), text)
    assert remote.tools_run() == local.tools_run() == tools
    assert remote_state["issue_type"] == local_state["issue_type"] == issue
    assert last_reply(remote_state) == last_reply(local_state)
    remote_calls = [m.tool_calls for m in remote_state["messages"] if m.type == "ai"]
    local_calls = [m.tool_calls for m in local_state["messages"] if m.type == "ai"]
    assert remote_calls == local_calls  # same names, arguments and even ids


def test_the_goodbye_streams_token_by_token(server):
    agent = build_support_agent(model=chat_model(server.spec(), streaming=True), checkpointer=InMemorySaver())
    pieces = [chunk.content for chunk, meta in agent.stream(
        {"messages": [{"role": "user", "content": "I was charged twice"}]}, new_thread(), stream_mode="messages")
        if chunk.type == "AIMessageChunk" and chunk.content]
    assert len(pieces) > 3 and "goodbye" in "".join(pieces).lower()


def test_handoffs_model_switches_part_1_with_no_code_change(server, monkeypatch):
    monkeypatch.setenv("HANDOFFS_MODEL", server.spec())
    before = server.stats.chat_requests
    state, recorder = run(None, "I was charged twice")  # model=None: the kit's default, read from HANDOFFS_MODEL
    assert recorder.tools_run() == ["record_issue", "resolve_billing", "end_conversation"]
    assert server.stats.chat_requests - before == 4
