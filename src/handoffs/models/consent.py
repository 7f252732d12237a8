"""Did the customer agree to *this* side effect? The offline model's reading of a reply to an offer.

A refund or an order changes something for the customer; the offline model runs one only after the customer
agreed to that very action. :func:`read_reply` sorts a reply to an offer ("Would you like a refund?") into one
kind — ``yes``, ``no``, ``question``, ``person``, ``conditional``, ``sarcasm``, ``unsure`` or ``other`` — in
English or Korean (polite or 반말, typos, no spaces). It is strict on purpose: a reply is ``yes`` only when it is
made of nothing but agreement ("yes", "네 환불해주세요", "go ahead and refund me", "Could you process the
refund?"), so a yes to something else ("Yes, the fix worked"), a yes with a condition, a yes said in sarcasm, a
question or a request for a person is not consent. A doubtful reply costs the customer one more "yes"; a wrong
yes costs them a refund or an order they did not want.

Side effects and their actions are read by :mod:`~handoffs.models.actions` (named here too). All the words — yes,
no, fillers, action words, and the sentences that ask again — live in ``data/consent.toml``. Reading costs time linear in the message (phrase look-ups and a bounded word-break over
Korean chunks); the message is cut to :data:`WINDOW` characters first.

What to *do* with a reading (run the tool, ask again, hand over to a person) is :mod:`~handoffs.models.core`'s job.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from . import knowledge, patterns
from .actions import action_of, ask_again, declined, hands_over, is_side_effect, no_person, offer_words  # noqa: F401

WINDOW = 600  # a consent is short; a longer reply is read by its first 600 characters (and is never a bare yes)
_KO_CHARS = re.compile(r"[^가-힣ㄱ-ㅎㅏ-ㅣ]+")
_CHUNK = patterns.Later(r"[a-z0-9']+|[가-힣ㄱ-ㅎㅏ-ㅣ]+", 0, re.compile)  # compiled when a reply is first read
_REPEATS = patterns.Later(r"([a-z])\1{2,}", 0, re.compile)

KINDS = ("yes", "no", "question", "person", "conditional", "sarcasm", "unsure", "other")


@dataclass(frozen=True)
class Reading:
    """What a reply to an offer is: its kind and the words that decided it."""

    kind: str
    words: tuple[str, ...] = ()

    @property
    def agrees(self) -> bool:
        return self.kind == "yes"


def _data() -> dict:
    return knowledge.load("consent.toml")


@lru_cache(maxsize=128)  # the data's sections: a handful
def _phrases(section: str, lang: str) -> tuple[str, ...]:
    return tuple(_data()[section].get(lang, ()))


@lru_cache(maxsize=8)
def _pieces(action: str | None) -> tuple[dict[tuple[str, ...], str], dict[str, str]]:
    """English phrases (as word tuples) and Korean pieces -> their role: yes, action, request, filler."""
    data = _data()
    english: dict[tuple[str, ...], str] = {}
    korean: dict[str, str] = {}
    actions = [data["actions"][action]] if action in data["actions"] else []
    for role, sources in (("filler", [data["filler"]]), ("yes", [data["yes"]]), ("action", actions),
                          ("request", [data["request_question"]])):
        for source in sources:
            for phrase in source.get("en", ()):
                english[tuple(phrase.split())] = role
            for piece in source.get("ko", ()):
                korean[_KO_CHARS.sub("", piece)] = role
    return english, korean


def _longest() -> tuple[int, int]:
    """The most words of an English phrase and the most letters of a Korean piece in the data (how far to look)."""
    tables = [_pieces(action) for action in (None, *_data()["actions"])]
    return max(len(k) for en, _ in tables for k in en), max(len(k) for _, ko in tables for k in ko)


_MAX_WORDS, _MAX_PIECE = _longest()


@lru_cache(maxsize=1024)  # a reply is read by several questions (refuses, only asks, names an action) in one call
def _normalise(text: str) -> str:
    text = unicodedata.normalize("NFC", text[:WINDOW]).lower().replace("’", "'").replace("‘", "'")
    return _REPEATS.sub(r"\1", text)


def _padded_words(text: str) -> str:
    return " " + " ".join(re.findall(r"[a-z0-9']+", text)) + " "


def _found_en(padded: str, phrases: tuple[str, ...]) -> list[str]:
    return [p for p, needle in _needles(phrases) if needle in padded]


@lru_cache(maxsize=64)  # the tables' phrase lists: a handful
def _needles(phrases: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """Each English phrase with what is looked for in the padded words: the phrase as whole words (" yes "), or as
    written for one that starts with a mark."""
    return tuple((p, f" {p} " if p[0].isalnum() else p) for p in phrases)


@lru_cache(maxsize=8)
def _yes_masks() -> tuple[str, ...]:
    """The English yes phrases as whole words, longest first: what is masked before a refusal is looked for."""
    return tuple(f" {phrase} " for phrase in sorted(_phrases("yes", "en"), key=len, reverse=True))


def _found_ko(spaceless: str, raw: str, phrases: tuple[str, ...]) -> list[str]:
    return [p for p, hangul_only in _hangul_only(phrases) if (p in spaceless if hangul_only else p in raw)]


@lru_cache(maxsize=64)  # the tables' phrase lists: a handful
def _hangul_only(phrases: tuple[str, ...]) -> tuple[tuple[str, bool], ...]:
    """Each phrase, with whether it is Korean letters only (then looked for in the text without spaces or marks)."""
    return tuple((p, _KO_CHARS.sub("", p) == p) for p in phrases)


def _english_roles(words: list[str], table: dict[tuple[str, ...], str]) -> list[str] | None:
    """Roles of a run of English words read as known phrases (longest first), or None if a word is unknown."""
    roles, i = [], 0
    while i < len(words):
        for size in range(min(_MAX_WORDS, len(words) - i), 0, -1):
            role = table.get(tuple(words[i:i + size]))
            if role is not None:
                roles.append(role)
                i += size
                break
        else:
            return None
    return roles


def _korean_roles(chunk: str, table: dict[str, str]) -> list[str] | None:
    """Roles of the pieces a Korean chunk is made of ("네환불해주세요" -> yes, action, yes), or None.

    A one-syllable piece may start a chunk only if it is a yes ("네", "응"); otherwise it must follow another
    piece (a particle or ending: "환불로", "그걸로요"), so "가요" or "어제" are not read as agreement.
    """
    n = len(chunk)
    reachable = [False] * (n + 1)
    reachable[n] = True
    for i in range(n - 1, -1, -1):
        for j in range(i + 1, min(n, i + _MAX_PIECE) + 1):
            if reachable[j] and chunk[i:j] in table:
                reachable[i] = True
                break
    if not reachable[0]:
        return None
    roles, i = [], 0
    while i < n:
        for j in range(min(n, i + _MAX_PIECE), i, -1):
            role = table.get(chunk[i:j])
            if role is not None and reachable[j] and (j - i > 1 or i > 0 or j == n or role == "yes"):
                roles.append(role)
                i = j
                break
        else:
            return None
    return roles


def _roles(text: str, action: str | None) -> list[str] | None:
    """Every piece of the message as yes/action/request/filler, or None when something else is said."""
    english, korean = _pieces(action)
    roles: list[str] = []
    run: list[str] = []
    for chunk in [*_CHUNK.findall(text), ""]:
        if chunk and chunk[0].isascii():
            run.append(chunk)
            continue
        if run:
            found = _english_roles(run, english)
            if found is None:
                return None
            roles += found
            run = []
        if chunk:
            found = _korean_roles(chunk, korean)
            if found is None:
                return None
            roles += found
    return roles


def _conditional_ending(text: str) -> bool:
    """A Korean word ending in the conditional 면 ("무료면", "싸면요"), other than the words listed as not one."""
    exceptions = set(_data()["conditional"].get("ko_not", ()))
    for chunk in re.findall(r"[가-힣]+", text):
        stem = chunk.removesuffix("요").removesuffix("은")
        if len(stem) >= 2 and stem.endswith("면") and stem not in exceptions:
            return True
    return False


def _asks(text: str, padded: str, spaceless: str) -> list[str]:
    marks = ["?"] if "?" in text or "？" in text else []
    words, anywhere = padded.split(), _phrases("question", "en_anywhere")
    en = [p for p in _phrases("question", "en") if (words and words[0] == p) or (" " in p and f" {p} " in padded)
          or (p in anywhere and f" {p} " in padded)]
    ko = [p for p in _phrases("question", "ko") if p in spaceless]
    return marks + en + ko


@lru_cache(maxsize=4096)
def read_reply(text: str, action: str | None = None) -> Reading:
    """What ``text``, said right after the model offered ``action`` ("refund", "order" or None), means."""
    from .cues import people_asked_for  # the reading of "a request for a person" is the model's one reading

    raw = _normalise(text)
    padded = _padded_words(raw)
    spaceless = _KO_CHARS.sub("", raw)
    if not raw.strip():
        return Reading("other")
    if people_asked_for(text[:WINDOW]):
        return Reading("person")
    for kind in ("sarcasm", "conditional", "unsure"):
        found = _found_en(padded, _phrases(kind, "en")) + _found_ko(spaceless, raw, _phrases(kind, "ko"))
        if found:
            return Reading(kind, tuple(found))
    masked = padded
    for needle in _yes_masks():
        if needle in masked:
            masked = masked.replace(needle, " ")
    refusal = _found_en(masked, _phrases("no", "en")) + _found_ko(spaceless, raw, _phrases("no", "ko"))
    if refusal:
        return Reading("no", tuple(refusal))
    soft = _found_ko(spaceless, raw, tuple(_data()["no"].get("ko_soft", ())))
    if soft:
        rest = raw
        for word in soft:
            rest = rest.replace(word, " ")
        roles = _roles(rest, action)
        return Reading("unsure" if roles and "yes" in roles else "no", tuple(soft))
    if _conditional_ending(raw):
        return Reading("conditional", ("…면",))
    roles = _roles(raw, action)
    asked = _asks(raw, masked, spaceless)
    if roles is not None and ("yes" in roles or "action" in roles):
        if not asked or "request" in roles:
            return Reading("yes", tuple(dict.fromkeys(roles)))
    if asked:
        return Reading("question", tuple(asked))
    return Reading("other")


@lru_cache(maxsize=64)
def _action_words(action: str, lang: str) -> tuple[str, ...]:
    return tuple(_data()["actions"].get(action, {}).get(lang, ()))


def names_an_action(text: str, action: str) -> bool:
    """Does ``text`` name ``action`` ("refund", "환불")? E.g. "Yes, refund" said to a proposed fix."""
    raw = _normalise(text)
    padded, spaceless = _padded_words(raw), _KO_CHARS.sub("", raw)
    return bool(_found_en(padded, _action_words(action, "en")) or _found_ko(spaceless, raw, _action_words(action, "ko")))


def refuses(text: str, action: str | None) -> bool:
    """Do the customer's words refuse ``action`` ("I don't want a refund", "환불은 하지 마세요")?"""
    from .meaning import read

    if action is None:
        return False
    words = set(_action_words(action, "en")) | set(_action_words(action, "ko"))
    spaceless = _KO_CHARS.sub("", _normalise(text))
    refusals = _phrases("no", "ko")
    for word in _action_words(action, "ko"):
        if len(word) < 2:
            continue
        at = spaceless.find(word)
        while at >= 0:
            after = spaceless[at + len(word): at + len(word) + 10]
            if any(no in after for no in refusals):
                return True
            at = spaceless.find(word, at + 1)
    return any(m.negated and (m.concept == action or m.word.lower() in words or any(w in m.word for w in words))
               for m in read(text[:WINDOW]).mentions)


def only_asks(text: str, action: str | None) -> bool:
    """Is ``text`` a question for information ("how do refunds work?", "수수료 있어요?") rather than a request
    ("can you refund me?", "환불해 주실 수 있나요?")? A question it is when it ends in a question mark or opens with a
    question word, and asks nothing to be done."""
    raw = _normalise(text)
    padded = _padded_words(raw)
    words = padded.split()
    stripped = raw.rstrip(" !~.")
    opener = bool(words) and words[0] in _phrases("question", "en")
    korean = any(w in _KO_CHARS.sub("", raw) for w in _phrases("question", "ko_information"))
    requested = _found_en(padded, _phrases("request_question", "en")) or any(
        w in raw for w in _phrases("request_question", "asking"))
    return (stripped.endswith(("?", "？")) or opener or korean) and not requested


def asked_about(text: str, action: str) -> bool:
    """Did the model's own ``text`` ask about ``action`` (it names the action the way :func:`ask_again` does)?"""
    return any(offer and offer in text for offer in (offer_words(action, "en"), offer_words(action, "ko")))
