"""The step boundary: a tool the current step does not offer never executes, and the model is told why.

Seed 000 claims the model "physically cannot" call another step's tool. Measured: with the guard off, a
hidden (but registered) tool runs. These tests drive a scripted model that calls every hidden tool in every
step, and count executions with a side effect inside the tool body.
"""

from __future__ import annotations

import pytest

from handoffs.models import OfflineChatModel
from handoffs.recorder import ToolRunEvent
from handoffs.part1 import STEP_TABLE
from handoffs.part1.steps import all_tools, tool_names

ARGS = {"record_issue": {"issue": "billing"}}
HIDDEN = [
    (step, tool.name)
    for step, entry in STEP_TABLE.items()
    for tool in all_tools(STEP_TABLE)
    if tool.name not in tool_names(entry)
]


def test_the_matrix_covers_every_step_and_every_hidden_tool():
    assert len(HIDDEN) == 3 * 5 - 5  # 3 steps x 5 tools, minus the 5 offered pairs
    assert {s for s, _ in HIDDEN} == {"triage", "resolve", "done"}


def _rogue_call(conversation, step, tool, guard=True):
    model = OfflineChatModel(script=[{"tool": tool, "args": ARGS.get(tool, {})}, "All right."])
    talk = conversation(model, guard=guard)
    talk.say("Please just do it.", current_step=step, issue_type="billing")
    return talk


@pytest.mark.parametrize("step, tool", HIDDEN)
def test_a_hidden_tool_is_refused_and_never_executes(conversation, step, tool):
    talk = _rogue_call(conversation, step, tool)
    assert talk.runs[tool] == 0
    assert sum(talk.runs.values()) == 0
    assert talk.state["current_step"] == step  # nothing moved the conversation
    refusal = talk.state["messages"][2]
    assert refusal.type == "tool" and refusal.status == "error"
    assert f"'{tool}' is not available in the '{step}' step" in refusal.content
    assert ", ".join(tool_names(STEP_TABLE[step])) in refusal.content or "no tools" in refusal.content
    # The recorder records a refusal only when it finds the refusal in the next model request:
    # so this proves the message reached the model.
    runs = talk.recorder.of_kind(ToolRunEvent)
    assert [(e.tool, e.refused, e.offered) for e in runs] == [(tool, True, False)]
    assert talk.recorder.tools_run() == []


@pytest.mark.parametrize("step, tool", [("triage", "resolve_billing"), ("done", "record_issue"),
                                        ("triage", "end_conversation")])
def test_without_the_guard_the_hidden_tool_runs(conversation, step, tool):
    """The gap the guard closes (and what the seed's bot, built with guard=False, does)."""
    talk = _rogue_call(conversation, step, tool, guard=False)
    assert talk.runs[tool] == 1


def test_a_parallel_call_is_judged_by_the_step_before_the_tools_ran(conversation):
    model = OfflineChatModel(script=[[{"tool": "record_issue", "args": {"issue": "billing"}},
                                      {"tool": "resolve_billing", "args": {}}], "Done."])
    talk = conversation(model)
    talk.say("I was charged twice")
    assert dict(talk.runs) == {"record_issue": 1}
    assert talk.state["current_step"] == "resolve"


def test_the_rogue_model_is_refused_then_the_conversation_goes_on_normally(conversation):
    talk = conversation(OfflineChatModel(rogue="resolve_billing"))
    state = talk.say("I was charged twice")
    events = [(e.actor, e.tool, e.refused) for e in talk.recorder.of_kind(ToolRunEvent)]
    assert events[0] == ("triage", "resolve_billing", True)
    assert ("triage", "record_issue", False) in events
    assert not any(actor == "triage" and tool == "resolve_billing" and not refused for actor, tool, refused in events)
    assert (state["current_step"], state["issue_type"]) == ("done", "billing")


def test_after_a_refusal_the_model_retries_the_tool_in_its_own_step(conversation):
    talk = conversation(OfflineChatModel(rogue="resolve_billing"))
    talk.say("I was charged twice")
    assert talk.runs["resolve_billing"] == 1


def test_a_tool_nobody_registered_is_refused_too(conversation):
    model = OfflineChatModel(script=[{"tool": "delete_all_accounts", "args": {}}, "Sorry."])
    talk = conversation(model)
    state = talk.say("hi")
    refusal = state["messages"][2]
    assert refusal.status == "error" and "'delete_all_accounts' is not available in the 'triage' step" in refusal.content
    assert not talk.runs


def test_a_learners_new_page_is_guarded_too(conversation):
    """The guard is built from the same step_table, so the exercise's escalate tools cannot run outside their step."""
    from handoffs.exercises.part1_escalate_solution import escalate_step_table

    talk = conversation(OfflineChatModel(rogue="open_manager_ticket"), step_table=escalate_step_table())
    state = talk.say("I was charged twice")
    assert talk.runs["open_manager_ticket"] == 0
    refused = [(e.actor, e.tool) for e in talk.recorder.of_kind(ToolRunEvent) if e.refused]
    assert refused == [("triage", "open_manager_ticket")]
    assert (state["current_step"], state["issue_type"]) == ("done", "billing")
