"""The routing eval's results as plain text: accuracy by group and a confusion table, for a terminal or a notebook.

:func:`format_report` is what ``python -m handoffs.evals`` prints and what notebook 00 shows; the picture of the
same confusion table is :func:`handoffs.viz.confusion.plot_confusion`. Formatting only: nothing is measured here.
"""

from __future__ import annotations

from .runner import EvalReport, Outcome


def _percent(correct: int, total: int) -> str:
    return f"{100 * correct / total:5.1f} % ({correct}/{total})" if total else "   -"


def set_of(outcome: Outcome) -> str:
    """Which labelled set a case comes from (its id starts with it: ``dev-042``, ``holdout-007``)."""
    return outcome.case.id.split("-", 1)[0]


def _group_lines(title: str, groups: dict[str, tuple[int, int]]) -> list[str]:
    width = max((len(name) for name in groups), default=0)
    return [f"{title}:"] + [f"  {name:<{width}}  {_percent(*counts)}" for name, counts in groups.items()]


def confusion_lines(report: EvalReport) -> list[str]:
    """The confusion table: one row per expected route, one column per route the model took."""
    labels = report.labels()
    table = report.confusion()
    corner = "expected \\ got"
    width = max(len(corner), *(len(label) for label in labels))
    cells = [max(4, len(label)) for label in labels]
    lines = [f"{corner:<{width}}  " + "  ".join(f"{label:>{w}}" for label, w in zip(labels, cells))]
    for expected in labels:
        if not any(e == expected for e, _ in table):
            continue
        row = [table.get((expected, got), 0) for got in labels]
        lines.append(f"{expected:<{width}}  " + "  ".join(f"{(n or '.')!s:>{w}}" for n, w in zip(row, cells)))
    return lines


def format_report(report: EvalReport, misses: bool = False) -> str:
    """Accuracy overall, by set, language, scenario and tag; the confusion table; optionally every miss."""
    sets: dict[str, list[bool]] = {}
    for o in report.outcomes:
        sets.setdefault(set_of(o), []).append(o.correct)
    lines = [f"model: {report.model}",
             f"routing accuracy: {_percent(sum(o.correct for o in report.outcomes), len(report.outcomes))}", ""]
    lines += _group_lines("by set", {name: (sum(v), len(v)) for name, v in sets.items()}) + [""]
    lines += _group_lines("by language", report.accuracy_by("lang")) + [""]
    lines += _group_lines("by scenario", report.accuracy_by("scenario")) + [""]
    lines += _group_lines("by tag", report.accuracy_by("tag")) + ["", "confusion (rows: expected route):"]
    lines += confusion_lines(report)
    if misses:
        lines += ["", f"misses ({len(report.misses())}):"]
        for o in report.misses():
            lines.append(f"  {o.case.id} [{o.case.scenario}] expected {o.case.expected}, got {o.got}: {o.case.message}")
            if o.reason:
                lines.append(f"      reason: {o.reason}")
    return "\n".join(lines)
