"""Regular expressions with a bounded reach, so reading a text costs time linear in its length.

Every pattern the offline model compiles goes through :func:`compile`, which rewrites each unbounded quantifier
(``*``, ``+``, ``{n,}``) into a bounded one (``{0,REACH}``, ``{1,REACH}``, ``{n,REACH}``). A match attempt then
looks at most a fixed number of characters ahead from where it starts, and a search over a text of *n*
characters costs *O(n)* however the text is made: a long digit run, Korean syllables without a space,
a word repeated a thousand times. Unbounded patterns are what made a 4 KB message cost seconds (a ``\\S*``
running to the end of the text from every position, then backtracking: quadratic or worse).

:data:`REACH` is longer than any word, and longer than the stretch any phrase of the model spans ("not about a
charge or a bug", "상담원 좀 연결해 주실 수 있나요").

Skipping what cannot match — a pattern's anchor words, the tables that use them (:class:`Anchored`,
:class:`Pruned`, :class:`FirstOf`) — is :mod:`~handoffs.models.pruning`'s; its names are importable from here too.
:func:`trie` writes a list of words as one pattern that tries each letter once per position (pruning's word finder).

What this module is not: a regex engine, or a timeout. It only rewrites and inspects pattern text; ``re`` still
matches it. ``tests/faults`` checks the cost of 4x the input against 1x.
"""

from __future__ import annotations

import re
from typing import Any, Pattern, Sequence

REACH = 60
"""The most characters one quantifier of a model pattern may consume: a repeated group, ``.`` or a negated class
(``[^.!?]*``, a clause)."""
WORD_REACH = 20
"""The most a repeated letter class may consume (``\\S*``, ``\\w+``, ``[가-힣]+``, ``\\s*``): longer than a word."""


_TOKEN = re.compile(r"(\\.?)|(\[\^?\]?(?:\\.?|[^\]\\])*\]?)|\{(\d+)(?:(,)(\d*))?\}|([()?*+.])|[^\\\[{()?*+.]+|\{",
                    re.DOTALL)
"""One token of a pattern for :func:`bounded`: an escape, a character class (to its first unescaped ``]``), a counted
quantifier ``{n}``, ``{n,}`` or ``{n,m}``, one of ``()?*+.``, or a run of other characters (a lone ``{`` among them)."""


def bounded(source: str, reach: int = REACH, word_reach: int = WORD_REACH) -> str:
    """``source`` with every unbounded quantifier bounded (escapes and character classes untouched). A quantifier's
    reach depends on what it repeats: :data:`REACH` for what may span words (``.``, a group, a negated class without
    an escape), :data:`WORD_REACH` for one letter or a class of letters. One pass over the pattern's tokens."""
    out: list[str] = []
    after_quantifier = False  # the previous token was a quantifier: a following '+' makes it possessive
    wide = True  # the last atom may span words ('.', a negated class, a group), else it is one letter
    opened = False  # the previous token was a '(' (a following '?' starts an extension, not a quantifier)
    for match in _TOKEN.finditer(source):
        escape, klass, least, comma, most, sign = match.groups()
        token = match.group()
        if escape is not None:
            after_quantifier, wide = False, False
        elif klass is not None:
            after_quantifier, wide = False, token.startswith("[^") and "\\" not in token
        elif least is not None:
            if comma and not most:
                token = f"{{{least},{reach if wide else word_reach}}}"
            after_quantifier = True
        elif sign in ("*", "+") and not after_quantifier:
            limit = reach if wide else word_reach
            token, after_quantifier = (f"{{0,{limit}}}" if sign == "*" else f"{{1,{limit}}}"), True
        elif sign == "?":
            after_quantifier = not opened
        elif sign in ("*", "+"):
            after_quantifier = True
        else:  # '(', ')', '.', or a run of letters and other signs
            after_quantifier, wide = False, token[-1] in ".)"
        opened = sign == "("
        out.append(token)
    return "".join(out)


def compile(source: str, flags: int = 0) -> Pattern[str]:  # noqa: A001 - the re.compile of the model
    """``re.compile(bounded(source), flags)``: see the module docstring."""
    return re.compile(bounded(source), flags)


_METHODS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split", "scanner", "pattern", "flags",
            "groups", "groupindex")
"""What a compiled pattern answers: a :class:`Later` keeps each on itself once compiled."""


class Later:
    """A pattern compiled when first used: ``compile_with(source, flags)`` (:func:`compile`) at the first attribute
    asked of it (``search``, ``pattern``, ``compiled``...), then the compiled pattern's own methods, kept on this
    object (the next call looks up no more than a pattern's would). For a module's patterns that many messages never
    need (a Korean-only cue, a person asked for): compiled at import, they cost every fresh process (a notebook's
    kernel before its first reply) ~1-12 M instructions each, a class of Hangul ``[가-힣]`` the most. The same matches
    as the compiled pattern; not a ``re.Pattern`` (``compiled`` is one), so code that walks a module's patterns
    asks for both."""

    def __init__(self, source: str, flags: int = 0, compile_with: "Any" = None):
        self._later = (source, flags, compile_with)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name == "_later":
            raise AttributeError(name)
        source, flags, compile_with = self._later
        found = (compile_with or compile)(source, flags)
        self.__dict__.update({attribute: getattr(found, attribute) for attribute in _METHODS}, compiled=found)
        return found if name == "compiled" else getattr(found, name)

    def __repr__(self) -> str:
        return f"Later({self._later[0]!r}, {self._later[1]!r})"


_PARSE = re._parser  # type: ignore[attr-defined]  # the stdlib's own parser
_C = re._constants  # type: ignore[attr-defined]


def min_width(source: str, flags: int = 0) -> int:
    """The fewest characters a match of the pattern ``source`` can span (0: it can match the empty string)."""
    return _PARSE.parse(bounded(source), flags).getwidth()[0]


_STRUCTURE = re.compile(r"\\.?|\[(?:\\.?|[^\]\\])*\]?|[()|]", re.DOTALL)
"""What :func:`alternatives` looks at: an escape, a character class (skipped whole), a parenthesis or a bar."""


def _nested(depth: int) -> str:
    """A group holding groups ``depth`` deep at most, its escapes and classes skipped whole as :data:`_STRUCTURE` does."""
    token = r"\\.?|\[(?:\\.?|[^\]\\])*+\]?|[^\\\[()|]"
    group = r"\((?:%s|\|)*+\)" % token
    for _ in range(depth - 1):
        group = r"\((?:%s|\||%s)*+\)" % (token, group)
    return r"(?:%s|%s)*+" % (token, group)


_ALTERNATIVE = re.compile(_nested(8), re.DOTALL)
"""One top-level alternative (groups up to eight deep): matched in C, where the walk of :func:`_split` steps once per
escape, class, parenthesis and bar in Python (the model's patterns go five deep)."""


def alternatives(pattern: str) -> list[str]:
    """``pattern`` split at its top-level ``|`` (not inside a group or a character class)."""
    parts, at, end = [], 0, len(pattern)
    while True:
        stop = _ALTERNATIVE.match(pattern, at).end()
        parts.append(pattern[at:stop])
        if stop == end:
            return parts
        if pattern[stop] != "|":
            return _split(pattern)  # deeper than eight, or a parenthesis left open or closed twice: the walk
        at = stop + 1


def _split(pattern: str) -> list[str]:
    """:func:`alternatives` by walking the pattern's structure one token at a time."""
    parts, depth, start = [], 0, 0
    for match in _STRUCTURE.finditer(pattern):
        char = match.group()
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "|" and depth == 0:
            parts.append(pattern[start:match.start()])
            start = match.end()
    return parts + [pattern[start:]]


# What a pattern needs, and tables run as only what may match (:mod:`~handoffs.models.pruning`): importable from
# here, as before the split; looked up when first asked, so either module may be imported first.
_PRUNING_NAMES = frozenset({"Anchored", "FirstOf", "Pruned", "analysed_table", "anchor_words_in", "anchors",
                            "folds_plainly", "requirements", "_needs", "_register"})


def __getattr__(name: str) -> object:
    if name in _PRUNING_NAMES:
        from . import pruning

        return getattr(pruning, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def trie(words: Sequence[str]) -> str:
    """A regular expression matching, at a position, the longest of ``words`` that starts there (a trie: each letter
    tried once per position, whatever the number of words)."""
    root: dict[str, Any] = {}
    for word in words:
        node = root
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}

    def branch(node: dict[str, Any]) -> str:
        alts = [re.escape(char) + branch(child) for char, child in sorted(node.items()) if char]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        return f"(?:{body})?" if "" in node else body  # greedy: the longer word first, the shorter if it fails

    return branch(root) or "(?!)"
