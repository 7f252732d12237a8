"""The instructor guides' timing tables and worked examples, computed from the notebooks (never typed by hand).

``slides/INSTRUCTOR.md`` and ``slides/INSTRUCTOR.ko.md`` hold two generated blocks each, between markers:

    <!-- timings:table -->  ...  <!-- /timings:table -->        one row per English notebook
    <!-- timings:examples --> ... <!-- /timings:examples -->   the slot rule worked through for 06, 09 and 10

A row's counts (code cells, markdown words, code lines) are read from the committed notebook file; its run times
come from the last measurement (:mod:`.timings`, stored in ``data/run_times.toml``: executing takes minutes and
the numbers change with the machine, so they are measured on purpose, not at every check). The slot follows the
guide's own stated rule, :func:`slot_minutes`. ``./kit timings`` rewrites both guides; ``./kit timings --measure``
re-runs the notebooks first; ``tests/workshop/test_guide_timings.py`` fails when a committed block differs from
what this module computes. The words around the blocks are the guide's; this module owns only the blocks.
"""

from __future__ import annotations

import re
from pathlib import Path

from handoffs.kit.notebooks import edition_notebooks

from .timings import WORDS_PER_MINUTE, counts, stored_run_times

REPO = Path(__file__).resolve().parents[3]
GUIDES = {"en": REPO / "slides" / "INSTRUCTOR.md", "ko": REPO / "slides" / "INSTRUCTOR.ko.md"}
CODE_LINES_PER_MINUTE = 15  # reading code and its output
TALK_FACTOR = 1.5  # questions and playing with the panels
EXAMPLES = ("06", "09", "10")  # the notebooks the guide works the rule through

WORDS = {
    "en": {"header": "| notebook | code cells | cells' run time | wall (kernel + cells) | words | reading at "
                     f"{WORDS_PER_MINUTE} wpm | code lines | slot by the rule |",
           "minutes": "{value:.1f} min", "slot": "{value} min", "exercise": "exercise: 15–30 min",
           "not_measured": "not measured", "example": "notebook {number}: ({read:.1f} + {code:.1f} + {run:.1f}) × "
                                                      f"{TALK_FACTOR:g} = {{raw:.1f}} → {{slot}} min"},
    "ko": {"header": "| 노트북 | 코드 셀 | 셀 실행 시간 | 전체 (커널 + 셀) | 단어 | 읽는 시간 (분당 "
                     f"{WORDS_PER_MINUTE}단어) | 코드 줄 | 규칙대로 잡은 시간 |",
           "minutes": "{value:.1f}분", "slot": "{value}분", "exercise": "실습: 15–30분",
           "not_measured": "재지 않음", "example": "노트북 {number}: ({read:.1f} + {code:.1f} + {run:.1f}) × "
                                                   f"{TALK_FACTOR:g} = {{raw:.1f}} → {{slot}}분"},
}


class GuideError(ValueError):
    """A guide lacks a marker pair: the message names it."""


def slot_minutes(words: int, code_lines: int, run_s: float) -> tuple[float, int]:
    """The guide's rule: (reading + code + run time, in minutes) × 1.5, rounded to the nearest 5 minutes (at least
    5). Returns ``(unrounded, slot)``."""
    raw = (words / WORDS_PER_MINUTE + code_lines / CODE_LINES_PER_MINUTE + run_s / 60) * TALK_FACTOR
    return raw, max(5, int(5 * round(raw / 5)))


def rows() -> list[dict]:
    """One row per English notebook (the guide's agendas follow the English edition; the Korean guide says so)."""
    measured = stored_run_times()
    found = []
    for path in edition_notebooks("en"):
        row = {"notebook": path.stem, **counts(path), **measured.get(path.stem, {})}
        found.append(row)
    return found


def _exercise(name: str) -> bool:
    return "_exercise_" in name and not name.endswith("_solution")


def table(language: str) -> str:
    words = WORDS[language]
    lines = [words["header"], "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for row in rows():
        _, slot = slot_minutes(row["words"], row["code_lines"], row.get("run_s", 0.0))
        shown = words["exercise"] if _exercise(row["notebook"]) else words["slot"].format(value=slot)
        run, wall = ((f"{row['run_s']:.1f} s", f"{row['wall_s']:.1f} s") if "run_s" in row
                     else (words["not_measured"],) * 2)  # a new notebook: ./kit timings --measure NOTEBOOK
        lines.append(f"| {row['notebook']} | {row['cells']} | {run} | {wall} | "
                     f"{row['words']:,} | {words['minutes'].format(value=row['words'] / WORDS_PER_MINUTE)} | "
                     f"{row['code_lines']} | {shown} |")
    return "\n".join(lines)


def examples(language: str) -> str:
    by_number = {row["notebook"].split("_")[0]: row for row in rows()}
    parts = []
    for number in EXAMPLES:
        row = by_number[number]
        raw, slot = slot_minutes(row["words"], row["code_lines"], row.get("run_s", 0.0))
        parts.append(WORDS[language]["example"].format(
            number=number, read=row["words"] / WORDS_PER_MINUTE, code=row["code_lines"] / CODE_LINES_PER_MINUTE,
            run=row.get("run_s", 0.0) / 60, raw=raw, slot=slot))
    return "; ".join(parts)


BLOCKS = {"table": table, "examples": examples}


def render(text: str, language: str) -> str:
    """``text`` (a guide) with every generated block replaced by what the notebooks say now."""
    for name, make in BLOCKS.items():
        pattern = re.compile(rf"(<!-- timings:{name} -->)(.*?)(<!-- /timings:{name} -->)", re.S)
        if not pattern.search(text):
            raise GuideError(f"the guide has no <!-- timings:{name} --> ... <!-- /timings:{name} --> block")
        inline = name == "examples"
        body = make(language)
        text = pattern.sub(lambda m: m.group(1) + (body if inline else f"\n{body}\n") + m.group(3), text)
    return text


def write_guides() -> list[str]:
    """Rewrite the generated blocks of both guides; returns the guides that changed."""
    changed = []
    for language, path in GUIDES.items():
        before = path.read_text(encoding="utf-8")
        after = render(before, language)
        if after != before:
            path.write_text(after, encoding="utf-8")
            changed.append(path.name)
    return changed
