"""The triage -> sales / repairs handoff as a LangGraph multi-agent graph: edges from the tools, the seed's paths."""

from langgraph.checkpoint.memory import InMemorySaver

from handoffs.part2.tools import Ledger
from handoffs.part3.langgraph_swarm import build_desk_graph, graph_step_table, transfer_destinations, transfer_tool
from handoffs.part1.transfers import step_edges
from handoffs.part3.measure import CONVERSATIONS
from handoffs.part3.pictures import plot_graph_handoffs
from handoffs.recorder import RunRecorder
from handoffs.viz import texts_of


async def yes(_question):
    return True


async def talk(graph, lines, thread):
    config, seen = {"configurable": {"thread_id": thread}}, []
    for words in lines:
        state = await graph.ainvoke({"messages": [{"role": "user", "content": words}]}, config)
        seen.append((state["active_agent"], state["messages"][-1].text))
    return seen


def test_the_graph_edges_are_the_transfer_tools_destinations():
    graph = build_desk_graph(checkpointer=InMemorySaver())
    edges = {(e.source, e.target) for e in graph.get_graph().edges if e.source != "__start__"}
    declared = {(agent, target) for agent, target, _tool in step_edges(graph_step_table(graph))}
    assert edges == declared == {("triage", "sales"), ("triage", "issues_and_repairs"), ("sales", "triage"),
                                 ("issues_and_repairs", "triage")}


def test_a_new_transfer_tool_is_a_new_edge():
    from langchain.agents import create_agent

    from handoffs.models import chat_model

    agent = create_agent(chat_model(), tools=[transfer_tool("billing", name="transfer_to_billing", description="Bills.")],
                         name="front")
    assert transfer_destinations(agent) == ["billing"]


async def test_seed_003s_sales_path_runs_on_the_default_model():
    ledger, recorder = Ledger(), RunRecorder()
    graph = build_desk_graph(ledger=ledger, session_id="s", confirm=yes, checkpointer=InMemorySaver(), recorder=recorder)
    seen = await talk(graph, CONVERSATIONS["sales en"][0], "s")
    assert [agent for agent, _ in seen] == ["sales"] * 4
    assert [(o.product, o.confirmed) for o in ledger.orders] and ledger.orders[0].confirmed
    assert recorder.steps_visited("s") == ["triage", "sales"]
    assert "transfer_to_sales_agent" in texts_of(plot_graph_handoffs(graph, recorder, "s"))


async def test_the_korean_refund_path_reaches_repairs_and_refunds():
    ledger = Ledger()
    graph = build_desk_graph(ledger=ledger, session_id="k", checkpointer=InMemorySaver())
    seen = await talk(graph, CONVERSATIONS["refund ko"][0], "k")
    assert {agent for agent, _ in seen} == {"issues_and_repairs"}
    assert len(ledger.refunds) == 1
    assert all(any("\uac00" <= ch <= "\ud7a3" for ch in reply) for _, reply in seen)
