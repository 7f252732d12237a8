"""Skipping the patterns a text cannot match: a pattern's anchor words, found in a message once for every table.

Most of the model's patterns name words ("refund", "상담원"); a text holding none of a pattern's words cannot match
it, and checking a few words is cheaper than running the pattern. :func:`anchors` reads those words from the parsed
pattern (the stdlib's own parser). :class:`Anchored` tells, for one text, the patterns of a table that may match it;
:class:`Pruned` runs a pattern ``a|b|c`` as only the alternatives whose anchors a text holds, and :class:`FirstOf`
matches those alternatives as their alternation would: the same matches, fewer tries.

Every table adds its words to one index, built at load (on first use), and a message's anchor words are found in one
pass for every table (:func:`anchor_words_in`): one precompiled search for the words that start with a Latin letter
or a sign (a trie of them, as a regular expression: at each position, the longest word that starts there), a look-up
by a message's runs of two and three letters for the Korean ones, a set of the message's letters for words of one.

What this module is not: a cache of what a message means, or a regex engine. It answers "may this pattern match?",
never "does it"; ``re`` still matches. Its names can be imported from :mod:`handoffs.models.patterns` too.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Iterator, Pattern, Sequence

from .patterns import _C, _PARSE, alternatives, bounded, compile, trie


def _pieces(items: Any) -> Iterator[tuple[Any, Any]]:
    """A parsed sequence in order: ``(None, text)`` per run of literal letters (lower-cased), else ``(op, arg)``."""
    run = ""
    for op, arg in items:
        if op is _C.LITERAL:
            run += chr(arg).lower()
            continue
        if run:
            yield None, run
            run = ""
        yield op, arg
    if run:
        yield None, run


def _needs(items: Any) -> frozenset[str] | None:
    """Texts of which a match of the parsed sequence ``items`` must contain one, lower-cased (None: none known)."""
    candidates: list[frozenset[str] | None] = []
    for op, arg in _pieces(items):
        if op is None:
            candidates.append(frozenset({arg}))
        elif op is _C.BRANCH:
            sets = [_needs(branch) for branch in arg[1]]
            candidates.append(None if any(s is None for s in sets) else frozenset().union(*sets))
        elif op is _C.SUBPATTERN:
            candidates.append(_needs(arg[-1]))
        elif op in (_C.MAX_REPEAT, _C.MIN_REPEAT, _C.POSSESSIVE_REPEAT) and arg[0] >= 1:
            candidates.append(_needs(arg[2]))
    best: frozenset[str] | None = None
    for candidate in candidates:  # the most telling: the one whose shortest text is longest
        if candidate and (best is None or min(map(len, candidate)) > min(map(len, best))):
            best = candidate
    return best


def anchors(pattern: Pattern[str]) -> frozenset[str] | None:
    """Lower-cased texts of which every match of ``pattern`` contains one (None: the pattern names no such text).
    Check them against the lower-cased text, and only where :func:`folds_plainly` says so."""
    return _needs(_PARSE.parse(pattern.pattern, pattern.flags))


def requirements(items: Any) -> tuple[frozenset[str], ...]:
    """Every set of texts of which a match of the parsed sequence ``items`` must contain one, lower-cased: each is a
    condition, and a match meets them all ("charged? twice" needs "charge" and " twice"). :func:`_needs` is the most
    telling of them; a table indexed by it checks the others too, so a pattern one of whose words a text holds, but
    not the rest, is not run."""
    found: list[frozenset[str]] = []
    for op, arg in _pieces(items):
        if op is None:
            found.append(frozenset({arg}))
        elif op is _C.BRANCH:
            sets = [_needs(branch) for branch in arg[1]]
            if all(s is not None for s in sets):
                found.append(frozenset().union(*sets))
        elif op is _C.SUBPATTERN:
            found += requirements(arg[-1])
        elif op in (_C.MAX_REPEAT, _C.MIN_REPEAT, _C.POSSESSIVE_REPEAT) and arg[0] >= 1:
            found += requirements(arg[2])
    return tuple(dict.fromkeys(s for s in found if s))


_ODD_FOLD = re.compile(r"[^\x00-\x7f\uac00-\ud7a3\u3131-\u318e\u1100-\u11ff]")


@lru_cache(maxsize=1024)  # asked by every anchored table of the same message
def folds_plainly(text: str) -> bool:
    """True if ``text`` has no non-ASCII cased letter: then a case-insensitive pattern matches it only where its
    anchors are in ``text.lower()`` (``re.IGNORECASE`` matches "s" on "ſ" and "k" on the Kelvin sign "K")."""
    return not any(char.lower() != char.upper() or char.casefold() != char for char in _ODD_FOLD.findall(text))


# --- one look-up per message for every table ---------------------------------------------------------------------

_ALL_WORDS: set[str] = set()
_INDEX: list[Any] = []  # see _build_index; built on first use after a table adds words


def _register(words: frozenset[str]) -> None:
    if not words <= _ALL_WORDS:
        _ALL_WORDS.update(words)
        _INDEX.clear()
        anchor_words_in.cache_clear()
        _present.cache_clear()


def _build_index() -> None:
    """The index of every table's words: a trie search for those of two or more characters that start with an ASCII
    one (with, for each, the words that are its beginnings: they are in a text wherever it is), the others (Korean)
    by their first three letters (two for a word of two), and the words of one letter (among the text's letters)."""
    words = sorted(w for w in _ALL_WORDS if w)
    latin = [w for w in words if w[0].isascii() and len(w) >= 2]  # a letter alone: found among the text's letters
    finder = re.compile(f"(?=({trie(latin)}))")
    beginnings = {w: frozenset(w[:i] for i in range(2, len(w) + 1) if w[:i] in _ALL_WORDS) for w in latin}
    by_start: dict[str, tuple[str, ...]] = {}
    for word in words:
        if not word[0].isascii() and len(word) >= 2:
            by_start[word[:3]] = by_start.get(word[:3], ()) + (word,)
    letters = frozenset(w for w in words if len(w) == 1)
    _INDEX[:] = [finder, beginnings, by_start, frozenset(by_start), letters, frozenset({""}) & _ALL_WORDS]


@lru_cache(maxsize=1024)
def anchor_words_in(lowered: str) -> frozenset[str]:
    """The anchor words of every :class:`Anchored` table that the lower-cased ``lowered`` holds (a per-message
    answer every table reads: a fresh message is asked by a dozen tables). Time linear in the text plus the words
    found (see the module docstring)."""
    if not _INDEX:
        _build_index()
    finder, beginnings, by_start, starts, letters, empty = _INDEX
    found = letters.intersection(lowered).union(empty, *[beginnings[word] for word in finder.findall(lowered)])
    if lowered.isascii():
        return found
    pairs = list(map(str.__add__, lowered, lowered[1:]))
    runs = frozenset(pairs).union(map(str.__add__, pairs, lowered[2:]))
    return found.union([word for start in runs & starts for word in by_start[start] if word in lowered])


@lru_cache(maxsize=1024)  # a dozen tables ask it of the same text: one look-up instead of a lower-casing each
def _present(text: str) -> frozenset[str] | None:
    """:func:`anchor_words_in` of ``text`` lower-cased, or None for a text that does not fold plainly."""
    return anchor_words_in(text.lower()) if text.isascii() or folds_plainly(text) else None


class Anchored:
    """Patterns with their :func:`anchors`: :meth:`which` tells, for one text, the ones that may match it."""

    def __init__(self, compiled: Sequence[Pattern[str] | None], needs: Sequence[frozenset[str] | None] | None = None,
                 requires: Sequence[tuple[frozenset[str], ...]] | None = None):
        """``needs``: each pattern's :func:`anchors` when the caller has them already (else read from ``compiled``);
        ``requires``: each pattern's :func:`requirements` (with ``needs``; without, only ``needs`` is checked)."""
        if needs is None:
            trees = [_PARSE.parse(p.pattern, p.flags) if p is not None else None for p in compiled]
            needs = [_needs(tree) if tree is not None else frozenset() for tree in trees]
            requires = [requirements(tree) if tree is not None else () for tree in trees]
        self.needs = tuple(needs)
        # what a pattern also needs, beside the word it is indexed by (None: nothing more)
        self._also = tuple(tuple(s for s in conditions if s != need) or None if need else None
                           for need, conditions in zip(self.needs, requires or [()] * len(self.needs)))
        self.words = tuple(sorted(set().union(*(need for need in self.needs if need))))
        self._words = frozenset(self.words)
        _register(self._words.union(*(s for also in self._also if also for s in also)))
        self._needed_by: dict[str, tuple[int, ...]] = {}  # for each word, the patterns that need it
        for index, need in enumerate(self.needs):
            for word in need or ():
                self._needed_by[word] = self._needed_by.get(word, ()) + (index,)
        self._always = [need is None for need in self.needs]
        self._unanchored = tuple(i for i, need in enumerate(self.needs) if need is None)

    def indices(self, text: str) -> list[int] | None:
        """The indices of the patterns that may match ``text``, ascending (None: every one, a text that does not
        fold plainly): those that need nothing, and those whose word ``text`` holds and each of whose other
        conditions it meets. Without a step per pattern: for many patterns, few kept."""
        present = _present(text)
        if present is None:
            return None
        if present.isdisjoint(self._words):  # most tables, for most messages
            return list(self._unanchored)
        needed = self._needed_by
        hits = [needed[word] for word in self._words.intersection(present)]  # the smaller set walked, in C
        also, found = self._also, list(self._unanchored)
        for index in set().union(*hits):
            conditions = also[index]
            if conditions is not None:
                for condition in conditions:
                    if condition.isdisjoint(present):
                        break
                else:
                    found.append(index)
            else:
                found.append(index)
        found.sort()
        return found

    def which(self, text: str) -> list[bool]:
        """For each pattern, whether it may match ``text`` (all True for a text that does not fold plainly)."""
        kept = self.indices(text)
        if kept is None:
            return [True] * len(self.needs)
        may = [False] * len(self.needs)
        for index in kept:
            may[index] = True
        return may


class FirstOf:
    """Patterns matched as their alternation ``p1|p2|...`` would be, each run on its own: at each position the first
    one (in order) that matches there wins, and a search resumes where the last match ended, as ``finditer`` does.
    Only for patterns none of which can match the empty string (an empty match changes how ``finditer`` resumes).
    Cheaper than the alternation when a few alternatives of many are left: each runs with its own literal prefix."""

    __slots__ = ("alternatives",)

    def __init__(self, alternatives: Sequence[Pattern[str]]):
        self.alternatives = tuple(alternatives)

    def search(self, text: str) -> re.Match[str] | None:
        """The first match, as the alternation's ``search``: the leftmost, on a tie the earlier alternative."""
        return next(self.finditer(text), None) if self.alternatives else None

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        found = [pattern.search(text) for pattern in self.alternatives]
        while True:
            best = None
            for match in found:  # the leftmost start; on a tie the earlier alternative
                if match is not None and (best is None or match.start() < best.start()):
                    best = match
            if best is None:
                return
            yield best
            end = best.end()
            found = [pattern.search(text, end) if match is not None and match.start() < end else match
                     for pattern, match in zip(self.alternatives, found)]


_NOTHING = FirstOf(())
"""What a text none of whose anchors a pattern needs is searched with: it finds nothing."""
_GLOBAL_FLAGS = re.compile(r"\(\?[aiLmsux]+\)")


class Pruned:
    """A pattern ``a|b|c`` run as only the top-level alternatives whose anchors (:func:`anchors`) the text holds
    (:class:`FirstOf`): the same matches as the whole pattern, for a text that names few of its alternatives' words
    at a fraction of the cost. ``search`` and ``finditer`` over a whole text; ``pattern`` and ``flags`` are the whole
    pattern's, ``whole`` the whole pattern (for anything else)."""

    def __init__(self, source: str, flags: int = 0):
        self.whole = compile(source, flags)
        self.pattern, self.flags = self.whole.pattern, self.whole.flags
        self.parts = tuple(alternatives(source))
        parsed = [_PARSE.parse(bounded(part), flags) for part in self.parts]  # parsed once, compiled when first run
        self.anchored = Anchored([], needs=[_needs(tree) for tree in parsed],
                                 requires=[requirements(tree) for tree in parsed])
        self._compiled: list[Pattern[str] | None] = [None] * len(self.parts)
        # A leading "(?i)" flags every alternative, so they are not run alone; nor, for finditer, an alternative that
        # can match the empty string (an empty match changes where the next search starts).
        self._whole_only = len(self.parts) < 2 or bool(_GLOBAL_FLAGS.match(source))
        self._may_be_empty = any(tree.getwidth()[0] == 0 for tree in parsed)
        self.within = lru_cache(maxsize=256)(self._within)

    def _alternative(self, index: int) -> Pattern[str]:
        found = self._compiled[index]
        if found is None:
            found = self._compiled[index] = compile(self.parts[index], self.flags)
        return found

    def _first_of(self, kept: list[int]) -> "Pattern[str] | FirstOf":
        return self._alternative(kept[0]) if len(kept) == 1 else FirstOf([self._alternative(i) for i in kept])

    def _runner(self, text: str) -> "Pattern[str] | FirstOf":
        """What to search ``text`` with: the whole pattern, or only the alternatives whose anchors it holds."""
        kept = None if self._whole_only else self.anchored.indices(text)
        if kept is None or len(kept) == len(self.parts):
            return self.whole
        return self._first_of(kept) if kept else _NOTHING

    def _within(self, text: str) -> "Pattern[str] | FirstOf":
        """What to search any part of ``text`` with (a sentence, a clause): only the alternatives whose anchors
        ``text`` holds, found once for all its parts. ``search`` and ``finditer`` of a part as the whole pattern's."""
        return self.whole if self._may_be_empty else self._runner(text)

    def search(self, text: str) -> re.Match[str] | None:
        # the leftmost match, on a tie the earlier alternative: what the alternation finds first (empty or not)
        return self._runner(text).search(text)

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return (self.whole if self._may_be_empty else self._runner(text)).finditer(text)
