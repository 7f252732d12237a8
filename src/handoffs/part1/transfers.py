"""Where a transfer tool moves the conversation, read from the tool itself: each edge is written once, in the tool.

A **transfer tool** is a tool that moves the conversation to another step: seed 000's ``record_issue`` and
``end_conversation`` return ``Command(update={..., "current_step": "resolve"})``; notebook 01's plain tools write
``state["step"] = "resolve"``. That line *is* the edge. Nothing else declares it: the step graph, the pictures and
``side_effects_once`` ask :func:`transfer_targets`, which reads the tool's code (its syntax tree, not a run) for

* a ``"current_step": "<step>"`` item in a dict (a ``Command``'s update),
* a ``current_step="<step>"`` or ``to_step="<step>"`` keyword (a helper that builds the ``Command``),
* ``state["current_step"] = "<step>"`` or ``state["step"] = "<step>"``.

langgraph-swarm does the same from the other side (a transfer tool made by langgraph-swarm carries its destination in its metadata, and
the graph's edges are read from the tools). A tool whose target is computed at run time (a variable, not a string)
has no edge here; a recording still shows where it went (:func:`handoffs.viz.plot_step_graph`).

What this module is not: it runs no tool, and it does not check that a target exists (the middleware does).
"""

from __future__ import annotations

import ast
import functools
import inspect
import textwrap
from typing import Any, Mapping

STEP_FIELDS = ("current_step", "step", "to_step")
TRANSFER_TO = "transfer_to"  # the metadata key of a factory-made transfer tool
SWARM_DESTINATION = "__handoff_destination"  # langgraph-swarm's key for the same fact (notebook 10's graph)


def function_of(tool: Any) -> Any:
    """The Python function behind a tool (``@tool``'s ``func`` or ``coroutine``) or the tool itself."""
    for attribute in ("func", "coroutine", "_func"):
        inner = getattr(tool, attribute, None)
        if callable(inner):
            return inner
    return tool


def transfer_targets(tool: Any) -> tuple[str, ...]:
    """The steps a tool's code moves the conversation to, in the order written; ``()`` for a tool that does its job
    and stays (or whose source cannot be read).

    A tool made by a factory, whose target is a variable (``"current_step": target_step``), carries it where the
    factory computes it: ``metadata={TRANSFER_TO: target_step}`` (as langgraph-swarm's handoff tools do)."""
    metadata = getattr(tool, "metadata", None) or {}
    declared = metadata.get(TRANSFER_TO) or metadata.get(SWARM_DESTINATION)
    if declared:
        return (str(declared),)
    function = function_of(tool)
    try:
        function = inspect.unwrap(function)  # a wrapper made with functools.wraps reads as the tool it wraps
    except ValueError:
        pass
    code = getattr(function, "__code__", None)
    return _targets(code) if code is not None else ()


@functools.lru_cache(maxsize=1024)
def _targets(code: Any) -> tuple[str, ...]:
    try:
        lines, _ = inspect.findsource(code)
        source = textwrap.dedent("".join(inspect.getblock(lines[code.co_firstlineno - 1:])))
        tree = ast.parse(source)
    except (OSError, TypeError, SyntaxError, IndexError):
        return ()
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            found += [_text(v) for k, v in zip(node.keys, node.values) if _text(k) == "current_step"]
        elif isinstance(node, ast.keyword) and node.arg in STEP_FIELDS:
            found.append(_text(node.value))
        elif isinstance(node, ast.Assign):
            found += [_text(node.value) for t in node.targets
                      if isinstance(t, ast.Subscript) and _text(t.slice) in STEP_FIELDS[:2]]
    return tuple(dict.fromkeys(t for t in found if t))


def _text(node: Any) -> str:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else ""


def tool_label(tool: Any) -> str:
    """The name the model sees for a tool: a tool's ``name``, a plain function's ``__name__``."""
    return str(getattr(tool, "name", None) or getattr(tool, "__name__", None) or repr(tool))


def step_edges(step_table: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    """``(from_step, to_step, tool)`` for every transfer tool a step offers: the edges of the step graph.

    A step may be a dict (``{"prompt": ..., "tools": [...]}``) or an object with a ``tools`` attribute; its tools may
    be tools, plain functions, or (for pictures of another design) names with no code, which carry no edge."""
    edges = []
    for step, entry in step_table.items():
        tools = entry.get("tools", []) if isinstance(entry, Mapping) else getattr(entry, "tools", [])
        edges += [(step, target, tool_label(t)) for t in tools or [] for target in transfer_targets(t)]
    return list(dict.fromkeys(edges))
