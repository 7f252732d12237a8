"""Phrases and idioms the offline model reads whole, before single words: English and Korean side by side.

The rows live in ``data/phrases.toml`` (loaded once, at import). Each is ``(pattern, concepts, weight)``: a regular expression over the lower-cased message, the
concepts it says (comma-separated, see :data:`handoffs.models.lexicon.CONCEPTS`) and how strongly. A phrase
*consumes* its words, so they are not read again one by one: "the manager *in charge*" says nothing about billing,
"my phone *won't charge*" is technical, "*back in stock*" is no stock market. A row mapped to ``None`` only blocks
its words (off-topic requests, idioms whose words mean something else).

Rows are read in order and the first to claim a stretch of text keeps it, so a specific phrase comes before a
general one. Add a *class* of phrases (a word family, a grammar pattern, an idiom class), never one test sentence:
the routing eval (``python -m handoffs.evals``) measures what a row does on messages written by other people.

A loader: :mod:`handoffs.models.meaning` applies the rows.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from . import patterns

_PHRASE_TABLE: tuple[tuple[str, str | None, float], ...] = tuple(
    (row["pattern"], row["concepts"] or None, float(row["weight"]))
    for row in tomllib.loads((Path(__file__).with_name("data") / "phrases.toml").read_text(encoding="utf-8"))["phrase"]
)
"""(pattern, concepts or None to block, weight), in order: ``data/phrases.toml``, each row with what it is about."""
PHRASES: tuple[tuple[re.Pattern[str], tuple[str, ...], float], ...] = tuple(
    (patterns.compile(pattern, re.IGNORECASE), tuple(concepts.split(",")) if concepts else (), weight)
    for pattern, concepts, weight in _PHRASE_TABLE
)


# --- reading only what can match ---------------------------------------------------------------------------------
# Most messages are in one script. A row's English alternatives cannot match a message without Latin letters, nor
# its Korean ones a message without Hangul, so each row is also compiled per script: the same matches, fewer tries.

_KOREAN_LETTER = patterns.compile(r"[\uac00-\ud7a3\u3131-\u3163]")


def _alternatives(pattern: str) -> list[str]:
    """``pattern`` split at its top-level ``|`` (not inside a group or a character class)."""
    parts, depth, in_class, start, i = [], 0, False, 0, 0
    while i < len(pattern):
        char = pattern[i]
        if char == "\\":
            i += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "|" and depth == 0:
            parts.append(pattern[start:i])
            start = i + 1
        i += 1
    return parts + [pattern[start:]]


def _script(alternative: str) -> str:
    """"en" for an alternative that needs Latin letters, "ko" for one that needs Hangul, "any" otherwise."""
    bare = re.sub(r"\\.|\(\?(?:[:=!]|<[=!])", "", alternative)
    korean, latin = bool(_KOREAN_LETTER.search(bare)), bool(re.search(r"[a-z]", bare))
    return "ko" if korean and not latin else "en" if latin and not korean else "any"


def _by_script(pattern: str) -> dict[str, re.Pattern[str] | None]:
    scripts = [(_script(a), a) for a in _alternatives(pattern)]
    kept = {lang: [a for s, a in scripts if s in (lang, "any")] for lang in ("en", "ko")}
    return {lang: patterns.compile("|".join(alts), re.IGNORECASE) if alts else None for lang, alts in kept.items()}


PHRASES_BY_SCRIPT: tuple[dict[str, re.Pattern[str] | None], ...] = tuple(_by_script(p) for p, _, _ in _PHRASE_TABLE)
"""For each row of :data:`PHRASES`: its alternatives that can match a message in one script ("en" or "ko")."""


_LATIN_LETTER = patterns.compile(r"[a-z]", re.IGNORECASE)


# --- skipping rows whose words are absent -------------------------------------------------------------------------
# Every alternative of a row needs some literal text ("refund", " charge", "상담원"), so a row whose every anchor is
# missing from the message cannot match and is not run: most rows of most messages, the bulk of a fresh read.

ANCHORED = patterns.Anchored([pattern for pattern, _, _ in PHRASES])
"""The rows of :data:`PHRASES` with their anchors: the texts one of which a message must hold for a row to match."""


def phrase_patterns(text: str) -> list[tuple[re.Pattern[str] | None, tuple[str, ...], float]]:
    """The rows of :data:`PHRASES` to read the lower-cased ``text`` with: whole for a mixed message, else only what can
    match; a row none of whose anchors (:data:`ANCHORED`) is in ``text`` comes with ``None`` for its pattern (it cannot
    match). A message with a non-ASCII cased letter ("ſ", "É") keeps every row: ``re.IGNORECASE`` matches "s" on "ſ"."""
    korean, latin = bool(_KOREAN_LETTER.search(text)), bool(_LATIN_LETTER.search(text))
    rows = _ROWS["any" if korean == latin else "ko" if korean else "en"]
    return [(pattern if may else None, concepts, weight)
            for (pattern, concepts, weight), may in zip(rows, ANCHORED.which(text))]


_ROWS: dict[str, list[tuple[re.Pattern[str] | None, tuple[str, ...], float]]] = {
    "any": list(PHRASES),
    **{lang: [(split[lang], concepts, weight) for split, (_, concepts, weight) in zip(PHRASES_BY_SCRIPT, PHRASES)]
       for lang in ("en", "ko")},
}
