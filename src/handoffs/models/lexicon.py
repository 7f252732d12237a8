"""The offline model's small knowledge of English: word stems, synonym groups and tones of voice.

The decision core (``core.py``) never matches raw strings. It asks this module: which *concepts* a text
mentions ("charged" and "invoice" both mean *billing*), whether a user message says yes or no, whether the
user is satisfied, gave a reason, or tries a prompt injection. Everything is a pure function of the text, so
the model stays deterministic.

This is not a language model and does not try to be one: it is a lexicon big enough for customer-support
conversations, and a learner can read all of it in five minutes.
"""

from __future__ import annotations

import re
from functools import lru_cache

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")

STOPWORDS = frozenset(
    """a an the and or but if then so to of in on at by for with from into about as is are was were be been being
    i me my mine we us our you your yours he she it its they them their this that these those there here
    do does did doing done have has had having can could would should will shall may might must
    not no yes please just also very really any some something anything one all what which who whom how when
    where why up down out over again more most than too only own same such both each few
    use used using call calls called tool tools agent agents user users customer customers
    want wants wanted like i'd i'm it's don't can't won't didn't doesn't isn't i've you're let let's
    get got go going make made need needs thing things bit hi hello hey thanks thank ok okay sure""".split()
)

# Synonym groups. A tool "mentions" a concept when its name or description uses one of the words; so does
# a user message. Add a group here and every agent and tool in the kit can use it.
CONCEPTS: dict[str, tuple[str, ...]] = {
    "billing": ("billing", "bill", "billed", "charge", "charged", "overcharged", "payment", "pay", "paid",
                "invoice", "receipt", "transaction", "subscription", "card", "money", "fee", "twice", "refund"),
    "technical": ("technical", "tech", "error", "bug", "crash", "crashes", "crashing", "login", "log", "password",
                  "app", "website", "site", "install", "software", "freeze", "freezes", "loading", "connect",
                  "connection", "wifi", "internet", "screen", "device", "update"),
    "sales": ("sales", "sale", "buy", "buying", "purchase", "purchasing", "shop", "shopping", "catalog", "deal"),
    "repairs": ("issue", "issues", "problem", "repair", "repairs", "fix", "broken", "broke", "damaged", "defect",
                "defective", "faulty", "return", "refund", "refunds", "exploding", "explode", "cracked"),
    "human": ("human", "person", "someone", "representative", "operator", "people", "staff", "real"),
    "escalate": ("escalate", "escalation", "supervisor", "manager", "complaint", "legal", "lawyer", "lawsuit",
                 "urgent", "specialist", "sue"),
    "shipping": ("ship", "shipping", "shipped", "delivery", "deliver", "delivered", "package", "parcel",
                 "tracking", "courier", "address", "arrive", "arrived", "late"),
    "account": ("account", "profile", "email", "username", "settings", "sign"),
    "finish": ("end", "finish", "close", "conclude", "goodbye", "bye", "wrap", "complete"),
}
# Concepts that name what a customer wants (used to notice a topic outside an agent's purview).
INTENT_CONCEPTS = ("billing", "technical", "sales", "repairs", "human", "escalate", "shipping", "account")

_AFFIRM = ("yes", "yeah", "yep", "sure", "ok", "okay", "deal", "absolutely", "definitely", "please do",
           "go ahead", "sounds good", "sounds great", "i'll take", "let's do", "do it", "of course", "accept",
           "agreed", "i agree", "buy it", "great", "perfect", "love", "tell me more", "interested")
_NEGATE = ("no", "nope", "nah", "not", "don't", "dont", "never", "cancel", "stop", "didn't", "doesn't",
           "isn't", "won't", "can't", "cannot", "wasn't", "still", "useless", "worse", "unhappy", "again")
_SATISFIED = ("worked", "works", "fixed", "solved", "perfect", "great", "thanks", "thank", "resolved",
              "that helped", "all good")
_NEED = ("want", "need", "help", "change", "problem", "issue", "can't", "cannot", "won't", "wrong", "lost",
         "cancel", "question", "how", "would like", "i'd like", "update", "request")
_REASON = ("because", "since", "broken", "broke", "crash", "explod", "leak", "damage", "defect", "crack",
           "doesn't work", "does not work", "not working", "stopped working", "fell apart", "too fast",
           "missing", "wrong size", "arrived", "squeak", "noise", "stuck", "leak")
_INJECTION = re.compile(r"\b(ignore|disregard|forget)\b.{0,30}\b(instruction|instructions|rules|prompt|previous)\b"
                        r"|\byou are now\b|\bsystem prompt\b", re.IGNORECASE)


def stem(word: str) -> str:
    """A light suffix stripper: 'charged', 'charges', 'charging' -> 'charg'; keeps at least 3 letters."""
    word = word.lower().removesuffix("'s")
    for suffix in ("ing", "ies", "ed", "es", "e", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
            return word[: -len(suffix)] + ("y" if suffix == "ies" else "")
    return word


def words(text: str) -> list[str]:
    """Lower-case words of ``text`` (identifiers like ``resolve_billing`` split on underscores)."""
    return _WORD.findall(text.replace("_", " ").lower())


def content_words(text: str) -> list[str]:
    """Words that carry meaning: no stop words, no one-letter words, in order, without repeats."""
    seen: dict[str, None] = {}
    for word in words(text):
        if word not in STOPWORDS and len(word) > 1 and not word.isdigit():
            seen.setdefault(word, None)
    return list(seen)


@lru_cache(maxsize=None)
def _concept_stems() -> dict[str, tuple[str, ...]]:
    table: dict[str, tuple[str, ...]] = {}
    for concept, members in CONCEPTS.items():
        for member in members:
            key = stem(member)
            if concept not in table.get(key, ()):
                table[key] = table.get(key, ()) + (concept,)
    return table


def concepts(text: str) -> dict[str, list[str]]:
    """Concepts the text mentions, each with the words that gave it away (in order of appearance)."""
    table = _concept_stems()
    found: dict[str, list[str]] = {}
    for word in words(text):
        for concept in table.get(stem(word), ()):
            if word not in found.get(concept, []):
                found.setdefault(concept, []).append(word)
    for concept, members in CONCEPTS.items():  # a concept's own name counts even when it is not a member
        if concept in words(text) and concept not in found:
            found[concept] = [concept]
    return found


def _has_any(text: str, phrases: tuple[str, ...]) -> bool:
    """True when ``text`` contains one of the words or multi-word phrases (whole words only)."""
    padded = " " + " ".join(words(text)) + " "
    return any(f" {phrase} " in padded for phrase in phrases)


def says_yes(text: str) -> bool:
    return _has_any(text, _AFFIRM) and not says_no(text)


def says_no(text: str) -> bool:
    return _has_any(text, _NEGATE)


def is_satisfied(text: str) -> bool:
    return _has_any(text, _SATISFIED) and not says_no(text)


def states_a_need(text: str) -> bool:
    return _has_any(text, _NEED)


def gives_a_reason(text: str) -> bool:
    lowered = text.lower()
    return any(marker in lowered for marker in _REASON)


def is_prompt_injection(text: str) -> bool:
    return bool(_INJECTION.search(text))
