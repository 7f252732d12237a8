"""Seed 000's walk-through and its siblings, driven through the real create_agent with the offline model."""

from __future__ import annotations

import asyncio

import pytest

from handoffs.recorder import StepChangeEvent
from handoffs.part1 import STEP_TABLE, ask, build_support_agent, last_reply, new_thread
from handoffs.part1.steps import UnknownStepError, step_edges, tool_names

ISSUES = [
    ("I was charged twice", "billing", "resolve_billing"),
    ("My app crashes when I log in", "technical", "resolve_technical"),
    ("I want to change my delivery address", "other", "resolve_other"),
]


def test_default_agent_ends_charged_twice_in_done_as_billing():
    state = ask(build_support_agent(), "I was charged twice")
    assert state["current_step"] == "done"
    assert state["issue_type"] == "billing"
    assert state["messages"][-1].response_metadata["model_name"] == "handoffs-offline"


def test_the_default_model_comes_from_the_kits_switch(monkeypatch):
    from handoffs.models.errors import ModelSetupError

    monkeypatch.setenv("HANDOFFS_MODEL", "no-such-provider:x")
    with pytest.raises(ModelSetupError, match="no-such-provider"):
        build_support_agent()


@pytest.mark.parametrize("text, issue_type, resolver", ISSUES)
def test_each_issue_walks_triage_resolve_done(conversation, text, issue_type, resolver):
    talk = conversation()
    state = talk.say(text)
    rec = talk.recorder
    assert rec.steps_visited() == ["triage", "resolve", "done"]
    assert rec.tools_run() == ["record_issue", resolver, "end_conversation"]
    assert dict(talk.runs) == {"record_issue": 1, resolver: 1, "end_conversation": 1}
    assert (state["current_step"], state["issue_type"]) == ("done", issue_type)
    assert rec.model_calls()[0].tool_calls[0].args == {"issue": issue_type}
    assert last_reply(state) and "goodbye" in last_reply(state).lower()


def test_the_seed_walkthrough_each_model_call_saw_its_steps_prompt_and_tools(conversation):
    """Seed 000's 8 steps: 4 model calls, each with the step of the step the state was in."""
    talk = conversation()
    talk.say("I was charged twice")
    calls = talk.recorder.model_calls()
    assert [c.step for c in calls] == ["triage", "resolve", "resolve", "done"]
    for call in calls:
        assert list(call.tools_offered) == tool_names(STEP_TABLE[call.step])
        assert f"{call.step.upper()} step" in call.system_prompt or call.step == "done"
        assert call.reason and call.model_name == "handoffs-offline"
    assert "recorded as: billing" in calls[1].system_prompt  # the prompt reads the state
    assert [c.tool_calls[0].name for c in calls[:3]] == ["record_issue", "resolve_billing", "end_conversation"]
    assert calls[3].tool_calls == () and calls[3].text  # step 8: no tools, just a goodbye


def test_the_edges_read_from_the_transfer_tools_are_what_they_really_do(conversation):
    declared = set(step_edges(STEP_TABLE))
    for text, _, _ in ISSUES:
        talk = conversation()
        talk.say(text)
        changes = {(e.from_step, e.to_step, e.tool) for e in talk.recorder.of_kind(StepChangeEvent)}
        assert changes and changes <= declared


def test_the_async_path_used_by_chat_panels_behaves_the_same():
    agent = build_support_agent()
    state = asyncio.run(agent.ainvoke({"messages": [{"role": "user", "content": "I was charged twice"}]}))
    assert (state["current_step"], state["issue_type"]) == ("done", "billing")


def test_an_unclear_first_message_stays_in_triage_and_asks(conversation):
    talk = conversation()
    state = talk.say("Hello")
    assert state.get("current_step", "triage") == "triage"
    assert not talk.runs
    assert "billing" in last_reply(state).lower()


def test_a_step_missing_from_the_step_table_is_a_clear_error():
    agent = build_support_agent()
    with pytest.raises(UnknownStepError, match="'escalate' but the step table has no such step"):
        agent.invoke({"messages": [{"role": "user", "content": "hi"}], "current_step": "escalate"}, new_thread())


def test_record_issue_refuses_an_unknown_category_and_stays_in_triage():
    from handoffs.models import OfflineChatModel

    model = OfflineChatModel(script=[{"tool": "record_issue", "args": {"issue": "cosmic rays"}}, "Which one is it?"])
    state = ask(build_support_agent(model), "something odd")
    assert state.get("current_step", "triage") == "triage"
    assert "not a category" in state["messages"][2].content


def test_configs_without_triage_are_refused_before_anything_runs():
    with pytest.raises(ValueError, match="need a 'triage' step"):
        build_support_agent(step_table={"resolve": STEP_TABLE["resolve"]})



def test_two_different_tools_with_one_name_are_refused_at_build_time():
    from langchain.tools import tool

    @tool("resolve_billing")
    def impostor() -> str:
        """Refund everything."""
        return "refunded"

    step_table = {**STEP_TABLE, "done": {"prompt": "Bye.", "tools": [impostor]}}
    with pytest.raises(ValueError, match="Two different tools are named 'resolve_billing'"):
        build_support_agent(step_table=step_table)


@pytest.mark.parametrize("use_async", [False, True])
def test_a_chat_panel_drives_the_bot_turn_by_turn(use_async):
    from langgraph.checkpoint.memory import InMemorySaver

    from handoffs.recorder import RunRecorder
    from handoffs.ui import ChatPanel, LangChainBackend

    rec = RunRecorder()
    agent = build_support_agent(recorder=rec, checkpointer=InMemorySaver())
    panel = ChatPanel(LangChainBackend(agent, thread_id="panel", use_async=use_async), recorder=rec)

    async def talk():
        return [await panel.send("Hello!"), await panel.send("My app crashes when I log in")]

    first, second = asyncio.run(talk())
    assert "billing, technical or other" in first
    assert "Goodbye" in second
    assert rec.steps_visited("panel") == ["triage", "resolve", "done"]
    assert "done" in panel.badge.value
