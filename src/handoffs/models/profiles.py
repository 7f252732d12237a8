"""What an offered tool is for, read once from its name, description and schema: a :class:`ToolProfile`.

:func:`profile` reads the concepts a tool's description and name offer (what it excludes or negates left out), the
concepts its name hands over *to* (``escalate_to_human`` -> human), whether it is for explicit requests only ("Only
call this if explicitly asked to"), a catch-all ("any other request"), a purview ("only questions about X"), or one
that ends the conversation, and the options of its category arguments (an ``enum``, or a list written in a description:
"billing, technical, or other"). Cached per tool: the same tool is read once per process. Also the content words of a
text as comparable keys (:func:`word_keys`), which routines and the echo of a tool's own words use.

What this module is not: the choice between tools (:mod:`.routing` ranks the candidates a profile makes).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from . import knowledge, patterns
from .meaning import Reading, read
from .negation import excluded_in_description
from .text import en_stem, ko_stem, tokens
from .types import ToolSpec

_DATA = knowledge.load("routing.toml")
CATCH_ALL = knowledge.words("routing.toml", "catch_all")  # "other", "기타": an option fitting what no other does
_EXPLICIT_ONLY, _ANY_OTHER, _PURVIEW, _CATEGORY_NAMES = (
    knowledge.pattern("routing.toml", name) for name in ("explicit_only", "any_other", "purview", "category_names"))
_NAME_NOISE = frozenset(knowledge.words("routing.toml", "name_noise"))
_STOPWORDS = frozenset(_DATA["words"]["stopwords"].split())
_GENERIC_WORDS = _STOPWORDS | frozenset(_DATA["words"]["generic"].split())


@dataclass(frozen=True)
class ToolProfile:
    """What a tool offers, read once from its name, description and schema."""

    concepts: dict[str, float]
    words: frozenset[str]
    explicit_only: bool
    purview: bool
    catch_all: bool  # "Resolve any other request": fits what no other tool does
    finishing: bool
    target: frozenset[str]  # the concepts its name hands over *to* (escalate_to_human -> human)
    options: tuple[tuple[str, tuple[str, ...]], ...]  # (property, its allowed values) for category arguments
    language: str | None


BASIC_STOPWORDS = frozenset(knowledge.words("routing.toml", "basic_stopwords"))


@lru_cache(maxsize=4096)
def word_keys(text: str, drop: frozenset[str] = _GENERIC_WORDS) -> frozenset[str]:
    """Content words of ``text`` as comparable keys (English stems, Korean stems), ``drop`` words left out."""
    keys = set()
    for token in tokens(text):
        if token.text in drop or token.text.isdigit() or len(token.text) < 2 and not token.korean:
            continue
        keys.add(ko_stem(token.text) if token.korean else en_stem(token.text))
    return frozenset(keys)


_QUOTED = patterns.compile(r"['\"]([^'\"]{1,30})['\"]")
_LISTED = patterns.compile(r"([A-Za-z가-힣][\w-]*)\s*,\s*([A-Za-z가-힣][\w-]*)\s*,?\s*(?:or|and|또는|혹은|이나)\s+([A-Za-z가-힣][\w-]*)")


def options_of(tool: ToolSpec, prop: dict[str, Any], name: str = "") -> list[str]:
    """The allowed values of a property: its enum, a list written in its own description, or — for a property named
    like a category (``issue``, ``department``…) — a list in its tool's description ("billing, technical, or other").
    A free-text argument (``reason``) of a tool described as "charges, invoices and payments" has no options."""
    if prop.get("enum"):
        return [str(v) for v in prop["enum"]]
    texts = [prop.get("description", "")] + ([tool.description] if _CATEGORY_NAMES.search(name) else [])
    for text in texts:
        quoted = _QUOTED.findall(text)
        if len(quoted) >= 2:
            return quoted
        listed = _LISTED.search(text)
        if listed:
            return list(listed.groups())
    return []


def concepts_of(reading: Reading) -> dict[str, float]:
    return {c: min(1.0, s) for c, s in reading.concepts().items()}


def _offered_by(reading: Reading) -> dict[str, float]:
    """What a tool's description offers. A manager it mentions is an escalation it handles, not "a person" in
    general: "asks to speak to a manager" does not make it the place for "can I talk to a real person?"."""
    boss_spans = {(m.start, m.end) for m in reading.mentions if m.concept == "escalate"}
    # "배송 관련 문의를 담당합니다", "shipping questions": a tool that takes questions about something is not a tool for
    # questions in general (only a strong word, "information", "opening hours", makes it one).
    kept = [m for m in reading.mentions if not m.negated and not (m.concept == "human" and (m.start, m.end) in boss_spans)
            and not (m.concept == "general" and m.weight < 1.0)]
    offered: dict[str, float] = {}
    for m in kept:
        offered[m.concept] = min(1.0, max(offered.get(m.concept, 0.0), m.weight))
    return offered


def _excluded_by(reading: Reading) -> set[str]:
    """Concepts a description names only inside what it excludes ("billing, except refunds", "환불은 제외")."""
    spans = excluded_in_description(reading.text)
    if not spans:
        return set()
    inside = {m.concept for m in reading.mentions if any(a <= m.start < b for a, b in spans)}
    outside = {m.concept for m in reading.mentions if not m.negated and not any(a <= m.start < b for a, b in spans)}
    return inside - outside


@lru_cache(maxsize=2048)
def _profile(name: str, description: str, parameters_json: str) -> ToolProfile:
    parameters = json.loads(parameters_json)
    name_words = " ".join(w for w in re.split(r"[_\W]+", name.lower()) if w and w not in _NAME_NOISE)
    reading = read(description)
    offered = _offered_by(reading)
    for concept in _excluded_by(reading):
        offered.pop(concept, None)  # "…, except refunds", "환불은 제외"
    for concept, weight in concepts_of(read(name_words)).items():
        offered[concept] = max(offered.get(concept, 0.0), weight)
    for concept in reading.negated():
        offered.pop(concept, None)  # "not for billing questions"
    after_to = re.split(r"(?:^|_)to_", name.lower(), maxsplit=1)
    target = frozenset(concepts_of(read(after_to[1].replace("_", " ") if len(after_to) > 1 else name_words)))
    tool = ToolSpec(name, description, parameters)
    options = tuple((prop_name, tuple(options_of(tool, prop, prop_name))) for prop_name, prop in tool.properties.items()
                    if isinstance(prop, dict) and options_of(tool, prop, prop_name))
    return ToolProfile(offered, word_keys(f"{name} {description}"), bool(_EXPLICIT_ONLY.search(description)),
                       bool(_PURVIEW.search(description)), bool(_ANY_OTHER.search(description)),
                       "finish" in concepts_of(read(name_words)),
                       target or frozenset(offered), options, reading.language)


def profile(tool: ToolSpec) -> ToolProfile:
    """The tool's profile (cached: the same tool is read once per process, and asked of its spec once per call)."""
    found = tool.derived.get("profile")
    if found is None:
        try:
            found = _profile_by_key(tool.name, tool.description, tool.schema_key, tool)
        except RecursionError:  # a pathologically deep schema: read it without its arguments
            found = _profile(tool.name, tool.description, "{}")
        tool.derived["profile"] = found
    return found


_BY_KEY: dict[tuple[str, str, str], ToolProfile] = {}


def _profile_by_key(name: str, description: str, key: str, tool: ToolSpec) -> ToolProfile:
    found = _BY_KEY.get((name, description, key))
    if found is None:
        if len(_BY_KEY) > 4096:
            _BY_KEY.clear()
        found = _BY_KEY[(name, description, key)] = _profile(
            name, description, json.dumps(dict(tool.parameters), sort_keys=True, default=str))
    return found
