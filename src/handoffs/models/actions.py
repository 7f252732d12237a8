"""Side effects, read from a tool: which offered tools change something for the customer (:func:`is_side_effect`),
which action they perform (:func:`action_of`: a refund, an order), which hand the conversation on
(:func:`hands_over`); and what the model says about an action: the words that name it when it asks, the sentence
that asks again for a clear yes or no, the reply to a no, the reply when no offered tool reaches a person.

The words live in ``data/consent.toml`` beside the reading of a reply (:mod:`~handoffs.models.consent`, which names
these functions too). Not here: reading what the customer said (that is ``consent.read_reply``), or deciding.
"""

from __future__ import annotations

import re
from functools import lru_cache

from handoffs.particles import attach

from . import knowledge
from .types import ToolSpec


def _data() -> dict:
    return knowledge.load("consent.toml")


def action_of(tool: ToolSpec) -> str | None:
    """The action a tool performs, by the action words of its name and description ("refund", "order"), or None."""
    try:
        return _action_of(tool.name, tool.description)
    except TypeError:  # a description that is not a text (not hashable): read as written
        return _action_of.__wrapped__(tool.name, tool.description)


@lru_cache(maxsize=1024)  # asked of the offered tools on every call
def _action_of(name: str, description: str) -> str | None:
    words = set(re.findall(r"[a-z]+", f"{name.replace('_', ' ')} {description}".lower()))
    stems = {w.rstrip("s") for w in words} | {w[:-3] for w in words if w.endswith("ing")} \
        | {w[:-2] for w in words if w.endswith("ed")}
    for action, entry in _data()["actions"].items():
        if any(word in words or word in stems for word in entry.get("tools", ())):
            return action
    return None


@lru_cache(maxsize=1024)
def _first_word_of(name: str) -> str:
    return re.split(r"[_\W]+", name.lower().strip("_"))[0] if name else ""


def hands_over(tool: ToolSpec) -> bool:
    """Is ``tool`` a delegate that hands the conversation on ("transfer_back_to_triage", "escalate_to_human")?"""
    return _hands_over(tool.name)


def is_side_effect(tool: ToolSpec) -> bool:
    """Does calling ``tool`` change something for the customer? Its name's first word says so ("execute_refund",
    "resolve_billing", "place_order"), or it performs a known action (a refund, an order)."""
    return _is_side_effect(tool.name)


@lru_cache(maxsize=1024)  # both asked of the offered and called tools, by name, several times a call
def _hands_over(name: str) -> bool:
    return _first_word_of(name) in _data()["handover"]["verbs"]


@lru_cache(maxsize=1024)
def _is_side_effect(name: str) -> bool:
    return _first_word_of(name) in _data()["side_effect"]["verbs"] or name.lower() in _data()["side_effect"]["verbs"]


def offer_words(action: str | None, lang: str) -> str:
    """How the model names the action when it asks ("process your refund", "환불을 진행해")."""
    entry = _data()["actions"].get(action or "", {})
    return entry.get(f"offer_{lang}") or entry.get("offer_en") or ""


def ask_again(kind: str, action: str | None, lang: str) -> str:
    """The sentence that asks for a clear yes or no again, naming the action, after a reply of ``kind``."""
    texts = _data()["ask_again"]
    lang = lang if lang in ("en", "ko") else "en"
    offer = offer_words(action, lang)
    if not offer:
        return texts["general"][lang]
    return texts.get(kind, texts["other"])[lang].format(offer=offer)


def declined(action: str | None, lang: str) -> str:
    """The reply to a clear no: nothing done, the door left open."""
    lang = lang if lang in ("en", "ko") else "en"
    offer = offer_words(action, lang)
    if not offer:
        return _data()["ask_again"]["declined_general"][lang]
    noun = offer.removesuffix("을 진행해").removesuffix("를 진행해")
    return _data()["ask_again"]["declined"][lang].format(offer=offer, offer_noun=attach(noun, "을/를") if noun else noun)


def no_person(lang: str) -> str:
    """The reply when a person is asked for and no offered tool reaches one."""
    return _data()["ask_again"]["no_person"][lang if lang in ("en", "ko") else "en"]
