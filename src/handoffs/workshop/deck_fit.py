"""Slides readable from the back row: a code or output block too long for one slide continues on the next.

Code and program output are shown at one size, :data:`CODE_PX` (21 px at the 1280x720 design size: 20 px on a
1280x720 screen after reveal.js's margin), never shrunk to fit; a long line wraps (theme.css) instead. What does
not fit one slide's height is split, by lines, over as many slides as it needs: each part repeats the slide's
heading with "(2/3)", and the slide's speaker notes. The slide sources stay as written (one directive, one slide
in the Markdown); this runs on the expanded Markdown of a deck, before reveal.js reads it.

It is not a layout engine: the height budget is :data:`LINES_PER_SLIDE` lines of code, minus what the slide's
other lines take; ``tests/browser/test_slides.py`` checks in Chromium that every slide fits and
``tests/browser/test_slide_legibility.py`` that no text is smaller than 20 px.
"""

from __future__ import annotations

import html
import math
import re

from .deck_sources import display_width

CODE_PX = 21.0
COLUMNS = int((1200 / CODE_PX - 1.4) / 0.6)  # a block is 1,200 px wide; monospace is 0.6 em a column
LINES_PER_SLIDE = 17  # lines of code under a heading on a 720 px slide
SEPARATOR = "\n---\n"  # reveal.js needs it between blank lines: every slide starts and ends with "\n"
BLOCK = re.compile(r"(<pre [^>]*><code[^>]*>)(.*?)(</code></pre>)", re.S)
TAG = re.compile(r"<[^>]+>")


def visual_lines(text: str, columns: int = COLUMNS) -> int:
    """Lines a block's text takes once long lines wrap (markup removed, entities read as one character)."""
    plain = html.unescape(TAG.sub("", text))
    return sum(max(1, math.ceil(display_width(line) / columns)) for line in plain.split("\n"))


def _other_lines(slide: str, body: str) -> float:
    """What the slide holds besides its heading, its notes and its one block, in lines of code."""
    text = slide.split("\nNote:", 1)[0].replace(body, "")
    lines = [line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    return 1.4 * sum(max(1, math.ceil(len(TAG.sub("", line)) / 60)) for line in lines)


def _chunks(body: str, budget: int) -> list[str]:
    parts, current, used = [], [], 0
    for line in body.split("\n"):
        needed = visual_lines(line)
        if current and used + needed > budget:
            parts.append("\n".join(current))
            current, used = [], 0
        current.append(line)
        used += needed
    parts.append("\n".join(current))
    return parts


def _by_block(slide: str) -> list[str]:
    """A slide with several blocks that do not fit together: one slide per block (the text before the first block
    stays with it, the text after the last with it; every part keeps the heading and the notes)."""
    blocks = list(BLOCK.finditer(slide))
    body, notes = (slide.split("\nNote:", 1) + [""])[:2]
    total = sum(visual_lines(m.group(2)) + 1.5 for m in blocks)
    if len(blocks) < 2 or total + _other_lines(slide, "".join(m.group(0) for m in blocks)) <= LINES_PER_SLIDE:
        return [slide]
    heading = re.search(r"^(#{1,3} .+)$", body, re.M)
    parts = []
    for index, match in enumerate(blocks):
        before = body[:match.start()] if index == 0 else "\n" + (heading.group(1) + "\n\n" if heading else "")
        after = body[match.end():] if index == len(blocks) - 1 else "\n"
        parts.append(before + match.group(0) + after + ("\nNote:" + notes if notes else ""))
    return parts


def _by_lines(slide: str) -> list[str]:
    """A slide whose one block does not fit: the block's lines over as many slides as they need."""
    blocks = BLOCK.findall(slide)
    if len(blocks) != 1:
        return [slide]
    opening, body, closing = blocks[0]
    budget = max(6, int(LINES_PER_SLIDE - _other_lines(slide, opening + body + closing)))
    if visual_lines(body) <= budget:
        return [slide]
    return [slide.replace(opening + body + closing, opening + part + closing, 1)
            for part in _chunks(body.strip("\n"), budget)]


def split_slide(slide: str) -> list[str]:
    """One slide, or several when its blocks do not fit: each block on its own slide, a long block over several;
    the parts' headings are numbered "(1/3)", "(2/3)" ..."""
    parts = [piece for part in _by_block(slide) for piece in _by_lines(part)]
    heading = re.search(r"^(#{1,3} .+)$", slide, re.M)
    if len(parts) == 1 or not heading:
        return parts
    return [part.replace(heading.group(1), f"{heading.group(1)} ({number}/{len(parts)})", 1)
            for number, part in enumerate(parts, 1)]


def fit(markdown: str) -> str:
    """A deck's expanded Markdown with every too-long block continued on further slides."""
    return SEPARATOR.join(part for slide in markdown.split(SEPARATOR) for part in split_slide(slide))
