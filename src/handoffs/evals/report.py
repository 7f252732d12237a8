"""The routing eval's results as plain text: accuracy by group and a confusion table, for a terminal or a notebook.

:func:`format_report` is what ``python -m handoffs.evals`` prints and what notebook 00 shows; the picture of the
same confusion table is :func:`handoffs.viz.confusion.plot_confusion`. Formatting only: nothing is measured here.
Its words follow the kit's language (``handoffs.set_language("ko")``); the route labels, set names, scenario names
and tags stay as they are in the data files, so a Korean report and an English one line up row for row.
"""

from __future__ import annotations

from handoffs.i18n import Texts, display_width, ljust, percent, rjust

from .runner import EvalReport, Outcome, blind_facts

TEXTS = Texts({  # every word of the report, in English and Korean
    "model": {"en": "model: {model}", "ko": "모델: {model}"},
    "accuracy": {"en": "routing accuracy: {percent}", "ko": "라우팅 정확도: {percent}"},
    "by_set": {"en": "by set", "ko": "세트별"},
    "never_fitted": {"en": "never fitted ({sets}): {percent}", "ko": "학습에 쓰지 않은 세트 ({sets}): {percent}"},
    "sealed": {"en": "sealed, nothing ever fitted to them ({sets}): {percent}",
               "ko": "봉인된 세트, 아무것도 맞추지 않음 ({sets}): {percent}"},
    "first_contact": {"en": "first contact (each blind set the first time the model met it): {scores}",
                      "ko": "첫 만남 점수 (각 블라인드 세트를 모델이 처음 만났을 때): {scores}"},
    "by_language": {"en": "by language", "ko": "언어별"},
    "by_scenario": {"en": "by scenario", "ko": "시나리오별"},
    "by_tag": {"en": "by tag", "ko": "태그별"},
    "confusion": {"en": "confusion (rows: expected route):", "ko": "혼동표 (행: 정답 경로, 열: 모델이 고른 경로):"},
    "corner": {"en": "expected \\ got", "ko": "정답 \\ 모델"},
    "misses": {"en": "misses ({count}):", "ko": "틀린 것 ({count}개):"},
    "miss": {"en": "  {id} [{scenario}] expected {expected}, got {got}: {message}",
             "ko": "  {id} [{scenario}] 정답 {expected}, 모델 {got}: {message}"},
    "reason": {"en": "      reason: {reason}", "ko": "      이유: {reason}"},
})


def _percent(correct: int, total: int) -> str:
    return f"{percent(100 * correct / total, 5)} ({correct}/{total})" if total else "   -"


def set_of(outcome: Outcome) -> str:
    """Which labelled set a case comes from (its id starts with it: ``dev-042``, ``holdout-007``)."""
    return outcome.case.id.split("-", 1)[0]


def _group_lines(title: str, groups: dict[str, tuple[int, int]]) -> list[str]:
    width = max((display_width(name) for name in groups), default=0)  # a tag may be Korean (초성): two columns a letter
    return [f"{title}:"] + [f"  {ljust(name, width)}  {_percent(*counts)}" for name, counts in groups.items()]


def confusion_lines(report: EvalReport) -> list[str]:
    """The confusion table: one row per expected route, one column per route the model took."""
    labels = report.labels()
    table = report.confusion()
    corner = TEXTS["corner"]
    width = max(display_width(corner), *(len(label) for label in labels))
    cells = [max(4, len(label)) for label in labels]
    lines = [ljust(corner, width) + "  " + "  ".join(rjust(label, w) for label, w in zip(labels, cells))]
    for expected in labels:
        if not any(e == expected for e, _ in table):
            continue
        row = [table.get((expected, got), 0) for got in labels]
        lines.append(ljust(expected, width) + "  " + "  ".join(f"{(n or '.')!s:>{w}}" for n, w in zip(row, cells)))
    return lines


def format_report(report: EvalReport, misses: bool = False) -> str:
    """Accuracy overall, by set, language, scenario and tag; the confusion table; optionally every miss."""
    sets: dict[str, list[bool]] = {}
    for o in report.outcomes:
        sets.setdefault(set_of(o), []).append(o.correct)
    overall = _percent(sum(o.correct for o in report.outcomes), len(report.outcomes))
    lines = [TEXTS["model"].format(model=report.model), TEXTS["accuracy"].format(percent=overall)]
    facts = blind_facts()
    unfitted = [ok for name in facts["never_fitted"] for ok in sets.get(name, [])]
    if unfitted:
        lines.append(TEXTS["never_fitted"].format(sets=", ".join(n for n in facts["never_fitted"] if n in sets),
                                                   percent=_percent(sum(unfitted), len(unfitted))))
    sealed = [ok for name in facts.get("sealed", []) for ok in sets.get(name, [])]
    if sealed:
        lines.append(TEXTS["sealed"].format(sets=", ".join(n for n in facts["sealed"] if n in sets),
                                            percent=_percent(sum(sealed), len(sealed))))
    first = [f"{name} {percent(score)}" for name, score in facts["first_contact"].items() if name in sets]
    if first:
        lines.append(TEXTS["first_contact"].format(scores=", ".join(first)))
    lines.append("")
    lines += _group_lines(TEXTS["by_set"], {name: (sum(v), len(v)) for name, v in sets.items()}) + [""]
    lines += _group_lines(TEXTS["by_language"], report.accuracy_by("lang")) + [""]
    lines += _group_lines(TEXTS["by_scenario"], report.accuracy_by("scenario")) + [""]
    lines += _group_lines(TEXTS["by_tag"], report.accuracy_by("tag")) + ["", TEXTS["confusion"]]
    lines += confusion_lines(report)
    if misses:
        lines += ["", TEXTS["misses"].format(count=len(report.misses()))]
        for o in report.misses():
            lines.append(TEXTS["miss"].format(id=o.case.id, scenario=o.case.scenario, expected=o.case.expected,
                                              got=o.got, message=o.case.message))
            if o.reason:
                lines.append(TEXTS["reason"].format(reason=o.reason))
    return "\n".join(lines)
