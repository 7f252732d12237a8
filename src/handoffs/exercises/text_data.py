"""Reads a checker's sentences from its data file (``exercises/data/<name>.toml``) into the tables checkers use.

A checker's words are knowledge, not code: they live in a TOML file a translator can read and edit, English and
Korean side by side. :func:`load` turns one file into the objects the checker imports from its ``*_text`` module:

* ``[requests]`` — what the scripted customer says, ``{key: {"en": ..., "ko": ...}}`` (the customer's language);
* ``[verified]`` and ``[pieces]`` — :class:`handoffs.i18n.Texts` tables (what a passing check prints, small phrases
  put into hints), one ``key.en`` / ``key.ko`` pair per row;
* ``[hints.<cause>]`` — one :class:`~handoffs.exercises.report.HintText` per cause with its Korean column: stages
  ``what``, ``where`` and ``code``, each written ``stage.en`` / ``stage.ko``, or ``stage = "..."`` alone when the
  text is the same in both languages (code, or a slot such as ``"{line}."``);
* ``[snippets]`` — code several hints show: a stage writes ``<<name>>`` where the snippet goes, and gets the
  snippet's text in the stage's own language (``name.en`` / ``name.ko``, or ``name = "..."`` for both);
* ``[model]`` — strings models read or say, kept as they are (no language column).

Fields in braces stay as written: checkers fill them from what really happened; in a Korean stage, a particle
after a field (``{tool}이(가)``) is chosen by the word that fills it, as in a ``Texts`` table. A stage or row
missing a language, an unknown table or stage, or a ``<<name>>`` with no snippet is an error naming file and key.

What this module is not: it holds no sentence (the data files do) and checks nothing (the checker modules do).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Mapping

from handoffs.i18n import ParticleTemplate, Texts
from handoffs.particles import has_placeholder

from .report import HintText

LANGUAGES = ("en", "ko")
STAGES = ("what", "where", "code")
TABLES = {"requests", "verified", "pieces", "hints", "snippets", "model"}
SNIPPET = re.compile(r"<<(\w+)>>")


class TextDataError(ValueError):
    """A checker's data file does not have the shape :func:`load` reads (the message names file and key)."""


@dataclass(frozen=True)
class CheckerText:
    """Every sentence of one checker: what its ``*_text`` module exports."""

    requests: dict[str, dict[str, str]]
    verified: Texts
    pieces: Texts
    hints: dict[str, HintText]
    model: dict[str, str] = field(default_factory=dict)


def load(name: str) -> CheckerText:
    """The sentences in ``exercises/data/<name>.toml`` (read from the installed package)."""
    source = f"exercises/data/{name}.toml"
    text = resources.files("handoffs.exercises").joinpath("data", f"{name}.toml").read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise TextDataError(f"{source}: {error}") from None
    return parse(data, source)


def parse(data: Mapping[str, Any], source: str) -> CheckerText:
    """The tables of one checker from ``data`` (a parsed data file); ``source`` names it in errors."""
    unknown = set(data) - TABLES
    if unknown:
        raise TextDataError(f"{source}: unknown table(s) {sorted(unknown)}; a checker's file has {sorted(TABLES)}")
    snippets = {key: _columns(value, f"{source} [snippets] {key}") for key, value in data.get("snippets", {}).items()}
    hints = {cause: _hint(stages, snippets, f"{source} [hints.{cause}]")
             for cause, stages in data.get("hints", {}).items()}
    model = data.get("model", {})
    for key, value in model.items():
        if not isinstance(value, str):
            raise TextDataError(f"{source} [model] {key}: a string, not {type(value).__name__}")
    return CheckerText(requests=_rows(data.get("requests", {}), f"{source} [requests]"),
                       verified=Texts(_rows(data.get("verified", {}), f"{source} [verified]")),
                       pieces=Texts(_rows(data.get("pieces", {}), f"{source} [pieces]")),
                       hints=hints, model=dict(model))


def _rows(table: Mapping[str, Any], where: str) -> dict[str, dict[str, str]]:
    """``{key: {"en": ..., "ko": ...}}``: every row has both languages, written separately."""
    rows = {}
    for key, value in table.items():
        if not (isinstance(value, dict) and set(value) == set(LANGUAGES)
                and all(isinstance(text, str) for text in value.values())):
            raise TextDataError(f"{where} {key}: write {key}.en and {key}.ko (two strings), got {value!r}")
        rows[key] = {lang: value[lang] for lang in LANGUAGES}
    return rows


def _columns(value: Any, where: str) -> dict[str, str]:
    """A text in each language: ``"..."`` (the same in both) or ``{en = ..., ko = ...}``."""
    if isinstance(value, str):
        return {lang: value for lang in LANGUAGES}
    if isinstance(value, dict) and set(value) == set(LANGUAGES) and all(isinstance(t, str) for t in value.values()):
        return {lang: value[lang] for lang in LANGUAGES}
    raise TextDataError(f"{where}: a string (the same in both languages) or .en and .ko strings, got {value!r}")


def _hint(stages: Any, snippets: Mapping[str, Mapping[str, str]], where: str) -> HintText:
    """One cause's :class:`HintText`, its ``ko`` column beside it, with every ``<<snippet>>`` put in."""
    if not isinstance(stages, dict) or set(stages) != set(STAGES):
        found = sorted(stages) if isinstance(stages, dict) else stages
        raise TextDataError(f"{where}: a hint has the stages {list(STAGES)}, got {found!r}")
    columns = {stage: _columns(stages[stage], f"{where} {stage}") for stage in STAGES}

    def text(stage: str, lang: str) -> str:
        def snippet(match: re.Match[str]) -> str:
            if match.group(1) not in snippets:
                raise TextDataError(f"{where} {stage}: no snippet named {match.group(1)!r} in [snippets]")
            return snippets[match.group(1)][lang]
        return SNIPPET.sub(snippet, columns[stage][lang])

    korean = (_particles(text(stage, "ko")) for stage in STAGES)
    return HintText(*(text(stage, "en") for stage in STAGES), ko=HintText(*korean))


def _particles(text: str) -> str:
    """A Korean stage whose particles follow the word that fills the slot before them (``{tool}이(가)``), as a
    :class:`handoffs.i18n.Texts` row's do: its ``format`` picks each one."""
    return ParticleTemplate(text) if has_placeholder(text) else text
