"""Fault catalogue, part 3: side effects asked for twice happen once (README rows E1-E6).

Executions are counted where they happen: Part 1's tools through a counter inside each tool body, Part 2's in the
team's ledger (what the refund and order tools really did). The models are the offline model, in its script mode
where a test needs a model to misbehave exactly so.
"""

from __future__ import annotations

import asyncio
import functools
from collections import Counter

import pytest
from autogen_core import SingleThreadedAgentRuntime
from langgraph.checkpoint.memory import InMemorySaver

from handoffs.models import OfflineChatModel, OfflineModelClient, model_client
from handoffs.part2 import build_team, run_scripted_session
from handoffs.lessons.part2 import UserTask
from handoffs.part2.redelivery import Redelivery
from handoffs.recorder import RunRecorder
from handoffs.part1 import STEP_TABLE, build_support_agent

REFUND = ["I want a refund", "My rocket skates broke after one day", "No, that did not help", "Yes, please refund me"]
SALES = ["I want to buy something", "Roadrunners keep escaping from me", "That sounds great, I'm in", "yes"]


def counting_step_table() -> tuple[dict, Counter]:
    """The seed's binder whose tools count their real executions (a side effect inside each tool body)."""
    runs: Counter = Counter()
    copies: dict = {}

    def counted(tool):
        if tool.name not in copies:
            @functools.wraps(tool.func)
            def body(*args, _original=tool.func, _name=tool.name, **kwargs):
                runs[_name] += 1
                return _original(*args, **kwargs)

            copies[tool.name] = tool.model_copy(update={"func": body})
        return copies[tool.name]

    return {name: {**step, "tools": [counted(t) for t in step["tools"]]} for name, step in STEP_TABLE.items()}, runs


def call(name: str, **args) -> dict:
    return {"tool": name, "args": args}


def part1(script: list, **start) -> tuple[dict, Counter, object, dict]:
    step_table, runs = counting_step_table()
    agent = build_support_agent(OfflineChatModel(script=script), step_table=step_table, checkpointer=InMemorySaver())
    config = {"configurable": {"thread_id": "t"}}
    state = agent.invoke({"messages": [{"role": "user", "content": "I was charged twice"}], **start}, config)
    return state, runs, agent, config


def refusals(state: dict) -> list[str]:
    return [m.content for m in state["messages"] if m.type == "tool" and m.status == "error"]


@pytest.mark.parametrize("tool", ["resolve_billing", "resolve_technical", "resolve_other"])
def test_e1_the_same_call_twice_in_one_response_runs_once(tool):
    state, runs, _, _ = part1([[call(tool), call(tool)], "Done."], current_step="resolve", issue_type="billing")
    assert runs[tool] == 1
    assert refusals(state) == [f"Not run: {tool} with these arguments was already called earlier in this response, "
                               "and runs once."]


@pytest.mark.parametrize("after", ["resolve_billing", "resolve_other", "end_conversation"])
def test_e2_a_call_after_a_transfer_in_the_same_response_does_not_run(after):
    script = [[call("end_conversation"), call(after)], "Goodbye."]
    state, runs, _, _ = part1(script, current_step="resolve", issue_type="billing")
    assert runs == Counter({"end_conversation": 1}) and state["current_step"] == "done"
    assert refusals(state) == ["Not run: end_conversation, earlier in this response, moved the conversation to the "
                               "'done' step; call that step's tools in a new response."]
    state, runs, _, _ = part1([[call("record_issue", issue="billing"), call("record_issue", issue="other")], "Ok."])
    assert runs["record_issue"] == 1 and state["issue_type"] == "billing"


def test_e3_a_message_sent_again_does_not_refund_again_in_part_1():
    script = [call("resolve_billing"), "Refunded.", call("resolve_billing"), "Refunded again?"]
    state, runs, agent, config = part1(script, current_step="resolve", issue_type="billing")
    state = agent.invoke({"messages": [{"role": "user", "content": "I was charged twice"}]}, config)  # the retry
    assert runs["resolve_billing"] == 1
    assert refusals(state)[-1].startswith("Already done, not repeated: resolve_billing ran before in this conversation")


async def run_with_redelivery(keyed: bool, script: list[str], agent_type: str, session: str):
    recorder, tap = RunRecorder(), Redelivery(UserTask)
    runtime = SingleThreadedAgentRuntime(intervention_handlers=[recorder.autogen_intervention_handler(), tap])
    team = await build_team(runtime, model_client(), recorder=recorder, keyed_side_effects=keyed)
    runtime.start()
    stopped = False
    try:
        await run_scripted_session(script, team=team, session_id=session, timeout=30)
        await tap.deliver_again(runtime, agent_type, session)  # the transport delivers the last task once more
        await asyncio.wait_for(runtime.stop_when_idle(), 30)
        stopped = True
    finally:
        if not stopped:
            await runtime.stop()
    return team


@pytest.mark.parametrize("keyed, refunds", [(False, 2), (True, 1)], ids=["seed: refunded twice", "keyed: once"])
async def test_e4_a_user_task_delivered_twice_refunds_once(keyed, refunds):
    team = await run_with_redelivery(keyed, REFUND, "IssuesAndRepairsAgent", "twice")
    assert len(team.ledger.refunds_of("twice")) == refunds
    if keyed:
        assert [key.split(" | ")[1] for key in team.side_effects.repeats] == [
            'execute_refund {"item_id": "item_132612938"}']


async def test_e4_an_order_delivered_twice_is_placed_once():
    team = await run_with_redelivery(True, SALES, "SalesAgent", "order-twice")
    assert [(o.product, o.confirmed) for o in team.ledger.orders_of("order-twice")] == [("ACME Portable Hole", True)]


async def test_e5_the_same_refund_twice_in_one_response_runs_once():
    script = [call("transfer_to_issues_and_repairs"), "Let me look.",
              [call("execute_refund", item_id="item_1", reason="broken"),
               call("execute_refund", item_id="item_1", reason="broken, really")], "Refunded.",
              [call("execute_refund", item_id="item_2", reason="also broken")], "Refunded that too."]
    result = await run_scripted_session(["refund please", "both items", "and the other one"], session_id="one",
                                        model_client=OfflineModelClient(script=script), timeout=30)
    assert [r.item_id for r in result.refunds] == ["item_1", "item_2"]


async def test_e6_a_declined_order_can_be_placed_later_a_new_request_is_a_new_key():
    script = [call("transfer_to_sales_agent"), call("execute_order", product="ACME Anvil", price=10), "Cancelled then.",
              call("execute_order", product="ACME Anvil", price=10), "Ordered."]
    result = await run_scripted_session(["buy an anvil", "actually, yes, order it"], session_id="again",
                                        model_client=OfflineModelClient(script=script), confirmations=["n", "y"],
                                        timeout=30)
    assert [o.confirmed for o in result.orders] == [False, True]
