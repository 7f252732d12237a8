"""Finding English sentences in text meant to be Korean — the yardstick of the kit's Korean edition.

:func:`english_sentences` returns the sentences of a text that a Korean reader would meet in English. Not counted:

* identifiers — tool names ``record_issue``, agent types ``TriageAgent``, code such as ``report.hint(2)``,
  ``ToolMessage``, ``y/n``, upper-case names like ``ACME``, specs and addresses such as ``openai:gpt-4o-mini``,
  command-line options such as ``--lang ko``, paths such as ``./kit``;
* anything quoted or in braces — a customer's own words, a prompt quoted in a reason, an error message a library
  or the learner wrote (``KeyError: ...`` counts as quoted).

What is left is split into sentences; a sentence is English when it has two or more English words and no Hangul,
and a run of three English words in a row is English wherever it stands. :func:`visible_text` turns panel HTML
into the text a browser shows.

The kit's tests use it on panels, pictures, checker hints and tables after ``set_language("ko")``; it is no
translator and no language detector for customers (the offline model reads customers with its own lexicon).
"""

from __future__ import annotations

import html
import re

HANGUL = re.compile("[\uac00-\ud7a3]")
_TAGS = re.compile(r"<[^>]+>")
_QUOTED = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"|“[^”\n]*”|‘[^’\n]*’|`[^`\n]*`|\{[^}\n]*\}"
                     r"|\b\w*(?:Error|Exception|Warning)\b: [^)\n]*")  # an exception's own message
_IDENTIFIER = re.compile(r"[\w.+-]*:[^\s:]\S*"  # specs and addresses: openai:gpt-4o-mini, http://host:port/v1
                         r"|--[\w-]+(?:[ =][\w.-]+)?"  # command-line options: --lang ko
                         r"|\.{0,2}/[\w./-]+"  # paths: ./kit, notebooks/ko/
                         r"|\b(?:[A-Za-z_][\w.]*(?:_|\(|\.\w)[\w.()\[\]'=,-]*"  # snake_case, calls, dotted names
                         r"|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+"  # CamelCase
                         r"|[A-Z]{2,}\w*"  # ACME, PASS, NOT YET, FIX
                         r"|y/n|[a-z]+\d+\w*)")
_WORD = re.compile(r"[A-Za-z]{2,}")
_THREE_IN_A_ROW = re.compile(r"[A-Za-z]{2,}(?:[ ,]+[A-Za-z]{2,}){2,}")
_SENTENCE_END = re.compile(r"(?<=[.!?:;])\s+|\n+|[—·•|]")


def visible_text(markup: str) -> str:
    """The text a browser shows for ``markup`` (tags dropped, entities decoded)."""
    return html.unescape(_TAGS.sub(" ", markup))


def without_identifiers(text: str) -> str:
    """``text`` without quoted parts and identifiers: the words a reader reads as language."""
    return _IDENTIFIER.sub(" ", _QUOTED.sub("§", text))  # "§" keeps openai-compatible:{address} one token


def english_sentences(text: str) -> list[str]:
    """The English sentences in ``text`` (an empty list when there is none)."""
    found = []
    for sentence in _SENTENCE_END.split(_QUOTED.sub("§", text)):  # quotes first: a quote may hold a ". "
        rest = without_identifiers(sentence)
        if _THREE_IN_A_ROW.search(rest) or (len(_WORD.findall(rest)) >= 2 and not HANGUL.search(sentence)):
            found.append(sentence.strip())
    return found
