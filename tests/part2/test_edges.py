"""The edges seed 003 leaves open: unknown tools, two delegates in one response, handoff loops, bad tool calls.

These need an exact sequence of model replies, so they use the offline model's script mode (the n-th model call,
whichever agent makes it, gets the n-th reply).
"""

from __future__ import annotations

import asyncio

import pytest

from handoffs.models import OfflineModelClient
from handoffs.part2 import run_scripted_session
from handoffs.part2.apologies import GIVE_UP_REPLY, MODEL_FAILED_REPLY
from handoffs.lessons.part2 import TRIAGE_TRANSFER_TOOLS, transfer_back_to_triage_tool
from handoffs.recorder import HandoffEvent, ModelCallEvent, ToolRunEvent


def tool(name, **args):
    return {"tool": name, "args": args}


def runs(recorder, session):
    return [(e.actor, e.tool, e.is_error, e.result) for e in recorder.of_kind(ToolRunEvent, session)]


async def test_unknown_tool_becomes_an_error_result_the_model_sees(recorder):
    client = OfflineModelClient(script=[tool("delete_all_orders"), "Sorry about that. How can I help?"])
    result = await run_scripted_session(["hello"], model_client=client, recorder=recorder, session_id="u")
    assert result.turns[0].handled_by == "TriageAgent"  # the handler did not crash: the customer got an answer
    assert result.turns[0].reply == "Sorry about that. How can I help?"
    [(actor, name, is_error, text)] = runs(recorder, "u")
    assert (actor, name, is_error) == ("TriageAgent", "delete_all_orders", True)
    assert text.startswith("Unknown tool 'delete_all_orders'. Tools you can call: transfer_to_issues_and_repairs")


async def test_two_delegates_in_one_response_hand_off_once_first_wins(recorder):
    client = OfflineModelClient(script=[
        [tool("transfer_to_sales_agent"), tool("transfer_to_issues_and_repairs")],
        "Hi, this is sales. Any roadrunner trouble?",
    ])
    result = await run_scripted_session(["I want to buy or return something"], model_client=client,
                                        recorder=recorder, session_id="d")
    assert result.handled_by == ["SalesAgent"]
    assert recorder.handoffs("d") == [("TriageAgent", "SalesAgent")]
    actors = [e.actor for e in recorder.of_kind(ModelCallEvent, "d")]
    assert actors == ["TriageAgent", "SalesAgent"]  # the issues agent never woke up
    outcome = {name: (is_error, text) for _, name, is_error, text in runs(recorder, "d")}
    assert outcome["transfer_to_sales_agent"] == (False, "Transferred to SalesAgent. Adopt persona immediately.")
    assert outcome["transfer_to_issues_and_repairs"] == (
        True, "Not transferred: one handoff per response, and this one went to SalesAgent.")


async def test_the_recorded_handoff_names_the_delegate_that_won(recorder):
    client = OfflineModelClient(script=[
        [tool("transfer_to_sales_agent"), tool("transfer_to_issues_and_repairs")], "Sales here.",
    ])
    await run_scripted_session(["hi"], model_client=client, recorder=recorder, session_id="label")
    [handoff] = recorder.of_kind(HandoffEvent, "label")
    assert (handoff.to_agent, handoff.tool) == ("SalesAgent", "transfer_to_sales_agent")


async def test_a_tool_in_the_same_response_as_a_delegate_still_runs_before_the_handoff(recorder):
    client = OfflineModelClient(script=[
        [tool("look_up_item", search_query="skates"), tool("transfer_back_to_triage")],
        tool("transfer_to_issues_and_repairs"),
        "Back again. What is wrong with the skates?",
    ])
    result = await run_scripted_session(["I want a refund"], model_client=client, recorder=recorder, session_id="m")
    assert recorder.handoffs("m") == [("TriageAgent", "IssuesAndRepairsAgent")]
    assert result.handled_by == ["IssuesAndRepairsAgent"]
    # the first call was the triage's (its only tools are delegates): look_up_item is unknown to it
    assert runs(recorder, "m")[0][1:3] == ("look_up_item", True)


async def test_handoff_loop_is_bounded_then_escalated_to_the_human(start_team, recorder):
    ping_pong = [tool("transfer_to_sales_agent"), tool("transfer_back_to_triage"),
                 tool("transfer_to_sales_agent"), tool("transfer_back_to_triage")]
    team = await start_team(OfflineModelClient(script=ping_pong), max_handoffs_per_turn=3)
    session = asyncio.ensure_future(run_scripted_session(["hi"], team=team, session_id="loop", timeout=20))
    request = await asyncio.wait_for(team.operators.next_request(), 20)
    team.operators.answer("loop", "A person here: let me sort this out.")
    result = await session
    assert recorder.handoffs("loop") == [("TriageAgent", "SalesAgent"), ("SalesAgent", "TriageAgent"),
                                         ("TriageAgent", "SalesAgent"), ("SalesAgent", "HumanAgent")]
    assert result.handled_by == ["HumanAgent"]
    note = request.context[-1].content[0]
    assert note.is_error and note.content == (
        "Not transferred to TriageAgent: 3 handoffs per customer message is the limit. Escalated to HumanAgent.")


async def test_handoff_limit_without_a_human_tells_the_agent_to_answer_itself(start_team, recorder):
    client = OfflineModelClient(script=[tool("transfer_to_sales_agent"), "Triage here: what would you like to buy?"])
    team = await start_team(client, max_handoffs_per_turn=0, overflow_topic_type=None)
    result = await run_scripted_session(["hi"], team=team, session_id="z", timeout=20)
    assert recorder.handoffs("z") == []
    assert result.handled_by == ["TriageAgent"]
    [(_, name, is_error, text)] = runs(recorder, "z")
    assert (name, is_error) == ("transfer_to_sales_agent", True)
    assert text == "Not transferred to SalesAgent: 0 handoffs per customer message is the limit. Answer the customer yourself."


async def test_a_tool_call_with_bad_arguments_is_an_error_result_not_a_crash(recorder):
    client = OfflineModelClient(script=[
        tool("transfer_to_sales_agent"), tool("execute_order", product="Rocket Skates"), "What price did we agree?",
    ])
    result = await run_scripted_session(["I want to buy something"], model_client=client, recorder=recorder,
                                        session_id="b")
    assert result.turns[0].reply == "What price did we agree?"
    assert result.orders == []
    failed = runs(recorder, "b")[-1]
    assert failed[1:3] == ("execute_order", True) and "price" in failed[3] and "Field required" in failed[3]


async def test_endless_tool_rounds_end_with_an_apology(recorder):
    client = OfflineModelClient(script=[tool("transfer_to_issues_and_repairs")]
                                + [tool("look_up_item", search_query="x")] * 6)
    result = await run_scripted_session(["I want a refund"], model_client=client, recorder=recorder, session_id="e")
    assert result.turns[0].reply == GIVE_UP_REPLY
    assert len(recorder.of_kind(ModelCallEvent, "e")) == 7


async def test_a_transfer_to_itself_is_refused_instead_of_silently_dropped(start_team, recorder):
    # AutoGen never delivers a published message back to its sender: a self-transfer would leave the customer waiting
    client = OfflineModelClient(script=[tool("transfer_back_to_triage"), "Triage here. How can I help?"])
    team = await start_team(client, triage_transfer_tools=[*TRIAGE_TRANSFER_TOOLS, transfer_back_to_triage_tool])
    result = await run_scripted_session(["hi"], team=team, session_id="self", timeout=20)
    assert result.handled_by == ["TriageAgent"] and recorder.handoffs("self") == []
    assert runs(recorder, "self")[0][1:] == ("transfer_back_to_triage", True,
                                            "You are TriageAgent already: answer the customer yourself.")


async def test_a_failing_model_call_is_answered_not_left_hanging(recorder):
    client = OfflineModelClient(script=[tool("transfer_to_sales_agent")])  # the sales agent's call finds no reply
    result = await run_scripted_session(["I want to buy something"], model_client=client, recorder=recorder,
                                        session_id="f", timeout=10)
    [turn] = result.turns
    assert turn.handled_by == "SalesAgent"
    assert turn.reply.startswith(MODEL_FAILED_REPLY + " (ScriptExhausted: The script has 1 replies")
