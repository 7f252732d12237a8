"""Phrases and idioms the offline model reads whole, before single words: English and Korean side by side.

The rows live in ``data/phrases.toml`` (read once, at import; each row compiled when a message first may match it). Each is ``(pattern, concepts, weight)``: a regular expression over the lower-cased message, the
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
from functools import lru_cache
from pathlib import Path

from . import parsed, patterns
from .lowered import for_lower_case, is_plain_lower

_PHRASE_TABLE: tuple[tuple[str, str | None, float], ...] = tuple(
    (row["pattern"], row["concepts"] or None, float(row["weight"]))
    for row in parsed.load(Path(__file__).with_name("data") / "phrases.toml")["phrase"]
)
"""(pattern, concepts or None to block, weight), in order: ``data/phrases.toml``, each row with what it is about."""
PATTERNS: tuple[str, ...] = tuple(pattern for pattern, _, _ in _PHRASE_TABLE)
"""Each row's regular expression as written (its words are the phrase words :mod:`.words` reads typos of)."""
MEANINGS: tuple[tuple[tuple[str, ...], float], ...] = tuple(
    (tuple(concepts.split(",")) if concepts else (), weight) for _, concepts, weight in _PHRASE_TABLE)
"""Each row's (concepts, weight). A row's pattern is compiled only when a message may match it (:func:`_whole`,
:func:`_alternative`): a process that reads a few messages (a notebook's kernel, a server worker) compiles a few rows,
not all 246 three times over at import."""


# --- reading only what can match ---------------------------------------------------------------------------------
# Most messages are in one script. A row's English alternatives cannot match a message without Latin letters, nor
# its Korean ones a message without Hangul, so each row is also compiled per script: the same matches, fewer tries.

_KOREAN_LETTER = patterns.compile(r"[\uac00-\ud7a3\u3131-\u3163]")


_alternatives = patterns.alternatives


def _script(alternative: str) -> str:
    """"en" for an alternative that needs Latin letters, "ko" for one that needs Hangul, "any" otherwise."""
    bare = re.sub(r"\\.|\(\?(?:[:=!]|<[=!])", "", alternative)
    korean, latin = bool(_KOREAN_LETTER.search(bare)), bool(re.search(r"[a-z]", bare))
    return "ko" if korean and not latin else "en" if latin and not korean else "any"


@lru_cache(maxsize=None)  # bounded: one entry per row
def _by_script(pattern: str) -> dict[str, re.Pattern[str] | None]:
    scripts = [(_script(a), a) for a in _alternatives(pattern)]
    kept = {lang: [a for s, a in scripts if s in (lang, "any")] for lang in ("en", "ko")}
    return {lang: patterns.compile("|".join(alts), re.IGNORECASE) if alts else None for lang, alts in kept.items()}


def __getattr__(name: str) -> object:
    """``PHRASES`` (every row compiled, with its concepts and weight), ``PHRASES_BY_SCRIPT`` (each row's
    alternatives that can match a message in one script, "en" or "ko") and ``SOURCES`` (each row's regular expression
    as it is compiled, :func:`patterns.bounded`, without compiling it), built when first asked for: the model itself
    reads rows through :func:`phrase_runners`, which compiles only the rows a message may match, and bounding all 246
    rows cost every process ~10-20 ms at import for what only the romanised reader's word list asks."""
    rows = range(len(_PHRASE_TABLE))
    if name == "SOURCES":
        value: object = tuple(patterns.bounded(pattern) for pattern in PATTERNS)
    elif name == "PHRASES":
        value = tuple((_whole("any", row), *MEANINGS[row]) for row in rows)
    elif name == "PHRASES_BY_SCRIPT":
        value = tuple({lang: _whole(lang, row) for lang in ("en", "ko")} for row in rows)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value  # built once: the next lookup is an ordinary module attribute
    return value


@lru_cache(maxsize=None)  # bounded: six entries per row at most
def _whole(lang: str, row: int, lower: bool = False) -> re.Pattern[str] | None:
    """Row ``row`` compiled for a message in script ``lang``: all of it for "any", else only its alternatives that can
    match that script (None when it has none); for a ``lower`` (:func:`text.is_plain_lower`) message, matched as
    written (:func:`text.for_lower_case`)."""
    pattern = _PHRASE_TABLE[row][0]
    found = patterns.compile(pattern, re.IGNORECASE) if lang == "any" else _by_script(pattern)[lang]
    return for_lower_case(found) if lower and found is not None else found


_LATIN_LETTER = patterns.compile(r"[a-z]", re.IGNORECASE)


# --- skipping what names words the message lacks ------------------------------------------------------------------
# Every alternative of a row but a handful needs some literal text ("refund", " charge", "상담원"), so an alternative
# whose every anchor is missing from the message cannot match and is not run: most alternatives of most rows, the
# bulk of a fresh read. A row is run as only the alternatives that may match (:class:`patterns.FirstOf`, the same
# matches as the whole row), or not at all when none may.

_ALTERNATIVE_ROWS: tuple[tuple[int, str, str], ...] = tuple(
    (row, alternative, _script(alternative))
    for row, (pattern, _, _) in enumerate(_PHRASE_TABLE) for alternative in _alternatives(pattern))
"""(row, alternative, its script) for every top-level alternative of every row of :data:`PHRASES`, in order."""
ANCHORED, _WIDTHS = patterns.analysed_table([alternative for _, alternative, _ in _ALTERNATIVE_ROWS], re.IGNORECASE)
"""The alternatives of :data:`PHRASES` (as :data:`_ALTERNATIVE_ROWS` lists them) with their anchors: the texts one of
which a message must hold for an alternative to match (and each of its other conditions: "charged twice" needs both)."""
_MAY_BE_EMPTY = frozenset(row for (row, _, _), width in zip(_ALTERNATIVE_ROWS, _WIDTHS) if width == 0)
"""Rows with an alternative that can match the empty string: run whole (an empty match changes how a search goes on)."""
_FOR_SCRIPT = {lang: tuple(script in (lang, "any") for _, _, script in _ALTERNATIVE_ROWS) for lang in ("en", "ko")}
_FOR_SCRIPT["any"] = (True,) * len(_ALTERNATIVE_ROWS)


def _kept_by_row(ok: tuple[bool, ...]) -> list[tuple[int, ...]]:
    """Per row, its alternatives (their numbers, in order) that ``ok`` keeps: one pass over the alternatives."""
    kept: list[list[int]] = [[] for _ in _PHRASE_TABLE]
    for index, (row, _, _) in enumerate(_ALTERNATIVE_ROWS):
        if ok[index]:
            kept[row].append(index)
    return [tuple(indices) for indices in kept]


_KEPT_FOR_SCRIPT = {lang: _kept_by_row(ok) for lang, ok in _FOR_SCRIPT.items()}


@lru_cache(maxsize=None)  # bounded: two entries per alternative of the table
def _alternative(index: int, lower: bool = False) -> re.Pattern[str]:
    found = patterns.compile(_ALTERNATIVE_ROWS[index][1], re.IGNORECASE)
    return for_lower_case(found) if lower else found


@lru_cache(maxsize=4096)
def _runner(lang: str, row: int, kept: tuple[int, ...], lower: bool) -> "re.Pattern[str] | patterns.FirstOf":
    """What reads ``row`` when only its alternatives ``kept`` may match a message in script ``lang`` (``lower``: a
    message with no upper-case letter, see :func:`_whole`)."""
    if kept == _KEPT_FOR_SCRIPT[lang][row] or row in _MAY_BE_EMPTY:
        return _whole(lang, row, lower)  # type: ignore[return-value]
    if len(kept) == 1:
        return _alternative(kept[0], lower)
    return patterns.FirstOf([_alternative(index, lower) for index in kept])


def phrase_runners(text: str) -> list[tuple[int, "re.Pattern[str] | patterns.FirstOf"]]:
    """(row of :data:`PHRASES`, what reads it) for each row that may match the lower-cased ``text``, in row order:
    whole for a mixed message, else only what can match — a row none of whose alternatives' anchors
    (:data:`ANCHORED`) is in ``text`` is left out (it cannot match), a row only some of whose alternatives may match
    comes as those alternatives (a :class:`patterns.FirstOf` or one pattern: the same matches). A message with a
    non-ASCII cased letter ("ſ", "É") keeps every row: ``re.IGNORECASE`` matches "s" on "ſ"."""
    korean, latin = bool(_KOREAN_LETTER.search(text)), bool(_LATIN_LETTER.search(text))
    lang = "any" if korean == latin else "ko" if korean else "en"
    found = ANCHORED.kept(text)
    if found is None:
        return [(row, pattern) for row in range(len(_PHRASE_TABLE)) if (pattern := _whole(lang, row)) is not None]
    return list(_runners(lang, found, is_plain_lower(text)))


@lru_cache(maxsize=1024)  # keyed on the alternatives kept, not the text: the eval's 4,949 messages keep 2,549 sets
def _runners(lang: str, found: tuple[int, ...], lower: bool) -> tuple[tuple[int, "re.Pattern[str] | patterns.FirstOf"], ...]:
    """:func:`phrase_runners` for a message in script ``lang`` whose anchor words keep the alternatives ``found``."""
    ok, row_of = _FOR_SCRIPT[lang], _ALTERNATIVE_ROWS
    kept: dict[int, list[int]] = {}  # rows in order: the alternatives are numbered row by row
    for index in found:
        if ok[index]:
            kept.setdefault(row_of[index][0], []).append(index)
    return tuple((row, _runner(lang, row, tuple(indices), lower)) for row, indices in kept.items())


def phrase_patterns(text: str) -> list[tuple["re.Pattern[str] | patterns.FirstOf | None", tuple[str, ...], float]]:
    """Every row of :data:`PHRASES` as (what reads it in ``text``, concepts, weight): :func:`phrase_runners`, with
    ``None`` for a row that cannot match."""
    rows = list(_UNREAD)
    for row, runner in phrase_runners(text):
        rows[row] = (runner, rows[row][1], rows[row][2])
    return rows


_UNREAD = tuple((None, concepts, weight) for concepts, weight in MEANINGS)
