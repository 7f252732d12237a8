"""The kit's step table cannot be changed by a learner's copy; fresh and deep copies can, and plain functions are tools.

Notebook 04 asks learners to add a step. ``dict(STEP_TABLE)`` is a shallow copy: its steps are the kit's. These
tests show that changing such a step is refused with one sentence naming what to do, that ``seed_step_table()`` and
``copy.deepcopy`` give step tables that change freely, and that the bots built from them really run.
"""

from __future__ import annotations

import copy

import pytest
from langchain.messages import ToolMessage
from langchain.tools import ToolRuntime
from langgraph.types import Command

from handoffs.models import OfflineChatModel
from handoffs.recorder import RunRecorder
from handoffs.part1 import STEP_TABLE, ask, build_support_agent, seed_step_table
from handoffs.part1.readonly import READ_ONLY_MESSAGE, ReadOnlyStepTableError
from handoffs.part1.steps import tool_names
from handoffs.part1.tools import end_conversation


def escalate(runtime: ToolRuntime) -> Command:
    """Escalate to a manager."""
    return Command(update={"messages": [ToolMessage("Escalated.", tool_call_id=runtime.tool_call_id)],
                           "current_step": "escalate"})


def ticket() -> str:
    """Open a ticket."""
    return "Ticket opened."


@pytest.mark.parametrize("change", [
    lambda b: b["triage"]["tools"].append(escalate),
    lambda b: b["triage"]["tools"].extend([escalate]),
    lambda b: b["triage"].__setitem__("prompt", "Changed."),
    lambda b: b["triage"].update(prompt="Changed."),
    lambda b: b["resolve"]["tools"].pop(),
    lambda b: b["done"]["tools"].__iadd__([escalate]),
])
def test_a_shallow_copy_cannot_change_the_kits_pages(change):
    before = {step: (entry["prompt"], tool_names(entry)) for step, entry in STEP_TABLE.items()}
    with pytest.raises(ReadOnlyStepTableError, match="seed_step_table"):
        change(dict(STEP_TABLE))
    with pytest.raises(ReadOnlyStepTableError):
        STEP_TABLE["escalate"] = {}
    assert {step: (entry["prompt"], tool_names(entry)) for step, entry in STEP_TABLE.items()} == before
    assert str(ReadOnlyStepTableError()) == READ_ONLY_MESSAGE


def _escalating_run(step_table):
    step_table["triage"]["tools"].append(escalate)
    step_table["escalate"] = {"prompt": "Call ticket, then end_conversation.", "tools": [ticket, end_conversation]}
    recorder = RunRecorder()
    model = OfflineChatModel(script=[{"tool": "escalate"}, {"tool": "ticket"}, {"tool": "end_conversation"}, "Bye."])
    ask(build_support_agent(model, step_table=step_table, recorder=recorder), "Legal matter", {"configurable": {"thread_id": "t"}})
    return recorder


@pytest.mark.parametrize("fresh", [seed_step_table, lambda: copy.deepcopy(STEP_TABLE)], ids=["seed_step_table", "deepcopy"])
def test_fresh_and_deep_copies_change_freely_and_their_plain_function_tools_run(fresh):
    first, second = fresh(), fresh()
    recorder = _escalating_run(first)
    assert recorder.steps_visited("t") == ["triage", "escalate", "done"]
    assert recorder.tools_run("t") == ["escalate", "ticket", "end_conversation"]
    assert tool_names(second["triage"]) == ["record_issue"] and "escalate" not in second
    assert tool_names(STEP_TABLE["triage"]) == ["record_issue"]
