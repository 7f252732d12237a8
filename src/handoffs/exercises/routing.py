"""Routing probes: does a customer's request reach a tool from its description, whatever the tools' order?

Where routing *is* what an exercise checks ("does a legal complaint reach your escalate tool?"), the checkers ask
the kit's default offline model one question: the step's (or agent's) real prompt, one customer message, the real
tools. They ask it twice — tools in the learner's order and reversed — because a verdict must not rest on list
order, and once more with only the seed's tools (the *baseline*): when even the seed's tools get no tool call for
a message, the model did not understand that message (a language it does not read yet), and the probe says
nothing about the learner's description.

A new tool's description can also *claim* a seed request without winning it today: one item of its list ("…,
refund requests, …") says only what the seed's own tool is for. :func:`claiming_clause` finds that item, read the
way the model reads a message, so the verdict does not rest on how the model weighs one list against another.

A model that answers in text instead of calling a tool has *asked* (a clarifying question): two descriptions were
too close, or none fits. Each :class:`Choice` keeps the model's own reason, which names the words that decided.

Both routing checkers end the same way: each of the seed's own requests must still go where the seed sends it, in
both tool orders, and no item of a new tool's description may claim it; :func:`taken_from_seed` says which tool
takes (or claims) one. Tools are read as the model reads them (:func:`tool_name`, :func:`tool_description`): a
framework's tool object or the schema dict a model client was given.

What this module is not: it knows no framework (the checkers pass a synchronous ``decide`` function; AutoGen's
checker awaits its model calls first and builds :class:`Probe` itself) and holds no hint text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from handoffs.i18n import language

from .learner_code import words_in_common
from .report import REPORT_TEXT


def tool_name(tool: Any) -> str:
    """A tool's name, whether the model saw a tool object or a schema dict."""
    return str(tool.get("name", "")) if isinstance(tool, dict) else str(getattr(tool, "name", tool))


def tool_description(tool: Any) -> str:
    """A tool's description ("" when it has none), whether the model saw a tool object or a schema dict."""
    described = tool.get("description") if isinstance(tool, dict) else getattr(tool, "description", None)
    return str(described or "")


def tool_text(tool: Any) -> str:
    """What the model reads of a tool: its name and description."""
    return f"{tool_name(tool)} {tool_description(tool)}"


@dataclass(frozen=True)
class Choice:
    """What the model did with one message: the tool it called (None: it answered in text), and why."""

    tool: str | None
    reason: str
    text: str = ""

    def describe(self) -> str:
        did = (REPORT_TEXT["called"].format(tool=self.tool) if self.tool
               else REPORT_TEXT["asked"].format(text=self.text[:80]))
        return REPORT_TEXT["with_reason"].format(did=did, reason=self.reason or REPORT_TEXT["no_reason"])


Decide = Callable[[str, Sequence[Any]], Choice]  # (customer message, tools in order) -> what the model did


@dataclass(frozen=True)
class Probe:
    """One message, decided with the tools in the learner's order, reversed, and (optionally) the seed's only."""

    request: str
    forward: Choice
    backward: Choice
    baseline: Choice | None = None

    @property
    def picked(self) -> str | None:
        """The tool called in both orders, or None (asked, or the order decided)."""
        return self.forward.tool if self.forward.tool == self.backward.tool else None

    @property
    def order_decides(self) -> bool:
        return self.forward.tool != self.backward.tool

    def too_close(self, description: str) -> bool:
        """Did the new tool *tie* with another (the order decided, or the model asked although ``description``
        names what the request asks for)? Otherwise the description simply does not fit the request."""
        return self.order_decides or (self.forward.tool is None and names_what_is_asked(description, self.request))

    @property
    def understood(self) -> bool:
        """False when the model called no tool at all — not with the learner's tools in either order, nor with the
        seed's own: it could not read the message. (A message only the learner's new tool can serve, such as a
        double charge, gets a question from the seed's tools alone; that is understanding, not its absence.)"""
        return self.baseline is None or any(c.tool is not None for c in (self.forward, self.backward, self.baseline))

    def describe(self) -> str:
        if self.order_decides:
            return REPORT_TEXT["both_orders"].format(forward=self.forward.describe(), backward=self.backward.describe())
        return self.forward.describe()


def customer_languages(korean_descriptions: bool) -> list[str]:
    """The languages the probes' customers speak: the kit's language first (a Korean learner's checker sends Korean
    customers, and its hints quote them), then the other one when the learner's texts hold Korean (English
    descriptions are tried on English customers too, so an English-only tool is judged in English as well)."""
    first = language()
    other = "ko" if first == "en" else "en"
    return [first, other] if korean_descriptions or first == "ko" else [first]


def probe(decide: Decide, request: str, tools: Sequence[Any], baseline: Decide | None = None,
          seed_tools: Sequence[Any] = ()) -> Probe:
    """Decide ``request`` with ``tools``, with ``tools`` reversed, and with ``baseline`` on ``seed_tools`` if given."""
    return Probe(request, decide(request, list(tools)), decide(request, list(reversed(tools))),
                 baseline(request, list(seed_tools)) if baseline is not None else None)


_CLAUSE_BREAKS = re.compile(r"[,;:·、/()\[\]\n]+|\s[-–—]\s|\.\s|\s(?:and|or|및|또는)\s", re.I)
_GENERIC = frozenset({"problem", "general", "finish"})  # concepts every kind of request raises a little
# A description that sets something aside ("not billing, technical or other issues", "환불은 제외") may hold the
# item inside that negation: such a description is judged as a whole (by the routing probe) only.
_SETS_ASIDE = re.compile(r"\b(?:not|no|never|nor|except|excluding|without|other than|don'?t|doesn'?t|isn'?t)\b|"
                         r"아니|않|말고|제외|빼고|말\s*것|없", re.I)


def names_what_is_asked(description: str, request: str) -> bool:
    """Whether ``description``, read as the model reads it, names something ``request`` asks for."""
    from handoffs.models.meaning import read

    return bool((set(read(request).concepts()) - _GENERIC) & set(read(description).concepts()))


def claiming_clause(description: str, request: str, seed_description: str) -> str | None:
    """The item of ``description`` that claims ``request`` for itself, or None.

    An item claims a request when, read alone, it means what the request asks for and nothing else, and the seed's
    tool for that request (``seed_description``) is described with the same thing: "환불 요청" in a billing
    delegate's list claims "I want a refund", which the seed's "issues, repairs, or refunds" serves. An item
    that narrows the thing to its own territory ("refunds of double charges") claims nothing, and a description
    that sets anything aside ("not refunds", "환불은 제외") is left to the routing probe.
    """
    from handoffs.models.meaning import read

    wanted = (set(read(request).concepts()) - _GENERIC) & set(read(seed_description).concepts())
    if not wanted or _SETS_ASIDE.search(description or ""):
        return None
    for clause in _CLAUSE_BREAKS.split(description or ""):
        said = set(read(clause).concepts()) - _GENERIC
        if said and said <= wanted:
            return " ".join(clause.split()).strip(" .!?。")
    return None


def first_claim(tools: Sequence[Any], describe: Callable[[Any], str], request: str,
                seed_description: str) -> tuple[Any, str] | None:
    """The first of ``tools`` whose description (``describe(tool)``) claims ``request``, with the claiming item."""
    for tool in tools:
        clause = claiming_clause(describe(tool), request, seed_description)
        if clause:
            return tool, clause
    return None


@dataclass(frozen=True)
class Taken:
    """A seed request the new tools take from the seed's own tool: the tool that took (or claims) it, what the
    model did (or which item of the description claims it), and the words that tie the two."""

    tool: Any
    describe: str
    shared: str


def taken_from_seed(seen: Probe, tools: Sequence[Any], new_tools: Sequence[Any], seed_tools: Mapping[str, Any],
                    fallback: Any) -> Taken | None:
    """None when the seed request ``seen`` (probed with its baseline) still reaches the seed's tool in both orders
    and no item of a ``new_tools`` description claims it (``seed_tools``: the seed's tools by name); otherwise
    what took it — the tool the model called instead (``fallback`` when the model asked), or the claiming one."""
    wanted = seen.baseline.tool if seen.baseline is not None else None
    if seen.forward.tool != wanted or seen.backward.tool != wanted:
        stray = next(c.tool for c in (seen.forward, seen.backward) if c.tool != wanted) or tool_name(fallback)
        tool = next((t for t in tools if tool_name(t) == stray), fallback)
        return Taken(tool, seen.describe(), words_in_common(seen.request, tool_text(tool)))
    seed_tool = seed_tools.get(str(wanted))
    claim = first_claim(new_tools, tool_description, seen.request, tool_description(seed_tool)) if seed_tool else None
    if claim:  # the model kept it with the seed this time, but an item of the description claims it
        tool, clause = claim
        return Taken(tool, REPORT_TEXT["claimed"].format(wanted=wanted, tool=tool_name(tool), clause=clause),
                     REPORT_TEXT["claimed_words"].format(clause=clause))
    return None
