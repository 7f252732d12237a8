"""Notebook 09's pictures: the measured table as bars, and the cost of a conversation turn by turn.

* :func:`plot_comparison` — one panel per measure (model calls, tokens in, tokens out, handoffs, out-of-step tools
  that ran), one bar per design with its value written on it; the rogue panel has a third bar, the one agent as
  seed 000 writes it (no step guard).
* :func:`plot_growth` — tokens the model read per customer turn, against the turn number, for each design, one
  panel per conversation; a dotted line where the conversation moved to another agent;
* :func:`plot_graph_handoffs` — notebook 10's LangGraph multi-agent graph drawn from its own transfer tools.

Both draw from a :class:`~handoffs.part3.measure.Comparison` (or :class:`~handoffs.part3.runs.DesignRun` s) with
the kit's projector-sized style (:mod:`handoffs.viz.style`); labels come from :mod:`handoffs.part3.text`. They run
nothing.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from matplotlib.figure import Figure

from handoffs.viz.style import (CURRENT, FONT_EDGE, FONT_NODE, FONT_SMALLEST, FONT_TITLE, HANDOFF, INK, MUTED, PATH,
                                REFUSED, font_families, show_in_notebooks, wrap)

from .measure import NO_GUARD, Comparison
from .runs import ONE_AGENT, TEAM, DesignRun
from .text import DESIGN_LABEL, PICTURE

COLOUR = {ONE_AGENT: PATH, TEAM: HANDOFF, NO_GUARD: REFUSED}
#: inches: a picture this wide fills a 1280x720 slide with its FONT_SMALLEST labels at 16 px or more on a 1024x768
#: projector (tests/browser/test_slides.py measures it); a notebook shows the same PNG
WIDTH = 12.4


def _bars(ax, values: Mapping[str, float], title: str) -> None:
    names = list(values)
    heights = [values[n] for n in names]
    ax.bar(range(len(names)), heights, color=[COLOUR[n] for n in names], width=0.7)
    top = max(heights + [1])
    for i, value in enumerate(heights):
        ax.text(i, value + top * 0.03, f"{value:,.0f}", ha="center", va="bottom", fontsize=FONT_EDGE,
                fontweight="bold", color=INK, fontfamily=font_families(), parse_math=False)
    ax.set_ylim(0, top * 1.25)
    ax.set_xticks([])
    ax.set_yticks([])
    for side in ("top", "right", "left"):
        ax.spines[side].set_visible(False)
    ax.set_title(title, fontsize=FONT_EDGE + 1, color=INK, fontfamily=font_families(), parse_math=False,
                 linespacing=1.1)


def plot_comparison(c: Comparison) -> Figure:
    """The table's countable rows as bars: the two designs side by side (and the unguarded agent for rogue calls)."""
    show_in_notebooks()
    measures = [("model_calls", PICTURE["calls"]), ("tokens_in", PICTURE["tokens_in"]),
                ("tokens_out", PICTURE["tokens_out"]), ("handoffs", PICTURE["handoffs"])]
    fig = Figure(figsize=(WIDTH, 5.6))
    axes = fig.subplots(1, len(measures) + 1)
    panel = WIDTH / len(axes) - 0.3  # inches a panel's title may take
    for ax, (what, title) in zip(axes, measures):
        _bars(ax, {d: c.total(d, what) for d in (ONE_AGENT, TEAM)}, wrap(title, panel, FONT_EDGE + 1))
    _bars(axes[-1], {d: len(c.probes_ran[d]) for d in (ONE_AGENT, NO_GUARD, TEAM)},
          wrap(PICTURE["violations"], panel, FONT_EDGE + 1))
    handles = [_legend_patch(COLOUR[d]) for d in (ONE_AGENT, TEAM, NO_GUARD)]
    fig.legend(handles, [DESIGN_LABEL[d] for d in (ONE_AGENT, TEAM, NO_GUARD)], loc="lower center", ncol=2,
               frameon=False, prop={"family": font_families(), "size": FONT_EDGE}, columnspacing=1.2)
    fig.suptitle(wrap(PICTURE["table_title"], WIDTH - 0.2, FONT_TITLE), fontsize=FONT_TITLE, fontweight="bold",
                 color=INK, x=0.01, ha="left", fontfamily=font_families())
    fig.subplots_adjust(left=0.02, right=0.99, top=0.78, bottom=0.2, wspace=0.3)
    return fig


def _legend_patch(colour: str):
    from matplotlib.patches import Patch

    return Patch(facecolor=colour)


_SERIES_COLOURS = (PATH, HANDOFF, CURRENT, REFUSED, MUTED)


def plot_growth(runs: Mapping[str, Mapping[str, DesignRun]], conversations: Sequence[str], counter: str) -> Figure:
    """Tokens in per customer turn, one line per series of ``runs`` (a design, or a way of carrying handoffs), one
    panel per conversation; thin lines: the history each turn's first model call read; dotted verticals: the turns
    where the conversation moved to another agent."""
    show_in_notebooks()
    fig = Figure(figsize=(WIDTH, 6.0))
    axes = fig.subplots(1, len(conversations), sharey=True, squeeze=False)[0]
    series = list(runs)
    for ax, name in zip(axes, conversations):
        for index, key in enumerate(series):
            run, style = runs[key][name], ("-", "--", "-.", ":")[index % 4]
            colour = COLOUR.get(key, _SERIES_COLOURS[index % len(_SERIES_COLOURS)])
            xs = [t.number for t in run.turns]
            ax.plot(xs, [t.tokens_in for t in run.turns], style, color=colour, linewidth=3, marker="o",
                    markersize=7, label=DESIGN_LABEL.get(key, key))
            ax.plot(xs, [t.history_tokens for t in run.turns], style, color=colour, linewidth=1.5, alpha=0.7)
        last = runs[series[-1]][name]
        top = max(t.tokens_in for key in series for t in runs[key][name].turns)
        for turn, before in zip(last.turns[1:], last.turns):
            if turn.handled_by != before.handled_by:
                ax.axvline(turn.number, color=MUTED, linestyle=":", linewidth=1.5)
                ax.text(turn.number, top * 1.04, f"→ {turn.handled_by}", ha="center", va="bottom", color=MUTED,
                        fontsize=FONT_SMALLEST, fontfamily=font_families(), parse_math=False,
                        bbox={"facecolor": "white", "edgecolor": "none", "pad": 1})
        ax.set_ylim(0, top * 1.15)
        ax.set_title(name, fontsize=FONT_NODE, color=INK, fontfamily=font_families(), parse_math=False, pad=26)
        ax.set_xlabel(PICTURE["growth_x"], fontsize=FONT_EDGE, fontfamily=font_families())
        ax.set_xticks([t.number for t in last.turns])
        ax.tick_params(labelsize=FONT_SMALLEST)
        for side in ("top", "right"):
            ax.spines[side].set_visible(False)
    axes[0].set_ylabel(PICTURE["growth_y"].format(counter=counter), fontsize=FONT_EDGE, fontfamily=font_families())
    from matplotlib.lines import Line2D

    designs, names = axes[0].get_legend_handles_labels()  # a colour per series; the line's weight says what it counts
    kinds = [Line2D([], [], color=INK, linewidth=3, marker="o", markersize=7), Line2D([], [], color=INK, linewidth=1.5)]
    fig.legend([*designs, *kinds], [*names, PICTURE["per_turn"], PICTURE["history"]], loc="lower center", ncol=2,
               frameon=False, prop={"family": font_families(), "size": FONT_SMALLEST}, columnspacing=2.5)
    fig.suptitle(wrap(PICTURE["growth_title"], WIDTH - 0.2, FONT_TITLE), fontsize=FONT_TITLE, fontweight="bold",
                 color=INK, x=0.01, ha="left", fontfamily=font_families())
    fig.subplots_adjust(left=0.08, right=0.99, top=0.8, bottom=0.17 + 0.045 * max(len(series), 2), wspace=0.08)
    return fig


def plot_graph_handoffs(graph: Any, recorder: Any = None, conversation: str | None = None) -> Figure:
    """A LangGraph multi-agent graph as the kit's step graph: agents as boxes, the edges its transfer tools declare,
    and (with a recorder) the path a conversation took, numbered."""
    from handoffs.viz import plot_step_graph

    from .langgraph_swarm import graph_step_table

    return plot_step_graph(graph_step_table(graph), recorder, conversation, title=PICTURE["graph_title"],
                           size=(WIDTH, 6.0))  # room for the long tool names, and as flat as a slide
