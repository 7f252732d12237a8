"""The kit's language for what a learner reads: English (the default) or Korean (한국어).

One setting, read everywhere a learner looks — panel labels, hints, status lines, picture titles, the model's
one-line reasons::

    import handoffs
    handoffs.set_language("ko")        # or, before starting JupyterLab: export HANDOFFS_LANG=ko

It is not the language a *customer* writes in: the offline model always answers a customer in the customer's own
language. Modules keep their texts in tables of ``{"en": ..., "ko": ...}`` and read them with :func:`pick`, or
hold them in a :class:`Texts` table (``TEXT["title"]`` is the title in the current language). Every ``Texts`` is
listed in :data:`TABLES`, so one test checks that each text has both languages with the same ``{slots}``.
:func:`percent` writes a percentage as each language does; :func:`display_width`, :func:`ljust` and :func:`rjust` align plain-text tables whose cells hold Hangul (two
columns wide in a monospaced font). Standard library only: ``./kit`` imports this before ``.venv`` exists.
"""

from __future__ import annotations

import os
import unicodedata
from contextlib import contextmanager
from typing import Any, Iterator, Mapping

LANGUAGES = ("en", "ko")
VARIABLE = "HANDOFFS_LANG"
_chosen: str | None = None


def set_language(language: str) -> None:
    """Show the kit in ``language`` ("en" or "ko") from now on, in this process and the processes it starts
    (``HANDOFFS_LANG`` is set too)."""
    global _chosen
    normalised = str(language).strip().lower()
    if normalised not in LANGUAGES:
        raise ValueError(f"Unknown language {language!r}: choose one of {', '.join(LANGUAGES)} (English or Korean).")
    _chosen = normalised
    os.environ[VARIABLE] = normalised  # a process started from here (`!python -m ...`, a gRPC worker) speaks it too


def language() -> str:
    """The language chosen with :func:`set_language`, else ``HANDOFFS_LANG``, else English. (Read on every call, so a
    change of either is seen at once.)"""
    if _chosen is not None:
        return _chosen
    from_environment = _from_environment()
    if not from_environment:  # unset (the usual case): English
        return "en"
    from_environment = from_environment.strip().lower()
    return from_environment if from_environment in LANGUAGES else "en"


def _from_environment() -> str:
    """``os.environ.get(VARIABLE, "")`` without its raised and caught ``KeyError`` when the variable is unset (the
    usual case, and the model's reasons ask the language several times a decision): the mapping's own store is read
    when it has one (CPython's ``os.environ``), else ``get``."""
    environ = os.environ
    if type(environ) is not os._Environ:  # replaced by a plain mapping (a test's patch)
        return environ.get(VARIABLE, "")
    raw = environ._data.get(_KEY if _KEY is not None else environ.encodekey(VARIABLE))
    return "" if raw is None else environ.decodevalue(raw)


_KEY = os.environ.encodekey(VARIABLE) if type(os.environ) is os._Environ else None  # as os.environ stores the name


@contextmanager
def using_language(language_: str) -> Iterator[None]:
    """Show the kit in ``language_`` inside a ``with`` block, then go back to what was chosen before (a deck built
    in Korean draws its pictures in Korean without changing the caller's setting)."""
    global _chosen
    before, before_variable = _chosen, os.environ.get(VARIABLE)
    set_language(language_)
    try:
        yield
    finally:
        _chosen = before
        if before_variable is None:
            os.environ.pop(VARIABLE, None)
        else:
            os.environ[VARIABLE] = before_variable


def pick(texts: Mapping[str, str], language_: str | None = None) -> str:
    """The text for the current language (or ``language_``), falling back to English."""
    return texts.get(language_ or language(), texts["en"])


TABLES: list["Texts"] = []


class Texts(Mapping[str, Any]):
    """One module's texts, ``{key: {"en": ..., "ko": ...}}``: ``texts[key]`` is the text in the kit's language.

    The language is read at each lookup, so a text built after ``set_language("ko")`` is Korean even though the
    table was made when the module was imported. ``texts.table`` holds both languages (tests read it).
    """

    def __init__(self, table: Mapping[str, Mapping[str, Any]]) -> None:
        from handoffs.particles import has_placeholder

        self.table = {key: {lang: (ParticleTemplate(text) if isinstance(text, str) and has_placeholder(text) else text)
                            for lang, text in value.items()} for key, value in table.items()}
        TABLES.append(self)

    def __getitem__(self, key: str) -> Any:
        return pick(self.table[key])

    def __iter__(self) -> Iterator[str]:
        return iter(self.table)

    def __len__(self) -> int:
        return len(self.table)


class ParticleTemplate(str):
    """A Korean text with particle placeholders (``{tool}이(가)``): its ``format`` picks each particle by the word
    that fills the slot before it (:mod:`handoffs.particles`). ``Texts`` makes one of every text that needs it."""

    def format(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        from handoffs.particles import format_ko

        return format_ko(self, *args, **kwargs)


def percent(value: float, width: int = 0, digits: int = 1) -> str:
    """``value`` (0-100) with its per cent sign as the kit's language writes it: ``97.7 %`` in English (the kit's
    style), ``97.7%`` in Korean (no space before % in Korean typography); ``width`` pads the number on the left."""
    number = f"{value:{width}.{digits}f}"
    return f"{number}%" if language() == "ko" else f"{number} %"


def display_width(text: str) -> int:
    """Columns ``text`` takes in a monospaced font: Hangul and other wide characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def ljust(text: str, width: int) -> str:
    """``text`` padded on the right to ``width`` display columns (``str.ljust`` counts characters)."""
    return text + " " * max(0, width - display_width(text))


def rjust(text: str, width: int) -> str:
    """``text`` padded on the left to ``width`` display columns."""
    return " " * max(0, width - display_width(text)) + text
