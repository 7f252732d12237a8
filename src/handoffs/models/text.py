"""Raw text as the offline model sees it, the same way in English and Korean: language, words, stems, near-misses.

* :func:`language_of` — ``"ko"`` when a text is (mostly) Hangul, ``"en"`` when it has Latin letters, else ``None``.
* :func:`tokens` — the words of a text with their positions: Latin words (lower case, ``resolve_billing`` split
  at the underscore) and Hangul word-chunks (*eojeol*, e.g. ``결제되었습니다``); ``login이`` gives ``login`` and
  ``이``, so mixed messages work.
* :func:`en_stem` — a light English suffix stripper (``charged`` -> ``charg``).
* :func:`ko_stem` — a Korean word with its particles and verb endings stripped (``결제되었습니다`` -> ``결제``,
  ``로그인할`` -> ``로그인``). Korean attaches them to the word; a rule list of the common ones is enough to find
  the content word, which is all the model needs (the eval set in ``handoffs.evals`` measures it).
* :func:`near_miss` — whether a word is one typo away from another (Korean compared letter by letter, *jamo*).
* :func:`shorten` — cut a text at a word boundary, with "…".

Everything is a pure function of its arguments, so the model stays deterministic. It knows no meanings: which
words mean *billing* is :mod:`handoffs.models.lexicon`'s business.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from . import knowledge, patterns
from .memo import TEXTS_KEPT

_HANGUL = patterns.compile(r"[\uac00-\ud7a3]")
_TOKEN = patterns.compile(r"[a-z0-9]+(?:'[a-z]+)?|[\uac00-\ud7a3]+")


class Token(NamedTuple):
    """One word of a text: its surface form (lower case), where it starts and ends, and its script. (A named tuple:
    a message of a hundred words makes a hundred of these, and a tuple is built several times faster than a frozen
    dataclass.)"""

    text: str
    start: int
    end: int
    korean: bool


@lru_cache(maxsize=TEXTS_KEPT)  # asked of the same message by the reading, the turn and the reply
def language_of(text: str) -> str | None:
    """``"ko"`` or ``"en"``: the language most of the words are in (Korean when a Korean sentence ending such as
    ``-요``/``-다`` shows the writer writes Korean: ``앱이 crash 나요``; Korean for a text of lone Korean letters,
    ``ㅎㅇ``), ``None`` for a text with no words (emoji, punctuation)."""
    found = tokens(text)
    korean = sum(t.korean for t in found) if not text.isascii() else 0  # (an ASCII text has no Hangul word)
    if not korean:
        if any(not t.text.isdigit() for t in found):
            return "en"
    else:
        latin = sum(1 for t in found if not t.korean and not t.text.isdigit())
        if korean >= latin or _KO_PREDICATE.search(text):
            return "ko"
        if latin:
            return "en"
    if _JAMO.search(text):
        return "ko"  # "ㅎㅇ", "ㅠㅠ", "ㄱㅅ": Korean letters typed on their own
    return None


_JAMO = patterns.Later(r"[\u3131-\u318e]", 0, re.compile)  # compiled when a text without Latin letters asks
_KO_PREDICATE = knowledge.later("words.toml", "ko_predicate")


@lru_cache(maxsize=TEXTS_KEPT)  # one message is asked by the reading, its language, its typos and the cues
def tokens(text: str) -> tuple[Token, ...]:
    """The words of ``text``, in order, lower-cased (underscores and hyphens separate words)."""
    return _tokens(text.lower().replace("_", " ").replace("’", "'"))


@lru_cache(maxsize=TEXTS_KEPT)
def _tokens(lowered: str) -> tuple[Token, ...]:
    """:func:`tokens` of the lower-cased text, cached by it: a message and its lower-cased copy are read once."""
    # The token pattern's two alternatives start with an ASCII letter or digit, or with a Hangul syllable. Built with
    # tuple.__new__ (the same Token a call of Token(...) makes, without its Python-level __new__: ~40 % of the time).
    found = []
    for m in _TOKEN.finditer(lowered):
        word = m.group()
        start, end = m.span()
        found.append(_new_tuple(Token, (word, start, end, word[0] >= "\uac00")))
    return tuple(found)


_new_tuple = tuple.__new__


def words(text: str) -> list[str]:
    """The words of ``text`` as strings (see :func:`tokens`)."""
    return [t.text for t in tokens(text)]


@lru_cache(maxsize=8192)
def en_stem(word: str) -> str:
    """'charged', 'charges', 'charging' -> 'charg'; keeps at least 3 letters."""
    word = word.lower().removesuffix("'s")
    for suffix in ("ing", "ies", "ed", "es", "e", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
            return word[: -len(suffix)] + ("y" if suffix == "ies" else "")
    return word


# Korean endings, longest first: particles (이/가/을/를/은/는/에서/으로/까지/이랑/하고 ...), copulas (이에요/입니다) and
# the verb endings that follow a noun + 하다/되다 (결제+되었습니다, 로그인+할 때, 환불+받고 싶어요): data/words.toml.
_KO_ENDINGS = tuple(sorted(knowledge.words("words.toml", "ko_endings"), key=len, reverse=True))
_KO_COMMON_PARTICLES = frozenset(knowledge.load("words.toml")["ko_endings"]["common_particles"])


@lru_cache(maxsize=2048)  # one entry per last letter of a Korean word
def _endings_ending_in(last: str) -> tuple[str, ...]:
    """The endings, longest first, that a word ending in ``last`` may end with (only those can be stripped)."""
    return tuple(ending for ending in _KO_ENDINGS if ending[-1:] in ("", last))


@lru_cache(maxsize=8192)
def ko_stem(word: str) -> str:
    """The content part of a Korean word: particles and common endings stripped, at least one syllable kept."""
    stem = word
    for _ in range(3):  # 결제가요 -> 결제가 -> 결제: endings stack up
        for ending in _endings_ending_in(stem[-1:]):
            # A one-syllable ending other than the commonest particles needs two syllables left ('문의' stays).
            keep = 1 if len(ending) > 1 or ending in _KO_COMMON_PARTICLES else 2
            if stem.endswith(ending) and len(stem) - len(ending) >= keep:
                stem = stem[: -len(ending)]
                break
        else:
            break
    return stem


def _jamo(text: str) -> str:
    """Hangul syllables spelt out letter by letter (결 -> ㄱㅕㄹ as code points), other characters kept."""
    out = []
    for char in text:
        code = ord(char) - 0xAC00
        if 0 <= code < 11172:
            out += [chr(0x1100 + code // 588), chr(0x1161 + (code % 588) // 28)]
            if code % 28:
                out.append(chr(0x11A7 + code % 28))
        else:
            out.append(char)
    return "".join(out)


def _within_one_edit(a: str, b: str) -> bool:
    """One insertion, deletion, substitution or swap of neighbours turns ``a`` into ``b``."""
    if a == b:
        return True
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    i = next((k for k in range(len(a)) if a[k] != b[k]), len(a))
    if len(a) == len(b):
        return a[i + 1:] == b[i + 1:] or (a[i + 2:] == b[i + 2:] and a[i:i + 2] == b[i:i + 2][::-1])
    return a[i:] == b[i + 1:]


# Korean vowels people mix up when typing (ㅐ/ㅔ, ㅒ/ㅖ, ㅙ/ㅚ/ㅞ, ㅢ/ㅣ), as the jamo code points syllables spell out.
_CONFUSABLE_VOWELS = tuple({chr(ord(v) - 0x314F + 0x1161) for v in pair}
                           for pair in knowledge.load("words.toml")["confusable_vowels"]["pairs"])


@lru_cache(maxsize=16384)
def near_miss(typed: str, known: str) -> bool:
    """Is ``typed`` a plausible typo of ``known``? English: one edit in a word of 5+ letters, same first letter. Korean: in a two-syllable word only a commonly confused vowel ('결재' for '결제'); in a longer
    one, one syllable off in its vowel or final consonant ('로그잉' for '로그인', but not '사이즈' for '사이트').
    Short Korean words have too many neighbours to guess more."""
    if typed == known:
        return True
    if _HANGUL.match(known):
        if not _HANGUL.match(typed) or len(known) < 2 or len(typed) != len(known):
            return False
        differing = [(x, y) for x, y in zip(typed, known) if x != y]
        if len(differing) != 1:
            return False
        a, b = _jamo(differing[0][0]), _jamo(differing[0][1])
        if len(known) == 2:  # short words: only the vowels people really mix up ('결재' for '결제')
            return len(a) == len(b) and all(x == y or {x, y} in _CONFUSABLE_VOWELS for x, y in zip(a, b))
        # longer words: one syllable off in its vowel or final consonant ('로그잉'), never its first sound
        return a[0] == b[0] and _within_one_edit(a, b)
    if len(known) < 5 or typed[:1] != known[:1]:
        return False
    return _within_one_edit(typed, known)


class Cover:
    """Which positions of a text some spans cover, built once and asked in O(1): a message of *n* characters with
    *m* mentions and *k* spans costs O(n + m + k), where asking every span for every mention would cost O(m·k).
    ``Cover(length, spans)`` with (start, end) or (start, end, value) spans; ``cover[i]`` is the value of the
    *first* span (in the given order) covering position ``i``, or ``None``; :meth:`any` asks a whole range."""

    def __init__(self, length: int, spans: "list[tuple[int, int]] | list[tuple[int, int, object]]"):
        self.values: list[object] = [None] * (length + 1)
        self.painted = bytearray(length + 1)
        if not spans:
            return
        skip = list(range(length + 2))  # the next position at or after i that no span has painted yet

        def free(i: int) -> int:
            root = i
            while skip[root] != root:
                root = skip[root]
            while skip[i] != root:
                skip[i], i = root, skip[i]
            return root

        for span in spans:
            start, end, value = span[0], span[1], (span[2] if len(span) > 2 else True)
            i = free(max(0, start))
            while i < min(end, length + 1):
                self.values[i] = value
                self.painted[i] = 1
                skip[i] = i + 1
                i = free(i + 1)

    def __getitem__(self, position: int) -> object:
        return self.values[position] if 0 <= position < len(self.values) else None

    def any(self, start: int, end: int) -> bool:
        """Whether any position in ``[start, end)`` is covered."""
        return 1 in self.painted[max(0, start):max(start, end)]


READ_LIMIT = 1500
"""How many characters of one message the model reads (a real model has a context window too): a pasted megabyte
is answered from its beginning, quickly, instead of being scanned by every rule. Four times the longest labelled
message of the eval (336 characters); reading costs time linear in it (``patterns.py``, ``Cover``), so a 10 KB
message costs what 1,500 characters cost."""


def readable(text: str) -> str:
    """The part of ``text`` the model reads: its first :data:`READ_LIMIT` characters."""
    return text if len(text) <= READ_LIMIT else text[:READ_LIMIT]


def shorten(text: str, limit: int = 60) -> str:
    """``text`` cut at the last word boundary before ``limit`` characters, with "…" when something was cut."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[:limit]
    space = cut.rfind(" ")
    if space >= limit // 3:
        cut = cut[:space]
    return cut.rstrip(" ,;:-–—") + "…"
