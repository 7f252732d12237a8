"""A learned reading of a message: which concept its character n-grams point to, for words the lexicon lacks.

The lexicon (``data/lexicon.toml``) knows words; people write words it has never seen ("스케이트 바퀴가 하루만에
빠졌어요", "the strap snapped"). This module scores a message against weights *learned* from labelled messages
(``data/learned.tsv``, built by ``python -m handoffs.models.train`` from the eval's fitted sets only): character
n-grams of 2-4 letters inside each word, so Korean is read without depending on spacing or particles ("바퀴가" and
"바퀴는" share "바퀴"). A multinomial naive Bayes over concepts (billing, technical, repairs, sales, human,
escalate, shipping, general, and ``none`` for messages that ask for nothing).

It does not route: it says which *concept* the words point to, and routing matches that concept to the offered
tools' names and descriptions as it does for lexicon words, so a learner's new tool is still understood. The core
asks it only when the lexicon finds nothing to route on. Deterministic (a fixed file, sums in a fixed order), linear
in the text (each word gives at most 3·len n-grams; words over 20 letters are cut).
"""

from __future__ import annotations

import math
import sys
from functools import lru_cache, reduce
from itertools import chain
from operator import add
from pathlib import Path

from .text import tokens

DATA = Path(__file__).with_name("data") / "learned.tsv"
SIZES = (2, 3, 4)
LONGEST_WORD = 20


def features(text: str) -> list[str]:
    """The character n-grams of every word of ``text`` (lower case), the word padded with spaces at both ends."""
    found: list[str] = []
    for token in tokens(text):
        word = f" {token.text[:LONGEST_WORD]} "
        for size in SIZES:
            found += [word[i:i + size] for i in range(len(word) - size + 1)]
    return found


@lru_cache(maxsize=1)
def _weights() -> tuple[tuple[str, ...], tuple[float, ...], dict[str, tuple[float, ...]]]:
    """(concepts, prior log-probabilities, {n-gram: log-probability per concept}) from ``data/learned.tsv``."""
    if not DATA.exists():
        return (), (), {}
    lines = [line.split("\t") for line in DATA.read_text(encoding="utf-8").splitlines() if line and line[0] != "#"]
    concepts = tuple(lines[0][1:])
    prior = tuple(float(v) for v in lines[1][1:])
    table = {row[0]: tuple(float(v) for v in row[1:]) for row in lines[2:]}
    return concepts, prior, table


def _left_fold(column: tuple[float, ...]) -> float:
    return reduce(add, column, 0.0)


_in_order = (lambda column: sum(column, 0.0)) if sys.version_info < (3, 12) else _left_fold
"""A column's sum from 0.0, added in order: Python 3.11's ``sum`` of floats does exactly that (in C, three times faster
than ``reduce``); from 3.12 ``sum`` compensates rounding, which would change the scores, so ``reduce`` it is there."""


@lru_cache(maxsize=4096)
def _known_grams(word: str) -> tuple[str, ...]:
    """The n-grams of one word (as :func:`features` lists them) that the weights know, in order: a message's known
    n-grams are its words' in turn, so a word met before costs one look-up."""
    table = _weights()[2]
    padded = f" {word[:LONGEST_WORD]} "
    return tuple(gram for size in SIZES for i in range(len(padded) - size + 1)
                 if (gram := padded[i:i + size]) in table)


@lru_cache(maxsize=1)
def _telling() -> tuple[tuple[dict[str, int], tuple[str, ...]], ...]:
    """Per concept, the n-grams in order of how much they say it: sorted by how far the concept's weight falls short
    of the n-gram's best one (0.0 where the concept is the n-gram's best), then by the n-gram; as ({n-gram: its
    place}, the n-grams by place), so a message's most telling n-grams are found by sorting small integers."""
    concepts, _, table = _weights()
    orders = []
    for i in range(len(concepts)):
        ranked = tuple(gram for _, gram in sorted((-(row[i] - max(row)), gram) for gram, row in table.items()))
        orders.append(({gram: place for place, gram in enumerate(ranked)}, ranked))
    return tuple(orders)


@lru_cache(maxsize=4096)
def _word_columns(word: str) -> tuple[tuple[float, ...], ...]:
    """Per concept, the weights of one word's known n-grams in their order: a message's column is its words' in turn
    (summed across words in that same order, so each score is the same left fold, bit for bit)."""
    concepts, _, table = _weights()
    return tuple(zip(*map(table.__getitem__, _known_grams(word)))) or ((),) * len(concepts)


@lru_cache(maxsize=8192)
def _word_places(word: str, concept: int) -> tuple[int, ...]:
    """The three best places (:func:`_telling`) of one word's known n-grams for one concept: a message's three best
    are among its words' three best."""
    place = _telling()[concept][0]
    return tuple(sorted(set(map(place.__getitem__, _known_grams(word))))[:3])


@lru_cache(maxsize=2048)
def guess(text: str) -> tuple[str, float, tuple[str, ...]]:
    """(the concept the message's n-grams point to, its probability, the n-grams that said it most)."""
    concepts, prior, table = _weights()
    if not concepts:
        return "none", 0.0, ()
    words = [token.text for token in tokens(text)]
    columns = [_word_columns(word) for word in words]
    # Each concept's column (its n-grams' weights, word after word, as features() lists them) summed from 0.0 in
    # n-gram order, one rounding per addition
    scores = [_in_order(chain.from_iterable([column[i] for column in columns])) for i in range(len(prior))]
    # Each letter position gives an n-gram of every size, and they say the same thing: count them once.
    scores = [p + s / len(SIZES) for p, s in zip(prior, scores)]
    top = max(scores)
    total = sum(math.exp(s - top) for s in scores)
    best = max(range(len(scores)), key=lambda i: (scores[i], -i))
    ranked = _telling()[best][1]
    evidence = [ranked[i] for i in sorted(set(chain.from_iterable([_word_places(word, best) for word in words])))[:3]]
    return concepts[best], math.exp(scores[best] - top) / total, tuple(evidence)
