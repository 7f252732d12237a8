"""Reading what a text *says*: the concepts it mentions, with the words that said them, and which are negated.

:func:`read` turns a customer message, a tool description or a routine step — English, Korean or both mixed —
into a :class:`Reading`: a list of :class:`Mention` (concept, the writer's own word, weight, negated or not).

It reads the way a careful person does, in three passes:

1. **Phrases first** (:data:`~handoffs.models.idioms.PHRASES`): idioms are read whole and their words consumed —
   "the manager *in charge* of my account" says nothing about billing, "my phone *won't charge*" is technical.
2. **Words** (:mod:`.words`): English by stem (``charged`` ~ ``charge``), Korean by the start of the word
   (``결제되었습니다``), typos by one letter (``chraged``, ``결재``). Words about an earlier purchase ("the skates I
   bought", "주문한 게") are not a wish to buy.
3. **Negation, by clause**: "this is *not a billing* question", "결제 문제가 *아니라*", "*결제는 잘 됐는데*",
   "I *don't want a refund*" mark their concept negated; "I *can't* log in" or "*not* delivered" do not (they
   describe the problem).

Readings are cached by text: the same prompt, description or message is read once per process.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

from . import cues, idioms, knowledge, lexicon, patterns, romanised
from .memo import TEXTS_KEPT
from .negation import is_negated, set_aside
from .words import corrected, english_word, korean_word
from .text import Cover, language_of, readable, tokens


@dataclass(frozen=True)
class Mention:
    concept: str
    word: str  # as written, e.g. '결제되었습니다' or 'charged twice'
    weight: float
    start: int
    end: int
    negated: bool = False
    requested: bool = False  # a person the customer asks for ("let me talk to a human"), not one they mention


_THRESHOLDS = {name: row["value"] for name, row in knowledge.load("routing.toml")["thresholds"].items()}
_MORE_WORDS = _THRESHOLDS["more_words"]
_HOW_TO_PAY = knowledge.later("cues.toml", "how_to_pay")  # compiled when first asked
_SMALL_TALK = 0.3  # cues.asides' factor for a compliment: small talk, which counts for less even alone  # data/routing.toml says why of each


def diminishing(weights: Iterable[float]) -> float:
    """Several words for one concept: the strongest, plus a little for the next two (one clear word is enough,
    three say it louder)."""
    ordered = sorted(weights, reverse=True)
    return ordered[0] + _MORE_WORDS * sum(ordered[1:3]) if ordered else 0.0


@dataclass(frozen=True)
class Reading:
    text: str
    language: str | None
    mentions: tuple[Mention, ...]
    set_aside: bool = False  # a phrase read its words as saying nothing routable (off-topic, an idiom, thanks)

    def strength(self, concept: str) -> float:
        """How strongly the text raises ``concept`` (not negated): the strongest mention plus a little per extra."""
        return diminishing(m.weight for m in self.mentions if m.concept == concept and not m.negated)

    def concepts(self) -> dict[str, float]:
        """Every concept raised (not negated), with its strength (worked out once per reading: a reading is frozen,
        and a decision asks this of the same message many times; each caller gets its own copy)."""
        found = self.__dict__.get("_concepts")
        if found is None:
            found = {c: self.strength(c) for c in dict.fromkeys(m.concept for m in self.mentions if not m.negated)}
            self.__dict__["_concepts"] = found  # frozen dataclass: a derived value, not a field
        return dict(found)

    def negated(self) -> set[str]:
        """Concepts the text explicitly sets aside ("not a billing question") and does not also raise."""
        raised = {m.concept for m in self.mentions if not m.negated}
        return {m.concept for m in self.mentions if m.negated} - raised

    def asked_for(self, concept: str) -> bool:
        """Whether the customer asks for ``concept`` (a person) rather than only mentioning it."""
        return any(m.concept == concept and m.requested and not m.negated for m in self.mentions)

    def words_for(self, concept: str) -> list[str]:
        return list(dict.fromkeys(m.word for m in self.mentions if m.concept == concept and not m.negated))


# --- reading ----------------------------------------------------------------------------------------------------

_AFTER_A_WORD = patterns.compile(r"[A-Za-z,]\s+$")


def _is_a_name(text: str, start: int, end: int) -> bool:
    """'Sue' or 'Bill' written with a capital in mid-sentence is somebody's name, not a lawsuit or an invoice."""
    word = text[start:end]
    if word.lower().removesuffix("'s") not in lexicon.NAME_WORDS or not word[:1].isupper() or word.isupper():
        return False
    return bool(_AFTER_A_WORD.search(text, max(0, start - 8), start))


def _people(raw: list[Mention], text: str) -> list[Mention]:
    """Person words weigh what the customer does with them: a manager or a human *asked for* ("let me talk to your
    manager", "상담원 연결해 주세요") is an escalation or a handoff; one merely mentioned ("my account manager said…")
    is a word in a story. A manager is also an escalation when the customer complains."""
    if not any(m.concept in ("boss", "human") for m in raw):
        return list(raw)  # no person word: nothing to weigh (and no need to look for a person asked for)
    spans = cues.people_asked_for(text)
    asked_starts = bytearray(len(text) + 1)
    for s, _ in spans:
        asked_starts[s] = 1
    # "a customer service rep": the person word right after the asked-for phrase belongs to it
    asked = Cover(len(text), [(s, min(len(text), e + 2)) for s, e in spans])
    complains = any(m.concept == "escalate" and m.weight >= 1 for m in raw)
    out = []
    for m in raw:
        requested = asked[m.start] is not None or 1 in asked_starts[m.start:m.end]
        if m.concept == "boss":
            out.append(Mention("escalate", m.word, 1.0 if requested or complains else _THRESHOLDS["boss_mentioned"],
                               m.start, m.end, requested=requested))
            out.append(Mention("human", m.word, _THRESHOLDS["boss_as_person" if requested else "boss_as_person_mentioned"],
                               m.start, m.end, requested=requested))
        elif m.concept == "human":
            out.append(Mention("human", m.word, m.weight if requested else m.weight * _THRESHOLDS["person_mentioned"],
                               m.start, m.end, requested=requested))
        else:
            out.append(m)
    return out


def _technical_verb(text: str, start: int, end: int) -> list[Mention]:
    """What does not work, when the phrase names it with a technical word: "can't *upload*", "won't *sync*"."""
    found = []
    for token in tokens(text[start:end]):
        meanings = [(c, w) for c, w, _, _ in korean_word(token.text)] if token.korean else english_word(token.text)
        found += [Mention(c, text[start + token.start:start + token.end], w, start + token.start, start + token.end)
                  for c, w in meanings if c == "technical"]
    return found


_WORD_EDGE = patterns.compile(r"[\s.,!?;:()\"']")


def _whole_words(text: str, start: int, end: int) -> str:
    """The words a phrase match lies in, whole: a reason quotes "'사고 싶어요'", never the stem "'사고 싶'"."""
    after = _WORD_EDGE.search(text, end, end + 20)  # words longer than 20 letters are cut: the read stays linear
    before = _WORD_EDGE.search(text[max(0, start - 20):start][::-1])  # the last edge before the match, read backwards
    first = start - before.start() if before else max(0, start - 20)
    return text[first:after.start() if after else end + 20].strip()


def phrase_text(text: str) -> str:
    """The lower-cased text the phrase rows read (as :func:`read` prepares it: made readable, English typos fixed)."""
    return corrected(readable(text)).lower()


def phrase_claims(lowered: str) -> list[tuple[int, int, int]]:
    """(row of :data:`~handoffs.models.idioms.PHRASES`, start, end) for each stretch of the lower-cased text that a
    phrase row reads whole, in reading order: the first row to claim a stretch keeps it."""
    claims: list[tuple[int, int, int]] = []
    consumed = bytearray(len(lowered) + 1)
    for row, pattern in idioms.phrase_runners(lowered):
        for match in pattern.finditer(lowered):
            if match.end() > match.start() and 1 not in consumed[match.start():match.end()]:
                consumed[match.start():match.end()] = b"\x01" * (match.end() - match.start())
                claims.append((row, match.start(), match.end()))
    return claims


@lru_cache(maxsize=TEXTS_KEPT)
def read(text: str) -> Reading:
    """What ``text`` says: its language and its concept mentions (see the module docstring)."""
    text = readable(text)
    original = text
    if romanised.looks_romanised(text.lower()) and len(text.lower()) == len(text):  # "gyeolje ga du beon dwaesseoyo"
        hangul, spans = romanised.hangulised(text.lower())
        if hangul != text.lower():  # read as the Korean it spells; quote the customer's own Latin words
            inner = read(hangul)
            mentions = [Mention(m.concept, original[a:b], m.weight, a, b, m.negated, m.requested)
                        for m in inner.mentions for a, b in [romanised.latin_span(spans, m.start, m.end)]]
            respelled = corrected(text)  # phrase rows written in Latin letters read it as they read any text
            lowered = respelled.lower() if len(respelled.lower()) == len(respelled) else respelled
            mentions += [Mention(c, _whole_words(respelled, m.start(), m.end()), weight, m.start(), m.end())
                         for pattern, concepts, weight in idioms.phrase_patterns(lowered) if pattern is not None
                         for m in pattern.finditer(lowered) if m.end() > m.start() for c in concepts]
            return Reading(original, language_of(original), tuple(sorted(mentions, key=lambda m: (m.start, m.concept))),
                           inner.set_aside)
    text = corrected(text)
    lowered = text.lower()
    if len(lowered) != len(text):  # a character whose lower case is longer: read the lower-cased text only
        text = lowered
    raw: list[Mention] = []
    consumed = bytearray(len(text) + 1)  # positions a phrase has read already
    blocked = False
    claims = phrase_claims(lowered)
    for row, start, end in claims:
        phrase_concepts, weight = idioms.MEANINGS[row]
        consumed[start:end] = b"\x01" * (end - start)
        blocked = blocked or not phrase_concepts
        raw += [Mention(c, _whole_words(text, start, end), weight, start, end) for c in phrase_concepts]
        if phrase_concepts == ("malfunction",):
            raw += _technical_verb(text, start, end)
    for token in tokens(text):
        partly = bool(claims) and 1 in consumed[token.start:token.end]  # (no phrase read: no word partly read)
        if partly and not (token.korean and 0 in consumed[token.start:token.end]) or (
                text[token.start].isupper() and _is_a_name(text, token.start, token.end)):  # (a name is capitalised)
            continue
        if token.korean:
            # Korean written without spaces is one token: a phrase read part of it ("…안들어왔어요"), the rest is
            # read for its own words ("환불받기로했는데…").
            for concept, weight, start, end in korean_word(token.text):
                if not (partly and 1 in consumed[token.start + start:token.start + end]):
                    raw.append(Mention(concept, text[token.start:token.end], weight, token.start + start, token.start + end))
        else:
            for concept, weight in english_word(token.text):
                raw.append(Mention(concept, text[token.start:token.end], weight, token.start, token.end))
    if not raw:  # nothing mentioned: no mention to weigh, negate or set aside (lazy: most small talk stops here)
        return _with_phrase_text(Reading(original, language_of(original), (), blocked), lowered)
    past_spans = ([m.span() for m in lexicon.PAST_PURCHASE.finditer(lowered)]
                  if any(m.concept == "sales" for m in raw) else [])  # only a wish to buy is read against a purchase
    past = Cover(len(lowered), past_spans) if past_spans else None
    bought_near = Cover(len(lowered), [(e, e + 12) for _, e in past_spans]) if past_spans else None  # the thing bought
    dismissed_spans = set_aside(lowered)
    dismissed = Cover(len(lowered), dismissed_spans) if dismissed_spans else None
    aside_spans = cues.asides(lowered)
    quiet = Cover(len(lowered), aside_spans) if aside_spans else None  # (a Cover only for spans: most have none)
    kept = []
    for m in sorted(_people(raw, lowered), key=lambda m: (m.start, m.concept)):
        if m.concept == "sales" and past is not None and (
                past.any(m.start, m.end) or (m.weight < 1.0 and bought_near.any(m.start, m.end))):
            continue  # "the skates I bought", "주문한 거랑 다른 제품이 왔어요": an earlier purchase, not a wish to buy
        kept.append((m, dismissed is not None and dismissed[m.start] is not None
                     or is_negated(lowered, m.concept, m.word.lower(), m.start, m.end)))
    if aside_spans and all(negated or quiet[m.start] is not None for m, negated in kept):
        # Everything the customer raised is in an aside ("No problems with my order! Just wondering if the catapult
        # is back in stock"): the aside is the message. Only small talk (a compliment) still counts for less.
        quiet = Cover(len(lowered), [span for span in aside_spans if span[2] <= _SMALL_TALK])
    mentions = []
    for m, negated in kept:
        factor = quiet[m.start] if quiet is not None else None
        if not negated and not isinstance(factor, float):
            mentions.append(m)  # as read (a mention is frozen: the same one, not a copy)
            continue
        weight = m.weight * (factor if isinstance(factor, float) else 1.0)
        mentions.append(Mention(m.concept, m.word, weight, m.start, m.end, negated, m.requested))
    return _with_phrase_text(Reading(original, language_of(original), tuple(mentions), blocked), lowered)


def _with_phrase_text(reading: Reading, lowered: str) -> Reading:
    """``reading`` remembering its :func:`phrase_text` (derived, as ``concepts``): :func:`as_request` reuses it."""
    reading.__dict__["_phrase_text"] = lowered
    return reading


def as_request(text: str) -> Reading:
    """A customer's message read as a request to route: a refund of a charge is a billing matter, a delivery question
    asked while buying is part of the sale. (Not for tool descriptions: a tool "for refunds of charges" still offers
    refunds, a tool "for sales and delivery" still offers delivery.)

    Not remembered here: its one reader (``routing._Said``) is remembered per text. Where nothing changes (most
    messages), the reading itself is the answer: no second Reading, mention tuple and concept dict kept per text."""
    reading = read(text)
    mentions = _delivery_before_a_sale(list(reading.mentions), reading.text, reading.__dict__.get("_phrase_text"))
    request = _refunds_of_charges(mentions)
    if len(request) == len(reading.mentions) and all(a is b for a, b in zip(request, reading.mentions)):
        return reading
    return Reading(reading.text, reading.language, request, reading.set_aside)


def _delivery_before_a_sale(mentions: list[Mention], text: str, lowered: str | None = None) -> list[Mention]:
    """Asked while buying ("I'd like to order a pair — do you ship to Canada?", "3개 주문하고 싶어요, 제주도도 배송
    되죠?"), a delivery question is part of the sale: nothing was bought yet, so there is nothing to track. So is a
    question about how to pay ("what payment methods do you accept? I'm about to order"): nothing was charged yet."""
    if not any(m.concept == "sales" and m.weight >= 0.8 and not m.negated for m in mentions):
        return mentions
    if lexicon.PAST_PURCHASE.search(text):
        return mentions  # something was bought: a delivery question is about it
    lowered, half = lowered or phrase_text(text), _THRESHOLDS["delivery_while_buying"]
    how_to_pay = (Cover(len(lowered), [m.span() for m in _HOW_TO_PAY.finditer(lowered)])
                  if any(m.concept == "billing" for m in mentions) else None)
    return [Mention(m.concept, m.word, m.weight * half, m.start, m.end, m.negated, m.requested)
            if m.concept == "shipping" or m.concept == "billing" and how_to_pay is not None and how_to_pay.any(m.start, m.end)
            else m for m in mentions]


def _refunds_of_charges(mentions: list[Mention]) -> tuple[Mention, ...]:
    """A refund asked for where the only trouble is a charge ("charged twice — refund 되나요?") is money back *for that
    charge*: a billing matter first, a refund second. Where something is also broken, a refund stays a refund."""
    live = {m.concept for m in mentions if not m.negated and (m.weight >= 1.0 or m.concept != "billing")}
    if "billing" not in live or live & {"repairs", "malfunction"}:
        return tuple(mentions)
    out: list[Mention] = []
    for m in mentions:
        if m.concept == "refund" and not m.negated:
            out += [Mention("billing", m.word, m.weight, m.start, m.end),
                    Mention("refund", m.word, m.weight * _THRESHOLDS["refund_of_a_charge"], m.start, m.end)]
        else:
            out.append(m)
    return tuple(out)


def concepts(text: str) -> dict[str, list[str]]:
    """Concepts ``text`` raises (not negated), each with the words that said them, in order of appearance."""
    reading = read(text)
    return {concept: reading.words_for(concept) for concept in reading.concepts()}
