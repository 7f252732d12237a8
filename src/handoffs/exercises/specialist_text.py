"""Every sentence notebook 07's checker can say, in English and Korean, read from ``data/specialist.toml``.

``HINTS`` maps each cause to its three hint stages and their Korean column (``ko=``); ``VERIFIED`` holds what a
passing check prints, ``PIECES`` the small phrases the checker puts into hints; ``REQUESTS`` the customer messages
the checker sends, per language (the customer's language, not the kit's). Fields in braces come from what really
happened. ``STARTER_PROMPT`` and ``SCRIPTED_REPLY`` are what models read and say, so they stay as they are.

What this module is not: the sentences themselves live in the data file (a translator edits that, English and
Korean side by side); :mod:`.text_data` reads it, :mod:`.part2_specialist` says them.
"""

from __future__ import annotations

from .text_data import load

_TEXT = load("specialist")

REQUESTS = _TEXT.requests
VERIFIED = _TEXT.verified
PIECES = _TEXT.pieces
HINTS = _TEXT.hints
STARTER_PROMPT = _TEXT.model["starter_prompt"]
SCRIPTED_REPLY = _TEXT.model["scripted_reply"]
