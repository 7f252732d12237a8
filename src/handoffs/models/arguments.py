"""Filling a tool's arguments from its JSON schema and the conversation, as the offline model does.

For every property of the tool's schema, :func:`fill_arguments` looks for a value the way a careful model
would: an ``enum`` (or options listed in a description, "billing, technical, or other") is chosen by the
concepts the user mentioned; an ``*_id`` comes from the last tool result that looks like an id; a price from
the last amount said; a search query from the user's content words; a reason from the message where the user
explained the problem. Optional properties are filled only when a value was really found.

It returns the arguments and a short explanation per argument; it never invents a property the schema lacks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from . import lexicon
from .types import Message, ToolSpec

_OPTIONS = re.compile(r"([A-Za-z][\w-]*)\s*,\s*([A-Za-z][\w-]*)\s*,?\s*(?:or|and)\s+([A-Za-z][\w-]*)")
_QUOTED = re.compile(r"['\"]([A-Za-z][\w -]*)['\"]")
_ID = re.compile(r"\b[A-Za-z]+[_-]?\d{3,}\b|\b\d{5,}\b")
_AMOUNT = re.compile(r"\$\s?([\d,]+(?:\.\d+)?)|\b(\d[\d,]*(?:\.\d+)?)\b")
_FALLBACK_OPTIONS = ("other", "general", "unknown", "misc")
_META_WORDS = frozenset({"refund", "yes", "please", "buy", "help", "talk", "speak", "sounds", "great", "good",
                         "tell", "didn't", "work", "satisfied", "at", "all", "that", "sorry", "fine", "bought"})
MADE_UP_PRODUCTS = ("ACME Rocket Skates", "ACME Giant Rubber Band", "ACME Earthquake Pills",
                    "ACME Portable Hole", "ACME Jet-Propelled Pogo Stick")


@dataclass(frozen=True)
class Evidence:
    """What the arguments may be drawn from: the conversation, split by who said what."""

    user_texts: tuple[str, ...]
    assistant_texts: tuple[str, ...]
    tool_results: tuple[str, ...]
    turn_arguments: tuple[str, ...] = ()  # argument values of tool calls made since the last user message
    spoken: tuple[str, ...] = ()  # user and assistant texts, in the order they were said

    @classmethod
    def of(cls, messages: list[Message], turn_start: int) -> "Evidence":
        turn_args = tuple(str(v) for m in messages[turn_start:] for c in m.tool_calls for v in c.arguments.values())
        return cls(
            tuple(m.content for m in messages if m.role == "user" and m.content),
            tuple(m.content for m in messages if m.role == "assistant" and m.content),
            tuple(m.content for m in messages if m.role == "tool" and m.content),
            turn_args,
            tuple(m.content for m in messages if m.role in ("user", "assistant") and m.content),
        )

    @property
    def last_user(self) -> str:
        return self.user_texts[-1] if self.user_texts else ""


def options_of(tool: ToolSpec, prop: dict[str, Any]) -> list[str]:
    """The allowed values of a property: its enum, or a list written in its (or its tool's) description."""
    if prop.get("enum"):
        return [str(v) for v in prop["enum"]]
    for text in (prop.get("description", ""), tool.description):
        quoted = _QUOTED.findall(text)
        if len(quoted) >= 2:
            return quoted
        match = _OPTIONS.search(text)
        if match:
            return list(match.groups())
    return []


def choose_option(options: list[str], evidence: Evidence) -> tuple[str | None, str]:
    """The option the user's words point to, or a catch-all option such as 'other' when none fits."""
    mentioned = lexicon.concepts(evidence.last_user)
    for option in options:
        key = option.lower()
        concept = key if key in lexicon.CONCEPTS else next(iter(lexicon.concepts(key)), None)
        if concept in mentioned:
            return option, f"{', '.join(repr(w) for w in mentioned[concept])} is a {key} word"
    fallback = next((o for o in options if o.lower() in _FALLBACK_OPTIONS), None)
    if fallback:
        return fallback, f"nothing said fits {', '.join(o for o in options if o != fallback)}"
    return None, "no option fits"


def _last_id(evidence: Evidence) -> str | None:
    for text in (*reversed(evidence.tool_results), *reversed(evidence.user_texts)):
        found = _ID.findall(text)
        if found:
            return found[-1]
    return None


def _last_amount(evidence: Evidence) -> float | None:
    for prefer_dollars in (True, False):  # "$9,999" beats a bare number said later
        for text in reversed(evidence.spoken):
            for dollars, plain in reversed(_AMOUNT.findall(text)):
                value = (dollars if prefer_dollars else dollars or plain).replace(",", "")
                if value:
                    return float(value)
    return None


def product_in_talk(evidence: Evidence) -> str | None:
    """The made-up product the assistant last mentioned, if any."""
    for text in reversed(evidence.assistant_texts):
        for product in MADE_UP_PRODUCTS:
            if product in text:
                return product
    return None


def _keywords(evidence: Evidence, limit: int = 6) -> str:
    picked: list[str] = []
    for text in evidence.user_texts:
        for word in lexicon.content_words(text):
            if word not in _META_WORDS and word not in picked and not lexicon.says_yes(word):
                picked.append(word)
    return " ".join(picked[:limit])


def _reason(evidence: Evidence) -> str | None:
    return next((t for t in reversed(evidence.user_texts) if lexicon.gives_a_reason(t)), None)


def fill_arguments(tool: ToolSpec, evidence: Evidence) -> tuple[dict[str, Any], list[str]]:
    """Arguments for ``tool`` and one explanation per argument (``"issue='billing': 'charged' is a billing word"``)."""
    args: dict[str, Any] = {}
    notes: list[str] = []
    required = set(tool.required)
    for name, prop in tool.properties.items():
        kind = prop.get("type", "string")
        key = name.lower()
        value: Any = None
        why = ""
        options = options_of(tool, prop)
        if options:
            value, why = choose_option(options, evidence)
        elif kind == "boolean":
            value, why = lexicon.says_yes(evidence.last_user), "from the user's last answer"
        elif kind in ("integer", "number") or key in ("price", "amount", "cost", "total"):
            amount = _last_amount(evidence)
            if amount is not None:
                value = int(amount) if kind == "integer" else amount
                why = "the last amount mentioned"
        elif key == "id" or key.endswith("_id"):
            value, why = _last_id(evidence), "the id the last tool returned"
        elif key in ("product", "item", "product_name", "item_name"):
            value, why = product_in_talk(evidence) or _keywords(evidence, 3) or None, "the product discussed"
        elif "query" in key or "keyword" in key or "search" in key:
            value, why = _keywords(evidence) or None, "the user's own words as keywords"
        elif key in ("reason", "problem", "details", "description", "summary", "issue", "note", "message"):
            value = _reason(evidence) or (evidence.last_user if name in required else None)
            why = "the user's explanation"
        elif name in required and kind == "string":
            value, why = evidence.last_user or None, "the user's last message"
        if value is None and name in required:
            value, why = ("" if kind == "string" else prop.get("default")), "nothing in the conversation fits"
        if value is not None:
            args[name] = value
            notes.append(f"{name}={value!r}: {why}")
    return args, notes
