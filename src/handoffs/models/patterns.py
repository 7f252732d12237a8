"""Regular expressions with a bounded reach, so reading a text costs time linear in its length.

Every pattern the offline model compiles goes through :func:`compile`, which rewrites each unbounded quantifier
(``*``, ``+``, ``{n,}``) into a bounded one (``{0,REACH}``, ``{1,REACH}``, ``{n,REACH}``). A match attempt then
looks at most a fixed number of characters ahead from where it starts, and a search over a text of *n*
characters costs *O(n)* however the text is made: a long digit run, Korean syllables without a space,
a word repeated a thousand times. Unbounded patterns are what made a 4 KB message cost seconds (a ``\\S*``
running to the end of the text from every position, then backtracking: quadratic or worse).

:data:`REACH` is longer than any word, and longer than the stretch any phrase of the model spans ("not about a
charge or a bug", "상담원 좀 연결해 주실 수 있나요").

:func:`anchors` reads, from a compiled pattern, literal texts one of which every match holds, so :class:`Anchored`
skips a pattern a text cannot match (most phrase rows, for most messages: the bulk of reading a message never seen);
a message's anchor words are looked up once for every table (:func:`anchor_words_in`). :class:`Pruned` runs a pattern
``a|b|c`` as only the alternatives whose anchors a text holds, and :class:`FirstOf` matches those alternatives as
their alternation would: the same matches, fewer tries.

What this module is not: a regex engine, or a timeout. It only rewrites and inspects pattern text; ``re`` still
matches it. ``tests/faults`` checks the cost of 4x the input against 1x.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Iterator, Pattern, Sequence

REACH = 60
"""The most characters one quantifier of a model pattern may consume: a repeated group, ``.`` or a negated class
(``[^.!?]*``, a clause)."""
WORD_REACH = 20
"""The most a repeated letter class may consume (``\\S*``, ``\\w+``, ``[가-힣]+``, ``\\s*``): longer than a word."""


def bounded(source: str, reach: int = REACH, word_reach: int = WORD_REACH) -> str:
    """``source`` with every unbounded quantifier bounded (escapes and character classes untouched)."""
    out: list[str] = []
    i, n = 0, len(source)
    in_class = False
    after_quantifier = False  # the previous token was a quantifier: a following '+' makes it possessive
    wide = True  # the last atom may span words ('.', a negated class, a group), else it is one letter
    while i < n:
        char = source[i]
        if char == "\\":
            out.append(source[i:i + 2])
            i, after_quantifier, wide = i + 2, False, False
            continue
        if in_class:
            out.append(char)
            in_class = char != "]"
            i += 1
            continue
        if char == "[":
            j = i + 1
            wide = j < n and source[j] == "^"
            if wide:
                j += 1
            if j < n and source[j] == "]":
                j += 1  # a ']' first in a class is a literal
            out.append(source[i:j])
            in_class, after_quantifier, i = True, False, j
            continue
        if char in "*+" and not after_quantifier:
            limit = reach if wide else word_reach
            out.append(f"{{0,{limit}}}" if char == "*" else f"{{1,{limit}}}")
            i, after_quantifier = i + 1, True
            continue
        if char == "{":
            close = source.find("}", i)
            body = source[i + 1:close] if close > 0 else ""
            if re.fullmatch(r"\d+,", body):
                out.append(f"{{{body}{reach if wide else word_reach}}}")
                i, after_quantifier = close + 1, True
                continue
            if re.fullmatch(r"\d+(?:,\d+)?", body):
                out.append(source[i:close + 1])
                i, after_quantifier = close + 1, True
                continue
        if char == "?" and out and out[-1] == "(":
            out.append(char)
            i, after_quantifier = i + 1, False
            continue
        out.append(char)
        after_quantifier = char in "*+?" or (char == "?" and after_quantifier)
        if not after_quantifier:
            wide = char in ".)"
        i += 1
    return "".join(out)


def compile(source: str, flags: int = 0) -> Pattern[str]:  # noqa: A001 - the re.compile of the model
    """``re.compile(bounded(source), flags)``: see the module docstring."""
    return re.compile(bounded(source), flags)


# --- what a pattern needs ----------------------------------------------------------------------------------------
# Most of a model's patterns name words ("refund", "상담원"); a text holding none of a pattern's words cannot match it,
# and checking a few words is cheaper than running the pattern. Read from the parsed pattern, the stdlib's own parser.

_PARSE = re._parser  # type: ignore[attr-defined]
_C = re._constants  # type: ignore[attr-defined]


def _needs(items: Any) -> frozenset[str] | None:
    """Texts of which a match of the parsed sequence ``items`` must contain one, lower-cased (None: none known)."""
    candidates: list[frozenset[str] | None] = []
    run = ""
    for op, arg in list(items) + [(None, None)]:
        if op is _C.LITERAL:
            run += chr(arg).lower()
            continue
        if run:
            candidates.append(frozenset({run}))
            run = ""
        if op is _C.BRANCH:
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


_ODD_FOLD = re.compile(r"[^\x00-\x7f\uac00-\ud7a3\u3131-\u318e\u1100-\u11ff]")


@lru_cache(maxsize=1024)  # asked by every anchored table of the same message
def folds_plainly(text: str) -> bool:
    """True if ``text`` has no non-ASCII cased letter: then a case-insensitive pattern matches it only where its
    anchors are in ``text.lower()`` (``re.IGNORECASE`` matches "s" on "ſ" and "k" on the Kelvin sign "K")."""
    return not any(char.lower() != char.upper() or char.casefold() != char for char in _ODD_FOLD.findall(text))


# --- one look-up per message for every table ---------------------------------------------------------------------
# Every :class:`Anchored` table adds its words to one index, and a message's anchor words are found once (cached by
# its lower-cased text), whatever table asks: a fresh message is asked by a dozen tables.

_ALL_WORDS: set[str] = set()
_INDEX: list[Any] = []  # (the words by their first three letters (two for a word of two), those first letters,
#                          the words of one letter), built on first use after a table adds words


def _register(words: frozenset[str]) -> None:
    if not words <= _ALL_WORDS:
        _ALL_WORDS.update(words)
        _INDEX.clear()
        anchor_words_in.cache_clear()


@lru_cache(maxsize=1024)
def anchor_words_in(lowered: str) -> frozenset[str]:
    """The anchor words of every :class:`Anchored` table that the lower-cased ``lowered`` holds. Looked up, not
    scanned: the text's runs of two and three letters say which words may be in it; time linear in the text plus
    the words that begin alike."""
    if not _INDEX:
        by_start: dict[str, tuple[str, ...]] = {}
        for word in sorted(_ALL_WORDS):
            if len(word) >= 2:
                by_start[word[:3]] = by_start.get(word[:3], ()) + (word,)
        _INDEX[:] = [by_start, frozenset(by_start), tuple(sorted(w for w in _ALL_WORDS if len(w) < 2))]
    by_start, starts, short = _INDEX
    pairs = list(map(str.__add__, lowered, lowered[1:]))
    runs = frozenset(pairs).union(map(str.__add__, pairs, lowered[2:]))
    return frozenset([word for start in runs & starts for word in by_start[start] if word in lowered]
                     + [word for word in short if word in lowered])


class Anchored:
    """Patterns with their :func:`anchors`: :meth:`which` tells, for one text, the ones that may match it."""

    def __init__(self, compiled: Sequence[Pattern[str] | None], needs: Sequence[frozenset[str] | None] | None = None):
        """``needs``: each pattern's :func:`anchors` when the caller has them already (else read from ``compiled``)."""
        self.needs = tuple(needs) if needs is not None else tuple(
            anchors(p) if p is not None else frozenset() for p in compiled)
        self.words = tuple(sorted(set().union(*(need for need in self.needs if need))))
        self._words = frozenset(self.words)
        _register(self._words)
        self._needed_by: dict[str, tuple[int, ...]] = {}  # for each word, the patterns that need it
        for index, need in enumerate(self.needs):
            for word in need or ():
                self._needed_by[word] = self._needed_by.get(word, ()) + (index,)
        self._always = [need is None for need in self.needs]
        self._unanchored = tuple(i for i, need in enumerate(self.needs) if need is None)

    def _present(self, text: str) -> frozenset[str]:
        """This table's anchor words in ``text`` (checked in its lower case)."""
        return anchor_words_in(text.lower()) & self._words

    def which(self, text: str) -> list[bool]:
        """For each pattern, whether it may match ``text`` (all True for a text that does not fold plainly)."""
        if not folds_plainly(text):
            return [True] * len(self.needs)
        may = list(self._always)
        for word in self._present(text):
            for index in self._needed_by[word]:
                may[index] = True
        return may

    def indices(self, text: str) -> list[int] | None:
        """The indices of the patterns that may match ``text``, ascending (None: every one, a text that does not
        fold plainly). The same answer as :meth:`which`, without a step per pattern: for many patterns, few kept."""
        if not folds_plainly(text):
            return None
        present = self._present(text)
        if not present:  # most tables, for most messages
            return list(self._unanchored)
        found = set(self._unanchored)
        for word in present:
            found.update(self._needed_by[word])
        return sorted(found)


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


def min_width(source: str, flags: int = 0) -> int:
    """The fewest characters a match of the pattern ``source`` can span (0: it can match the empty string)."""
    return _PARSE.parse(bounded(source), flags).getwidth()[0]


def alternatives(pattern: str) -> list[str]:
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
        self.anchored = Anchored([], needs=[_needs(tree) for tree in parsed])
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

    def _within(self, text: str) -> "Pattern[str] | FirstOf":
        """What to search any part of ``text`` with (a sentence, a clause): only the alternatives whose anchors
        ``text`` holds, found once for all its parts. ``search`` and ``finditer`` of a part as the whole pattern's."""
        if self._may_be_empty or self._whole_only:
            return self.whole
        kept = self._kept(text)
        return self.whole if kept is None else self._first_of(kept) if kept else _NOTHING

    def _kept(self, text: str) -> list[int] | None:
        """The alternatives that may match ``text`` (None: run the whole pattern)."""
        kept = None if self._whole_only else self.anchored.indices(text)
        return None if kept is None or len(kept) == len(self.parts) else kept

    def search(self, text: str) -> re.Match[str] | None:
        kept = self._kept(text)
        if kept is None:
            return self.whole.search(text)
        # the leftmost match, on a tie the earlier alternative: what the alternation finds first (empty or not)
        return self._first_of(kept).search(text) if kept else None

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        kept = None if self._may_be_empty else self._kept(text)
        if kept is None:
            return self.whole.finditer(text)
        return self._first_of(kept).finditer(text) if kept else iter(())
