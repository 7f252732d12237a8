"""The ACME desk as one agent is Part 2's desk: same steps, same tools, same conversations, same side effects."""

import pytest
from langchain_core.utils.function_calling import convert_to_openai_tool

from handoffs.models import OfflineChatModel, OfflineModelClient
from handoffs.lessons import part2 as delegates
from handoffs.lessons.part2 import ISSUES_AND_REPAIRS_PROMPT, SALES_PROMPT, TRIAGE_PROMPT
from handoffs.part2.tools import ITEM_ID, Ledger, refund_tools, sales_tools
from handoffs.part3.desk import desk_step_table
from handoffs.part3.measure import CONVERSATIONS
from handoffs.part3.runs import OneAgentDesk, run_one_agent, run_team


def test_every_page_is_a_part2_agent_with_its_prompt_and_tool_schemas():
    table = desk_step_table(Ledger(), "s", confirm=None)
    assert [table[s]["prompt"] for s in ("triage", "sales", "issues_and_repairs")] == [
        TRIAGE_PROMPT, SALES_PROMPT, ISSUES_AND_REPAIRS_PROMPT]
    team = {"triage": list(delegates.TRIAGE_TRANSFER_TOOLS),
            "sales": [*sales_tools(Ledger(), "s", None), delegates.transfer_back_to_triage_tool],
            "issues_and_repairs": [*refund_tools(Ledger(), "s"), delegates.transfer_back_to_triage_tool]}
    for step, tools in team.items():
        offered = [convert_to_openai_tool(t)["function"] for t in table[step]["tools"]]
        assert [(f["name"], f["description"]) for f in offered] == [(t.name, t.description) for t in tools]
        for function, tool in zip(offered, tools):  # LangChain drops pydantic's titles; nothing else differs
            expected = {k: {p: v for p, v in prop.items() if p != "title"} for k, prop in
                        tool.schema["parameters"]["properties"].items()}
            assert function["parameters"]["properties"] == expected


@pytest.mark.parametrize("name", ["sales en", "refund ko", "long en", "human ko"])
async def test_both_designs_hold_the_same_conversation(name):
    lines, confirmations = CONVERSATIONS[name]
    one = await run_one_agent(lines, confirmations=confirmations, session_id=name)
    team = await run_team(lines, confirmations=confirmations, session_id=name)
    assert [t.handled_by for t in one.turns] == [t.handled_by for t in team.turns]
    assert [t.model_calls for t in one.turns] == [t.model_calls for t in team.turns]
    assert one.handoffs == team.handoffs
    assert [(o.product, o.price, o.confirmed) for o in one.orders] == [(o.product, o.price, o.confirmed) for o in team.orders]
    assert [r.reason for r in one.refunds] == [r.reason for r in team.refunds]
    assert all(t.tokens_in > 0 for t in one.turns if t.model_calls)


async def test_one_desk_holds_many_conversations_each_as_if_alone():
    """Notebook 09 builds the one agent once and runs every customer as a thread of it: each thread starts empty,
    its tools write under its own id and its customer answers "Confirm order?" from its own answers."""
    scripts = {"yes": (CONVERSATIONS["sales en"][0], ["y"]), "no": (CONVERSATIONS["sales en"][0], ["n"]),
               "refund": CONVERSATIONS["refund ko"]}
    desk = OneAgentDesk()
    shared = {name: await desk.run(lines, session_id=name, confirmations=answers)
              for name, (lines, answers) in scripts.items()}
    for name, (lines, answers) in scripts.items():
        alone = await run_one_agent(lines, session_id=name, confirmations=answers)
        assert [(t.handled_by, t.reply, t.model_calls, t.tokens_in) for t in shared[name].turns] == [
            (t.handled_by, t.reply, t.model_calls, t.tokens_in) for t in alone.turns]
        assert (shared[name].handoffs, shared[name].orders, shared[name].refunds) == (
            alone.handoffs, alone.orders, alone.refunds)
    assert [o.confirmed for o in shared["yes"].orders] == [True] and [o.confirmed for o in shared["no"].orders] == [False]
    assert {o.session_id for o in desk.ledger.orders} == {"yes", "no"}
    assert [r.session_id for r in desk.ledger.refunds] == ["refund"]
    with pytest.raises(ValueError, match="already ran a conversation 'yes'"):
        await desk.run(["hello"], session_id="yes")


async def test_a_person_answers_the_human_step_without_a_model_call():
    run = await run_one_agent(["I want to talk to a human", "still there?"])
    assert run.first_route == "human"
    assert [t.model_calls for t in run.turns] == [1, 0]
    assert run.turns[1].handled_by == "HumanAgent"


async def test_a_rogue_refund_runs_only_in_the_unguarded_part1():
    rogue = {"tool": "execute_refund", "args": {"item_id": ITEM_ID, "reason": "rogue"}, "when_prompt_contains": "sales agent"}
    guarded = await run_one_agent(["I want to buy something"], model=OfflineChatModel(rogue=rogue))
    unguarded = await run_one_agent(["I want to buy something"], model=OfflineChatModel(rogue=rogue), guard=False)
    team = await run_team(["I want to buy something"], model_client=OfflineModelClient(rogue=rogue))
    assert guarded.refunds == [] and team.refunds == []
    assert [r.reason for r in unguarded.refunds] == ["rogue"]


@pytest.mark.parametrize("lines", [[], ["  "], ["hi", ""]])
async def test_an_empty_script_is_one_sentence_in_both_designs(lines):
    for run in (run_one_agent, run_team):
        with pytest.raises(ValueError, match="at least one non-empty line"):
            await run(lines)


def test_a_learners_extended_team_table_is_a_step_table_with_the_edges_its_tools_make():
    from autogen_core.tools import FunctionTool

    from handoffs.part3.desk import desk_step_table
    from handoffs.part3.langgraph_swarm import build_desk_graph  # noqa: F401 - the graph loads with the same cells
    from handoffs.part1.transfers import step_edges

    def transfer_to_billing_agent() -> str:
        return "BillingAgent"

    to_billing = FunctionTool(transfer_to_billing_agent, description="Use for invoices and charges.")
    triage = delegates.TEAM[delegates.triage_agent_topic_type]
    team = {**delegates.TEAM,
            delegates.triage_agent_topic_type: triage._replace(transfer_tools=(*triage.transfer_tools, to_billing)),
            "BillingAgent": delegates.TeamRow("A billing agent.", "You answer billing questions.", (),
                                              (delegates.transfer_back_to_triage_tool,))}
    steps = desk_step_table(Ledger(), "s", confirm=None, team=team)
    assert steps["billing"]["prompt"] == "You answer billing questions."
    edges = {(a, b) for a, b, _tool in step_edges(steps)}
    assert {("triage", "billing"), ("billing", "triage"), ("triage", "human")} <= edges
    assert ("sales", "billing") not in edges


async def test_the_one_agent_hands_to_the_step_the_teams_tool_names():
    from handoffs.part3.desk import build_desk_agent
    from handoffs.part3.runs import ScriptedOperator

    from langgraph.checkpoint.memory import InMemorySaver

    steps = desk_step_table(Ledger(), "s", confirm=None)
    agent = build_desk_agent(OfflineChatModel(), steps, ScriptedOperator(), checkpointer=InMemorySaver())
    config = {"configurable": {"thread_id": "s"}}
    state = await agent.ainvoke({"messages": [{"role": "user", "content": "My rocket skates broke after one day"}]},
                                config)
    assert state["current_step"] == "issues_and_repairs"
    operator = ScriptedOperator()
    agent = build_desk_agent(OfflineChatModel(), steps, operator, checkpointer=InMemorySaver())
    for words in ("My rocket skates broke after one day", "I want to talk to a human", "hello?"):
        state = await agent.ainvoke({"messages": [{"role": "user", "content": words}]}, config)
    # repairs -> triage -> human, each step read from the team's tools; then the person answers, no model call
    assert state["current_step"] == "human"
    assert state["messages"][-1].text == operator.reply
    assert [words for _conversation, words in operator.asked][-1] == "hello?"
