"""Every sentence the offline model can say, in English and Korean, and the made-up things it talks about.

:func:`say` looks a sentence up by key and language and fills its slots: ``say("offer_refund", "ko")``. The model
answers in the customer's language (``models.text.language_of`` of their last message), so a Korean customer gets
Korean questions, offers and goodbyes from the same decision.

:data:`GLOSSARY` carries the kit's own prompt phrases into Korean (seed 003's "catching roadrunners"); a phrase it
does not know is not machine-translated — the reply then says the same thing in general words.

The sentences and the scenario's made-up things live in ``data/phrasebook.toml``; this module loads them.
Which sentence to say when is :mod:`handoffs.models.replies`' business.
"""

from __future__ import annotations

from . import knowledge

_DATA = knowledge.load("phrasebook.toml")

PHRASES: dict[str, dict[str, str]] = _DATA["sentences"]
# What a finished tool did, said in Korean by the concept of its name and result (its own text is English).
DONE_KO: dict[str, str] = _DATA["done_ko"]
THINGS_KO: dict[str, str] = _DATA["things_ko"]
# The scenario's made-up world (seed 003's ACME), data too: the generic model reads any product.
_SCENARIO = _DATA["scenario"]
MADE_UP_PRODUCTS: tuple[str, ...] = tuple(_SCENARIO["products"])
MADE_UP_PRODUCTS_KO: tuple[str, ...] = tuple(_SCENARIO["products_ko"])
PRICES: tuple[int, ...] = tuple(_SCENARIO["prices"])
FIXES = {"en": tuple(_SCENARIO["fixes"]), "ko": tuple(_SCENARIO["fixes_ko"])}
CAVEATS = {"en": tuple(_SCENARIO["caveats"]), "ko": tuple(_SCENARIO["caveats_ko"])}
# The kit's own prompt phrases in Korean (seed 003 and the exercises' solutions).
GLOSSARY: dict[str, str] = _DATA["glossary"]
# How to call the one the customer is talking to, in Korean, by the role named in the prompt's persona.
ROLES_KO: dict[str, str] = _DATA["roles_ko"]


def say(key: str, lang: str, **slots: object) -> str:
    """The sentence ``key`` in ``lang`` ("en" or "ko"; anything else means English), slots filled."""
    table = PHRASES[key]
    return table.get(lang, table["en"]).format(**slots)
