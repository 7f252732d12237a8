"""Filling a tool's arguments from its JSON schema and the conversation, as the offline model does.

For every property of the tool's schema, :func:`fill_arguments` looks for a value the way a careful model
would: an ``enum`` (or options listed in a description, "billing, technical, or other") is the option the router
chose, or the one the customer's words point to; an ``*_id`` comes from the last tool result that looks like an id;
a price from the last amount said; a search query from the customer's content words; a reason from the message
where the customer explained the problem — in whatever language they wrote it. Optional properties are filled
only when a value was really found.

It returns the arguments and a short explanation per argument; it never invents a property the schema lacks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import cues, knowledge
from .meaning import read
from .reasons import because
from .phrasebook import MADE_UP_PRODUCTS, MADE_UP_PRODUCTS_KO
from .profiles import CATCH_ALL, options_of
from .text import ko_stem, readable, tokens
from .types import Message, ToolSpec

_ID, _AMOUNT = knowledge.later("words.toml", "item_id"), knowledge.later("words.toml", "amount")  # when first asked
_META_WORDS = frozenset(knowledge.words("words.toml", "meta_en"))  # how the customer asks, not what about
_META_KO = frozenset(knowledge.words("words.toml", "meta_ko"))


@dataclass(frozen=True)
class Evidence:
    """What the arguments may be drawn from: the conversation, split by who said what."""

    user_texts: tuple[str, ...]
    assistant_texts: tuple[str, ...]
    tool_results: tuple[str, ...]
    turn_arguments: tuple[str, ...] = ()  # argument values of tool calls made since the last user message
    spoken: tuple[str, ...] = ()  # user and assistant texts, in the order they were said

    @classmethod
    def of(cls, messages: list[Message], turn_start: int, last: int | None = None) -> "Evidence":
        """The evidence of a conversation whose turn starts at ``turn_start`` (``last``: the index of the customer's
        last message, -1 for none, when the caller knows it)."""
        turn_args = tuple([readable(str(v)) for m in messages[turn_start:] for c in m.tool_calls
                           for v in c.arguments.values()])
        # earlier customer messages as heard: an injection in one of them is no evidence (the last is read raw, so
        # the decision core sees its injection)
        if last is None:
            last = max((i for i, m in enumerate(messages) if m.role == "user"), default=-1)
        users: list[str] = []
        assistants: list[str] = []
        results: list[str] = []
        spoken: list[str] = []
        for i, m in enumerate(messages):
            if m.role == "user":
                text = m.content if i == last else cues.heard(m.content)
                if text:
                    users.append(readable(text))
                    spoken.append(users[-1])
            elif m.role == "assistant" and m.content:
                assistants.append(readable(m.content))
                spoken.append(assistants[-1])
            elif m.role == "tool" and m.content:
                results.append(readable(m.content))
        return cls(tuple(users), tuple(assistants), tuple(results), turn_args, tuple(spoken))

    @property
    def last_user(self) -> str:
        return self.user_texts[-1] if self.user_texts else ""


def choose_option(options: list[str], evidence: Evidence) -> tuple[str | None, str]:
    """The option the customer's words point to, or a catch-all option such as 'other' when none fits."""
    said = read(evidence.last_user)
    raised = said.concepts()
    best = None
    for option in options:
        offered = read(option).concepts()
        overlap = [c for c in offered if c in raised]
        if overlap and (best is None or raised[overlap[0]] > best[1]):
            best = (option, raised[overlap[0]], overlap[0])
    if best:
        option, _, concept = best
        return option, because("arg_option_word", words=", ".join(repr(w) for w in said.words_for(concept)), option=option)
    fallback = next((o for o in options if o.lower() in CATCH_ALL), None)
    if fallback:
        return fallback, because("arg_option_fallback", options=", ".join(o for o in options if o != fallback))
    return None, because("arg_no_option")


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
    """The made-up product the assistant last mentioned (in either language), if any."""
    for text in reversed(evidence.assistant_texts):
        for product in (*MADE_UP_PRODUCTS, *MADE_UP_PRODUCTS_KO):
            if product in text:
                return product
    return None


def _keywords(evidence: Evidence, limit: int = 6) -> str:
    picked: list[str] = []
    for text in evidence.user_texts:
        for token in tokens(text):
            word = ko_stem(token.text) if token.korean else token.text
            if (word in _META_WORDS or word in _META_KO or word in picked or len(word) < 2 or word.isdigit()
                    or cues.says_yes(word)):
                continue
            picked.append(word)
    return " ".join(picked[:limit])


def _reason(evidence: Evidence) -> str | None:
    return next((t for t in reversed(evidence.user_texts) if cues.gives_a_reason(t)), None)


def _options(tool: ToolSpec, prop: dict[str, Any], name: str) -> list[str]:
    """:func:`options_of` a property, worked out once per tool (``ToolSpec.derived``: the same spec comes back while
    its schema is unchanged) instead of on every call that fills its arguments."""
    found = tool.derived.get("options")
    if found is None:
        found = tool.derived["options"] = {}
    if name not in found:
        found[name] = options_of(tool, prop, name)
    return list(found[name])


def fill_arguments(tool: ToolSpec, evidence: Evidence, chosen: tuple[str, str] | None = None) -> tuple[dict[str, Any], list[str]]:
    """Arguments for ``tool`` and one explanation per argument (``"issue='billing': 'charged' is a billing word"``).

    ``chosen`` is ``(property, option)`` when the router already picked the option of a category argument.
    """
    args: dict[str, Any] = {}
    notes: list[str] = []
    required = set(tool.required)
    for name, prop in tool.properties.items():
        prop = prop if isinstance(prop, dict) else {}
        kind = prop.get("type", "string")
        key = name.lower()
        value: Any = None
        why = ""
        options = _options(tool, prop, name)
        if chosen and chosen[0] == name:
            value, why = chosen[1], because("arg_route")
        elif options:
            value, why = choose_option(options, evidence)
        elif kind == "boolean":
            value, why = cues.says_yes(evidence.last_user), because("arg_yes")
        elif kind in ("integer", "number") or key in ("price", "amount", "cost", "total"):
            amount = _last_amount(evidence)
            if amount is not None:
                value = int(amount) if kind == "integer" else amount
                why = because("arg_amount")
        elif key == "id" or key.endswith("_id"):
            value, why = _last_id(evidence), because("arg_id")
        elif key in ("product", "item", "product_name", "item_name"):
            value, why = product_in_talk(evidence) or _keywords(evidence, 3) or None, because("arg_product")
        elif "query" in key or "keyword" in key or "search" in key:
            value, why = _keywords(evidence) or None, because("arg_keywords")
        elif key in ("reason", "problem", "details", "description", "summary", "issue", "note", "message"):
            value = _reason(evidence) or (evidence.last_user if name in required else None)
            why = because("arg_explanation")
        elif name in required and kind == "string":
            value, why = evidence.last_user or None, because("arg_last_message")
        if value is None and name in required:
            value, why = ("" if kind == "string" else prop.get("default")), because("arg_nothing")
        if value is not None:
            args[name] = value
            notes.append(f"{name}={value!r}: {why}")
    return args, notes
