"""Part 3's plain-text tables, narrow enough for a notebook and a slide: a cell longer than its column's cap wraps
onto more lines (at spaces, measured in display columns, so Korean takes two per character).

It lays out text only; what a table says comes from :mod:`.report` and :mod:`.carrying`.
"""

from __future__ import annotations

from typing import Sequence

from handoffs.i18n import display_width, ljust, rjust

#: a table at most this many display columns wide shows at >= 20 px on a 1280x720 slide (workshop.deck_fit)
MAX_COLUMNS = 90


def wrap_cell(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` display columns, broken at spaces (a longer word stays whole)."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and display_width(lines[-1] + " " + word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def text_table(rows: Sequence[Sequence[str]], caps: Sequence[int], right: Sequence[bool]) -> list[str]:
    """``rows`` (the first is the header) as lines: each column as wide as its widest cell up to its cap, cells
    wider than that wrapped; ``right[i]`` right-aligns column i. A rule of dashes follows the header."""
    columns = len(caps)
    wrapped = [[wrap_cell(row[i], caps[i]) for i in range(columns)] for row in rows]
    widths = [max(display_width(line) for row in wrapped for line in row[i]) for i in range(columns)]
    lines: list[str] = []
    for number, row in enumerate(wrapped):
        for k in range(max(len(cell) for cell in row)):
            parts = [(rjust if right[i] else ljust)(row[i][k] if k < len(row[i]) else "", widths[i])
                     for i in range(columns)]
            lines.append("  ".join(parts).rstrip())
        if number == 0:
            lines.append("  ".join("-" * w for w in widths))
    return lines
