"""Which concepts a sentence *sets aside*: negation by clause, in English and Korean.

:func:`is_negated` answers, for one concept mention in a text, whether the customer said it is *not* what they
mean — "this is *not a billing* question", "*nothing's wrong with* my payments", "I *don't want a refund*",
"결제 문제가 *아니라*", "*결제는 잘 됐는데*", "환불은 *필요 없고*", "*고장 난 건 없고요*". It does not negate a
mention that *describes* the problem: "I *can't* log in", "it was *not delivered*", "로그인이 *안* 돼요".
:func:`set_aside` finds what a customer dismissed ("…but that's not why I'm writing", "anyway",
"아 아니다 그냥 됐어요").

Pure functions of the text; :mod:`handoffs.models.meaning` calls them for every mention it finds. The negating
words and patterns live in ``data/negation.toml`` (each row with its examples); this module is where a clause
starts and ends and how far a negation reaches.
"""

from __future__ import annotations

import bisect
from functools import lru_cache

from . import knowledge, lexicon, patterns
from .lowered import rows_words
from .pruning import finds_nothing
from .text import en_stem, tokens

_DATA = "negation.toml"
_CLAUSE_END = knowledge.pattern(_DATA, "clause_end")
_MISSING_EVENT, _KO_CLAUSE_END, _SENTENCE_START = (  # compiled when first asked: a negation read, a Korean one
    knowledge.later(_DATA, name) for name in ("missing_event", "ko_clause_end", "sentence_start"))
_EXCLUDED = knowledge.pruned(_DATA, "excluded")
"""Read in tool descriptions only, as only the alternatives whose words a description holds: compiled whole, its
``[가-힣A-Za-z]`` classes folded for case letter by letter, it took ~140 M instructions (some 60 ms) of every
process's start, a tenth of the kit's share of notebook 00's first reply."""
# Asked of every message read and of the clauses around each of its mentions: run as only the alternatives whose
# words the message holds (patterns.Pruned; ``within(text)`` for a part of the text, found once per message).
(_DISMISS_BEFORE, _RETRACT, _TOPIC_CHANGE, _EN_FINE_AFTER, _KO_NOT_AFTER, _KO_FINE_AFTER, _KO_NO_WISH_AFTER,
 _KO_NO_WISH_BEFORE) = (knowledge.pruned(_DATA, name) for name in (
    "dismiss_before", "retract", "topic_change", "en_fine_after", "ko_not_after", "ko_fine_after", "ko_no_wish_after",
    "ko_no_wish_before"))
_KOREAN = patterns.compile(r"[\uac00-\ud7a3\u3131-\u318e\u1100-\u11ff]")
_KOREAN_ONLY = all(need and all(_KOREAN.search(word) for word in need)
                   for rows in (_KO_NOT_AFTER, _KO_FINE_AFTER, _KO_NO_WISH_AFTER, _KO_NO_WISH_BEFORE)
                   for need in rows.anchored.needs)
"""Every alternative of the Korean negation rows needs Korean letters (read from the rows): a text without any is not
searched with them."""
_NOUN_NEGATOR, _DESIRE_NEGATOR, _DESIRE_VERBS, _DESIRE_CONCEPTS, _TOPIC_WORDS = (
    frozenset(knowledge.words(_DATA, name))
    for name in ("noun_negator", "desire_negator", "desire_verbs", "desire_concepts", "topic_words"))
_NEGATOR = frozenset(knowledge.words(_DATA, "negator")) | _NOUN_NEGATOR
_FILLER = frozenset(knowledge.words(_DATA, "filler")) | _DESIRE_VERBS
_NEGATORS = _NEGATOR | _DESIRE_NEGATOR


# Every English word the lexicon knows as a concept word ("tech", "invoice", "delivery"), by stem.
_CONCEPT_STEMS = frozenset(en_stem(w) for entry in lexicon.CONCEPTS.values() for w in (*entry.strong, *entry.weak))


def _is_topic(word: str) -> bool:
    """Words naming a topic, which a negation can run across: "not about a charge *or* a bug", "isn't a tech
    problem or a billing thing"."""
    return word in _TOPIC_WORDS or en_stem(word) in _CONCEPT_STEMS


_WINDOW = 100
"""How far a negation reaches, in characters: "not" is read in the last seven words of its clause, a "fine" in the
first few after the word, so a clause is read only this far from the mention (a clause with no end in a 1,500-
character message is not re-read for each of its words)."""


def _clause_before(text: str, start: int) -> str:
    cut = max(0, start - _WINDOW)
    if cut:
        space = text.find(" ", cut, start)
        cut = space + 1 if space >= 0 else start  # from a word boundary, never half a word
    for match in _CLAUSE_END.finditer(text, cut, start):
        cut = match.end()
    return text[cut:start]


def _clause_after(text: str, end: int) -> str:
    match = _CLAUSE_END.search(text, end, end + _WINDOW)
    return text[end: match.start() if match else end + _WINDOW]


@lru_cache(maxsize=256)  # asked for each mention of one message
def _has_a_negator(text: str) -> bool:
    """Whether ``text`` holds a negating word at all: a clause of it holds one only then (its words are the text's)."""
    return not _NEGATORS.isdisjoint([t.text for t in tokens(text)])


def _english_negated(text: str, concept: str, word: str, start: int, end: int) -> bool:
    before = [t.text for t in tokens(_clause_before(text, start))][-7:] if _has_a_negator(text) else []
    for i in range(len(before) - 1, -1, -1):
        word = before[i]
        between = before[i + 1:]
        if word == "no" and between[:1] in (["rush"], ["hurry"]):  # "no rush on delivery": it is not the point
            between = [w for w in between[1:] if w not in ("on", "with", "for")]
        if word in _NEGATOR or word in _DESIRE_NEGATOR:
            if word in _DESIRE_NEGATOR or (between and between[0] in _DESIRE_VERBS):
                return concept in _DESIRE_CONCEPTS and all(w in _FILLER or _is_topic(w) for w in between)
            if word not in _NOUN_NEGATOR and not between and _MISSING_EVENT.match(word.lower()):
                return False  # "not delivered", "wasn't charged": that is the problem itself
            if all(w in _FILLER or _is_topic(w) for w in between):
                return True  # "not a billing question", "isn't about a charge or a bug"
            break  # a "not" that is about something else in this clause
    fine_after = _EN_FINE_AFTER.within(text)
    return not finds_nothing(fine_after) and bool(fine_after.search(_clause_after(text, end)))


def _korean_negated(text: str, concept: str, start: int, end: int) -> bool:
    if _KOREAN_ONLY and (text.isascii() or not _KOREAN.search(text)):
        return False  # an English message: no Korean negation can be in it
    after = _KO_CLAUSE_END.split(text[end: end + 30], maxsplit=1)[0]
    if _KO_NOT_AFTER.within(text).search(after) or _KO_FINE_AFTER.within(text).search(after):
        return True
    if concept in _DESIRE_CONCEPTS:
        return bool(_KO_NO_WISH_AFTER.within(text).search(after)
                    or _KO_NO_WISH_BEFORE.within(text).search(text[max(0, start - 4): start]))
    return False


_DISMISSING_WORDS = rows_words((_DISMISS_BEFORE, _TOPIC_CHANGE, _RETRACT))


def set_aside(text: str) -> list[tuple[int, int]]:
    """Spans the customer set aside: the sentence before "…that's not why I'm writing" / "그건 됐고", everything
    before "anyway" or "never mind" / "아 아니다 그냥 됐어요"."""
    if _DISMISSING_WORDS.indices(text) == []:
        return []  # no row can match: one look-up instead of one per row (most messages dismiss nothing)
    spans: list[tuple[int, int]] = []
    starts: list[int] | None = None  # found only for a message that dismisses something
    for match in _DISMISS_BEFORE.finditer(text):
        if starts is None:
            starts = [m.end() for m in _SENTENCE_START.finditer(text)]
        before = bisect.bisect_right(starts, match.start()) - 1  # the last sentence start before it
        spans.append((starts[before] if before >= 0 else 0, match.start()))
    for pattern in (_TOPIC_CHANGE, _RETRACT):
        for match in pattern.finditer(text):
            spans.append((0, match.start() if pattern is _TOPIC_CHANGE else match.end()))
    return spans



def excluded_in_description(text: str) -> list[tuple[int, int]]:
    """Spans of a tool description that name what the tool does *not* take ("…, except refunds", "환불은 제외",
    "환불 요청에는 쓰지 마세요"; row ``excluded`` of ``data/negation.toml``). Read in descriptions only: a customer's
    "everything's fine except the refund never came" names the very problem."""
    return [match.span() for match in _EXCLUDED.finditer(text)]


def is_negated(text: str, concept: str, word: str, start: int, end: int) -> bool:
    """Is the mention of ``concept`` at ``text[start:end]`` (lower-cased text) set aside by a negation?
    Korean negation follows its noun, English precedes it; mixed messages ("billing address 말고") get both."""
    if _korean_negated(text, concept, start, end):
        return True
    return not ("\uac00" <= text[end - 1] <= "\ud7a3") and _english_negated(text, concept, word, start, end)
