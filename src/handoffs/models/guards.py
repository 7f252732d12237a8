"""The offline model's guards around side effects: a person for who asks for one, consent before a refund or order.

Three rules the decision core (:func:`handoffs.models.core.decide`) applies around its choice from the customer's
words (``by_intent``):

* :func:`to_a_person` — a customer who asks for a person ("I want to talk to a human", "상담원 연결해 주세요") is
  handed to the offered tool that reaches one (a specialist's hand-back "including escalating to human", triage's
  ``escalate_to_human``), when nothing else was chosen for their words or what was chosen is a side effect; with
  no such tool, the model says it cannot connect them and did nothing;
* :func:`without_consent` — a side effect (:func:`consent.is_side_effect`) chosen from a question alone ("how do
  refunds work?") or from words refusing it ("don't refund it") is asked about instead;
* :func:`consented` — an answer to the model's own question about an action: a clear yes runs it, a no is
  acknowledged, a question, condition, doubt or sarcasm is asked again.

A routine step's own "if accepted" is read in ``core._condition`` with the same :mod:`~handoffs.models.consent`.
What counts as yes, no or a side effect is that module's (and its data file's); this one only decides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import consent, cues, routing
from .reasons import because, quoted
from .types import Decision, ToolSpec

if TYPE_CHECKING:
    from .turn import Turn


def _reaches_a_person(tool: ToolSpec) -> bool:
    """A tool whose name or description hands over to a person ("escalate_to_human", a hand-back "including
    escalating to human", a learner's ``escalate_to_manager``)."""
    return bool(routing.profile(tool).target & {"human", "escalate"})


def _person_tool(turn: "Turn") -> ToolSpec | None:
    """An offered tool that reaches a person, not yet called in this turn: ``escalate_to_human``, or the hand-back
    whose description includes "escalating to human" (``transfer_back_to_triage``)."""
    return next((t for t in turn.tools if t.name not in turn.called_this_turn and _reaches_a_person(t)), None)


def _hands_over(decision: Decision | None, turn: "Turn") -> bool:
    """Does the decision call a tool that hands the conversation to someone (a delegate, or a tool reaching a person)?"""
    return decision is not None and any(
        c.name in turn.offered and (consent.hands_over(turn.offered[c.name]) or _reaches_a_person(turn.offered[c.name]))
        for c in decision.tool_calls)


def _asks_for_a_person(turn: "Turn") -> bool:
    """The customer's last words, in this turn, ask for a person ("I want to talk to a human", "상담원 연결해 주세요")."""
    return bool(turn.evidence.last_user) and bool(cues.people_asked_for(turn.evidence.last_user))


def to_a_person(turn: "Turn", decision: Decision | None) -> Decision | None:
    """A customer who asks for a person reaches one, by the offered tool that reaches a person (a specialist's
    hand-back "including escalating to human", triage's escalation) — when nothing else was chosen for their words
    (a routine step would otherwise answer) or what was chosen is a side effect (a refund for "상담원 연결해
    주세요"). Without such a tool, the model says it cannot connect them and has done nothing. A hand-over, a
    question between two paths, or a harmless tool the customer's words chose stays as chosen."""
    if _hands_over(decision, turn):
        return None
    side_effect = decision is not None and any(
        c.name in turn.offered and consent.is_side_effect(turn.offered[c.name]) for c in decision.tool_calls)
    if decision is not None and not side_effect or not _asks_for_a_person(turn):  # the cheaper questions first
        return None
    why = because("user_said", words=quoted([turn.evidence.last_user]))
    tool = _person_tool(turn)
    if tool is not None:
        return turn.call(tool, why)
    if side_effect or (turn.last is not None and turn.last.role == "user"):
        return Decision(text=consent.no_person(turn.lang), reason=why)
    return None


def without_consent(turn: "Turn", decision: Decision | None) -> Decision | None:
    """A side effect chosen from the customer's words (no routine step asks for consent first) runs only on words
    that ask for it: not on a question alone ("how do refunds work?"), nor on words that refuse it ("don't refund
    me"). Then the model asks instead; a clear yes to that question runs the action it named."""
    if decision is None or not decision.tool_calls:
        return None
    call = decision.tool_calls[0]
    tool = turn.offered.get(call.name)
    if tool is None or call.name in turn.gated or not consent.is_side_effect(tool):
        return None
    action = consent.action_of(tool)
    if action is None:
        return None  # a side effect the customer's report asks for (reset a session): the seed's resolve step
    said = turn.evidence.last_user
    if consent.refuses(said, action):
        return Decision(text=consent.declined(action, turn.lang), reason=because("user_said", words=quoted([said])))
    if consent.only_asks(said, action) and not cues.gives_a_reason(said):
        return Decision(text=consent.ask_again("question", action, turn.lang),
                        reason=because("user_said", words=quoted([said])))
    return None


def consented(turn: "Turn") -> Decision | None:
    """The customer answers the model's own question about an action ("shall I process your refund?"): a clear yes
    calls the offered side-effect tool doing that action; a no is acknowledged; a question, a condition, doubt or
    sarcasm gets the question again. Anything else (a new topic) is left to the other rules."""
    if turn.last is None or turn.last.role != "user":
        return None
    asked = next((m.content for m in reversed(turn.convo[:-1]) if m.role == "assistant" and m.content), "")
    for tool in turn.tools:
        if tool.name in turn.gated or not consent.is_side_effect(tool):
            continue
        action = consent.action_of(tool)
        if not action or not consent.asked_about(asked, action):
            continue
        why = because("user_said", words=quoted([turn.evidence.last_user]))
        kind = consent.read_reply(turn.evidence.last_user, action).kind
        if kind == "yes":
            return turn.call(tool, why)
        if kind == "no":
            return Decision(text=consent.declined(action, turn.lang), reason=why)
        if kind in ("question", "conditional", "sarcasm", "unsure"):
            return Decision(text=consent.ask_again(kind, action, turn.lang), reason=why)
        return None
    return None
