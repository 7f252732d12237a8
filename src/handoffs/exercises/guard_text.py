"""Every sentence notebook 03b's checker (the step guard) can say, in English and Korean, read from ``data/guard.toml``.

``HINTS`` maps each cause to its three hint stages (and their Korean column, ``ko=``); ``VERIFIED`` holds what a
passing check prints, ``PIECES`` the small phrases the checker puts into hints. Fields in braces are filled from
what really happened when the checker ran the learner's guard. ``REQUESTS`` are what the scripted customer says,
per language: a Korean learner's checker sends a Korean customer (the learner's guard sees the same tool calls).

What this module is not: the sentences themselves live in the data file (a translator edits that, English and
Korean side by side); :mod:`.text_data` reads it, :mod:`.part1_guard` says them.
"""

from __future__ import annotations

from .text_data import load

_TEXT = load("guard")

REQUESTS = _TEXT.requests
VERIFIED = _TEXT.verified
PIECES = _TEXT.pieces
HINTS = _TEXT.hints
