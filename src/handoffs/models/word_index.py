"""Which anchor words a message holds: one look-up per message for every table of the model.

Every :class:`~handoffs.models.pruning.Anchored` table adds its patterns' anchor words (:mod:`anchoring`) to one
set, and :func:`anchor_words_in` answers, for a lower-cased text, which of them it holds as a substring — asked once
per message, read by a dozen tables. The index files each word under one of its runs of three letters, the one
fewest other words share (a word of two or three letters is its own run): a text's runs of two and three letters,
found in one pass of ``re``, pick the few words worth a substring test. No word is missed (a word in a text has each
of its runs in the text) and none is added (each kept word is tested), so the answer is exact: every indexed word the
text holds, whatever the choice of runs, which only decides how many are tested.

The index of the model's words is part of the derived file (``data/derived/anchors.json``, see
:mod:`~handoffs.models.anchoring`), so a fresh process has it without building it. A table that brings a word the
file lacks (a row just added) makes the index be built again here, in some milliseconds, for every word then known.

What this module is not: the reading of a pattern (:mod:`anchoring`) or the tables (:mod:`pruning`); it answers
"which words are here", never "does a pattern match". Time linear in the text plus the words tested.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from typing import Any, Iterable

from . import anchoring

_ODD_FOLD = re.compile(r"[^\x00-\x7f\uac00-\ud7a3\u3131-\u318e\u1100-\u11ff]")
_RUNS_OF_THREE = re.compile(r"(?=(...))", re.DOTALL)
_RUNS_OF_TWO = re.compile(r"(?=(..))", re.DOTALL)


@lru_cache(maxsize=1024)  # asked by every anchored table of the same message
def folds_plainly(text: str) -> bool:
    """True if ``text`` has no non-ASCII cased letter: then a case-insensitive pattern matches it only where its
    anchors are in ``text.lower()`` (``re.IGNORECASE`` matches "s" on "ſ" and "k" on the Kelvin sign "K")."""
    return not any(char.lower() != char.upper() or char.casefold() != char for char in _ODD_FOLD.findall(text))


def layout(words: Iterable[str]) -> dict[str, Any]:
    """The index of ``words``, as the derived file writes it: ``short`` (the words of at most three letters, each
    found among a text's runs or letters) and ``by_run`` (each longer word under its run of three letters that the
    fewest words share; on a tie the first in order), every list sorted."""
    words = sorted(set(words))
    longer = [w for w in words if len(w) > 3]
    shared = Counter(run for w in longer for run in {w[i:i + 3] for i in range(len(w) - 2)})
    by_run: dict[str, list[str]] = {}
    for word in longer:
        run = min((word[i:i + 3] for i in range(len(word) - 2)), key=lambda r: (shared[r], r))
        by_run.setdefault(run, []).append(word)
    return {"short": [w for w in words if len(w) <= 3], "by_run": dict(sorted(by_run.items()))}


class _Index:
    """An index (:func:`layout`) ready to answer: the sets a look-up intersects."""

    def __init__(self, laid_out: dict[str, Any]):
        short = laid_out["short"]
        self.empty = frozenset(w for w in short if not w)
        self.letters = frozenset(w for w in short if len(w) == 1)
        self.twos = frozenset(w for w in short if len(w) == 2)
        self.threes = frozenset(w for w in short if len(w) == 3)
        self.by_run = {run: tuple(found) for run, found in laid_out["by_run"].items()}
        self.runs = frozenset(self.by_run)
        self.words = frozenset(short).union(*self.by_run.values())

    def find(self, lowered: str) -> frozenset[str]:
        threes = set(_RUNS_OF_THREE.findall(lowered))
        by_run = self.by_run
        return self.letters.intersection(lowered).union(
            self.empty, self.twos.intersection(_RUNS_OF_TWO.findall(lowered)), self.threes.intersection(threes),
            [word for run in self.runs.intersection(threes) for word in by_run[run] if word in lowered])


_ALL_WORDS: set[str] = set()
_INDEX: list[_Index] = []  # the index of _ALL_WORDS, once asked for


def _stored() -> _Index | None:
    laid_out = anchoring.stored().get("index")
    return _Index(laid_out) if laid_out else None


def _register(words: frozenset[str]) -> None:
    """Add a table's words to what every message is searched for (a word already known costs nothing)."""
    if words <= _ALL_WORDS:
        return
    if not _ALL_WORDS:  # the first table: start from the derived file's words, if it holds these
        stored = _stored()
        if stored is not None and words <= stored.words:
            _ALL_WORDS.update(stored.words)
            _INDEX[:] = [stored]
            return
    _ALL_WORDS.update(words)
    _INDEX.clear()
    anchor_words_in.cache_clear()
    _present.cache_clear()


def all_words() -> frozenset[str]:
    """Every word the index looks for now (the derived file's, and any a table brought that it lacks)."""
    return frozenset(_ALL_WORDS)


@lru_cache(maxsize=1024)
def anchor_words_in(lowered: str) -> frozenset[str]:
    """The anchor words of every :class:`~handoffs.models.pruning.Anchored` table that the lower-cased ``lowered``
    holds (a per-message answer every table reads: a fresh message is asked by a dozen tables)."""
    if not _INDEX:
        _INDEX[:] = [_Index(layout(_ALL_WORDS))]
    return _INDEX[0].find(lowered)


@lru_cache(maxsize=1024)  # a dozen tables ask it of the same text: one look-up instead of a lower-casing each
def _present(text: str) -> frozenset[str] | None:
    """:func:`anchor_words_in` of ``text`` lower-cased, or None for a text that does not fold plainly."""
    return anchor_words_in(text.lower()) if text.isascii() or folds_plainly(text) else None
