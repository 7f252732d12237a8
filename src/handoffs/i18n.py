"""The kit's language for what a learner reads: English (the default) or Korean (한국어).

One setting, read everywhere a learner looks — panel labels, hints, status lines, picture titles, the model's
one-line reasons::

    import handoffs
    handoffs.set_language("ko")        # or, before starting JupyterLab: export HANDOFFS_LANG=ko

It is not the language a *customer* writes in: the offline model always answers a customer in the customer's own
language. Modules keep their texts in tables of ``{"en": ..., "ko": ...}`` and read them with :func:`pick`.
"""

from __future__ import annotations

import os
from typing import Mapping

LANGUAGES = ("en", "ko")
VARIABLE = "HANDOFFS_LANG"
_chosen: str | None = None


def set_language(language: str) -> None:
    """Show the kit in ``language`` ("en" or "ko") from now on, in this process."""
    global _chosen
    normalised = str(language).strip().lower()
    if normalised not in LANGUAGES:
        raise ValueError(f"Unknown language {language!r}: choose one of {', '.join(LANGUAGES)} (English or Korean).")
    _chosen = normalised


def language() -> str:
    """The language chosen with :func:`set_language`, else ``HANDOFFS_LANG``, else English."""
    if _chosen is not None:
        return _chosen
    from_environment = os.environ.get(VARIABLE, "").strip().lower()
    return from_environment if from_environment in LANGUAGES else "en"


def pick(texts: Mapping[str, str], language_: str | None = None) -> str:
    """The text for the current language (or ``language_``), falling back to English."""
    return texts.get(language_ or language(), texts["en"])
