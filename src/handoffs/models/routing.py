"""Choosing the route: which offered tool (or which option of a tool's ``enum``) fits what the customer said.

Each offered tool, and each option of a category argument such as ``record_issue(issue="billing" | "technical" |
"other")``, becomes a :class:`Candidate` carrying the concepts its name and description offer
(:func:`~handoffs.models.profiles.profile`, cached per tool). :func:`rank` scores every candidate the way a careful reader would:

* **meaning, not spelling** — a candidate scores for each concept the customer raised that it offers (or a related
  one: a refund is a billing matter), in English or Korean;
* **specificity** — a concept counts more when few offered candidates offer it (its *inverse document frequency*
  among this call's tools), so "refund" decides little when two tools both mention refunds, and a generic word
  ("problem") decides less than a specific one ("charged twice");
* **negation** — a candidate whose concept the customer set aside ("not a billing question") is pushed back;
* **explicit-only** tools ("Only call this if explicitly asked to") need the customer to *ask* for their target
  ("talk to a human", "상담원 연결해 주세요"), not merely to mention it;
* a **catch-all option** ("other") fits a real request that no specific candidate covers.

:func:`choose` then picks the best candidate — or returns the two best when they are too close to call, so the
model can ask which one the customer means instead of picking by list order. Deterministic: ties never depend on
the order the tools were offered in.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from operator import is_
from typing import Callable

from . import knowledge, lexicon
from .meaning import Reading, as_request, diminishing, read
from .profiles import CATCH_ALL, concepts_of, profile, word_keys
from .types import ToolSpec

_DATA = knowledge.load("routing.toml")
_THRESHOLDS = {name: row["value"] for name, row in _DATA["thresholds"].items()}
CATCH_ALL_OFFER = _THRESHOLDS["catch_all_offer"]  # data/routing.toml says why each is what it is
TOO_CLOSE = _THRESHOLDS["too_close"]
MIN_SCORE = _THRESHOLDS["min_score"]
LEARNED_MIN_PROBABILITY = _THRESHOLDS["learned_min_probability"]
LEARNED_WEIGHT = _THRESHOLDS["learned_weight"]
(_REQUESTED, _GENERIC_CONCEPT, _CATCH_ALL_MIN_WEIGHT, _COVERED, _SURE_WORD, _HINT, _SHARED_WORD, _EXPLICIT, _NEGATED,
 _SECOND_REQUEST) = (_THRESHOLDS[name] for name in (
    "requested", "generic_concept", "catch_all_min_weight", "covered", "sure_word", "hint", "shared_word", "explicit",
    "negated", "second_request"))


@dataclass(frozen=True)
class Candidate:
    tool: ToolSpec
    option: str | None  # the category value, for a tool whose argument has options
    prop: str | None
    concepts: dict[str, float]
    words: frozenset[str]
    catch_all: bool = False

    @property
    def route(self) -> str:
        return f"{self.tool.name}({self.prop}={self.option!r})" if self.option is not None else self.tool.name


@dataclass
class Scored:
    candidate: Candidate
    score: float
    evidence: list[tuple[str, str]] = field(default_factory=list)  # (word the user said, concept)
    echo: int = 0  # words the user said that only this candidate's own name or description says too


def candidates(tools: list[ToolSpec]) -> list[Candidate]:
    """One candidate per tool, or one per option for a tool whose first category argument has options."""
    found: list[Candidate] = []
    for tool in tools:
        found += _tool_candidates(tool)
    return found


def _tool_candidates(tool: ToolSpec) -> tuple[Candidate, ...]:
    """The candidates of one tool, made once per spec (``ToolSpec.derived``: a step offers the same specs on every
    call), so that the same candidates come back and :func:`_prepared` knows their pool again."""
    found = tool.derived.get("candidates")
    if found is None:
        info = profile(tool)
        if info.options:
            prop, options = info.options[0]
            found = tuple(Candidate(tool, option, prop, concepts_of(read(option)), word_keys(option),
                                    catch_all=option.lower() in CATCH_ALL) for option in options)
        else:
            found = (Candidate(tool, None, None, info.concepts, info.words, catch_all=info.catch_all),)
        tool.derived["candidates"] = found
    return found


_RELATED_BY_SAID: dict[str, list[tuple[str, float]]] = {}
for (_said, _offered), _factor in lexicon.RELATED.items():
    _RELATED_BY_SAID.setdefault(_said, []).append((_offered, _factor))


def _offer(candidate: Candidate, concept: str, direct_only: bool = False) -> tuple[float, str]:
    """How much the candidate offers ``concept`` (directly, or through a related concept), and which it offers."""
    best, via = candidate.concepts.get(concept, 0.0), concept
    if direct_only or candidate.catch_all:
        return best, via
    for offered, factor in _RELATED_BY_SAID.get(concept, ()):
        if candidate.concepts.get(offered, 0.0) * factor > best:
            best, via = candidate.concepts[offered] * factor, offered
    return best, via


def _catch_all(candidate: Candidate, specific: list[Candidate]) -> Candidate:
    """The catch-all option offers every customer concern that no specific candidate offers."""
    # Covered: offered by a specific candidate itself, or closely related to what one offers (a refund is a billing
    # matter); a loose relation (a shipping worry is "an issue") leaves it to the catch-all.
    uncovered = dict(_uncovered(tuple(tuple(other.concepts.items()) for other in specific)))
    return Candidate(candidate.tool, candidate.option, candidate.prop, uncovered, candidate.words, catch_all=True)


@lru_cache(maxsize=1024)
def _uncovered(specific: tuple[tuple[tuple[str, float], ...], ...]) -> tuple[tuple[str, float], ...]:
    """The concerns no specific candidate covers, from their concepts (remembered: a step offers the same tools on
    every call, and this asks every domain concept of every candidate)."""
    others = [Candidate(ToolSpec(""), None, None, dict(concepts), frozenset()) for concepts in specific]
    return tuple((c, CATCH_ALL_OFFER) for c in lexicon.DOMAIN_CONCEPTS
                 if not any(other.concepts.get(c, 0) > 0 or _offer(other, c)[0] > _COVERED for other in others))


class _Pool:
    """What :func:`rank` asks of one pool of candidates whatever the customer said, worked out once per pool: the
    catch-alls as they stand beside the specific candidates, what each candidate says that the others do not, and,
    per concept (when first raised), how much each candidate offers it and its inverse document frequency."""

    def __init__(self, pool: list[Candidate]):
        self.specific = [c for c in pool if not c.catch_all]
        self.everyone = self.specific + [_catch_all(c, self.specific) for c in pool if c.catch_all]
        shared = {k: sum(1 for other in self.specific if k in other.words)
                  for k in {k for c in self.everyone for k in c.words}}
        alone, several = len(self.specific) == 1, len(self.specific) > 1
        # words a candidate's overlap with the customer's may count (not said by every specific candidate) ...
        self.distinct = [frozenset(k for k in c.words if shared[k] < len(self.specific) or alone)
                         for c in self.everyone]
        # ... and those only it says (the literal echo that breaks an exact tie)
        self.unique = [frozenset(k for k in c.words if several and shared[k] == 1) for c in self.everyone]
        self.explicit = [profile(c.tool).explicit_only and c.option is None for c in self.everyone]
        self.strong = [frozenset(c for c, w in cand.concepts.items() if w >= 0.5 and c not in lexicon.GENERIC_CONCEPTS)
                       for cand in self.everyone]
        self._concepts: dict[str, tuple[list[float], float]] = {}

    def concept(self, concept: str) -> tuple[list[float], float]:
        """(what each candidate offers of ``concept``, directly or through a related one; its idf in this pool)."""
        found = self._concepts.get(concept)
        if found is None:
            direct_only = any(other.concepts.get(concept, 0) > 0 for other in self.everyone)
            offers = [_offer(other, concept, direct_only)[0] for other in self.everyone]
            idf = math.log(1 + len(self.everyone) / max(1, sum(1 for offered in offers if offered > 0)))
            found = self._concepts[concept] = (offers, idf)
        return found


_POOLS: dict[tuple[int, ...], tuple[tuple[Candidate, ...], _Pool]] = {}  # ids of a pool -> (the pool, prepared)


def _prepared(pool: list[Candidate]) -> _Pool:
    """The :class:`_Pool` of these very candidates (by identity: :func:`candidates` gives the same ones for the same
    tool specs), made when first ranked."""
    key = tuple(map(id, pool))
    kept = _POOLS.get(key)
    if kept is not None and all(map(is_, kept[0], pool)):
        return kept[1]
    if len(_POOLS) >= 512:
        _POOLS.clear()
    prepared = _Pool(pool)
    _POOLS[key] = (tuple(pool), prepared)
    return prepared


class _Said:
    """What :func:`rank` reads of one text whatever the pool (worked out once per text: a conversation re-sends the
    customer's message on every call): the text read as a request, each word with every concept it says and whether
    it is asked for, the concepts set aside, the word keys of set-aside words and of the whole text."""

    __slots__ = ("reading", "words", "negated", "set_aside", "plain", "kept")

    def __init__(self, text: str):
        self.reading = reading = as_request(text)
        by_word: dict[tuple[int, str], dict[str, float]] = {}
        asked: set[tuple[int, str]] = set()
        for m in reading.mentions:
            if not m.negated:
                found = by_word.setdefault((m.start, m.word), {})
                found[m.concept] = max(found.get(m.concept, 0.0), m.weight)
                if m.requested:
                    asked.add((m.start, m.word))
        self.words = tuple((key[1], found, key in asked) for key, found in by_word.items())  # never changed
        self.negated = frozenset(reading.negated())
        self.set_aside = frozenset(k for m in reading.mentions if m.negated for k in word_keys(m.word))
        self.plain = word_keys(reading.text)
        self.kept = self.plain - self.set_aside  # the words an overlap may count, when this is all that was said


_said = lru_cache(maxsize=4096)(_Said)
_GENERIC = frozenset(lexicon.GENERIC_CONCEPTS)


def rank(pool: list[Candidate], said: list[Reading], hints: tuple[tuple[str, str, float], ...] = ()) -> list[Scored]:
    """Every candidate that fits with a score, best first (ties broken by route name, never by list order).
    ``said``: the readings of what the customer said (each read again as a request, :func:`as_request`, by its
    text); ``hints``: (words, concept, weight) read by other means than the lexicon (:mod:`~handoffs.models.learned`)."""
    prepared = _prepared(pool)
    everyone = prepared.everyone
    # Each word the customer wrote, with every concept it says (one word may say two: "manager" is a person and
    # an escalation), and the concepts they set aside.
    parts = [_said(reading.text) for reading in said]
    if len(parts) == 1:  # the usual call: one text, its sets as they are
        part = parts[0]
        said_words = list(part.words)  # (word, {concept: weight}, requested)
        negated, plain_words = part.negated, part.kept
    else:
        said_words = [word for part in parts for word in part.words]
        negated = frozenset().union(*[part.negated for part in parts])
        plain_words = (frozenset().union(*[part.plain for part in parts])
                       - frozenset().union(*[part.set_aside for part in parts]))
    said_words += [(words, {concept: weight}, False) for words, concept, weight in hints]
    concept_of = prepared.concept
    raised = {c: concept_of(c) for _, found, _ in said_words for c in found}  # c: (offers, idf)
    # each word's concepts as the candidates are scored: (concept, weight, offers, idf, generic factor)
    weighed = [(word, found, requested, [(concept, weight, *raised[concept],
                                          _GENERIC_CONCEPT if concept in _GENERIC else 1.0)
                                         for concept, weight in found.items()], word_keys(word))
               for word, found, requested in said_words]
    scored: list[Scored] = []
    for index, candidate in enumerate(everyone):
        explicit = prepared.explicit[index]
        if explicit and not any(part.reading.asked_for(t) for part in parts for t in profile(candidate.tool).target):
            continue  # "Only call this if explicitly asked to": mentioning a person is not asking for one
        # Each word counts once, for the concept that fits this candidate best; more words for the same concept
        # add less and less (one clear word is enough, three say it louder).
        per_concept: dict[str, list[float]] = {}
        evidence: list[tuple[str, str]] = []
        credited: set[str] = set()  # the word keys of the words that counted for a concept
        sure = False
        catch_all = candidate.catch_all
        for word, found, requested, concepts, keys in weighed:
            best, best_concept = 0.0, ""
            for concept, weight, offers, idf, generic in concepts:
                offer = offers[index]
                if offer <= 0 or (catch_all and weight < _CATCH_ALL_MIN_WEIGHT and concept != "general"):
                    continue
                # A person the customer asks for is what they want done, more than the story around it.
                value = weight * offer * generic * idf * (_REQUESTED if requested else 1.0)
                if value > best:
                    best, best_concept = value, concept
            if best_concept:
                per_concept.setdefault(best_concept, []).append(best)
                evidence.append((word, best_concept))
                credited |= keys
                sure = sure or (found[best_concept] >= _SURE_WORD and best_concept != "problem")
        score = sum(map(diminishing, per_concept.values()))
        overlap = (plain_words & prepared.distinct[index]) - credited
        score += _SHARED_WORD * len(overlap)
        # A word the customer said that only this candidate says too ("return" to the desk "for refunds and returns"):
        # it already counted for its meaning; the literal echo only breaks an exact tie (see choose).
        echo = len(plain_words & prepared.unique[index] & credited)
        if overlap:
            evidence += [(k, "") for k in sorted(overlap)]
        if not sure and len({w for w, _ in evidence}) < 2:
            score *= _HINT  # one weak word ("money", "an order") is a hint, not a request
        if explicit:
            score *= _EXPLICIT  # the customer explicitly asked for exactly this
        if not catch_all and not prepared.strong[index].isdisjoint(negated):
            score *= _NEGATED
        if score >= MIN_SCORE:
            scored.append(Scored(candidate, round(score, 6), evidence, echo))
    if any(not s.candidate.catch_all for s in scored):
        # "I'll sue — my refund never came": with no escalation tool, the threat is how the customer presses the
        # refund, not a second concern; the catch-all keeps it only when nothing offered fits the concern itself.
        scored = [s for s in scored if not (s.candidate.catch_all
                                            and {c for _, c in s.evidence if c} <= lexicon.MANNER_CONCEPTS)]
    return sorted(scored, key=lambda s: (-s.score, -s.echo, s.candidate.route))


def choose(scored: list[Scored], two_requests: "bool | Callable[[], bool]" = False) -> tuple[Scored | None, Scored | None]:
    """(best, None) when one candidate wins; (best, runner_up) when they are too close to call — or when the
    customer joined two requests ("…and also…") and the runner-up is a real one too; (None, None) when none fits.
    ``two_requests`` may be a question asked only when it matters (a second candidate scoring close enough)."""
    if not scored:
        return None, None
    best = scored[0]
    rival = next((s for s in scored[1:] if s.candidate.route != best.candidate.route), None)
    if rival is None:
        return best, None
    if rival.score == best.score and best.echo > rival.echo and set(best.evidence) == set(rival.evidence):
        return best, None  # the same words meant the same to both; the customer's own word decides: "return" -> "…and returns"
    if rival.score >= TOO_CLOSE * best.score and not (best.candidate.catch_all or rival.candidate.catch_all
                                                      and rival.score < best.score):
        return best, rival
    if (rival.score >= _SECOND_REQUEST * best.score and not {c for _, c in rival.evidence} <= {c for _, c in best.evidence}
            and (two_requests() if callable(two_requests) else two_requests)):
        return best, rival
    return best, None
