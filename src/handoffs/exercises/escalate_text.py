"""Every sentence notebook 04's checker can say, in English and Korean, read from ``data/escalate.toml``.

``HINTS`` maps each cause to its three hint stages (what is wrong, where to look, the code) and their Korean column
(``ko=``); ``VERIFIED`` holds the lines a passing check prints, ``PIECES`` the small phrases the checker puts into
hints; ``REQUESTS`` the customer messages the checker sends, per language (the customer's language, not the kit's).
Fields in braces are filled from what really happened when the checker ran the learner's code.

What this module is not: the sentences themselves live in the data file (a translator edits that, English and
Korean side by side); :mod:`.text_data` reads it, :mod:`.part1_escalate` says them.
"""

from __future__ import annotations

from .text_data import load

_TEXT = load("escalate")

REQUESTS = _TEXT.requests
VERIFIED = _TEXT.verified
PIECES = _TEXT.pieces
HINTS = _TEXT.hints
