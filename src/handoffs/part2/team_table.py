"""Read Part 2's team from the one place it is declared: notebook 06's team table and transfer tools.

Notebook 06 declares the team once — ``TEAM`` maps each AI agent type (= its topic type) to a ``TeamRow``
(description, prompt, work tool names, transfer tools) — and each edge of the team once, in the transfer tool
that makes it: the tool's function returns the topic type it hands the conversation to. Everything that shows or
rebuilds the team reads it from there:

* :func:`destination_of` — the topic type a transfer tool hands to (it calls the tool's function: a transfer
  function takes no arguments and only names its destination);
* :func:`handoff_map` — ``{agent type: [destinations]}`` of a team table (the edges, in the tools' order);
* :func:`agent_types` — every agent type of the team, the human and the customer's own agent last (the lanes of a
  picture, the agents a gRPC process may host).

Part 3's two designs (one agent with steps, a LangGraph swarm) build from :func:`team` too. Nothing here defines an
agent or a tool (that is the notebook's work).
"""

from __future__ import annotations

import inspect
from typing import Any, Dict, List, Mapping, Optional


def team(table: Optional[Mapping[str, Any]] = None) -> Mapping[str, Any]:
    """Notebook 06's ``TEAM`` (or the ``table`` given)."""
    if table is not None:
        return table
    from handoffs.lessons import part2

    return part2.TEAM


def destination_of(tool: Any) -> str:
    """The topic type ``tool`` (a transfer tool: a ``FunctionTool`` of a function without arguments) hands to."""
    function = getattr(tool, "_func", None)
    name = getattr(tool, "name", repr(tool))
    if function is None or inspect.iscoroutinefunction(function):
        raise TypeError(f"{name} is not a transfer tool the kit can read: make it FunctionTool(f, description=...) "
                        "with a plain function f() that returns a topic type.")
    try:
        destination = function()
    except TypeError as error:
        raise TypeError(f"{name} is not a transfer tool: its function takes arguments ({error}).") from None
    if not isinstance(destination, str) or not destination:
        raise TypeError(f"{name} returned {destination!r}: a transfer tool returns a topic type (a string).")
    return destination


def handoff_map(table: Optional[Mapping[str, Any]] = None) -> Dict[str, List[str]]:
    """``{agent type: [topic types its transfer tools hand to]}``, read from the tools."""
    return {agent: [destination_of(tool) for tool in row.transfer_tools] for agent, row in team(table).items()}


def agent_types(table: Optional[Mapping[str, Any]] = None) -> List[str]:
    """The AI agent types of the table, then every other destination of a transfer tool (the human), then the user."""
    from handoffs.lessons import part2

    agents = list(team(table))
    for destinations in handoff_map(table).values():
        agents += [d for d in destinations if d not in agents]
    return agents + [part2.user_topic_type]
