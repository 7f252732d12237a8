"""The LangChain feed records what really happened in a create_agent run with the offline model.

A small two-step agent is defined here (not Part 1's), so these tests pin the recorder's own contract: the prompt
and tools as the model saw them, tool results, step changes from Command updates, refused and rogue calls, the
conversation id from the thread id, and both sync and async invocation.
"""

from __future__ import annotations

import pytest
from langchain.agents import AgentState, create_agent
from langchain.agents.middleware import wrap_model_call, wrap_tool_call
from langchain.messages import ToolMessage
from langchain.tools import ToolRuntime, tool
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command
from typing_extensions import NotRequired

from handoffs.models import MODEL_NAME, OfflineChatModel
from handoffs.recorder import ModelCallEvent, RunRecorder, StepChangeEvent, ToolRunEvent


class TinyState(AgentState):
    current_step: NotRequired[str]


@tool
def record_issue(issue: str, runtime: ToolRuntime[None, TinyState]) -> Command:
    """Record the user's issue: billing, technical, or other."""
    return Command(update={"current_step": "resolve",
                           "messages": [ToolMessage(f"recorded {issue}", tool_call_id=runtime.tool_call_id)]})


@tool
def refund() -> str:
    """Give the customer a refund."""
    return "refund of $10 issued"


@tool
def broken() -> str:
    """A tool that fails."""
    raise RuntimeError("the refund service is down")


PAGES = {"triage": ("You are in TRIAGE. Find the issue.", [record_issue]),
         "resolve": ("You are in RESOLVE. Fix it.", [refund, broken])}


@wrap_model_call
def pages(request, handler):
    prompt, tools = PAGES[request.state.get("current_step", "triage")]
    return handler(request.override(system_prompt=prompt, tools=tools))


@wrap_model_call
async def apages(request, handler):
    prompt, tools = PAGES[request.state.get("current_step", "triage")]
    return await handler(request.override(system_prompt=prompt, tools=tools))


@wrap_tool_call
def guard(request, handler):
    allowed = [t.name for t in PAGES[request.state.get("current_step", "triage")][1]]
    if request.tool_call["name"] not in allowed:
        return ToolMessage("not available in this step", tool_call_id=request.tool_call["id"], status="error")
    return handler(request)


def build(script, recorder, *middleware):
    return create_agent(OfflineChatModel(script=script), tools=[record_issue, refund, broken], state_schema=TinyState,
                        middleware=[*middleware, recorder.langchain_middleware(default_step="triage")],
                        checkpointer=InMemorySaver())


HAPPY = [{"tool": "record_issue", "args": {"issue": "billing"}}, {"tool": "refund", "args": {}}, "Refunded. Bye!"]


def run(agent, text, thread="t1"):
    return agent.invoke({"messages": [{"role": "user", "content": text}]}, {"configurable": {"thread_id": thread}})


def test_a_handoff_run_is_recorded_as_the_model_saw_it():
    rec = RunRecorder()
    run(build(HAPPY, rec, pages), "I was charged twice")

    assert rec.conversations() == ["t1"]
    assert rec.steps_visited("t1") == ["triage", "resolve"]
    assert rec.tools_run("t1") == ["record_issue", "refund"]
    calls = rec.model_calls("t1")
    assert [(c.actor, c.tools_offered) for c in calls] == [
        ("triage", ("record_issue",)), ("resolve", ("refund", "broken")), ("resolve", ("refund", "broken"))]
    assert calls[0].system_prompt == "You are in TRIAGE. Find the issue."  # the overridden prompt, not the default
    assert calls[0].tool_calls[0].name == "record_issue" and calls[0].tool_calls[0].args == {"issue": "billing"}
    assert all(c.reason and c.model_name == MODEL_NAME for c in calls)
    change = rec.of_kind(StepChangeEvent, "t1")[0]
    assert (change.from_step, change.to_step, change.tool) == ("triage", "resolve", "record_issue")
    assert rec.of_kind(ToolRunEvent, "t1")[1].result == "refund of $10 issued"
    assert [(m.role, m.text) for m in rec.transcript("t1")] == [("user", "I was charged twice"),
                                                               ("assistant", "Refunded. Bye!")]
    seqs = [e.seq for e in rec.events]
    assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)


def test_threads_are_separate_conversations_and_the_step_persists_between_turns():
    rec = RunRecorder()
    agent = build([{"tool": "record_issue", "args": {"issue": "other"}}, "What else?", "Sure.", "Hello"], rec, pages)
    run(agent, "help", "a")
    run(agent, "more", "a")  # second turn of thread a starts in resolve (checkpointed state)
    run(agent, "hi", "b")
    assert rec.conversations() == ["a", "b"]
    assert [c.actor for c in rec.model_calls("a")] == ["triage", "resolve", "resolve"]
    assert [m.text for m in rec.transcript("a") if m.role == "user"] == ["help", "more"]  # no duplicates
    assert rec.steps_visited("b") == ["triage"]
    assert rec.current_step("a") == "resolve"


def test_a_guard_refusal_is_recorded_as_refused_and_not_run():
    rec = RunRecorder()
    script = [{"tool": "refund", "args": {}}, {"tool": "record_issue", "args": {"issue": "billing"}}, "Done."]
    run(build(script, rec, pages, guard), "refund me now")
    first = rec.of_kind(ToolRunEvent)[0]
    assert (first.tool, first.refused, first.offered, first.actor) == ("refund", True, False, "triage")
    assert first.result == "not available in this step"
    assert rec.tools_run() == ["record_issue"]


def test_without_a_guard_a_rogue_call_runs_and_is_marked_not_offered():
    rec = RunRecorder()
    run(build([{"tool": "refund", "args": {}}, "ok"], rec, pages), "refund me now")
    event = rec.of_kind(ToolRunEvent)[0]
    assert (event.tool, event.refused, event.offered, event.result) == ("refund", False, False, "refund of $10 issued")


def test_a_failing_tool_is_recorded_as_an_error_before_the_exception_leaves_the_agent():
    rec = RunRecorder()
    script = [{"tool": "record_issue", "args": {"issue": "billing"}}, {"tool": "broken", "args": {}}, "Sorry."]
    with pytest.raises(RuntimeError, match="refund service is down"):  # LangGraph re-raises non-ToolExceptions
        run(build(script, rec, pages), "charged twice")
    failed = [e for e in rec.of_kind(ToolRunEvent) if e.tool == "broken"][0]
    assert failed.is_error and "refund service is down" in failed.result
    assert [e.message for e in rec.errors()] == ["tool broken failed: the refund service is down"]


async def test_async_invocation_is_recorded_the_same_way():
    rec = RunRecorder()
    agent = build(HAPPY, rec, apages)
    await agent.ainvoke({"messages": [{"role": "user", "content": "charged twice"}]},
                        {"configurable": {"thread_id": "async-1"}})
    assert rec.steps_visited("async-1") == ["triage", "resolve"]
    assert rec.tools_run("async-1") == ["record_issue", "refund"]


def test_the_recorder_must_be_inside_the_step_middleware_to_see_the_real_prompt():
    """Documented order: recorder LAST. Put first, it sees the request before the step middleware rewrote it."""
    rec = RunRecorder()
    agent = create_agent(OfflineChatModel(script=HAPPY), tools=[record_issue, refund, broken],
                         state_schema=TinyState, system_prompt="DEFAULT",
                         middleware=[rec.langchain_middleware(default_step="triage"), pages],
                         checkpointer=InMemorySaver())
    run(agent, "charged twice")
    assert rec.model_calls()[0].system_prompt == "DEFAULT"
    assert rec.model_calls()[0].tools_offered == ("record_issue", "refund", "broken")


def test_subscribers_see_every_event_live_and_clear_forgets():
    rec = RunRecorder()
    seen: list[str] = []
    stop = rec.subscribe(lambda event: seen.append(event.kind))
    run(build(HAPPY, rec, pages), "charged twice")
    assert seen == [e.kind for e in rec.events] and "model_call" in seen and "step_change" in seen
    stop()
    rec.clear()
    assert rec.events == [] and rec.conversations() == []
    run(build(HAPPY, rec, pages), "again", "t2")
    assert len(seen) == len([e for e in seen])  # unchanged after unsubscribe
    assert rec.events[0].seq > 1  # numbers are never reused after clear()
    assert isinstance(rec.model_calls("t2")[0], ModelCallEvent)


def test_a_broken_subscriber_does_not_break_the_agent():
    rec = RunRecorder()
    rec.subscribe(lambda event: 1 / 0)
    with pytest.warns(RuntimeWarning, match="subscriber"):
        run(build(HAPPY, rec, pages), "charged twice")
    assert rec.tools_run() == ["record_issue", "refund"]
