"""The routing eval as a picture: a confusion table of expected route (rows) against the route the model took.

:func:`plot_confusion` draws an :class:`~handoffs.evals.EvalReport` (from ``handoffs.evals.run_eval``): the
diagonal — routed as labelled — in the kit's "what happened" blue, every other cell that is not empty in red,
with its count; the title carries the model and its accuracy. ``by="lang"`` draws one table per language side by
side (English, Korean, mixed), so a learner sees where each language goes wrong. Projector-sized, Korean-safe
fonts (:mod:`handoffs.viz.style`). It draws; it runs no model.
"""

from __future__ import annotations

from typing import Any

from matplotlib.figure import Figure

from handoffs.i18n import Texts, display_width, percent

from .style import FONT_EDGE, FONT_TITLE, MUTED, PATH, PATH_FILL, REFUSED, label, show_in_notebooks, wrap

_MISS_FILL = "#fde2e2"

TEXT = Texts({  # every word this picture draws, in the kit's language (handoffs.set_language)
    "title": {"en": "Routing eval — {model}", "ko": "라우팅 평가 — {model}"},
    "all": {"en": "all messages", "ko": "전체 메시지"},
    "en": {"en": "English", "ko": "영어"},
    "ko": {"en": "Korean", "ko": "한국어"},
    "mixed": {"en": "mixed", "ko": "섞어 쓴 말"},
    "bad_by": {"en": "by must be None or 'lang', not {by!r}.", "ko": "by에는 None 또는 'lang'만 쓸 수 있어요(받은 값: {by!r})."},
})


#: one cell of a table, in inches: a count at FONT_EDGE fits, and three tables of nine routes fit a slide's width
#: with every label at least 16 px on a 1024x768 projector (tests/browser/test_slides.py measures it)
CELL = 0.40
GAP = 0.7  # between two tables, in cells


def _counts(outcomes: list[Any]) -> dict[tuple[str, str], int]:
    counts: dict[tuple[str, str], int] = {}
    for o in outcomes:
        counts[(o.case.expected, o.got)] = counts.get((o.case.expected, o.got), 0) + 1
    return counts


def _inches(text: str, points: float) -> float:
    """About how wide ``text`` is at ``points`` (an average Latin character 0.6 em, a Hangul one 1 em)."""
    return display_width(text) * 0.55 * points / 72


def _table(ax: Any, left: float, outcomes: list[Any], rows: list[str], labels: list[str], title: str,
           top: float) -> None:
    """One table with its first column at x = ``left`` (in cells); its title at y = ``top``."""
    counts = _counts(outcomes)
    for j, got in enumerate(labels):
        label(ax, left + j, -0.6, got, fontsize=FONT_EDGE, rotation=90, ha="center", va="bottom", color=MUTED)
    for i, expected in enumerate(rows):
        for j, got in enumerate(labels):
            n = counts.get((expected, got), 0)
            fill = PATH_FILL if expected == got else _MISS_FILL if n else "white"
            ax.add_patch(_cell(i, left + j, fill))
            if n:
                colour = PATH if expected == got else REFUSED
                label(ax, left + j, i, str(n), fontsize=FONT_EDGE, fontweight="bold", color=colour)
    correct = sum(o.case.expected == o.got for o in outcomes)
    label(ax, left - 0.5, top, f"{title}: {percent(100 * correct / max(1, len(outcomes)))} ({correct}/{len(outcomes)})",
          fontsize=FONT_TITLE - 2, ha="left", va="bottom")


def _cell(i: int, x: float, fill: str) -> Any:
    from matplotlib.patches import Rectangle

    return Rectangle((x - 0.5, i - 0.5), 1, 1, facecolor=fill, edgecolor="#d1d5db", linewidth=1)


def plot_confusion(report: Any, by: str | None = None, title: str | None = None) -> Figure:
    """The confusion table of ``report``; ``by="lang"`` gives one table per language, side by side (sharing the
    row names on the left). Cells are drawn at a fixed size, so a label is as large as a slide can show it."""
    show_in_notebooks()
    labels = report.labels()
    groups: list[tuple[str, list[Any]]]
    if by == "lang":
        groups = [(TEXT[lang], [o for o in report.outcomes if o.case.lang == lang])
                  for lang in ("en", "ko", "mixed") if any(o.case.lang == lang for o in report.outcomes)]
    elif by is None:
        groups = [(TEXT["all"], list(report.outcomes))]
    else:
        raise ValueError(TEXT["bad_by"].format(by=by))
    expected = {o.case.expected for o in report.outcomes}
    rows = [name for name in labels if name in expected]
    names = max((_inches(name, FONT_EDGE) for name in labels), default=1.0) / CELL  # in cells
    stride = len(labels) + GAP
    width = len(groups) * stride - GAP + names + 0.4  # in cells
    heading = wrap(title or TEXT["title"].format(model=report.model), width * CELL, FONT_TITLE)
    top = -0.75 - names - 0.3  # the tables' titles sit on this line, above the column names (upright)
    above = top - 1.0 - 0.85 * (heading.count("\n") + 1)  # the picture's title (its lines) sits above them
    height = len(rows) - 0.5 - above
    fig = Figure(figsize=(width * CELL, height * CELL))
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(-0.5 - names - 0.4, -0.5 + len(groups) * stride - GAP)
    ax.set_ylim(len(rows) - 0.5, above)
    ax.set_axis_off()
    for i, name in enumerate(rows):
        label(ax, -0.7, i, name, fontsize=FONT_EDGE, ha="right")
    for index, (name, outcomes) in enumerate(groups):
        _table(ax, index * stride, outcomes, rows, labels, name, top)
    label(ax, -0.5 - names - 0.3, top - 1.0, heading, fontsize=FONT_TITLE, fontweight="bold", ha="left",
          va="bottom")
    return fig
