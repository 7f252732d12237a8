"""Reading a lower-cased message faster, with the same answers: patterns matched as written, rows skipped together.

* :func:`for_lower_case` — a case-insensitive pattern tries each letter both ways (and skips no alternative by its
  first letter): two to five times slower than the same pattern matched as written. Over a text already lower-cased
  with no letter that folds oddly ("ſ", the Kelvin sign; :func:`is_plain_lower`), a pattern whose own letters are all
  plainly lower case finds the same matches either way, so its case-sensitive twin is used there.
* :func:`lower_case_twin` — a :class:`pruning.Pruned` row whose kept alternatives run as their twins: both savings.
* :func:`rows_words` — the anchor words of several rows at once (:mod:`.pruning`): a message holding none of them
  cannot match any of the rows, so a reader asks one question instead of one per row (most messages have no aside,
  nothing set aside).

What this module is not: a cache of answers, or a regex engine. It only chooses which compiled pattern to run.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable

from . import patterns, pruning
from .patterns import _C, _PARSE
from .pruning import folds_plainly as _folds_plainly


def is_plain_lower(text: str) -> bool:
    """``text`` has no upper-case letter and no non-ASCII cased letter: what :func:`for_lower_case` patterns read."""
    return text == text.lower() and (text.isascii() or _folds_plainly(text))


def for_lower_case(pattern: "re.Pattern[str]") -> "re.Pattern[str]":
    """The case-sensitive twin of a case-insensitive ``pattern``: the same matches in any text :func:`is_plain_lower`
    accepts, found faster. ``pattern`` itself when it does not ignore case or names a letter that is not plainly
    lower case (an "A", a "ſ", a range "[A-Z]")."""
    if not pattern.flags & re.IGNORECASE or not _all_plain(_PARSE.parse(pattern.pattern, pattern.flags)):
        return pattern
    return re.compile(pattern.pattern, pattern.flags & ~re.IGNORECASE)


def _compiled_as_written(source: str, flags: int = 0) -> "re.Pattern[str]":
    return for_lower_case(patterns.compile(source, flags))


def lower_case_twin(row: pruning.Pruned) -> pruning.Pruned:
    """``row`` for a text :func:`is_plain_lower` accepts: the same alternatives kept for the same words, each run (or
    the whole row) as its :func:`for_lower_case` twin. Its anchors are read again (from the derived file: a look-up)."""
    return pruning.Pruned(row._source, row._flags, compile_with=_compiled_as_written)


def _plain(code: int) -> bool:
    char = chr(code)
    return char == char.lower() and (char.isascii() or char.lower() == char.upper())


@lru_cache(maxsize=None)
def _plain_range(low: int, high: int) -> bool:
    return all(_plain(code) for code in range(low, high + 1))


def _all_plain(items: object) -> bool:
    """Whether every letter a parsed pattern names (literals, class members and ranges) is plainly lower case."""
    for op, arg in items:  # type: ignore[attr-defined]
        if op in (_C.LITERAL, _C.NOT_LITERAL):
            found = _plain(arg)
        elif op is _C.IN:
            found = all(_plain(a) if o is _C.LITERAL else _plain_range(*a) if o is _C.RANGE else True for o, a in arg)
        elif op is _C.BRANCH:
            found = all(_all_plain(branch) for branch in arg[1])
        elif op in (_C.SUBPATTERN, _C.MAX_REPEAT, _C.MIN_REPEAT, _C.POSSESSIVE_REPEAT, _C.ASSERT, _C.ASSERT_NOT):
            found = _all_plain(arg[-1])
        elif op is _C.ATOMIC_GROUP:
            found = _all_plain(arg)
        elif op is _C.GROUPREF_EXISTS:
            found = _all_plain(arg[1]) and (arg[2] is None or _all_plain(arg[2]))
        else:
            found = True  # a position (\b, ^), a category (\w, \s), any character, a back-reference
        if not found:
            return False
    return True


def rows_words(rows: "Iterable[pruning.Pruned]", *patterns: "re.Pattern[str]") -> pruning.Anchored:
    """One :class:`pruning.Anchored` for several rows (and plain patterns): ``.indices(text) == []`` means none of them
    can match ``text`` (no word of theirs is in it). Where one of them may match without a word (an alternative with
    no anchor, or one that matches the empty string) the answer is never ``[]``: the rows are then always read."""
    rows = tuple(rows)
    needs = [need for row in rows for need in row.anchored.needs] + [pruning.anchors(p) for p in patterns]
    always = any(need is None for need in needs) or any(row._may_be_empty for row in rows)
    return pruning.Anchored([], needs=[None if always else frozenset().union(*needs)])
