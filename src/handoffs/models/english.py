"""Is a word English? pyspellchecker's English dictionary, as much of it as the typo reader ever asks about.

:mod:`.words` asks whether a word is English only of a word one edit from a typo target (a lexicon word, a word of a
phrase: ``words._TYPO_TARGETS``), before "correcting" it, so a real word is never corrected. Loading pyspellchecker's
160,000 words costs 0.17 s of CPU, paid in most notebooks' first model reply. ``data/derived/english_words.txt``
keeps only the dictionary's words that share a deletion key with a typo target (``words._deletions``: every word one
edit from a target shares one), ~14,000 words, read in a few milliseconds; for any word it is asked about, it answers
what the whole dictionary answers.

The file is derived by ``./kit derive`` (:mod:`.derived`) from the typo targets and the dictionary, and names both by
their digests. When either differs from what this process has (a data file changed without ``./kit derive``, another
pyspellchecker), the whole dictionary is loaded, as before: a stale file never changes an answer, it only costs the
time back. A word with capitals is looked up in the whole dictionary too (the reader only asks lower-case words).

What this module is not: a spelling corrector (:mod:`.words`), or a dictionary for other questions: a word near no
typo target is missing from the file whether it is English or not.
"""

from __future__ import annotations

import hashlib
import importlib.util
from functools import lru_cache
from pathlib import Path
from typing import Callable, Container, Iterable, Sequence

DERIVED = Path(__file__).with_name("data") / "derived" / "english_words.txt"
ABOUT = ("# Derived from the model's data files and pyspellchecker's English dictionary by `./kit derive` (python -m "
         "handoffs.models.derived --write): do not edit.\n# The dictionary's words that share a deletion key with a "
         "typo target of handoffs.models.words, one a line (handoffs.models.english).\n")


def dictionary_file() -> Path:
    """pyspellchecker's English word list (found without importing pyspellchecker)."""
    spec = importlib.util.find_spec("spellchecker")
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError("pyspellchecker is not installed")
    return Path(next(iter(spec.submodule_search_locations))) / "resources" / "en.json.gz"


def sources(targets: Sequence[str]) -> str:
    """The file's last header line: the digests of the typo targets and of the dictionary it was derived from."""
    joined = hashlib.sha256("\n".join(targets).encode("utf-8")).hexdigest()
    dictionary = hashlib.sha256(dictionary_file().read_bytes()).hexdigest()
    return f"# targets sha256:{joined} dictionary sha256:{dictionary}\n"


@lru_cache(maxsize=1)
def whole() -> Container[str]:
    """The whole dictionary, loaded now (pyspellchecker's ``SpellChecker``: lower-cases what it is asked)."""
    from spellchecker import SpellChecker

    return SpellChecker(language="en", distance=1)


class _Near:
    """The dictionary's words near a typo target: a lower-case word is answered from them, any other by :func:`whole`."""

    __slots__ = ("words",)

    def __init__(self, words: frozenset[str]) -> None:
        self.words = words

    def __contains__(self, word: object) -> bool:
        if isinstance(word, str) and word == word.lower():
            return word in self.words
        return word in whole()


def near_targets(targets: Sequence[str]) -> Container[str]:
    """English words, for the words :mod:`.words` asks about (one edit from one of ``targets``): the derived file's
    when it was derived from these targets and the installed dictionary, else the whole dictionary."""
    try:
        text = DERIVED.read_text(encoding="utf-8")
        header, _, body = text.partition(sources(targets))
    except OSError:  # no file, or no pyspellchecker (then whole() fails as it always did)
        return whole()
    if header != ABOUT:
        return whole()
    return _Near(frozenset(body.split()))


def build(targets: Sequence[str], deletions: Callable[[str], Iterable[str]], keys: Container[str]) -> str:
    """The file's text: the dictionary's words with a deletion key among ``keys`` (the typo targets' keys), sorted."""
    from spellchecker import SpellChecker

    dictionary = SpellChecker(language="en", distance=1).word_frequency.dictionary
    near = sorted(w for w in dictionary if any(key in keys for key in deletions(w)))
    return ABOUT + sources(targets) + "".join(f"{word}\n" for word in near)
