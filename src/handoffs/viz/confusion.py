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

from handoffs.i18n import Texts, percent

from .style import FONT_EDGE, FONT_TITLE, INK, MUTED, PATH, PATH_FILL, REFUSED, font_families, label, show_in_notebooks

_MISS_FILL = "#fde2e2"

TEXT = Texts({  # every word this picture draws, in the kit's language (handoffs.set_language)
    "title": {"en": "Routing eval — {model}", "ko": "라우팅 평가 — {model}"},
    "all": {"en": "all messages", "ko": "전체 메시지"},
    "en": {"en": "English", "ko": "영어"},
    "ko": {"en": "Korean", "ko": "한국어"},
    "mixed": {"en": "mixed", "ko": "섞어 쓴 말"},
    "bad_by": {"en": "by must be None or 'lang', not {by!r}.", "ko": "by에는 None 또는 'lang'만 쓸 수 있어요(받은 값: {by!r})."},
})


def _table(ax: Any, outcomes: list[Any], labels: list[str], title: str) -> None:
    counts: dict[tuple[str, str], int] = {}
    for o in outcomes:
        counts[(o.case.expected, o.got)] = counts.get((o.case.expected, o.got), 0) + 1
    rows = [l for l in labels if any(e == l for e, _ in counts)]
    n_rows, n_cols = len(rows), len(labels)
    ax.set_xlim(-0.5, n_cols - 0.5)
    ax.set_ylim(n_rows - 0.5, -1.6)
    ax.set_axis_off()
    for j, got in enumerate(labels):
        label(ax, j, -0.85, got, fontsize=FONT_EDGE, rotation=35, ha="left", va="bottom", color=MUTED)
    for i, expected in enumerate(rows):
        label(ax, -0.6, i, expected, fontsize=FONT_EDGE, ha="right")
        for j, got in enumerate(labels):
            n = counts.get((expected, got), 0)
            fill = PATH_FILL if expected == got else _MISS_FILL if n else "white"
            ax.add_patch(_cell(i, j, fill))
            if n:
                colour = PATH if expected == got else REFUSED
                label(ax, j, i, str(n), fontsize=FONT_EDGE, fontweight="bold", color=colour)
    correct = sum(o.case.expected == o.got for o in outcomes)
    ax.set_title(f"{title}: {percent(100 * correct / max(1, len(outcomes)))} ({correct}/{len(outcomes)})",
                 fontsize=FONT_TITLE - 2, color=INK, loc="left", pad=48, fontfamily=font_families(), parse_math=False)


def _cell(i: int, j: int, fill: str) -> Any:
    from matplotlib.patches import Rectangle

    return Rectangle((j - 0.5, i - 0.5), 1, 1, facecolor=fill, edgecolor="#d1d5db", linewidth=1)


def plot_confusion(report: Any, by: str | None = None, title: str | None = None) -> Figure:
    """The confusion table of ``report``; ``by="lang"`` gives one table per language, side by side."""
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
    width = 1.0 + 0.75 * len(labels)
    fig = Figure(figsize=(width * len(groups) + 0.5, 1.8 + 0.6 * len(labels)), layout="constrained")
    for index, (name, outcomes) in enumerate(groups):
        _table(fig.add_subplot(1, len(groups), index + 1), outcomes, labels, name)
    fig.suptitle(title or TEXT["title"].format(model=report.model), fontsize=FONT_TITLE, fontweight="bold", color=INK,
                 x=0.01, ha="left", fontfamily=font_families())
    return fig
