"""Korean written in Latin letters ("gyeolje ga du beon dwaesseoyo", "maenijeo bakkwo juseyo"), read as Korean.

People without a Korean keyboard write Korean the way it sounds, mostly in the Revised Romanisation taught in
Korean schools and used on road signs (``결제`` -> ``gyeolje``, ``꺼져`` -> ``kkeojyeo``). This module writes such
a message back in Hangul, word by word (:func:`hangulised`), so the whole Korean reading applies to it: the
lexicon with its particles, the phrases ("사고 싶어요", "얼마예요"), a person asked for ("상담원 연결해 주세요"),
negation ("안 돼요"). Where the romanisation is ambiguous (a consonant between two vowels closes one syllable or
opens the next: "saram" is 사람, "sipeoyo" is 싶어요; assimilation: "gwallija" is 관리자) every parse is tried
and the one the model's own Korean vocabulary covers best wins. Spans read in Hangul map back to the customer's
Latin words (:func:`latin_span`), so a reason quotes what they wrote.

It is only asked about a message that *looks* romanised — a word ending the way Korean sentences end (``-yo``,
``-nida``, a plain ``haejwo``, ``sipeo``) and no Hangul — so English words are never read as Korean ones; the
lexicon's English words in such a message stay English ("app", "update"). It is not a full transliterator:
sound changes across syllables are undone only where the vocabulary recognises the result.
"""

from __future__ import annotations

import re
from functools import lru_cache

from . import knowledge, lexicon, patterns, pruning
from .memo import TEXTS_KEPT
from .text import en_stem

_SPELLING = knowledge.load("words.toml")["romanisation"]  # initial, vowel and final of each syllable
_INITIALS, _VOWELS, _FINALS = _SPELLING["initials"], _SPELLING["vowels"], _SPELLING["finals"]
_KOREAN_ENDING = knowledge.pattern("words.toml", "romanised_ending")  # "haeyo", "juseyo", "hamnida"; not "Tokyo"
_HANGUL = patterns.compile(r"[\uac00-\ud7a3]")
_ENDING_WORDS = tuple(sorted(pruning.anchors(_KOREAN_ENDING) or ()))
"""The endings one of which a romanised sentence holds ("yo", "nida", "jwo", "sipeo"…; read from the pattern):
a text with none of them is not searched (the pattern's ``[a-z]+`` before an ending costs a try per letter)."""
_ANY_ENDING = patterns.Later("|".join(map(re.escape, _ENDING_WORDS)), 0, re.compile) if _ENDING_WORDS else None
"""Whether a text holds one of :data:`_ENDING_WORDS`: one search in C, not a test per ending (for a text whose anchor
words the index cannot tell, see :data:`_ENDINGS`)."""
_ENDINGS = pruning.Anchored([], needs=[frozenset(_ENDING_WORDS)]) if _ENDING_WORDS else None
"""The endings as words of the model's anchor index: ``indices(text) == []`` when a text holds none of them, read off
the words found in the message once for every table (no search of its own)."""


def romanise(hangul: str) -> str:
    """``hangul`` in Revised Romanisation, syllable by syllable (no sound changes across syllables)."""
    out = []
    for char in hangul:
        code = ord(char) - 0xAC00
        if not 0 <= code < 11172:
            out.append(char)
            continue
        initial = _INITIALS[code // 588]
        out.append(("" if initial == "_" else initial) + _VOWELS[(code % 588) // 28] + _FINALS[code % 28])
    return "".join(out)


@lru_cache(maxsize=TEXTS_KEPT)  # asked of the same message by the reading, the language and the person asked for
def looks_romanised(text: str) -> bool:
    """Korean in Latin letters: no Hangul, and a word that ends like a Korean sentence (``…eoyo``, ``…nida``)."""
    lowered = text.lower()
    held = _ENDINGS.indices(text) if _ENDINGS is not None else None
    if held == [] or held is None and _ANY_ENDING is not None and not _ANY_ENDING.search(lowered):
        return False  # most English messages: no Korean sentence ending at all
    return not _HANGUL.search(text) and bool(_KOREAN_ENDING.search(lowered))


# Decoding: a romanised word back into Hangul, so the whole Korean reading (lexicon, phrases, a person asked for,
# negation) reads it. Revised Romanisation is ambiguous where a consonant stands between two vowels: "saram" is
# 사람 (sa-ram) but "sipeoyo" is 싶어요 (sip-eo-yo), and a final "p" may be ㅂ or ㅍ. Every parse is tried and the
# one whose syllables the model's own Korean vocabulary covers best wins (ties: the consonant opens the next syllable).
_INITIAL_OF = {"g": 0, "kk": 1, "n": 2, "d": 3, "tt": 4, "r": 5, "l": 5, "m": 6, "b": 7, "pp": 8, "s": 9, "ss": 10,
               "": 11, "j": 12, "jj": 13, "ch": 14, "k": 15, "t": 16, "p": 17, "h": 18}
_VOWEL_OF = {vowel: i for i, vowel in enumerate(_VOWELS)}
_FINALS_OF = {"": (0,), "k": (1, 24), "g": (1,), "kk": (2,), "n": (4,), "t": (19, 7, 25), "d": (7,), "l": (8, 4),
              "m": (16, 17), "p": (17, 26), "b": (17,), "ps": (18,), "s": (19,), "ss": (20,), "ng": (21, 1), "j": (22,),
              "ch": (23,), "lk": (9,), "lm": (10,), "nh": (6,), "lh": (15,)}
_INITIALS_LONGEST, _VOWELS_LONGEST, _FINALS_LONGEST = (sorted(table, key=len, reverse=True)
                                                       for table in (_INITIAL_OF, _VOWEL_OF, _FINALS_OF))
_SILENT, _SILENT_H = _INITIAL_OF[""], {0: 27, 4: 6, 8: 15}  # before a vowel, ㅎ is not heard: ㅎ, ㄶ, ㅀ
_MAX_PARSES = 48  # a word of twenty letters has few parses; the cap keeps a long one cheap
_LATIN_WORD = patterns.Later(r"[a-z]+")


def _parses(word: str) -> list[list[tuple[int, int, tuple[int, ...]]]]:
    """Every way ``word`` splits into syllables (initial, vowel, possible finals), up to :data:`_MAX_PARSES`."""
    memo: dict[int, list[list[tuple[int, int, tuple[int, ...]]]]] = {len(word): [[]]}

    def from_(i: int) -> list[list[tuple[int, int, tuple[int, ...]]]]:
        if i in memo:
            return memo[i]
        found: list[list[tuple[int, int, tuple[int, ...]]]] = []
        for initial in _INITIALS_LONGEST:
            if not word.startswith(initial, i):
                continue
            j = i + len(initial)
            for vowel in _VOWELS_LONGEST:
                if not word.startswith(vowel, j):
                    continue
                k = j + len(vowel)
                for final in _FINALS_LONGEST[::-1]:  # "" first: the consonant opens the next syllable first
                    if final and not word.startswith(final, k):
                        continue
                    for rest in from_(k + len(final)):
                        found.append([(_INITIAL_OF[initial], _VOWEL_OF[vowel], _FINALS_OF[final]), *rest])
                        if len(found) >= _MAX_PARSES:
                            memo[i] = found
                            return found
        memo[i] = found
        return found

    return from_(0)


def pieces() -> list[dict]:
    """``data/romanised.toml``: common verb forms written with liaison ("sipeoyo" -> 싶어요), with their spellings."""
    return knowledge.load("romanised.toml")["piece"]


@lru_cache(maxsize=1)
def _known() -> frozenset[str]:
    """Korean words and pieces the model reads (lexicon entries; the Hangul in its phrase and cue patterns; the
    verb forms of ``data/romanised.toml``)."""
    from . import cues, idioms, negation

    found = {w for entry in lexicon.CONCEPTS.values() for w in (*entry.ko_strong, *entry.ko_weak)}
    found.update(row["hangul"] for row in pieces())
    sources = list(idioms.SOURCES)
    sources += [v.pattern for module in (cues, negation) for v in vars(module).values() if _is_pattern(v)]
    sources += [p.pattern for module in (cues,) for v in vars(module).values() if isinstance(v, tuple)
                for p in v if _is_pattern(p)]
    for source in sources:
        found.update(_HANGUL_RUN.findall(source))
    return frozenset(w for w in found if len(w) >= 2)


_HANGUL_RUN = patterns.Later(r"[\uac00-\ud7a3]{2,}")


def _is_pattern(value: object) -> bool:
    """A module's compiled pattern, or one compiled when first used (:class:`patterns.Later`: asked here, compiled)."""
    return isinstance(value, (re.Pattern, patterns.Later))


def _covered(hangul: str) -> int:
    """How many syllables of ``hangul`` lie inside a piece the model knows."""
    known, marks = _known(), [False] * len(hangul)
    for i in range(len(hangul)):
        for length in range(min(len(hangul) - i, 6), 1, -1):
            if hangul[i:i + length] in known:
                marks[i:i + length] = [True] * length
                break
    return sum(marks)


@lru_cache(maxsize=4096)
def decode(word: str) -> str | None:
    """The Hangul a romanised ``word`` most likely spells ("sipeoyo" -> "싶어요", "yeongyeol" -> "연결"), or None
    when it is no Korean syllables at all ("app")."""
    best: tuple[int, int, str] | None = None
    for order, parse in enumerate(_parses(word)):
        choices = [""]
        for n, (initial, vowel, finals) in enumerate(parse):
            if n + 1 < len(parse) and parse[n + 1][0] == _SILENT:  # 좋아 "joa", 않아 "ana": an unwritten ㅎ
                finals = finals + tuple(_SILENT_H[f] for f in finals if f in _SILENT_H)
            choices = [c + chr(0xAC00 + (initial * 21 + vowel) * 28 + f) for c in choices for f in finals][:_MAX_PARSES]
        for hangul in choices:
            if best is None or (_covered(hangul), -order) > best[:2]:
                best = (_covered(hangul), -order, hangul)
    return best[2] if best else None


@lru_cache(maxsize=1)
def _english() -> frozenset[str]:
    """English words of the lexicon: in a romanised message they stay English ("app", "update", "refund")."""
    return frozenset(en_stem(w) for entry in lexicon.CONCEPTS.values() for w in (*entry.strong, *entry.weak)
                     if w.isascii() and " " not in w)


Spans = tuple[tuple[int, int, int, int], ...]


@lru_cache(maxsize=1024)
def hangulised(text: str) -> tuple[str, Spans]:
    """The lower-cased ``text`` with each romanised Korean word written in Hangul (English words of the lexicon and
    what is no Korean kept; a hyphen between two Korean words dropped: "saram-irang" -> "사람이랑"), and for each
    stretch of the result (start, end, start, end in ``text``), so a span read in Hangul maps back."""
    out, spans, at = [], [], 0
    words = list(_LATIN_WORD.finditer(text))
    for n, match in enumerate(words):
        gap = text[at:match.start()]
        hangul = None if en_stem(match.group()) in _english() else decode(match.group())
        joined = gap == "-" and n > 0 and spans and spans[-1][4] and hangul is not None
        if gap and not joined:
            spans.append((sum(map(len, out)), sum(map(len, out)) + len(gap), at, match.start(), False))
            out.append(gap)
        piece = hangul if hangul is not None else match.group()
        written = sum(map(len, out))
        spans.append((written, written + len(piece), match.start(), match.end(), hangul is not None))
        out.append(piece)
        at = match.end()
    if at < len(text):
        spans.append((sum(map(len, out)), sum(map(len, out)) + len(text) - at, at, len(text), False))
        out.append(text[at:])
    return "".join(out), tuple(span[:4] for span in spans)


def latin_span(spans: Spans, start: int, end: int) -> tuple[int, int]:
    """Where the Hangul stretch (start, end) of :func:`hangulised` lies in the romanised text: the words it touches."""
    touched = [(a, b) for s, e, a, b in spans if s < end and start < e] or [(0, 0)]
    return touched[0][0], touched[-1][1]
