"""Korean written in Latin letters ("gyeolje ga du beon dwaesseoyo", "baesong eonje wayo?"), read as Korean words.

People without a Korean keyboard write Korean the way it sounds, mostly in the Revised Romanisation taught in
Korean schools and used on road signs. This module spells every Korean lexicon entry that way (``결제`` ->
``gyeolje``, ``배송`` -> ``baesong``, ``꺼져`` -> ``kkeojyeo``) and finds them at the start of a romanised word,
the way a Korean entry is found at the start of a Hangul word (``gyeoljega`` ~ ``결제가``).

It is only asked about a message that *looks* romanised — a word ending the way Korean sentences end (``-yo``,
``-nida``) and no Hangul — so English words are never read as Korean ones. It is not a transliterator: the
grammar of the message (negation, requests) is not read, only its content words, which is enough to route.
"""

from __future__ import annotations

from functools import lru_cache

from . import knowledge, lexicon, patterns

_SPELLING = knowledge.load("words.toml")["romanisation"]  # initial, vowel and final of each syllable
_INITIALS, _VOWELS, _FINALS = _SPELLING["initials"], _SPELLING["vowels"], _SPELLING["finals"]
_KOREAN_ENDING = knowledge.pattern("words.toml", "romanised_ending")  # "haeyo", "juseyo", "hamnida"; not "Tokyo"
_HANGUL = patterns.compile(r"[\uac00-\ud7a3]")


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


def looks_romanised(text: str) -> bool:
    """Korean in Latin letters: no Hangul, and a word that ends like a Korean sentence (``…eoyo``, ``…nida``)."""
    return not _HANGUL.search(text) and bool(_KOREAN_ENDING.search(text.lower()))


@lru_cache(maxsize=1)
def _spelled() -> tuple[tuple[str, str, float], ...]:
    """(romanised entry, concept, weight) for every Korean entry of two syllables or more, and every strong one spelt
    in three letters or more ('aep', not 'don'), longest first."""
    found = []
    for concept, entry in lexicon.CONCEPTS.items():
        for words, weight in ((entry.ko_strong, 1.0), (entry.ko_weak, 0.5)):
            found += [(romanise(word), concept, weight) for word in words
                      if len(word) >= 2 or weight == 1.0 and len(romanise(word)) >= 3]
    return tuple(sorted(set(found), key=lambda row: (-len(row[0]), row)))


@lru_cache(maxsize=4096)
def concepts_in(word: str) -> tuple[tuple[str, float], ...]:
    """The concepts of the longest Korean entry a romanised ``word`` starts with (``gyeoljega`` -> billing)."""
    best = next((spelled for spelled, _, _ in _spelled() if word.startswith(spelled)), None)
    if best is None:
        return ()
    return tuple(sorted((concept, weight) for spelled, concept, weight in _spelled() if spelled == best))
