"""Reading single words: the lexicon's words in English (by stem) and Korean (by the start of a word, or inside it),
their one-letter typos, text-speak and Korean initials.

:func:`english_word` and :func:`korean_word` give the concepts one word says, with their weights (a typo of a known
word counts for less: ``thresholds.typo`` in ``data/routing.toml``); :func:`corrected` rewrites a text so phrases
match through typos ("mony back" -> "money back", "ㄱㅈ" -> "결제"). The word lists are ``data/lexicon.toml`` and
``data/words.toml``; an English word one letter from a known one is checked against an English dictionary
(pyspellchecker's, read the first time it is needed: :mod:`.english`) so a real word is never "corrected".

What this module is not: the reading of a whole message (phrases, negation, people, asides: :mod:`.meaning`).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Container

from . import english, idioms, knowledge, lexicon, patterns
from .text import en_stem, ko_stem, near_miss, tokens

_TYPO = knowledge.load("routing.toml")["thresholds"]["typo"]["value"]


def _tables() -> tuple[dict[str, list[tuple[str, float]]], dict[str, list[tuple[str, float]]]]:
    english: dict[str, dict[str, float]] = {}
    korean: dict[str, dict[str, float]] = {}
    for concept, entry in lexicon.CONCEPTS.items():
        for table, key, groups in ((english, en_stem, ((entry.strong, 1.0), (entry.weak, 0.5))),
                                   (korean, str, ((entry.ko_strong, 1.0), (entry.ko_weak, 0.5)))):
            for words, weight in groups:
                for word in words:
                    found = table.setdefault(key(word), {})
                    found[concept] = max(found.get(concept, 0.0), weight)
    return ({k: sorted(v.items()) for k, v in english.items()}, {k: sorted(v.items()) for k, v in korean.items()})


_ENGLISH, _KOREAN = _tables()
_KO_LONGEST = max(len(k) for k in _KOREAN)
_KNOWN_EN = sorted({w for e in lexicon.CONCEPTS.values() for w in (*e.strong, *e.weak) if len(w) >= 5})
# Words the phrases are made of ("money" in "money back"), so a typo inside a phrase is read too ("mony back"); read
# from the rows as written (bounding a row changes only its quantifiers, never a word).
_PHRASE_WORDS = sorted({w for source in idioms.PATTERNS for w in re.findall(r"(?<![\\?])\b[a-z]{4,}\b", source)}
                       | set(knowledge.words("words.toml", "typo_targets")))
_STRONG_KO = sorted({w for e in lexicon.CONCEPTS.values() for w in e.ko_strong if len(w) >= 2})
_TYPO_TARGETS = tuple(sorted({*_KNOWN_EN, *_PHRASE_WORDS}))  # what an unknown word may be a typo of, in the order tried
_TYPO_FIRST_LETTERS = frozenset(known[0] for known in _TYPO_TARGETS)  # a typo keeps its word's first letter
_KO_BY_MASK: dict[tuple[int, str], tuple[str, ...]] = {}
for _word in _STRONG_KO:
    for _key in [(i, _word[:i] + "*" + _word[i + 1:]) for i in range(len(_word))]:
        _KO_BY_MASK[_key] = _KO_BY_MASK.get(_key, ()) + (_word,)
_WORDS = knowledge.load("words.toml")
# Last syllables of verb forms ('꺼져', '살게', '하자'): such entries are not looked for inside other words.
_VERBAL_ENDINGS = frozenset(_WORDS["verbal_endings"]["syllables"])
# Text-speak, read as the words it stands for ("talk 2 ur supervisor", "pls", "ppl").
_TEXT_SPEAK: dict[str, str] = _WORDS["text_speak"]["means"]
_EN_IGNORED = frozenset(_WORDS["en_ignored"]["words"])


@lru_cache(maxsize=8192)  # the same words come back in message after message (callers only read the list)
def english_word(word: str) -> list[tuple[str, float]]:
    """(concept, weight) for one English word: by its stem, else as a typo of a known word (weighed less)."""
    found = _ENGLISH.get(en_stem(word))
    if found or len(word) < 4 or word in _EN_IGNORED:
        return found or []
    typo = _correction(word)  # 'chraged', 'refnud'
    return [(concept, weight * _TYPO) for concept, weight in _ENGLISH.get(en_stem(typo), [])] if typo else []


@lru_cache(maxsize=1)
def _english_words() -> Container[str]:
    """English words (pyspellchecker's), read once, the first time a word is unknown: only those near a typo target,
    the only ones asked about, from the derived file when it is current (:mod:`.english`)."""
    return english.near_targets(_TYPO_TARGETS)


@lru_cache(maxsize=8192)
def _correction(word: str) -> str | None:
    """The known word an unknown English word is a typo of, if exactly that plausible. A real English word
    ('sorted', 'served', 'contacting') is never "corrected" into a lexicon word it happens to be one letter from."""
    if len(word) < 4 or word[0] not in _TYPO_FIRST_LETTERS or word in _EN_IGNORED or en_stem(word) in _ENGLISH:
        return None  # (an order number, a code: no known word starts as it does)
    # An inflection ('service' ~ 'serviced') is another word, not a typo.
    near = next((known for known in _one_edit_from(word) if known[0] == word[0] and known != word
                 and not known.startswith(word) and not word.startswith(known) and near_miss(word, known)), None)
    # Only a word one letter from a known one needs the dictionary (loaded then, once): most words never do.
    return near if near is not None and word not in _english_words() else None


def _deletions(word: str) -> set[str]:
    """``word`` and ``word`` with one letter deleted: two words share one of these keys whenever one insertion,
    deletion, substitution or swap of neighbours turns one into the other (``text.near_miss``'s typos)."""
    return {word, *(word[:i] + word[i + 1:] for i in range(len(word)))}


@lru_cache(maxsize=1)
def _by_deletion() -> dict[str, tuple[int, ...]]:
    """Each typo target (its place in :data:`_TYPO_TARGETS`) under each of its :func:`_deletions`: built the first
    time a word is unknown (a few milliseconds, never at import). Built as tuples from the start: 16,000 lists alive
    while it is built would be promoted by the garbage collector, bringing a full collection nearer."""
    index: dict[str, tuple[int, ...]] = {}
    for place, known in enumerate(_TYPO_TARGETS):
        for key in _deletions(known):
            index[key] = index.get(key, ()) + (place,)
    return index


def _one_edit_from(word: str) -> list[str]:
    """The typo targets that may be one edit from ``word``, in :data:`_TYPO_TARGETS`'s order: looked up by shared
    deletions (a superset of the words one edit away, which ``near_miss`` then checks), not by trying every target."""
    index = _by_deletion()
    places = {place for key in _deletions(word) for place in index.get(key, ())}
    return [_TYPO_TARGETS[place] for place in sorted(places)]


_KO_INITIALS: dict[str, str] = _WORDS["ko_initials"]["means"]
_INITIALS = patterns.Later(r"(?<![ㄱ-ㅣ])[ㄱ-ㅎ]{2,3}(?![ㄱ-ㅣ])")  # compiled when Korean initials are first read


def corrected(text: str) -> str:
    """``text`` with English typos of known words replaced, so phrases match ('mony back' -> 'money back'), and
    Korean initials written for a word spelt out ('ㄱㅈ 두번됨' -> '결제 두번됨')."""
    if "ㄱ" <= max(text, default="") and any("ㄱ" <= c <= "ㅎ" for c in text):
        text = _INITIALS.sub(lambda m: _KO_INITIALS.get(m.group(), m.group()), text)
    out, last = [], 0
    found = tokens(text)
    for i, token in enumerate(found):
        fixed = None if token.korean else _TEXT_SPEAK.get(token.text) or _correction(token.text)
        if token.text in ("2", "4") and not (0 < i < len(found) - 1 and not found[i + 1].text.isdigit()
                                             and not found[i - 1].text.isdigit()):
            fixed = None  # a number, not "to"/"for"
        if fixed:
            out += [text[last:token.start], fixed]
            last = token.end
    return "".join(out) + text[last:] if out else text


@lru_cache(maxsize=8192)  # the same Korean words come back in message after message
def korean_word(word: str) -> tuple[tuple[str, float, int, int], ...]:
    """(concept, weight, start, end) for entries found in one Korean word: at its start, or inside it for 2+
    syllable entries; failing that, a one-letter typo of an entry ('결재되었어요' ~ '결제')."""
    found: list[tuple[str, float, int, int]] = []
    taken = bytearray(len(word))
    for size in range(min(_KO_LONGEST, len(word)), 0, -1):
        for start in range(0, len(word) - size + 1) if size >= 2 else (0,):
            piece = word[start:start + size]
            if start and size == 2 and (piece[-1] in _VERBAL_ENDINGS or start < 2):
                continue  # '하자' (a defect) is not inside '말하자면', '지를' not inside '해지를': short entries match
                          # inside a word only after a whole word of their own ('이중결제', '카카오페이')
            if piece in _KOREAN and 1 not in taken[start:start + size]:
                taken[start:start + size] = b"\x01" * size
                found += [(concept, weight, start, start + size) for concept, weight in _KOREAN[piece]]
    if found:
        return tuple(found)
    typo = _korean_typo(ko_stem(word))
    return tuple((concept, weight * _TYPO, 0, len(word)) for concept, weight in _KOREAN[typo]) if typo else ()


def _masks(word: str) -> list[tuple[int, str]]:
    """The word with each syllable in turn hidden: the keys of words one syllable apart."""
    return [(i, word[:i] + "*" + word[i + 1:]) for i in range(len(word))]


@lru_cache(maxsize=8192)
def _korean_typo(stem: str) -> str | None:
    """The Korean entry ``stem`` is a one-syllable typo of, looked up by the syllables they share (not by trying
    every entry): Korean typos keep the word's length and change one syllable (see ``text.near_miss``)."""
    for key in _masks(stem):
        for known in _KO_BY_MASK.get(key, ()):
            if near_miss(stem, known):
                return known
    return None
