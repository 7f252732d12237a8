"""Part 2's triage -> sales / issues-and-repairs handoff as a LangGraph multi-agent graph (the langgraph-swarm idea).

Each agent is its own ``create_agent`` graph with Part 2's prompt and tools; the agents are nodes of one parent
``StateGraph`` whose state holds the shared ``messages`` and the ``active_agent``. A handoff tool answers with

    Command(goto=<agent>, graph=Command.PARENT, update={"messages": [...history, its ToolMessage], "active_agent": ...})

— "leave my graph, continue at that node of the parent graph" — and carries its destination in its metadata, so the
graph's edges are *derived from the tools* (:func:`handoff_destinations`), the way ``langgraph_swarm.create_swarm``
does (``langgraph_swarm/handoff.py``, ``swarm.py``; read, not depended on). A router from ``START`` sends each new
customer message to the ``active_agent`` the checkpointer remembered. The handoff tools keep the seed's names and
descriptions; the work tools are Part 2's own (:func:`handoffs.part3.desk.work_tool`). The human agent is left out:
a person in LangGraph is an ``interrupt()``, not a node that calls a model.

:func:`graph_step_table` reads the compiled graph back into the step table shape :func:`handoffs.viz.plot_step_graph` draws
(agents as boxes, handoff tools as arrows); with ``recorder=`` every agent records into the kit's recorder with
``active_agent`` as its step, so the picture numbers the path a run took. This module builds; it runs nothing.
"""

from __future__ import annotations

from typing import Any, Awaitable, Callable

from langchain.agents import AgentState, create_agent
from langchain.messages import ToolMessage
from langchain.tools import ToolRuntime, tool
from langchain_core.tools import BaseTool
from langgraph.graph import START, StateGraph
from langgraph.prebuilt import ToolNode
from langgraph.types import Command
from typing_extensions import NotRequired

from handoffs.lessons import part2 as delegates  # notebook 06's lesson cells: topic types, transfer tools
from handoffs.lessons.part2 import ISSUES_AND_REPAIRS_PROMPT, SALES_PROMPT, TRIAGE_PROMPT
from handoffs.part2.tools import Ledger, refund_tools, sales_tools

from .desk import work_tool

HANDOFF_DESTINATION = "__handoff_destination"  # the metadata key langgraph-swarm uses for the same purpose
TRIAGE, SALES, REPAIRS = "triage", "sales", "issues_and_repairs"


class DeskState(AgentState):
    """The parent graph's state: the shared messages (from ``AgentState``) and who has the conversation."""

    active_agent: NotRequired[str]


def handoff_tool(agent_name: str, *, name: str, description: str) -> BaseTool:
    """A tool that hands the conversation to ``agent_name``, a node of the parent graph."""

    @tool(name, description=description)
    def handoff_to_agent(runtime: ToolRuntime) -> Command:
        note = ToolMessage(f"Transferred to {agent_name}. Adopt persona immediately.", name=name,
                           tool_call_id=runtime.tool_call_id)
        return Command(goto=agent_name, graph=Command.PARENT,
                       update={"messages": [*runtime.state["messages"], note], "active_agent": agent_name})

    handoff_to_agent.metadata = {HANDOFF_DESTINATION: agent_name}
    return handoff_to_agent


def handoff_destinations(agent: Any) -> list[str]:
    """The agents ``agent``'s tools can hand off to, read from its own tool node (its graph's outgoing edges)."""
    return [t.metadata[HANDOFF_DESTINATION] for t in _tools_of(agent) if HANDOFF_DESTINATION in (t.metadata or {})]


def _tools_of(agent: Any) -> list[BaseTool]:
    node = agent.get_graph().nodes.get("tools")
    return list(node.data.tools_by_name.values()) if node is not None and isinstance(node.data, ToolNode) else []


def build_desk_graph(model: Any = None, *, ledger: Ledger | None = None, session_id: str = "graph-1",
                     confirm: Callable[[str], Awaitable[bool]] | None = None, checkpointer: Any = None,
                     recorder: Any = None) -> Any:
    """Triage, sales and issues-and-repairs as one LangGraph multi-agent graph (see the module docstring)."""
    from handoffs.part1.agent import default_model

    model = model if model is not None else default_model()
    ledger = ledger if ledger is not None else Ledger()

    async def no(_question: str) -> bool:
        return False

    back = {"name": delegates.transfer_back_to_triage_tool.name,
            "description": delegates.transfer_back_to_triage_tool.description}
    tools = {
        TRIAGE: [handoff_tool(REPAIRS, name=delegates.transfer_to_issues_and_repairs_tool.name,
                              description=delegates.transfer_to_issues_and_repairs_tool.description),
                 handoff_tool(SALES, name=delegates.transfer_to_sales_agent_tool.name,
                              description=delegates.transfer_to_sales_agent_tool.description)],
        SALES: [*(work_tool(t) for t in sales_tools(ledger, session_id, confirm or no)), handoff_tool(TRIAGE, **back)],
        REPAIRS: [*(work_tool(t) for t in refund_tools(ledger, session_id)), handoff_tool(TRIAGE, **back)],
    }
    prompts = {TRIAGE: TRIAGE_PROMPT, SALES: SALES_PROMPT, REPAIRS: ISSUES_AND_REPAIRS_PROMPT}
    # One recording middleware for all agents (it remembers which messages and tool calls it has seen already).
    watch = [recorder.langchain_middleware(step_field="active_agent", default_step=TRIAGE)] if recorder else []
    builder = StateGraph(DeskState)
    for name in (TRIAGE, SALES, REPAIRS):
        agent = create_agent(model, tools=tools[name], system_prompt=prompts[name], name=name,
                             state_schema=DeskState, middleware=watch)
        builder.add_node(name, agent, destinations=tuple(handoff_destinations(agent)))
    builder.add_conditional_edges(START, lambda state: state.get("active_agent") or TRIAGE,
                                  path_map=[TRIAGE, SALES, REPAIRS])
    return builder.compile(checkpointer=checkpointer)


def graph_step_table(graph: Any) -> dict[str, dict[str, Any]]:
    """The compiled graph's agents as a step table for :func:`handoffs.viz.plot_step_graph`: ``{agent: {"tools":
    [...]}}``, the tools themselves (each handoff tool carries its destination: the picture's edges)."""
    steps: dict[str, dict[str, Any]] = {}
    for name, node in graph.get_graph().nodes.items():
        agent = getattr(node.data, "get_graph", None) and node.data
        if name.startswith("__") or agent is None:
            continue
        tools = _tools_of(agent)
        steps[name] = {"tools": list(tools)}
    return steps
