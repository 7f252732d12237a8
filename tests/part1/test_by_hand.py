"""Notebook 01's plain-Python step table: the same walk-throughs with no framework at all."""

from __future__ import annotations

import pytest

from handoffs.models.types import Decision, Message, ToolCall
from handoffs.part1.by_hand import STEP_TABLE, Step, new_state, run_turn, tool_spec


@pytest.mark.parametrize("text, issue_type, resolver", [
    ("I was charged twice", "billing", "resolve_billing"),
    ("My app crashes when I log in", "technical", "resolve_technical"),
    ("I want to change my delivery address", "other", "resolve_other"),
])
def test_a_turn_walks_the_step_table_from_triage_to_done(text, issue_type, resolver):
    state, log = new_state(), []
    reply = run_turn(STEP_TABLE, state, text, log=log.append)
    assert (state["step"], state["issue_type"]) == ("done", issue_type)
    called = [c.name for m in state["messages"] for c in m.tool_calls]
    assert called == ["record_issue", resolver, "end_conversation"]
    assert [line.split("]")[0] for line in log] == ["[triage", "[resolve", "[resolve", "[done"]
    assert "Goodbye" in reply


def test_the_model_sees_only_the_current_steps_tools():
    state, log = new_state(), []
    run_turn(STEP_TABLE, state, "I was charged twice", log=log.append)
    assert log[0].startswith("[triage] ['record_issue'] -> ")
    assert log[-1].startswith("[done] [] -> ")  # the done step offers no tools


def test_a_tool_the_step_does_not_offer_is_not_run():
    """The loop looks tools up on the current step, so even a model that names another tool gets a refusal."""
    refunds = []

    def resolve_billing(state):
        """Refund."""
        refunds.append(1)
        return "refunded"

    replies = iter([Decision(tool_calls=(ToolCall("c1", "resolve_billing", {}),), reason="scripted"),
                    Decision(text="ok", reason="scripted")])
    state = {"step": "triage", "messages": []}
    run_turn({"triage": Step("Triage.", [])}, state, "refund me", model=lambda messages, tools: next(replies),
             log=lambda _: None)
    assert refunds == []
    assert state["messages"][2] == Message("tool", "Refused: resolve_billing is not offered in this step.",
                                           name="resolve_billing", tool_call_id="c1")


def test_tool_spec_reads_name_docstring_and_arguments():
    spec = tool_spec(STEP_TABLE["triage"].tools[0])
    assert spec.name == "record_issue"
    assert spec.required == ["issue"]
    assert "billing, technical, or other" in spec.properties["issue"]["description"]
