"""What a pattern needs: the literal texts every match of it must hold (its anchors), read from the parsed pattern.

"charged? twice" cannot match a text without "charge" and " twice"; :mod:`~handoffs.models.pruning` skips a pattern
whose anchors a text lacks. :func:`anchors` and :func:`requirements` read them from the stdlib parser's tree of a
pattern; :func:`analysed` is what the model's tables ask: a pattern's source and flags in, its :class:`Analysis` out
(the anchors it is indexed by, every condition a match meets, the fewest characters it spans).

Parsing every pattern of the model (some 1,500 alternatives) cost each fresh process ~0.4 s of CPU before its first
reply, for answers that only change when a data file does. So they are kept in a derived file,
``data/derived/anchors.json``, that ``python -m handoffs.models.derived --write`` (or ``./kit derive``) rebuilds
from the model's own tables; :func:`analysed` reads it there (a dictionary look-up). A pattern the file does not
hold (a row just added or edited) is parsed here as before: the same answer, only slower; the test suite fails
until the file is rebuilt (``tests/models/test_derived_data.py``), so the file can be stale only in a working copy.

What this module is not: a regex engine, nor the tables that skip patterns (:mod:`~handoffs.models.pruning`).
"""

from __future__ import annotations

import json
import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator, NamedTuple, Pattern

from .patterns import _C, _PARSE, bounded

DERIVED = Path(__file__).with_name("data") / "derived" / "anchors.json"
"""The derived file: every analysed pattern of the model and the word index of :mod:`~handoffs.models.word_index`."""
FRESH = "HANDOFFS_MODEL_DERIVED"
"""An environment variable: ``off`` makes a process ignore the derived file (how the file itself is rebuilt)."""


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
    if best is None:  # no text at all: a class of a few characters still names one ("[$€£]\s?\d")
        best = next(filter(None, map(_one_of, (arg for op, arg in _pieces(items) if op is _C.IN))), None)
    return best


def _one_of(members: Any) -> frozenset[str] | None:
    """The characters, lower-cased, of a class that only lists a few of them (``[$€£]``), else None (a range, a
    category, a negated class: too many to name)."""
    if len(members) > 8 or any(op is not _C.LITERAL for op, _ in members):
        return None
    return frozenset(chr(code).lower() for _, code in members)


def anchors(pattern: Pattern[str]) -> frozenset[str] | None:
    """Lower-cased texts of which every match of ``pattern`` contains one (None: the pattern names no such text).
    Check them against the lower-cased text, and only where :func:`~handoffs.models.word_index.folds_plainly` says
    so."""
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


class Analysis(NamedTuple):
    """What a table needs to know of one pattern, without compiling it."""

    needs: frozenset[str] | None
    """:func:`_needs`: the texts it is indexed by (None: it names none, it is always run)."""
    requires: tuple[frozenset[str], ...]
    """:func:`requirements`: every condition a match meets (``needs`` among them)."""
    min_width: int
    """The fewest characters a match spans (0: it can match the empty string)."""


def key(source: str, flags: int = 0) -> str:
    """How the derived file names a pattern: its flags (``re.UNICODE`` left out: a text pattern has it anyway), then
    its source as the caller gave it."""
    return f"{int(flags) & ~int(re.UNICODE)}:{source}"


def parse(source: str, flags: int = 0) -> Analysis:
    """The :class:`Analysis` of ``bounded(source)`` (as the model compiles it), read from its parse now."""
    tree = _PARSE.parse(bounded(source), flags)
    return Analysis(_needs(tree), requirements(tree), tree.getwidth()[0])


ASKED: dict[str, Analysis] = {}
"""Every pattern analysed in this process, by :func:`key`: what ``derived --write`` keeps for the next ones."""


@lru_cache(maxsize=1)
def stored() -> dict[str, Any]:
    """The derived file as written (empty when it is missing or when :data:`FRESH` is ``off``)."""
    if os.environ.get(FRESH) == "off" or not DERIVED.exists():
        return {}
    return json.loads(DERIVED.read_text(encoding="utf-8"))


def analysed(source: str, flags: int = 0) -> Analysis:
    """The :class:`Analysis` of the pattern ``source`` compiled with ``flags``: from the derived file when it holds
    that pattern, else parsed now (:func:`parse`)."""
    name = key(source, flags)
    found = ASKED.get(name)
    if found is None:
        row = stored().get("patterns", {}).get(name)
        found = ASKED[name] = parse(source, flags) if row is None else from_row(row)
    return found


def from_row(row: list[Any]) -> Analysis:
    """An :class:`Analysis` as the derived file writes it (:func:`as_row`), read back."""
    needs, requires, width = row
    return Analysis(None if needs is None else frozenset(needs), tuple(map(frozenset, requires)), width)


def as_row(analysis: Analysis) -> list[Any]:
    """An :class:`Analysis` as the derived file writes it (sorted lists: the same bytes on every run)."""
    needs, requires, width = analysis
    return [None if needs is None else sorted(needs), [sorted(condition) for condition in requires], width]
