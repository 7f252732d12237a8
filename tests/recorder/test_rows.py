"""The recorder keeps events as flat rows and gives back equal events; what it keeps is nothing the GC walks.

Round trips cover every event type and the values a flat row handles specially (tool names, argument dicts, tool
calls) as well as the ones it keeps as they are (a mapping that is not a dict, nested values, a learner's own event
class). The garbage-collector test drives real seed-000 conversations through ``build_support_agent``.
"""

from __future__ import annotations

import gc
from dataclasses import dataclass
from types import MappingProxyType

import pytest

from handoffs.recorder import (
    ErrorEvent,
    Event,
    HandoffEvent,
    MessageEvent,
    ModelCallEvent,
    PublishEvent,
    RunRecorder,
    StepChangeEvent,
    ToolCallInfo,
    ToolRunEvent,
)
from handoffs.recorder import rows


@dataclass(frozen=True, slots=True)
class NoteEvent(Event):
    """A learner's own event type, with a list in it."""

    words: tuple[str, ...] = ()
    tags: list[str] | None = None


EVENTS = [
    MessageEvent(1, "c", role="user", actor="user", text="I was charged twice"),
    ModelCallEvent(2, "c", actor="triage", prompt_name="triage", system_prompt="You are...",
                   tools_offered=("record_issue",), tool_calls=(ToolCallInfo("record_issue", {"summary": "x"}, "id1"),
                                                                ToolCallInfo("end_conversation", {}, "id2")),
                   text="", reason="billing words", model_name="offline", tokens=12, step="triage",
                   input_tokens=10, output_tokens=2),
    ModelCallEvent(3, "c", actor="SalesAgent", tools_offered=(), tool_calls=(), text="hello", tokens=None),
    ModelCallEvent(4, "c", tool_calls=(ToolCallInfo("t", {"nested": {"a": [1, 2]}, "n": 3}, "i"),)),
    ModelCallEvent(5, "c", tool_calls=(ToolCallInfo("t", MappingProxyType({"k": "v"}), "i"),)),
    ModelCallEvent(6, "c", tools_offered=["a", "b"], tool_calls=[ToolCallInfo("a")]),  # type: ignore[arg-type]
    ToolRunEvent(7, "c", actor="resolve", tool="resolve_billing", args={"order": "00042", "amount": 10},
                 result="refunded", is_error=False, refused=False, offered=True),
    ToolRunEvent(8, "c", actor="resolve", tool="x", args={}, result="Refused", is_error=True, refused=True,
                 offered=False),
    ToolRunEvent(9, "c", tool="y", args=MappingProxyType({"a": 1})),
    StepChangeEvent(10, "c", from_step="triage", to_step="resolve", tool="record_issue"),
    StepChangeEvent(11, "c", from_step="resolve", to_step="done", tool=None),
    HandoffEvent(12, "s1", from_agent="TriageAgent", to_agent="SalesAgent", tool="transfer_to_sales"),
    PublishEvent(13, "s1", sender="(outside)", topic_type="TriageAgent", message_type="UserTask"),
    ErrorEvent(14, "s1", actor="triage", message="model call failed: boom"),
    NoteEvent(15, "s1", words=("a", "b"), tags=["x"]),
]


@pytest.mark.parametrize("event", EVENTS, ids=lambda e: f"{type(e).__name__}-{e.seq}")
def test_a_row_gives_back_an_equal_event(event):
    back = rows.unpack(rows.pack(event))
    assert type(back) is type(event) and back == event
    assert [type(getattr(back, name)) for name in event.__slots__] == [
        type(getattr(event, name)) for name in event.__slots__]
    for before, after in zip(getattr(event, "tool_calls", ()), getattr(back, "tool_calls", ())):
        assert type(after.args) is type(before.args) and after.args == before.args


def test_feeds_rows_and_add_keep_the_same_events():
    by_add, by_row = RunRecorder(), RunRecorder()
    by_add.add(ModelCallEvent, "c", actor="triage", prompt_name="triage", system_prompt="p", tools_offered=("a",),
               tool_calls=(ToolCallInfo("a", {"x": "1"}, "i"),), text="", reason="r", model_name="m", tokens=3,
               step="triage", input_tokens=2, output_tokens=1)
    by_add.add(ToolRunEvent, "c", actor="triage", tool="a", args={"x": "1"}, result="ok")
    by_row.add_row(ModelCallEvent, "c", "triage", "triage", "p", ("a",), (("a", {"x": "1"}, "i"),), "", "r", "m", 3,
                   "triage", 2, 1)
    by_row.add_row(ToolRunEvent, "c", "triage", "a", {"x": "1"}, "ok", False, False, True)
    assert by_add.events == by_row.events
    assert by_row.model_calls()[0].tool_calls[0] == ToolCallInfo("a", {"x": "1"}, "i")
    with pytest.raises(TypeError, match="7 fields"):
        by_row.add_row(ToolRunEvent, "c", "triage", "a")
    assert len(by_row.events) == 2  # nothing half-kept, no number used up
    by_row.add_row(ErrorEvent, "c", "triage", "boom")
    assert [e.seq for e in by_row.events] == [1, 2, 3]


def test_subscribers_get_the_event_readers_get_later():
    rec, heard = RunRecorder(), []
    rec.subscribe(heard.append)
    rec.add_row(ToolRunEvent, "c", "resolve", "refund", {"amount": 10}, "done", False, False, True)
    rec.add(MessageEvent, "c", role="assistant", actor="resolve", text="Refunded.")
    assert heard == rec.events and isinstance(heard[0], ToolRunEvent) and heard[0].args == {"amount": 10}
    heard[0].args["amount"] = 99  # a reader changing what it was given changes nothing kept
    assert rec.of_kind(ToolRunEvent)[0].args == {"amount": 10}


def test_what_a_recorder_keeps_of_real_conversations_is_not_walked_by_the_garbage_collector():
    from handoffs.part1 import ask, build_support_agent

    rec = RunRecorder()
    agent = build_support_agent(recorder=rec)
    texts = ("I was charged twice", "My app crashes every time I log in", "I want to change my delivery address")

    def talk(start: int, count: int) -> None:
        for number in range(start, start + count):
            ask(agent, texts[number % 3], {"configurable": {"thread_id": f"t{number}"}})

    talk(0, 15)  # warm: every step, tool and model cache met once
    gc.collect()
    before = len(gc.get_objects())
    talk(15, 60)
    gc.collect()
    kept = len(gc.get_objects()) - before
    assert len(rec.conversations()) == 75 and len(rec.events) == 75 * 11
    # the events and the recorder's bookkeeping of 60 conversations: one list a conversation (its rows), not 24 objects
    assert kept <= 2 * 60, f"{kept} more objects tracked after 60 conversations"
    assert rec.steps_visited("t19") == ["triage", "resolve", "done"]
    assert rec.tools_run("t19") == ["record_issue", "resolve_technical", "end_conversation"]
