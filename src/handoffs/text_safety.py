"""Text that can always be shown, sent and saved: lone surrogates become "�".

A Python ``str`` may hold a *lone surrogate* (``"\\ud800"``: half of a UTF-16 pair, not a character). JSON escapes
carry them (``"\\ud800"`` is valid JSON), JavaScript strings hold them, and a paste can bring one in. Nothing can
encode them: a widget update, a gRPC message, a picture's text or a log line that holds one fails — and a
transcript that keeps it fails on every later turn. :func:`readable` mends a text once, where it enters the kit
(what a customer or an operator types, what a panel or a picture shows); a split pair is joined, a lone half becomes
U+FFFD. This module changes nothing else in a text and knows nothing about where it is used.
"""

from __future__ import annotations

REPLACEMENT = "\ufffd"


def has_lone_surrogate(text: str) -> bool:
    """True when ``text`` cannot be encoded as UTF-8 because of a lone surrogate."""
    if text.isascii():
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def readable(text: object) -> str:
    """``str(text)`` with surrogate pairs joined and lone surrogates replaced by U+FFFD (fast when there are none)."""
    value = text if isinstance(text, str) else str(text)
    if not has_lone_surrogate(value):
        return value
    return value.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
