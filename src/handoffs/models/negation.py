"""Which concepts a sentence *sets aside*: negation by clause, in English and Korean.

:func:`is_negated` answers, for one concept mention in a text, whether the customer said it is *not* what they
mean — "this is *not a billing* question", "*nothing's wrong with* my payments", "I *don't want a refund*",
"결제 문제가 *아니라*", "*결제는 잘 됐는데*", "환불은 *필요 없고*", "*고장 난 건 없고요*". It does not negate a
mention that *describes* the problem: "I *can't* log in", "it was *not delivered*", "로그인이 *안* 돼요".
:func:`set_aside` finds what a customer dismissed ("…but that's not why I'm writing", "anyway",
"아 아니다 그냥 됐어요").

Pure functions of the text; :mod:`handoffs.models.meaning` calls them for every mention it finds.
"""

from __future__ import annotations

import bisect
import re

from . import patterns

from . import lexicon
from .text import en_stem, tokens

_CLAUSE_END = patterns.compile(r"[.!?;:,\n—–]|\s-\s|\b(?:but|however|though|although|instead|rather|whereas|just)\b|지만|는데|인데")
_NOUN_NEGATOR = frozenset("no nothing nothing's none without neither nor".split())
_NEGATOR = frozenset("not isn't aren't wasn't weren't never".split()) | _NOUN_NEGATOR
_DESIRE_NEGATOR = frozenset("don't doesn't didn't dont won't".split())
_DESIRE_VERBS = frozenset("want wanting need needing wish care plan planning intend mean looking trying".split())
_FILLER = frozenset("""a an the my your our this that it its it's about really even related to with regarding
    asking calling writing contacting here for looking interested in trying any actually just of kind sort type
    question questions issue issues problem problems matter request is are was thing something anything at all
    do be going gonna i'm im am sure currently necessarily exactly technically simply yet wrong or nor and
    broken disputing questioning complaining asking talking writing calling reporting contacting bothering worried
    involved get getting need been being got gotten were complaints complaint concerns worries escalate sue
    complain talk speak call contact report anyone anybody someone me after dramatic i we""".split()) | _DESIRE_VERBS
_DESIRE_CONCEPTS = frozenset({"sales", "refund", "human", "escalate", "repairs", "boss", "shipping", "billing", "technical",
                              "account", "general"})
# Events whose absence *is* the problem: "not delivered", "wasn't refunded", "isn't loading".
_MISSING_EVENT = patterns.compile(r"^(?:deliver|charg|paid|pa|refund|receiv|ship|process|arriv|credit|appl|approv|work|load|"
                            r"respond|updat|sent|install|connect|sync|download|show)")
_EN_FINE_AFTER = patterns.compile(r"^\W*(?:\w+\W+){0,2}?(?:is|are|was|were|went|works?|worked|looks?|seems?|arrived|came)\s+"
                            r"(?:through\s+)?(?:just\s+|all\s+|totally\s+|completely\s+|perfectly\s+)?(?:fine|ok|okay|good|great|perfect|"
                            r"correct|right|normal|on time|perfectly|safely|in one piece|fast|quick|speedy|smooth|prompt|quickly|no problem|"
                            r"smoothly|paid up|up to date|without (?:a |any )?(?:problem|issue|hitch)s?)\b|^\W*(?:just\s+)?(?:fine|ok|okay|on time|safely|"
                            r"in one piece|perfect|intact|undamaged|flawless)\b|"
                            r"^\W*(?:is|was|are)\s*(?:not|n't)\s+(?:the\s+)?(?:problem|issue|reason)", re.I)
_KO_NOT_AFTER = patterns.compile(r"^\S*(?:\s+\S+){0,3}?\s*(?:아니(?!면)|아닙|아녜|아냐|아님|아닌(?!지))(?![^.!?\n]{0,4}\?)|^\S*(?:\s+\S+)?\s*말고"
                           r"|^\S*(?:\s+\S+){0,2}?\s*(?:건|거|게|것|곳|데|일)\s*(?:은|는|도)?\s*(?:하나도\s*|전혀\s*)?없")
_KO_FINE_AFTER = patterns.compile(r"^\S*(?:\s+(?:문제|건|거|쪽|부분|얘기)\S*)?(?:\s+(?:어제|이미|벌써|다|진작|금방|오늘))?\s*(?:잘\s*(?:됐|되|돼|나갔|처리|들어|왔|도착)|빨리\s*(?:왔|도착)|빨랐|빠르(?:네|더|게\s*왔)|정상(?!\s*(?:이\s*)?아니)|괜찮|문제\s*없|"
                            r"멀쩡|이상\s*없|제때|참을\s*만|상관\s*없|넘어갈|해결\s*(?:됐|되었|완료))|^(?:이|가|도|는|은)?\s*(?:하나도\s*|전혀\s*)?없(?:고|어|는|습)(?![^.!\n]{0,4}\?)")
_KO_NO_WISH_AFTER = patterns.compile(r"^\S*(?:\s+\S+){0,3}?\s*(?:필요\s*없|필요\s*(?:하지|치)\s*않|원하지\s*않|하고\s*싶지\s*않|받고\s*싶지\s*않|"
                               r"생각\s*(?:은|이)?\s*없|건\s*아니)|^\S*\s*안\s*(?:할|해도|받아도|원해)|^(?:은|는)\s*(?:이제\s*)?(?:됐|괜찮)")
_KO_NO_WISH_BEFORE = patterns.compile(r"(?:^|\s)안\s*$")
# "...but that's not why I'm writing": the clause before it is set aside; "아 아니다 그냥 됐어요": all of it is.
_DISMISS_BEFORE = patterns.compile(r"\b(?:that'?s|that is|it'?s|this is)\s+not\s+(?:why|the reason|what)\b|"
                             r"\b(?:so|and)\s+(?:it'?s|it is|that'?s|that is)\s+not\s+(?:that|it)\b|"
                             r"\b(?:sorted (?:it |that |this )?out|(?:has|have|got) (?:been )?(?:sorted|resolved|taken care of))\b|"
                             r"\bbut whatever\b|(?:그건|[가-힣]\s+(?:건|거는|것은))\s*(?:이제\s*)?(?:됐|괜찮|해결|참을\s*만|상관\s*없)|그건\s*(?:중요한\s*게\s*)?"
                             r"아니고|그게\s*(?:문제가\s*|중요한\s*게\s*)?아니라|그\s*얘기\s*하려던\s*건\s*아니", re.I)
_RETRACT = patterns.compile(r"\bnever\s*mind\b|\bnvm\b|\bforget (?:it|that|about it)\b|(?:아\s*)?아니다\s*(?:그냥\s*)?(?:됐|괜찮|말)|"
                      r"그냥\s*(?:됐어요|됐습니다|괜찮아요)\s*$", re.I)


_TOPIC_WORDS = frozenset("""charge charges bill billing payment payments bug bugs error app login account refund order
    delivery shipping shipment repair manager supervisor product price fee invoice subscription info information
    details help lawyer lawsuit""".split())


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


def _english_negated(text: str, concept: str, word: str, start: int, end: int) -> bool:
    before = [t.text for t in tokens(_clause_before(text, start))][-7:]
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
    return bool(_EN_FINE_AFTER.search(_clause_after(text, end)))


_KO_CLAUSE_END = patterns.compile(r"[.!\n,]")


def _korean_negated(text: str, concept: str, start: int, end: int) -> bool:
    after = _KO_CLAUSE_END.split(text[end: end + 30], maxsplit=1)[0]
    if _KO_NOT_AFTER.search(after) or _KO_FINE_AFTER.search(after):
        return True
    if concept in _DESIRE_CONCEPTS:
        return bool(_KO_NO_WISH_AFTER.search(after) or _KO_NO_WISH_BEFORE.search(text[max(0, start - 4): start]))
    return False


_SENTENCE_START = patterns.compile(r"[.!?\n]|\b(?:also|plus|and also|by the way|btw)\b|그리고|아\s")
_TOPIC_CHANGE = patterns.compile(r"(?:^|[.!?,;:—–-]\s*)(?:anyway|anyhow)\b|어쨌든|아무튼|그건\s*그렇고", re.I)


def set_aside(text: str) -> list[tuple[int, int]]:
    """Spans the customer set aside: the sentence before "…that's not why I'm writing" / "그건 됐고", everything
    before "anyway" or "never mind" / "아 아니다 그냥 됐어요"."""
    spans = []
    starts = [m.end() for m in _SENTENCE_START.finditer(text)]
    for match in _DISMISS_BEFORE.finditer(text):
        before = bisect.bisect_right(starts, match.start()) - 1  # the last sentence start before it
        spans.append((starts[before] if before >= 0 else 0, match.start()))
    for pattern in (_TOPIC_CHANGE, _RETRACT):
        for match in pattern.finditer(text):
            spans.append((0, match.start() if pattern is _TOPIC_CHANGE else match.end()))
    return spans



# What a *tool description* excludes: "…, except refunds", "billing only (refunds are handled by repairs)",
# "환불은 제외", "환불은 다루지 않아요", "환불 요청에는 쓰지 마세요". Read in descriptions only: a customer's
# "everything's fine except the refund never came" names the very problem.
_EXCLUDED = patterns.compile(
    r"\b(?:except(?:\s+for)?|excluding|other\s+than|but\s+not|apart\s+from|aside\s+from|not\s+including)\s+"
    r"[^.;:()\n]{1,60}"
    r"|[^.;:,()\n]{1,40}?\b(?:is|are)\s+(?:handled|dealt\s+with|covered|answered|taken\s+care\s+of)\s+"
    r"(?:by|elsewhere|in|at)\b[^.;:()\n]{0,40}"
    r"|\b(?:do\s+not|don'?t|never)\s+(?:use|call|pick|choose)\b[^.;:()\n]{0,20}?\b(?:for|with|when|on)\s+[^.;:()\n]{1,60}"
    r"|[가-힣A-Za-z]+(?:\s+[가-힣A-Za-z]+){0,2}?\s*(?:은|는|을|를|이|가)?\s*제외"
    r"|[가-힣A-Za-z]+(?:\s+[가-힣A-Za-z]+){0,2}?\s*(?:은|는|을|를)\s*(?:다루|취급하|처리하|받|맡|담당하)지\s*(?:않|마)"
    r"|[가-힣A-Za-z]+(?:\s+[가-힣A-Za-z]+){0,2}?\s*(?:에는|엔|에)\s*(?:쓰|사용하|부르|호출하)지\s*(?:마|말)"
    r"|[가-힣A-Za-z]+(?:\s+[가-힣A-Za-z]+){0,2}?\s*(?:은|는)\s*다른\s*(?:도구|팀|곳|데스크|에이전트|담당)", re.I)


def excluded_in_description(text: str) -> list[tuple[int, int]]:
    """Spans of a tool description that name what the tool does *not* take (see ``_EXCLUDED``)."""
    return [match.span() for match in _EXCLUDED.finditer(text)]


def is_negated(text: str, concept: str, word: str, start: int, end: int) -> bool:
    """Is the mention of ``concept`` at ``text[start:end]`` (lower-cased text) set aside by a negation?
    Korean negation follows its noun, English precedes it; mixed messages ("billing address 말고") get both."""
    if _korean_negated(text, concept, start, end):
        return True
    return not ("\uac00" <= text[end - 1] <= "\ud7a3") and _english_negated(text, concept, word, start, end)
