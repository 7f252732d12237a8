"""Seed 003's three paths, driven by the offline model with no scripting: sales, refund, and a human escalation."""

from __future__ import annotations

import asyncio

from customer_scripts import HUMAN, REFUND, SALES

from handoffs.models import OfflineModelClient
from handoffs.part2 import run_scripted_session
from handoffs.part2.tools import ITEM_ID
from handoffs.recorder import ModelCallEvent, ToolRunEvent


def _calls_per_model_call(recorder, session):
    return [[c.name for c in e.tool_calls] for e in recorder.of_kind(ModelCallEvent, session)]


async def test_sales_path_orders_only_after_the_customer_says_yes(recorder):
    result = await run_scripted_session(SALES, model_client=OfflineModelClient(), recorder=recorder, session_id="s")
    assert result.handled_by == ["SalesAgent"] * 4
    assert recorder.handoffs("s") == [("TriageAgent", "SalesAgent")]
    assert recorder.tools_run("s") == ["transfer_to_sales_agent", "execute_order"]
    # execute_order is asked for only in the turn after "yes" (the fourth customer turn), exactly once
    calls = _calls_per_model_call(recorder, "s")
    assert calls.count(["execute_order"]) == 1 and calls.index(["execute_order"]) == len(calls) - 2
    assert [(o.confirmed, o.session_id) for o in result.orders] == [(True, "s")]
    assert result.confirmations[0][0].endswith("Confirm order? y/n") and result.confirmations[0][1] == "y"
    assert "caveat" in result.turns[-1].reply


async def test_sales_path_customer_declines_the_order(recorder):
    result = await run_scripted_session(SALES, model_client=OfflineModelClient(), recorder=recorder,
                                        session_id="s", confirmations=["n"])
    assert [o.confirmed for o in result.orders] == [False]
    runs = recorder.of_kind(ToolRunEvent, "s")
    assert runs[-1].tool == "execute_order" and runs[-1].result == "User cancelled order."


async def test_refund_path_probes_proposes_a_fix_then_refunds(recorder):
    result = await run_scripted_session(REFUND, model_client=OfflineModelClient(), recorder=recorder, session_id="r")
    assert result.handled_by == ["IssuesAndRepairsAgent"] * 4
    assert recorder.handoffs("r") == [("TriageAgent", "IssuesAndRepairsAgent")]
    replies = [t.reply for t in result.turns]
    assert replies[0].endswith("?") and "refund" not in replies[0].lower()  # a probing question first
    assert "fix" in replies[1].lower() and "refund" not in replies[1].lower()  # then a proposed fix
    assert "refund" in replies[2].lower()  # a refund offered only once the customer is not satisfied
    assert recorder.tools_run("r") == ["transfer_to_issues_and_repairs", "look_up_item", "execute_refund"]
    assert [(r.item_id, r.session_id) for r in result.refunds] == [(ITEM_ID, "r")]


async def test_refund_is_not_offered_when_the_fix_works(recorder):
    turns = ["I want a refund", "My rocket skates broke after one day", "Yes, that fixed it, thanks"]
    result = await run_scripted_session(turns, model_client=OfflineModelClient(), recorder=recorder, session_id="r")
    assert result.refunds == []
    assert "refund" not in result.turns[-1].reply.lower()
    assert "execute_refund" not in recorder.tools_run("r")


async def test_human_escalation_operator_answers_from_code(start_team, recorder):
    team = await start_team()
    session = asyncio.ensure_future(run_scripted_session(HUMAN, team=team, session_id="h", timeout=30))
    first = await asyncio.wait_for(team.operators.next_request(), 30)
    assert (first.session_id, first.request) == ("h", "I want to talk to a human")
    team.operators.answer("h", "Hi, I'm Sam from ACME. What can I do for you?")
    second = await asyncio.wait_for(team.operators.next_request(), 30)
    assert second.request == "Thanks, that helps"
    team.operators.answer("h", "Anytime!")
    result = await session
    assert result.handled_by == ["HumanAgent", "HumanAgent"]
    assert [t.reply for t in result.turns] == ["Hi, I'm Sam from ACME. What can I do for you?", "Anytime!"]
    assert recorder.handoffs("h") == [("TriageAgent", "HumanAgent")]
    assert _calls_per_model_call(recorder, "h") == [["escalate_to_human"]]  # the human agent calls no model
    handed_over = first.context[-1].content[0]  # what the operator sees last: the transfer's result
    assert (handed_over.name, handed_over.content) == ("escalate_to_human",
                                                       "Transferred to HumanAgent. Adopt persona immediately.")
    assert [e.role for e in recorder.transcript("h") if e.role != "user"] == ["operator", "operator"]
