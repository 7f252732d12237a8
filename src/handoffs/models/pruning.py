"""Skipping the patterns a text cannot match: a pattern's anchor words, found in a message once for every table.

Most of the model's patterns name words ("refund", "상담원"); a text holding none of a pattern's words cannot match
it, and checking a few words is cheaper than running the pattern. :mod:`~handoffs.models.anchoring` reads those words
from the parsed pattern (kept in the model's derived file, so a process does not parse its patterns again).
:class:`Anchored` tells, for one text, the patterns of a table that may match it; :class:`Pruned` runs a pattern
``a|b|c`` as only the alternatives whose anchors a text holds, compiling each when first run, and :class:`FirstOf`
matches those alternatives as their alternation would: the same matches, fewer tries.

Every table adds its words to one index, and a message's anchor words are found in one pass for every table
(:func:`~handoffs.models.word_index.anchor_words_in`).

What this module is not: a cache of what a message means, or a regex engine. It answers "may this pattern match?",
never "does it"; ``re`` still matches. Its names can be imported from :mod:`handoffs.models.patterns` too.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable, Iterator, Pattern, Sequence

from . import anchoring
from .anchoring import _needs, anchors, requirements  # noqa: F401 - importable from here, as before the split
from .patterns import alternatives, bounded, compile
from .word_index import _present, _register, anchor_words_in, folds_plainly  # noqa: F401 - as before the split


class Anchored:
    """Patterns with their :func:`anchors`: :meth:`which` tells, for one text, the ones that may match it."""

    def __init__(self, compiled: Sequence[Pattern[str] | None], needs: Sequence[frozenset[str] | None] | None = None,
                 requires: Sequence[tuple[frozenset[str], ...]] | None = None):
        """``needs``: each pattern's :func:`anchors` when the caller has them already (else read from ``compiled``;
        a None pattern is never run); ``requires``: each pattern's :func:`requirements` (with ``needs``; without,
        only ``needs`` is checked)."""
        if needs is None:
            found = [anchoring.analysed(p.pattern, p.flags) if p is not None else None for p in compiled]
            needs = [a.needs if a is not None else frozenset() for a in found]
            requires = [a.requires if a is not None else () for a in found]
        self.needs = tuple(needs)
        # what a pattern also needs, beside the word it is indexed by (None: nothing more)
        self._also = tuple(tuple(s for s in conditions if s != need) or None if need else None
                           for need, conditions in zip(self.needs, requires or [()] * len(self.needs)))
        self.words = tuple(sorted(set().union(*(need for need in self.needs if need))))
        self._words = frozenset(self.words)
        _register(self._words.union(*(s for also in self._also if also for s in also)))
        # For each word, the patterns that need it: those it alone lets run (``_free``), and those that also need
        # more, with what (``_bound``: (index, what else) pairs). A text's words are looked up once each. A pattern
        # that needs several things is filed under the most telling (its shortest word the longest; then the one the
        # fewest of the table's patterns share): any one of its conditions may file it, since it must meet them all.
        shared: dict[str, int] = {}
        for need, also in zip(self.needs, self._also):
            for word in frozenset(need or ()).union(*also or ()):
                shared[word] = shared.get(word, 0) + 1
        self._free: dict[str, frozenset[int]] = {}
        self._bound: dict[str, tuple[tuple[int, tuple[frozenset[str], ...]], ...]] = {}
        for index, need in enumerate(self.needs):
            if not need:
                continue
            if self._also[index] is None:
                for word in need:
                    self._free[word] = self._free.get(word, frozenset()) | {index}
                continue
            conditions = (frozenset(need), *self._also[index])
            key = min(conditions, key=lambda condition: (-min(map(len, condition)),
                                                        sum(shared[word] for word in condition), sorted(condition)))
            rest = tuple(condition for condition in conditions if condition is not key)
            for word in key:
                self._bound[word] = self._bound.get(word, ()) + ((index, rest),)
        self._keys = self._words.union(self._bound)
        self._unanchored = tuple(i for i, need in enumerate(self.needs) if need is None)

    def indices(self, text: str) -> list[int] | None:
        """The indices of the patterns that may match ``text``, ascending (None: every one, a text that does not
        fold plainly): those that need nothing, and those whose word ``text`` holds and each of whose other
        conditions it meets. Without a step per pattern: for many patterns, few kept."""
        kept = self.kept(text)
        return None if kept is None else list(kept)

    def kept(self, text: str) -> tuple[int, ...] | None:
        """:meth:`indices` as a tuple (a key for a caller's own memo: texts holding different words often keep the
        same few patterns)."""
        present = _present(text)
        if present is None:
            return None
        if present.isdisjoint(self._words):  # most tables, for most messages
            return self._unanchored
        free, bound = self._free, self._bound
        found = set(self._unanchored)
        for word in self._keys.intersection(present):  # the smaller set walked, in C
            if word in free:
                found.update(free[word])
            for index, conditions in bound.get(word, ()):
                for condition in conditions:
                    if condition.isdisjoint(present):
                        break
                else:
                    found.add(index)
        return tuple(sorted(found))

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


def finds_nothing(runner: object) -> bool:
    """Whether a :meth:`Pruned.within` runner is the empty one (none of its words is in the text): a caller may skip
    the work of preparing what it would search."""
    return isinstance(runner, FirstOf) and not runner.alternatives


_GLOBAL_FLAGS = re.compile(r"\(\?[aiLmsux]+\)")


class Pruned:
    """A pattern ``a|b|c`` run as only the top-level alternatives whose anchors (:func:`anchors`) the text holds
    (:class:`FirstOf`): the same matches as the whole pattern, for a text that names few of its alternatives' words
    at a fraction of the cost. ``search`` and ``finditer`` over a whole text; ``pattern`` and ``flags`` are the whole
    pattern's, ``whole`` the whole pattern (for anything else). Nothing is compiled until it is first run, and then
    by ``compile_with`` (the model's bounded :func:`~handoffs.models.patterns.compile`, or a twin of it: see
    :func:`~handoffs.models.lowered.lower_case_twin`)."""

    def __init__(self, source: str, flags: int = 0,
                 compile_with: Callable[[str, int], Pattern[str]] = compile):
        self._source, self._flags, self._whole, self._compile = source, flags, None, compile_with
        self.parts = tuple(alternatives(source))
        self.anchored, widths = analysed_table(self.parts, flags)
        self._compiled: list[Pattern[str] | None] = [None] * len(self.parts)
        self._runners: dict[tuple[int, ...], Pattern[str] | FirstOf] = {}
        # A leading "(?i)" flags every alternative, so they are not run alone; nor, for finditer, an alternative that
        # can match the empty string (an empty match changes where the next search starts).
        self._whole_only = len(self.parts) < 2 or bool(_GLOBAL_FLAGS.match(source))
        self._may_be_empty = 0 in widths
        self.within = lru_cache(maxsize=256)(self._within)

    @property
    def whole(self) -> Pattern[str]:
        """The whole pattern, compiled when first asked for (a text whose words name most alternatives, or none)."""
        if self._whole is None:
            self._whole = self._compile(self._source, self._flags)
        return self._whole

    @property
    def pattern(self) -> str:
        return self.whole.pattern

    @property
    def flags(self) -> int:
        return self.whole.flags

    def _alternative(self, index: int) -> Pattern[str]:
        found = self._compiled[index]
        if found is None:
            found = self._compiled[index] = self._compile(self.parts[index], self._flags)
        return found

    def _first_of(self, kept: tuple[int, ...]) -> "Pattern[str] | FirstOf":
        """What runs the alternatives ``kept``: made once per set of alternatives (a message's words name few)."""
        found = self._runners.get(kept)
        if found is None:
            found = self._alternative(kept[0]) if len(kept) == 1 else FirstOf([self._alternative(i) for i in kept])
            if len(self._runners) < 512:  # bounded: a few sets of alternatives come back in message after message
                self._runners[kept] = found
        return found

    def _runner(self, text: str) -> "Pattern[str] | FirstOf":
        """What to search ``text`` with: the whole pattern, or only the alternatives whose anchors it holds."""
        kept = None if self._whole_only else self.anchored.indices(text)
        if kept is None or len(kept) == len(self.parts):
            return self.whole
        return self._first_of(tuple(kept)) if kept else _NOTHING

    def _within(self, text: str) -> "Pattern[str] | FirstOf":
        """What to search any part of ``text`` with (a sentence, a clause): only the alternatives whose anchors
        ``text`` holds, found once for all its parts. ``search`` and ``finditer`` of a part as the whole pattern's."""
        return self.whole if self._may_be_empty else self._runner(text)

    def search(self, text: str) -> re.Match[str] | None:
        # the leftmost match, on a tie the earlier alternative: what the alternation finds first (empty or not)
        return self._runner(text).search(text)

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return (self.whole if self._may_be_empty else self._runner(text)).finditer(text)


def analysed_table(sources: Sequence[str], flags: int = 0) -> tuple[Anchored, tuple[int, ...]]:
    """An :class:`Anchored` table of the patterns ``sources`` (each compiled with ``flags`` when the caller first
    runs it, not here), and each one's fewest characters (0: it can match the empty string)."""
    found = [anchoring.analysed(source, flags) for source in sources]
    return (Anchored([], needs=[a.needs for a in found], requires=[a.requires for a in found]),
            tuple(a.min_width for a in found))


def anchored_rows(rows: Sequence[tuple[str, int]]) -> Anchored:
    """An :class:`Anchored` table of whole patterns, each ``(source, flags)`` as :func:`compile` compiles it (its
    :func:`~handoffs.models.patterns.bounded` source), read without compiling any of them."""
    found = [anchoring.analysed(bounded(source), flags) for source, flags in rows]
    return Anchored([], needs=[a.needs for a in found], requires=[a.requires for a in found])
