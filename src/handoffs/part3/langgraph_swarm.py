"""Part 2's triage -> sales / issues-and-repairs handoff as a LangGraph multi-agent graph (the langgraph-swarm idea):
the graph as notebook 10 builds it, and reading it back for a picture.

The graph is lesson code: notebook 10's cells tagged ``lesson`` (section 6) write ``DeskState``, the transfer tool
(``Command(goto=<agent>, graph=Command.PARENT, ...)``, its destination in its metadata), ``transfer_destinations``
(the edges, read from an agent's own tool node, as ``langgraph_swarm.get_handoff_destinations`` does) and
``build_desk_graph`` (one ``create_agent`` node per AI agent of notebook 06's team table; each transfer tool to another
AI agent a ``Command.PARENT`` transfer tool). :func:`handoffs.lessons.load` makes this module's names from those cells.

The ground is here: :func:`graph_step_table` reads a compiled graph back into the step table shape
:func:`handoffs.viz.plot_step_graph` draws (agents as boxes, transfer tools as arrows). It builds and runs nothing.
"""

from __future__ import annotations

from typing import Any

from langchain_core.tools import BaseTool
from langgraph.prebuilt import ToolNode

from handoffs.lessons import load

_LESSON = load("10_what_a_handoff_carries")

DeskState = _LESSON.DeskState
transfer_tool = _LESSON.transfer_tool
transfer_destinations = _LESSON.transfer_destinations
build_desk_graph = _LESSON.build_desk_graph


def _tools_of(agent: Any) -> list[BaseTool]:
    node = agent.get_graph().nodes.get("tools")
    return list(node.data.tools_by_name.values()) if node is not None and isinstance(node.data, ToolNode) else []


def graph_step_table(graph: Any) -> dict[str, dict[str, Any]]:
    """The compiled graph's agents as a step table for :func:`handoffs.viz.plot_step_graph`: ``{agent: {"tools":
    [...]}}``, the tools themselves (each transfer tool carries its destination: the picture's edges)."""
    steps: dict[str, dict[str, Any]] = {}
    for name, node in graph.get_graph().nodes.items():
        agent = getattr(node.data, "get_graph", None) and node.data
        if name.startswith("__") or agent is None:
            continue
        steps[name] = {"tools": _tools_of(agent)}
    return steps


__all__ = ["DeskState", "build_desk_graph", "graph_step_table", "transfer_destinations",
           "transfer_tool"]
