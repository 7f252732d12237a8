r"""Which anchor words a message holds: one look-up per message for every table of the model.

Every :class:`~handoffs.models.pruning.Anchored` table adds its patterns' anchor words (:mod:`anchoring`) to one
set, and :func:`anchor_words_in` answers, for a lower-cased text, which of them it holds as a substring — asked once
per message, read by a dozen tables. A word's letters lie inside one of the text's *tokens* (runs of ``\w``: "charge"
in "charged", "환불" in "환불해"), so the index files each word under a key: a run of up to three letters of its own
letters (the one fewest other words share), and asks each of a message's tokens which keys it holds. What a token
holds is remembered (:func:`_in_token`): a message mostly repeats tokens met before, and a new one costs a few
microseconds. A word that is all letters is found in the token itself; one with a space or a sign (" charge", "log
in", "can't") is tested against the whole text, and so is one with no letter at all ("###"), except one of one
character ("?"), found with the others in one pass over the text. The answer is exact — every indexed word the
text holds, no other — whatever key a word is filed under: the keys only decide how many words are tested.

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
from itertools import chain
from operator import itemgetter
from typing import Any, Iterable

from . import anchoring
from .memo import TEXTS_KEPT
from .patterns import Later
from .text import _tokens

_ODD_FOLD = Later(r"[^\x00-\x7f\uac00-\ud7a3\u3131-\u318e\u1100-\u11ff]", 0, re.compile)  # for non-ASCII texts only
_TOKEN = re.compile(r"\w+")


@lru_cache(maxsize=TEXTS_KEPT)  # asked by every anchored table of the same message
def folds_plainly(text: str) -> bool:
    """True if ``text`` has no non-ASCII cased letter: then a case-insensitive pattern matches it only where its
    anchors are in ``text.lower()`` (``re.IGNORECASE`` matches "s" on "ſ" and "k" on the Kelvin sign "K")."""
    return not any(char.lower() != char.upper() or char.casefold() != char for char in _ODD_FOLD.findall(text))


def _keys(run: str) -> set[str]:
    """The keys a run of letters may be filed under: its runs of three (itself when shorter)."""
    return {run[i:i + 3] for i in range(len(run) - 2)} if len(run) > 3 else {run}


def layout(words: Iterable[str]) -> dict[str, Any]:
    """The index of ``words``, as the derived file writes it: ``by_key`` (each word with a letter under the key of
    its longest runs of letters that the fewest words share; on a tie the first in order) and ``other`` (the words
    without a letter: signs, the empty word), every list sorted."""
    words = sorted(set(words))
    runs = {w: _TOKEN.findall(w) for w in words}
    shared = Counter(key for w in words for run in runs[w] for key in _keys(run))
    by_key: dict[str, list[str]] = {}
    for word in words:
        if runs[word]:
            longest = min(3, max(map(len, runs[word])))
            keys = [k for run in runs[word] if len(run) >= longest for k in _keys(run)]
            key = min(keys, key=lambda k: (shared[k], k))
            by_key.setdefault(key, []).append(word)
    return {"by_key": dict(sorted(by_key.items())), "other": [w for w in words if not runs[w]]}


class _Index:
    """An index (:func:`layout`) ready to answer."""

    def __init__(self, laid_out: dict[str, Any]):
        self.keys = frozenset(laid_out["by_key"])
        # per key: the words that are one run of letters (found in a token), and the others (tested on the whole text)
        self.runs: dict[str, tuple[str, ...]] = {}
        self.others: dict[str, tuple[str, ...]] = {}
        whole = _TOKEN.fullmatch
        for key, found in laid_out["by_key"].items():
            self.runs[key] = tuple(w for w in found if whole(w))
            self.others[key] = tuple(w for w in found if not whole(w))
        other = laid_out["other"]
        self.empty = frozenset(w for w in other if not w)
        # few (a sign, an emoji): the one-character ones found in one pass over the text, the others tested on it
        self.signs = frozenset(w for w in other if len(w) == 1)
        self.long_signs = tuple(w for w in other if len(w) > 1)
        self.words = frozenset(other).union(*laid_out["by_key"].values())
        self.in_token = lru_cache(maxsize=16384)(self._in_token)  # one per index: a rebuilt index starts afresh

    def _in_token(self, token: str) -> tuple[frozenset[str], tuple[str, ...]]:
        """(the words of one run of letters that ``token`` holds; the other words filed under a key it holds)."""
        held = self.keys.intersection(map(token.__getitem__, _slices(len(token))))
        return (frozenset(filter(token.__contains__, chain.from_iterable(map(self.runs.__getitem__, held)))),
                tuple(chain.from_iterable(map(self.others.__getitem__, held))))

    def find(self, lowered: str) -> frozenset[str]:
        # (each step a C-level pass: map, filter and the sets' own methods, not a Python loop per word)
        parts = list(map(self.in_token, _runs(lowered)))
        found = set(self.empty)
        found.update(*map(_HELD_RUNS, parts))
        found.update(filter(lowered.__contains__, chain.from_iterable(map(_HELD_OTHERS, parts))))
        found.update(self.signs.intersection(lowered))
        found.update(filter(lowered.__contains__, self.long_signs))
        return frozenset(found)


_HELD_RUNS, _HELD_OTHERS = itemgetter(0), itemgetter(1)


def _runs(lowered: str) -> set[str]:
    """The distinct runs of ``\\w`` in ``lowered``. For a lower-case ASCII text with no ``_`` or ``'``, they are the
    words :func:`~handoffs.models.text.tokens` finds (runs of ``[a-z0-9]``, up to 20 letters), so its tokenisation
    of the message, which the reading asks for next, serves here too: one scan of the text for both."""
    if lowered.isascii() and "_" not in lowered and "'" not in lowered and lowered.lower() == lowered:
        words = list(map(_HELD_RUNS, _tokens(lowered)))
        if max(map(len, words), default=0) < 20:  # (a run of 20 or more letters is cut by the tokens' bound)
            return set(words)
    return set(_TOKEN.findall(lowered))


def _slices(length: int) -> tuple[slice, ...]:
    """The slices of a token of ``length`` letters that give its runs of one, two and three letters (its keys);
    kept for words of up to 64 letters, built afresh for a longer one (a pasted 100,000-letter run keeps nothing)."""
    return _kept_slices(length) if length <= 64 else _built_slices(length)


def _built_slices(length: int) -> tuple[slice, ...]:
    return tuple(slice(i, i + k) for k in (1, 2, 3) for i in range(length - k + 1))


_kept_slices = lru_cache(maxsize=64)(_built_slices)  # one entry per length met: at most 64 x 189 slices


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
    _SHARED.clear()
    anchor_words_in.cache_clear()
    _present.cache_clear()


def all_words() -> frozenset[str]:
    """Every word the index looks for now (the derived file's, and any a table brought that it lacks)."""
    return frozenset(_ALL_WORDS)


_SHARED: dict[frozenset[str], frozenset[str]] = {}  # one object per distinct answer (see anchor_words_in)
_SHARED_MAX = 4096


@lru_cache(maxsize=TEXTS_KEPT)
def anchor_words_in(lowered: str) -> frozenset[str]:
    """The anchor words of every :class:`~handoffs.models.pruning.Anchored` table that the lower-cased ``lowered``
    holds (a per-message answer every table reads: a fresh message is asked by a dozen tables).

    Messages that differ in words no table knows (a name, an order number) hold the same anchor words: they share
    one answer object, ~2 KiB each that this cache and :func:`_present` would otherwise keep per text (a crowd of
    1,000 sessions: ~2 KiB a session). The table of shared answers is emptied when it reaches 4,096."""
    if not _INDEX:
        _INDEX[:] = [_Index(layout(_ALL_WORDS))]
    found = _INDEX[0].find(lowered)
    if len(_SHARED) >= _SHARED_MAX:
        _SHARED.clear()
    return _SHARED.setdefault(found, found)


@lru_cache(maxsize=TEXTS_KEPT)  # a dozen tables ask it of the same text: one look-up instead of a lower-casing each
def _present(text: str) -> frozenset[str] | None:
    """:func:`anchor_words_in` of ``text`` lower-cased, or None for a text that does not fold plainly."""
    return anchor_words_in(text.lower()) if text.isascii() or folds_plainly(text) else None
