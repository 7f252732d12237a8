"""The offline model's vocabulary, English and Korean side by side: which words mean which *concept*.

A concept is what a customer is talking about (``billing``, ``technical``, ``sales``, ``repairs``, ``refund``,
``human`` …). A tool "offers" a concept when its name or description mentions it; a message "raises" it when the
customer's words do. Routing compares the two (:mod:`handoffs.models.routing`).

The words live in ``data/lexicon.toml`` (loaded once, at import); how to read them:

* ``strong`` words give a concept with weight 1.0, ``weak`` ones 0.5 ("card" or "money" hint at billing, "charged"
  says it). English words match by their stem (``charged`` ~ ``charge``); Korean entries match the beginning of a
  Korean word (``결제`` matches ``결제되었습니다``), and anywhere inside it when they have two or more syllables
  (``이중결제``).
* phrases and idioms, read before single words, are in :mod:`handoffs.models.idioms`.
* :data:`RELATED`: how much one concept stands in for another when a tool does not name it directly (a refund is
  a billing matter; a manager is a person).

This is a lexicon, not a language model: big enough for customer-support conversations in both languages, and a
learner can read it in ten minutes. Its coverage is measured by the routing eval set (``python -m handoffs.evals``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from . import knowledge, parsed


@dataclass(frozen=True)
class Entry:
    strong: tuple[str, ...] = ()
    weak: tuple[str, ...] = ()
    ko_strong: tuple[str, ...] = ()
    ko_weak: tuple[str, ...] = ()
    examples: tuple[str, ...] = ()  # messages whose reading raises the concept (tests/models/test_knowledge_rows.py)
    non_examples: tuple[str, ...] = ()  # messages with its words that do not


def _load() -> dict:
    return parsed.load(Path(__file__).with_name("data") / "lexicon.toml")


_DATA = _load()

CONCEPTS: dict[str, Entry] = {
    name: Entry(*(tuple(row.get(key, "").split()) for key in ("en", "en_weak", "ko", "ko_weak")),
                tuple(row.get("examples", ())), tuple(row.get("non_examples", ())))
    for name, row in _DATA["concepts"].items()
}

# Concepts that name what a customer wants (routing and "outside this agent's purview" use these).
INTENT_CONCEPTS: tuple[str, ...] = tuple(_DATA["sets"]["intent"])
# Concepts that make a request a real support request when no specific route fits ("other" rather than "ask").
DOMAIN_CONCEPTS = INTENT_CONCEPTS + tuple(_DATA["sets"]["domain_extra"])
GENERIC_CONCEPTS: tuple[str, ...] = tuple(_DATA["sets"]["generic"])
# How a concern is pursued, not what it is (an escalation): beside a concern a tool offers, never a second one for the catch-all.
MANNER_CONCEPTS: frozenset[str] = frozenset(_DATA["sets"]["manner"])

# A message concept standing in for a tool concept the tool does not name itself: (said, offered) -> factor.
RELATED: dict[tuple[str, str], float] = {
    tuple(k.split(" -> ")): float(v) for k, v in _DATA["related"].items()  # type: ignore[misc]
}


# Words that describe an earlier purchase ("the skates I bought", "주문한 게"): not a wish to buy something new.
# Asked of every message that mentions buying: run as only the alternatives whose words it holds (patterns.Pruned).
PAST_PURCHASE = knowledge.pruned("cues.toml", "past_purchase")
# Words that are also first names: capitalised in mid-sentence, they are a person ("my daughter Sue").
NAME_WORDS = frozenset(_DATA["sets"]["name_words"])
# Labels for talking about a concept to the customer, in each language.
LABELS: dict[str, dict[str, str]] = {k: dict(v) for k, v in _DATA["labels"].items()}
