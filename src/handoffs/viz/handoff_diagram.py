"""The handoff picture of a multi-agent run: a sequence diagram with the customer and each agent as a lane.

Read from a :class:`~handoffs.recorder.RunRecorder` (one conversation), top to bottom, numbered 1, 2, ...:

- the customer's message: an arrow from "customer" to the agent that received it;
- a handoff: a green arrow between agents, labelled with the transfer tool;
- a tool an agent ran: a small box on that agent's lane (red if it was refused or failed);
- a reply: an arrow back to the customer with the first words (amber for the human operator).

Lanes come from ``agents=`` (the configuration: every agent you registered, even one that was never reached) and
from the record, so a learner's new agent appears with no code change. This module draws; it runs no agent.
"""

from __future__ import annotations

from typing import Any, Sequence

from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch, FancyBboxPatch

from handoffs.i18n import Texts, display_width
from handoffs.recorder.events import HandoffEvent, MessageEvent, ModelCallEvent, PublishEvent, ToolRunEvent

from .style import (CURRENT, FONT_EDGE, FONT_NODE, FONT_SMALLEST, HANDOFF, INK, MUTED, PATH, PATH_FILL, REFUSED, finish, label,
                    number_marker, shorten)

CUSTOMER = "customer"  # the customer's lane in the rows (data); drawn as TEXT["customer"]
LANE_GAP, ROW_H = 4.4, 1.05

TEXT = Texts({  # every word this picture draws, in the kit's language (handoffs.set_language)
    "title": {"en": "Handoffs", "ko": "핸드오프"},
    "conversation": {"en": "{title} — conversation {conversation}", "ko": "{title} — 대화 {conversation}"},
    "customer": {"en": "customer", "ko": "고객"},
    "agent": {"en": "agent", "ko": "에이전트"},
    "handoff": {"en": "handoff", "ko": "핸드오프"},
})


def handoff_rows(recorder: Any, conversation: str | None = None, show_tools: bool = True) -> list[tuple]:
    """The diagram's rows as data: ``(kind, from_lane, to_lane, label)`` in the order they happened.

    kind is one of ``"ask"``, ``"handoff"``, ``"tool"``, ``"refused"``, ``"reply"``, ``"operator"``.
    """
    conversation = conversation if conversation is not None else recorder.latest_conversation()
    events = [e for e in recorder.events if e.conversation == conversation]
    rows: list[tuple] = []
    handed_tools = {e.tool for e in events if isinstance(e, HandoffEvent)}
    for index, event in enumerate(events):
        if isinstance(event, MessageEvent) and event.role == "user":
            rows.append(("ask", CUSTOMER, _receiver(events, index), event.text))
        elif isinstance(event, MessageEvent):
            rows.append(("operator" if event.role == "operator" else "reply", event.actor, CUSTOMER, event.text))
        elif isinstance(event, HandoffEvent):
            rows.append(("handoff", event.from_agent, event.to_agent, event.tool or TEXT["handoff"]))
        elif show_tools and isinstance(event, ToolRunEvent) and event.tool not in handed_tools:
            kind = "refused" if (event.refused or event.is_error) else "tool"
            rows.append((kind, event.actor, event.actor, event.tool))
    return rows


def _receiver(events: list, index: int) -> str:
    """Who got the customer's message: the topic it was published to, else the next agent that called the model."""
    if index and isinstance(events[index - 1], PublishEvent):
        return events[index - 1].topic_type
    for later in events[index + 1:]:
        if isinstance(later, ModelCallEvent):
            return later.actor
    return TEXT["agent"]


def _fit(text: str, columns: int) -> str:
    """:func:`~.style.shorten` to ``columns`` display columns: a Hangul character is drawn about twice as wide as a
    Latin one, so a Korean message is cut at half as many characters and stays between its lanes."""
    flat, used, count = " ".join(text.split()), 0, 0
    for count, character in enumerate(flat, start=1):
        used += display_width(character)
        if used > columns:
            return shorten(text, count - 1)
    return shorten(text, max(count, 1))


def _two_lines(name: str, width: int = 15) -> str:
    """A long lane name split at the CamelCase or underscore boundary nearest its middle."""
    if len(name) <= width:
        return name
    cuts = [i for i in range(1, len(name)) if name[i].isupper() or name[i - 1] in "_ "]
    if not cuts:
        return name
    cut = min(cuts, key=lambda i: abs(i - len(name) / 2))
    return name[:cut].rstrip("_ ") + "\n" + name[cut:]


def plot_handoffs(recorder: Any, conversation: str | None = None, agents: Sequence[str] = (),
                  show_tools: bool = True, title: str | None = None) -> Figure:
    """Draw the sequence diagram of one conversation; returns the matplotlib Figure. Words follow the kit's
    language; agent and tool names are drawn as they are."""
    title = TEXT["title"] if title is None else title
    rows = handoff_rows(recorder, conversation, show_tools)
    lanes = [CUSTOMER] + [a for a in agents if a != CUSTOMER]
    for _, source, target, _ in rows:
        for lane in (source, target):
            if lane not in lanes:
                lanes.append(lane)
    x_of = {lane: i * LANE_GAP for i, lane in enumerate(lanes)}
    visited = {lane for _, s, t, _ in rows for lane in (s, t)}
    bottom = -(len(rows) + 0.6) * ROW_H

    fig = Figure(figsize=(max(8.0, 1.97 * len(lanes) + 1.0), max(3.6, 1.4 + 0.42 * len(rows))))  # see style.FONT_SMALLEST
    ax = fig.subplots()
    for lane, x in x_of.items():
        colour = PATH if lane in visited else MUTED
        ax.plot([x, x], [0, bottom], color=colour, linewidth=1.5, linestyle=(0, (4, 4)), zorder=1)
        ax.add_patch(FancyBboxPatch((x - 1.9, 0.1), 3.8, 1.1, boxstyle="round,pad=0.05,rounding_size=0.15",
                                    facecolor=PATH_FILL if lane in visited else "white", edgecolor=colour,
                                    linewidth=2.5 if lane in visited else 1.5, zorder=2, gid=f"lane-{lane}"))
        shown_lane = TEXT["customer"] if lane == CUSTOMER else _two_lines(lane)
        label(ax, x, 0.65, shown_lane, fontsize=FONT_NODE - 2 if len(lane) <= 15 else FONT_SMALLEST,
              fontweight="bold", color=INK if lane in visited else MUTED, linespacing=1.0)

    for number, (kind, source, target, text) in enumerate(rows, start=1):
        y = -number * ROW_H
        x1, x2 = x_of[source], x_of[target]
        colour = {"handoff": HANDOFF, "operator": CURRENT, "refused": REFUSED}.get(kind, PATH)
        number_marker(ax, -1.6 - 0.55, y, number, colour)
        if kind in ("tool", "refused"):
            shown = ("✗ " if kind == "refused" else "⚙ ") + _fit(text, 22)
            label(ax, x1, y, shown, fontsize=FONT_SMALLEST, color=colour,
                  bbox={"boxstyle": "round,pad=0.3", "facecolor": "white", "edgecolor": colour, "linewidth": 1.5})
            continue
        ax.add_patch(FancyArrowPatch((x1, y), (x2, y), arrowstyle="-|>", mutation_scale=22, color=colour,
                                     linewidth=3.5 if kind == "handoff" else 2.2, zorder=3,
                                     gid=f"row-{number}-{kind}"))
        # about 16 characters a lane apart; a handoff's tool name (what the arrow teaches) is kept whole up to 26
        words = _fit(text, max(26 if kind == "handoff" else 19, int(abs(x2 - x1) / LANE_GAP * 16)))
        shown = f"→ {words}" if kind == "handoff" else f"“{words}”"
        label(ax, (x1 + x2) / 2, y + 0.4, shown, fontsize=FONT_EDGE, color=colour,
              fontweight="bold" if kind == "handoff" else "normal",
              bbox={"boxstyle": "round,pad=0.15", "facecolor": "white", "edgecolor": "none"})

    conv = conversation if conversation is not None else recorder.latest_conversation()
    finish(ax, TEXT["conversation"].format(title=title, conversation=conv) if conv else title)
    ax.set_xlim(-2.6, x_of[lanes[-1]] + 2.1)
    ax.set_ylim(bottom - 0.2, 1.3)
    fig.tight_layout()
    return fig
