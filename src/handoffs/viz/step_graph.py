"""The step graph of a single-agent design: steps as boxes, transfer tools as arrows, a run's path on top.

Drawn from a step table (``{step: {"prompt": ..., "tools": [...]}}``, the shape of
``handoffs.part1.STEP_TABLE``; a step may also be an object with a ``tools`` attribute) plus, optionally, a
:class:`~handoffs.recorder.RunRecorder`:

- nodes: every step in the table, and any step the record shows that the table lacks (drawn dashed);
- edges: read from the transfer tools themselves (:func:`handoffs.part1.transfers.step_edges`: each tool's
  ``Command`` or ``state["step"] = ...`` says where it goes), an explicit ``transitions={tool: target_step}``
  mapping for tools with no code yet (the edge starts at every step that offers that tool), and every recorded
  ``StepChangeEvent``;
- inside each box: the tools the step offers; ``✓`` marks tools that ran in the recorded conversation,
  ``✗`` tools that were called but refused;
- the recorded path: visited steps filled blue, the current step amber, taken edges thick and numbered 1, 2, ...

A learner's new step appears with no code change as soon as it is in the step table or in a recording.
This module draws; it runs no agent.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Mapping

from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch, FancyBboxPatch
from matplotlib.path import Path as MplPath

from handoffs.i18n import Texts
from handoffs.recorder.events import StepChangeEvent, ToolRunEvent
from handoffs.part1.transfers import step_edges, tool_label

from .style import (CURRENT, font_families, CURRENT_FILL, FONT_EDGE, FONT_NODE, FONT_TOOL, INK, MUTED, PATH, PATH_FILL, REFUSED,
                    finish, label, number_marker, wrap)
from handoffs.text_safety import readable

ROW_GAP = 1.0
UNIT_INCHES = 0.6  # one x unit drawn at the graph's own size; boxes and gaps are measured in it from their text
MIN_BOX, MIN_GAP, TEXT_PAD = 2.0, 1.6, 0.25  # units: the smallest box and arrow, room beside a box's longest line
START = 1.2  # units left of the first box: the "start" arrow, its word above it
# a slide shows at most ~12.9 inches at full size (style.FONT_SMALLEST): the exercise's escalate graph takes 12.85

TEXT = Texts({  # every word this picture draws, in the kit's language (handoffs.set_language)
    "title": {"en": "Step graph", "ko": "단계 그래프"},
    "conversation": {"en": "{title} — conversation {conversation}", "ko": "{title} — 대화 {conversation}"},
    "start": {"en": "start", "ko": "시작"},
    "legend": {"en": "blue: steps visited · amber: where the conversation is now · ✓ tool ran · ✗ tool refused · "
                     "numbers: order of the step changes",
               "ko": "파란색: 거쳐 간 단계 · 주황색: 대화가 지금 있는 단계 · ✓ 실행된 도구 · ✗ 거부된 도구 · "
                     "숫자: 단계가 바뀐 순서"},
    "no_tools": {"en": "(no tools)", "ko": "(도구 없음)"},
    "not_configured": {"en": "(not in the step table)", "ko": "(단계 표에 없음)"},
    "state": {"en": "(state)", "ko": "(상태)"},
})


def plot_step_graph(step_table: Mapping[str, Any], recorder: Any = None, conversation: str | None = None,
                    transitions: Mapping[str, str] | None = None, title: str | None = None,
                    size: tuple[float, float] | None = None) -> Figure:
    """Draw the step graph; returns the matplotlib Figure (a notebook shows it). Words follow the kit's language.
    ``size`` (inches) replaces the size the graph would take by itself (a wider and flatter picture for long tool
    names: the title and the legend are wrapped to it)."""
    title = TEXT["title"] if title is None else title
    tools = {step: _tool_names(config) for step, config in step_table.items()}
    changes = recorder.of_kind(StepChangeEvent, conversation) if recorder is not None else []
    runs = recorder.of_kind(ToolRunEvent, conversation) if recorder is not None else []
    path = recorder.steps_visited(conversation) if recorder is not None else []

    steps = list(step_table)
    for step in path + [c.from_step for c in changes] + [c.to_step for c in changes]:
        if step not in steps:
            steps.append(step)
    edges = _edges(step_table, tools, transitions or {}, changes)
    for _, target, _ in edges:
        if target not in steps:
            steps.append(target)
    positions, heights, widths = _layout(steps, edges, tools)

    right = max(x + widths[s] / 2 for s, (x, _) in positions.items())
    reach = right - min(x - widths[s] / 2 for s, (x, _) in positions.items())
    backward = _backward(edges, positions)
    outside = [rank for (s, _, _), (rank, _) in backward.items() if _in_last_column(s, positions, widths, right)]
    reach += 0.45 + 0.3 * max(outside) + 0.15 if outside else 0.0  # the routes down the right of the last column
    width = max(8.0, (reach + START) * UNIT_INCHES * 1.04 + 0.3)  # drawn at its own size: see style.FONT_SMALLEST
    height = max(4.0, 1.6 + max(-p[1] + h for p, h in zip(positions.values(), heights.values())))
    height += 0.75 * len(backward) + (0.5 if path else 0.0)  # lanes for backward edges, the legend line
    height = max(4.0, 0.85 * height)  # a 1280x720 slide is wide: see style.FONT_SMALLEST
    width, height = size or (width, height)
    fig = Figure(figsize=(width, height))  # not registered with pyplot: no global state, shown once in notebooks
    ax = fig.subplots()
    for step in steps:
        _draw_node(ax, step, positions[step], widths[step], heights[step], tools.get(step, []), runs,
                   configured=step in step_table, visited=step in path, current=bool(path) and path[-1] == step)
    taken = [(c.from_step, c.to_step, c.tool or TEXT["state"]) for c in changes]
    _draw_edges(ax, edges, taken, positions, heights, widths, backward, right)
    if steps:
        x, y = positions[steps[0]]
        x -= widths[steps[0]] / 2
        ax.annotate("", xy=(x, y - 0.35), xytext=(x - 1.0, y - 0.35),
                    arrowprops={"arrowstyle": "-|>", "color": INK, "lw": 2})
        label(ax, x - 0.5, y + 0.05, TEXT["start"], fontsize=FONT_TOOL, color=MUTED)
    shown = conversation or (recorder.latest_conversation() if recorder else "")
    finish(ax, TEXT["conversation"].format(title=title, conversation=shown) if path else title)
    if path:
        fig.text(0.01, 0.01, wrap(TEXT["legend"], width, FONT_TOOL), fontsize=FONT_TOOL, color=MUTED,
                 fontfamily=font_families(),
                 parse_math=False)
    ax.autoscale_view()
    ax.margins(x=0.02, y=0.08)  # the width goes to the boxes and the gaps their arrows' names sit in
    fig.tight_layout(rect=(0, (0.5 if width > 11 else 0.8) / height if path else 0, 1, 1))
    return fig


def _tool_names(config: Any) -> list[str]:
    items = config.get("tools", []) if isinstance(config, Mapping) else getattr(config, "tools", [])
    return [item if isinstance(item, str) else tool_label(item) for item in items]


def _edges(step_table: Mapping[str, Any], tools: dict[str, list[str]], transitions: Mapping[str, str],
           changes: list[StepChangeEvent]) -> list[tuple[str, str, str]]:
    """(from, to, tool) from the transfer tools, explicit transitions and the recording; each once, in that order."""
    found: list[tuple[str, str, str]] = []
    found += step_edges(step_table)  # read from the transfer tools themselves
    for tool, target in transitions.items():
        found += [(step, target, tool) for step, names in tools.items() if tool in names]
    found += [(c.from_step, c.to_step, c.tool or TEXT["state"]) for c in changes]
    return list(dict.fromkeys(found))


def _layout(steps: list[str], edges: list[tuple[str, str, str]], tools: dict[str, list[str]]):
    """Layers by shortest distance from the first step (left to right); steps of a layer stacked top-down."""
    layer: dict[str, int] = {}
    if steps:
        layer[steps[0]] = 0
        queue = deque([steps[0]])
        while queue:
            step = queue.popleft()
            for source, target, _ in edges:
                if source == step and target not in layer:
                    layer[target] = layer[step] + 1
                    queue.append(target)
    for step in steps:
        layer.setdefault(step, max(layer.values(), default=-1) + 1)
    heights = {s: 0.9 + 0.42 * max(1, len(tools.get(s, []))) for s in steps}
    numbers = sorted(set(layer.values()))
    box = {n: max(_box_width(s, tools.get(s, [])) for s in steps if layer[s] == n) for n in numbers}
    gap = {n: max([MIN_GAP] + [_units(tool, FONT_EDGE, "bold") + TEXT_PAD for source, target, tool in edges
                               if layer[source] == n and layer.get(target) == n + 1]) for n in numbers}
    positions: dict[str, tuple[float, float]] = {}
    widths: dict[str, float] = {}
    x = 0.0
    for number in numbers:
        y = 0.0
        for step in [s for s in steps if layer[s] == number]:
            positions[step], widths[step] = (x, y), box[number]
            y -= heights[step] + ROW_GAP
        x += box[number] / 2 + gap[number] + box.get(number + 1, 0.0) / 2
    return positions, heights, widths


def _units(text: str, size: float, weight: str = "normal") -> float:
    """How wide ``text`` is drawn at ``size`` points, in x units (the font the picture uses, fallbacks included)."""
    from matplotlib.backends.backend_agg import RendererAgg
    from matplotlib.font_manager import FontProperties

    prop = FontProperties(family=font_families(), size=size, weight=weight)
    width, _, _ = RendererAgg(1, 1, 72).get_text_width_height_descent(readable(text), prop, ismath=False)
    return width / 72 / UNIT_INCHES


def _box_width(step: str, tool_names: list[str]) -> float:
    """A box wide enough for its step's name and its longest tool line (with a ✓ or ✗ in front)."""
    lines = [_units(step, FONT_NODE, "bold")] + [_units("✓ " + name, FONT_TOOL) for name in tool_names]
    return max(MIN_BOX, max(lines) + TEXT_PAD)


def _draw_node(ax, step, position, box_w, height, tool_names, runs, configured, visited, current) -> None:
    x, y = position
    face, edge = (CURRENT_FILL, CURRENT) if current else ((PATH_FILL, PATH) if visited else ("white", MUTED))
    ax.add_patch(FancyBboxPatch((x - box_w / 2, y - height), box_w, height, boxstyle="round,pad=0.05,rounding_size=0.2",
                                facecolor=face, edgecolor=edge, linewidth=3 if visited else 1.5,
                                linestyle="-" if configured else "--", zorder=2, gid=f"step-{step}"))
    label(ax, x, y - 0.38, step, fontsize=FONT_NODE, fontweight="bold", gid=f"step-label-{step}")
    if not tool_names:
        label(ax, x, y - 0.85, TEXT["no_tools" if configured else "not_configured"], fontsize=FONT_TOOL, color=MUTED)
    for i, name in enumerate(tool_names):
        ran = [r for r in runs if r.tool == name and r.actor == step]
        mark, colour = ("✗ ", REFUSED) if ran and all(r.refused for r in ran) else (("✓ ", PATH) if ran else ("", INK))
        label(ax, x, y - 0.85 - 0.42 * i, mark + name, fontsize=FONT_TOOL, color=colour, gid=f"tool-{step}-{name}")


def _backward(edges, positions) -> dict[tuple[str, str, str], tuple[int, int]]:
    """Each backward edge's (rank, slot). Rank 0 is the innermost route (the lowest source: nearest lane, nearest
    turn); an edge from higher up goes round it, further out on every leg and into its target further left (slot 0
    is the leftmost way into a box's bottom), so no two backward routes cross."""
    back = [e for e in edges if e[0] != e[1] and positions[e[1]][0] <= positions[e[0]][0]]
    back.sort(key=lambda e: positions[e[0]][1])  # y grows upwards: the lowest source first
    into = {target: [e for e in back if e[1] == target] for _, target, _ in back}
    return {e: (rank, len(into[e[1]]) - 1 - into[e[1]].index(e)) for rank, e in enumerate(back)}


def _in_last_column(step, positions, widths, right) -> bool:
    """Whether ``step``'s box reaches the picture's right edge ``right`` (a way back from it goes down its right)."""
    return positions[step][0] + widths[step] / 2 >= right - 1e-9


def _draw_edges(ax, edges, taken, positions, heights, widths, backward, right) -> None:
    """Every edge; ``backward`` is :func:`_backward`'s routes, ``right`` the right edge of the rightmost box."""
    pair_count: dict[tuple[str, str], int] = {}
    lowest = min(y - heights[step] for step, (_, y) in positions.items())
    for source, target, tool in edges:
        k = pair_count.get((source, target), 0)
        pair_count[(source, target)] = k + 1
        (x1, y1), (x2, y2) = positions[source], positions[target]
        numbers = [i + 1 for i, t in enumerate(taken) if t == (source, target, tool)]
        colour, width = (PATH, 4) if numbers else (MUTED, 2)
        if source == target:  # a tool that "moves" to the same step: a loop above the box
            arrow = FancyArrowPatch((x1 - 0.6, y1), (x1 + 0.6, y1), connectionstyle="arc3,rad=-1.4")
            spot = (x1, y1 + 0.75)
        elif x2 > x1:  # forward: from the right side to the left side (diagonal if on another row)
            start, end = (x1 + widths[source] / 2, y1 - 0.4 - 0.3 * k), (x2 - widths[target] / 2, y2 - 0.4 - 0.3 * k)
            arrow = FancyArrowPatch(start, end, connectionstyle="arc3")
            spot = (start[0] + (end[0] - start[0]) * 0.5, start[1] + (end[1] - start[1]) * 0.5 + 0.28 + 0.5 * k)
        else:  # backwards: out of the source's side, down to a lane below every box, up into the target's bottom
            rank, slot = backward[(source, target, tool)]
            lane = lowest - 0.9 - 1.3 * rank
            x_in = x2 - 0.5 + 0.45 * slot
            y_out = y1 - heights[source] / 2
            if _in_last_column(source, positions, widths, right):  # down its right side, where no arrow goes
                side, x_turn = x1 + widths[source] / 2, right + 0.45 + 0.3 * rank
            else:  # down through the gap left of the source
                side, x_turn = x1 - widths[source] / 2, x1 - widths[source] / 2 - 0.45 - 0.3 * rank
            corners = [(side, y_out), (x_turn, y_out), (x_turn, lane), (x_in, lane), (x_in, y2 - heights[target])]
            arrow = FancyArrowPatch(path=MplPath(corners, [MplPath.MOVETO] + [MplPath.LINETO] * 4))
            spot = ((x_turn + x_in) / 2, lane + 0.28)
        arrow.set(arrowstyle="-|>", mutation_scale=22, color=colour, linewidth=width, zorder=3,
                  gid=f"edge-{source}-{target}-{tool}")
        ax.add_patch(arrow)
        text = label(ax, spot[0], spot[1], tool, fontsize=FONT_EDGE, color=colour,
                     fontweight="bold" if numbers else "normal",
                     bbox={"boxstyle": "round,pad=0.2", "facecolor": "white", "edgecolor": "none"})
        for j, number in enumerate(numbers):  # order markers just under the label
            number_marker(ax, spot[0] + 0.5 * (j - (len(numbers) - 1) / 2), spot[1] - 0.55, number)
        text.set_gid(f"edge-label-{tool}")
