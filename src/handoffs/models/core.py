"""The offline model's decision core: one pure function from (messages, offered tools) to a Decision.

It reads only what a real model reads — the system prompt, the tools offered in *this* call and the messages —
and never calls a tool it was not offered. It understands English and Korean (and both mixed), and answers in the
customer's language. Its policy, in order:

1. **Injection**: a customer message that says "ignore your instructions" (or "지시는 무시하고"), forges a system
   line or claims an approval is declined; a real request beside it (a problem stated, a person asked for) is
   served as if said alone, and a refund or order it would run is asked about first.
2. **Intent**: the offered tools — and the options of a category argument — are ranked by how specifically their
   names and descriptions match what the customer said (:mod:`~handoffs.models.routing`: meaning, not spelling;
   rare concepts count more; negation respected). The best is called with arguments filled from its schema; when
   the best two are too close to call, the model **asks** which one the customer means. Tools a routine step
   names wait for their step; "only if explicitly asked" tools need an explicit request; "outside of your
   purview" tools fire when the customer raises a topic this agent's prompt and tools do not cover.
   **A person**: a customer who asks for one (and whose words chose nothing else, or only a side effect) is handed
   to the offered tool that reaches a person — a specialist's hand-back "including escalating to human" — before any
   routine step. **Consent**: a side effect (a refund, an order; :mod:`~handoffs.models.consent`) chosen from a
   question alone or from words refusing it is asked about instead; a clear yes to that question runs it.
3. **Finish**: once a work tool ran this turn, an offered transfer tool to ``done`` (``end_conversation``) is called.
4. **Routine**: the numbered routine of the prompt is followed one step per reply, from where this persona took
   over, with its conditions ("if the user says yes", "ONLY if not satisfied") and tools. "If accepted" is met only
   by a clear yes to the step's own action; anything else is asked again, naming the action.
5. **Text**: otherwise a short reply from the prompt's instructions (greet, ask which path fits, say goodbye).

Each decision has a one-line reason quoting the customer. Conversation as read: ``turn.py``; modes: ``modes.py``.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import repeat
from typing import Callable, Sequence

from . import consent, cues, guards, learned, lexicon, replies, routing
from .meaning import read
from .memo import TEXTS_KEPT
from .phrasebook import say
from .reasons import because, evidence, joined, quoted
from .routine import RoutineStep
from .text import shorten
from .turn import Turn, beside_the_injection
from .types import Decision, Message, ToolSpec


def _per_text(function: "Callable[[str], bool]") -> "Callable[[str], bool]":
    """``function`` (a pure reading of one text) remembered for the last :data:`~.memo.TEXTS_KEPT` texts: one
    conversation asks it of the same customer message on every call of a turn, as a real model re-reads a prompt prefix
    from its cache."""
    return lru_cache(maxsize=TEXTS_KEPT)(function)


_is_prompt_injection, _adds_a_second_request, _is_closing, _gives_a_reason, _is_satisfied = map(_per_text, (
    cues.is_prompt_injection, cues.adds_a_second_request, cues.is_closing, cues.gives_a_reason, cues.is_satisfied))


def _is_finishing(tool: ToolSpec) -> bool:
    return routing.profile(tool).finishing


_finishes = lru_cache(maxsize=1024)(lambda name: _is_finishing(ToolSpec(name)))  # a tool known by its name only


def _work_done(turn: Turn) -> list[str]:
    """Offered work tools (not finishing ones) that ran successfully in this turn."""
    return [n for n in turn.called_this_turn if n in turn.offered and not _is_finishing(turn.offered[n])]


@lru_cache(maxsize=4096)
def _said(text: str) -> tuple[frozenset[str], str]:
    """The words evidence may quote of ``text`` as the customer's, and the text as a learned hint names it."""
    return frozenset({m.word for m in read(text).mentions} | routing.word_keys(text)), shorten(text, 40)


def _evidence_words(scored: routing.Scored, turn: Turn) -> str:
    said, hint = _said(turn.evidence.last_user)
    user_words = tuple([w for w, _ in scored.evidence if w in said or w == hint])  # a learned hint: the message
    return evidence(user_words, tuple([w for w, _ in scored.evidence if w not in user_words and w]),
                    tuple(dict.fromkeys([c for _, c in scored.evidence if c])))


def _outside_purview(turn: Turn, tool: ToolSpec) -> str | None:
    """Why the customer's last words are none of this agent's business, or None."""
    said = read(turn.evidence.last_user)
    said_concepts = said.concepts()
    raised = [c for c in lexicon.INTENT_CONCEPTS if c in said_concepts]
    if not raised:
        return None
    covered = turn.covered_without(tool)
    outside = [c for c in raised if c not in covered]
    if outside and len(outside) == len(raised):
        return because("outside_purview", words=quoted([w for c in outside for w in said.words_for(c)]))
    return None


def _by_intent(turn: Turn) -> Decision | None:
    if not turn.evidence.user_texts:
        return None
    if _work_done(turn) and any(_is_finishing(t) for t in turn.tools):
        return None  # one resolver per step is enough: finish instead of trying every near match
    profile, gated, called = routing.profile, turn.gated, turn.called_this_turn
    open_tools = [(t, info) for t in turn.tools if t.name not in gated and t.name not in called
                  and not (info := profile(t)).finishing]  # each with its profile, asked once
    took_over_this_turn = turn.takeover > turn.turn_start - 1  # sent here for these very words: do not send back
    for tool, info in open_tools:
        if info.purview and not took_over_this_turn:
            why = _outside_purview(turn, tool)
            if why:
                return turn.call(tool, why)
    pool = routing.candidates([t for t, info in open_tools if not info.purview])
    if not pool:
        return None  # nothing to choose from (every tool waits for its step): no ranking, no learned guess
    said = [read(turn.evidence.last_user)] + [read(a) for a in turn.evidence.turn_arguments]
    last_user = turn.evidence.last_user
    best, rival = routing.choose(routing.rank(pool, said), lambda: _adds_a_second_request(last_user))
    learned_why = ""
    if best is None and turn.last is not None and turn.last.role == "user" and not read(last_user).set_aside:
        # words the lexicon does not know (and no phrase set aside as off-topic or an idiom)
        concept, probability, grams = learned.guess(last_user)
        if concept != "none" and probability >= routing.LEARNED_MIN_PROBABILITY:
            hint = (shorten(last_user, 40), concept, routing.LEARNED_WEIGHT)
            best, rival = routing.choose(routing.rank(pool, said, (hint,)))
            learned_why = because("learned", concept=concept, grams=quoted([g.strip() for g in grams]))
    if best is None:
        return None
    if rival is not None:
        if turn.last is None or turn.last.role != "user":
            return None  # mid-turn (after a tool ran): leave it to the routine or a text reply
        a = replies.label_of(best.candidate.tool, turn.lang, best.candidate.option)
        b = replies.label_of(rival.candidate.tool, turn.lang, rival.candidate.option)
        return Decision(text=say("which_of_two", turn.lang, a=a, b=b),
                        reason=because("too_close", a=best.candidate.route, why_a=_evidence_words(best, turn),
                                       b=rival.candidate.route, why_b=_evidence_words(rival, turn)))
    chosen = (best.candidate.prop, best.candidate.option) if best.candidate.option is not None else None
    why = _evidence_words(best, turn) + learned_why
    if best.candidate.catch_all:
        why += because("none_fits", options=", ".join(c.option or "" for c in pool
                                                       if not c.catch_all and c.tool is best.candidate.tool))
    return turn.call(best.candidate.tool, why, chosen)


def _finish(turn: Turn) -> Decision | None:
    worked = _work_done(turn)
    finishing = [t for t in turn.tools if _is_finishing(t) and t.name not in turn.called_this_turn]
    if worked and finishing and turn.last is not None and turn.last.role == "tool":
        return turn.call(finishing[0], because("finish", tool=worked[-1]))
    return None


def _condition(step: RoutineStep, user_text: str, action: str | None = None) -> bool | None:
    """Is the step's condition met by the user's last words? None means: ask first.

    "If accepted" / "if the user says yes" is met only by a clear yes to *this* step's action
    (:func:`consent.read_reply`): a yes to something else, a question, a condition, sarcasm or a request for a person
    is not consent. "ONLY if not satisfied" is met by a complaint, a no, or words that ask for the action that
    follows ("Yes, refund" after a proposed fix), not by a bare yes or a thank-you."""
    if step.condition == "not-satisfied":
        if action is not None and consent.names_an_action(user_text, action):
            return True
        return cues.says_no(user_text) or not (_is_satisfied(user_text) or cues.says_yes(user_text))
    if step.condition == "affirm":
        kind = consent.read_reply(user_text, action).kind
        return True if kind == "yes" else False if kind == "no" else None
    if step.condition == "soft-affirm":
        return not cues.says_no(user_text)
    return True


def _step_action(turn: Turn, position: int) -> str | None:
    """The action ("refund", "order") a routine step's condition is about: the side-effect tools it runs — or, for
    "ONLY if not satisfied", those of the step after it (asking for that action means not satisfied)."""
    if turn.plan.steps[position].condition == "not-satisfied":
        position += 1
    if position >= len(turn.plan.steps):
        return None
    for name in turn.step_tools[position]:
        tool = turn.offered.get(name)
        if tool is not None and consent.is_side_effect(tool):
            return consent.action_of(tool)
    return None


def _routine_position(turn: Turn) -> tuple[int, list[str]]:
    """Which routine step we are at (replaying our own past replies since takeover) and its tools already run."""
    steps, position, ran = turn.plan.steps, 0, []
    last_user = ""
    before = turn.convo[: turn.takeover]
    first_reply = next((i for i, m in enumerate(turn.convo[turn.takeover:]) if m.role == "assistant" and m.content
                        and not m.tool_calls), None)
    context = before + turn.convo[turn.takeover: turn.takeover + (first_reply if first_reply is not None else 10**6)]
    if steps and steps[0].skip_if_reason and any(m.role == "user" and _gives_a_reason(m.content) for m in context):
        position = 1
    for m in turn.convo[turn.takeover:]:
        if position >= len(steps):
            break
        if m.role == "user":
            last_user = m.content
        elif m.role == "assistant" and m.tool_calls:
            ran += [c.name for c in m.tool_calls if c.name in turn.step_tools[position] and c.id not in turn.failed_calls]
        elif m.role == "assistant" and m.content:
            wanted = turn.step_tools[position]
            if all(name in ran for name in wanted) and (wanted or _condition(steps[position], last_user,
                                                                              _step_action(turn, position))):
                position, ran = position + 1, []
    return position, ran


def _follow_routine(turn: Turn) -> Decision | None:
    steps = turn.plan.steps
    if not steps:
        return None
    position, ran = _routine_position(turn)
    if position >= len(steps):
        return None
    step, wanted = steps[position], turn.step_tools[position]
    label = because("routine_step", number=step.number, total=len(steps), text=repr(shorten(step.text)))
    pending = [name for name in wanted if name not in ran]
    if pending and turn.last is not None and turn.last.role == "tool" and ran:
        return turn.call(turn.offered[pending[0]], because("routine_continues", label=label))
    action = _step_action(turn, position)
    met = _condition(step, turn.evidence.last_user, action) if not ran else True
    if met is False:
        text = (say("glad_it_helped", turn.lang) if step.condition == "not-satisfied"
                else consent.declined(action, turn.lang))
        return Decision(text=text, reason=because("routine_waits", label=label, condition=step.condition))
    if met is None:
        kind = consent.read_reply(turn.evidence.last_user, action).kind
        return Decision(text=consent.ask_again(kind, action, turn.lang),
                        reason=because("routine_needs_yes", label=label))
    if pending:
        return turn.call(turn.offered[pending[0]], because("routine_do_now", label=label))
    if wanted:
        results = turn.results_this_turn() or [("tool", "done")]
        return Decision(text=replies.after_tools_reply(step.text, results, turn.evidence, turn.lang),
                        reason=because("routine_told", label=label))
    return Decision(text=replies.routine_reply(step.text, turn.evidence, turn.lang), reason=label)


def _reply(turn: Turn) -> Decision:
    last_user = turn.evidence.last_user
    spoke = any(m.role == "assistant" and m.content and not m.tool_calls for m in turn.convo[turn.takeover:])
    last_tool = turn.tool_name(turn.last) if turn.last is not None and turn.last.role == "tool" else None
    if last_tool in turn.offered and not turn.plan.says(r"goodbye|bye|작별|마무리\s*인사"):
        return Decision(text=replies.after_tools_reply("", turn.results_this_turn(), turn.evidence, turn.lang),
                        reason=because("tool_answered", tool=last_tool))
    if turn.last is not None and turn.last.role == "user" and _is_closing(last_user) and spoke:
        return Decision(text=say("you_are_welcome", turn.lang), reason=because("wrapping_up"))
    options = next((list(opts) for t in turn.tools for _, opts in routing.profile(t).options), [])
    done = next(((turn.tool_name(m), m.content) for m in reversed(turn.convo[turn.turn_start:])
                 if m.role == "tool" and not m.is_error and not _finishes(turn.tool_name(m))), None)
    text = replies.instruction_reply(turn.plan, turn.tools, options, first_reply=not spoke, lang=turn.lang, done_this_turn=done,
                                     user_has_a_problem=lambda: _gives_a_reason(last_user) or cues.says_no(last_user))
    if not turn.tools:
        why = because("no_tools")
    elif last_user and not any(map(read(last_user).concepts().get, lexicon.DOMAIN_CONCEPTS, repeat(0))):
        why = because("nothing_points", words=quoted([shorten(last_user, 40)]))
    else:
        why = because("no_tool_fits")
    return Decision(text=text, reason=why)


def _serve_beside_the_injection(turn: Turn, messages: list[Message], declined: str, request: str) -> Decision:
    """The decision for the request beside an injection, made as for any message, then told as such: the reason
    says what was declined and what was served; a reply to the customer says first that the instruction is
    declined; and a refund or an order is asked about (a clear yes to that question runs it), never run on the
    words of a message that tried to steer the bot."""
    decision = decide(messages, turn.tools)
    why = because("injection_declined", words=quoted([declined]), request=quoted([request]))
    decline = say("decline_injection", turn.lang)
    for call in decision.tool_calls:
        tool = turn.offered.get(call.name)
        action = consent.action_of(tool) if tool is not None and consent.is_side_effect(tool) else None
        if action is not None:
            return Decision(text=decline + " " + consent.ask_again("other", action, turn.lang),
                            reason=joined(why, because("injection_asks_first", tool=call.name)))
    replying = turn.last is not None and turn.last.role == "user" and not decision.tool_calls
    return Decision(text=(decline + " " + decision.text) if replying else decision.text,
                    tool_calls=decision.tool_calls, reason=joined(why, decision.reason))


def decide(messages: Sequence[Message], tools: Sequence[ToolSpec]) -> Decision:
    """The offline model's answer to one call: text or tool calls, and why."""
    turn = Turn(messages, tools)
    if _is_prompt_injection(turn.evidence.last_user):  # for the whole turn, even after a refused call
        served = beside_the_injection(turn)
        if served is not None:
            return _serve_beside_the_injection(turn, *served)
        options = next((list(opts) for t in turn.tools for _, opts in routing.profile(t).options), [])
        return Decision(text=say("decline_injection", turn.lang) + " " + replies.options_question(turn.tools, options, turn.lang),
                        reason=because("injection"))
    by_intent = _by_intent(turn)
    for decision in (guards.to_a_person(turn, by_intent), guards.without_consent(turn, by_intent), by_intent):
        if decision is not None:
            return decision
    for rule in (guards.consented, _finish, _follow_routine):
        decision = rule(turn)
        if decision is not None:
            return decision
    return _reply(turn)
