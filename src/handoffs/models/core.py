"""The offline model's decision core: one pure function from (messages, offered tools) to a Decision.

It reads only what a real model reads — the system prompt, the tools offered in *this* call and the messages —
and never calls a tool it was not offered. Its policy, in order:

1. **Injection**: a user message that says "ignore your instructions" is declined in text.
2. **Intent**: an offered tool whose name or description shares a concept with the user's last message (and
   this turn's tool arguments) is called, arguments filled from its schema. Tools a routine step names wait for
   their step; "only if explicitly asked" tools need their own name's concept; "outside of your purview" tools
   fire when the user raises a topic this agent's prompt and tools do not cover. A tool runs once per turn.
3. **Finish**: once a work tool ran this turn, an offered finishing tool (``end_conversation``) is called.
4. **Routine**: the numbered routine of the prompt is followed one step per reply, from where this persona took
   over (the last result of a tool that is not offered now, e.g. a transfer), with its conditions ("if the user
   says yes", "ONLY if not satisfied") and tools ("search for the ID and then execute refund").
5. **Text**: otherwise a short reply from the prompt's instructions (greet, ask which path fits, say goodbye).

Every decision carries a one-line reason. Script and rogue modes live in ``modes.py``; the framework adapters in
``langchain_adapter.py`` and ``autogen_adapter.py``.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Sequence

from . import lexicon, replies
from .arguments import Evidence, choose_option, fill_arguments, options_of
from .routine import PromptPlan, RoutineStep, read_prompt, tools_for_step
from .types import Decision, Message, ToolCall, ToolSpec, system_prompt_of

_GENERIC_TOOL_WORDS = frozenset({"transfer", "execute", "resolve", "record", "run", "set", "look", "find",
                                 "send", "create", "anything", "related", "explicitly", "asked", "back",
                                 "including", "topic", "kind", "conversation", "step", "routine"})
_EXPLICIT_ONLY = re.compile(r"\bonly\b.*\bif\b.*\bexplicitly\b|\bexplicitly asked\b", re.I)
_PURVIEW = re.compile(r"\boutside (of )?(your|this agent's) (purview|scope|expertise|role)\b", re.I)
_CLOSING = re.compile(r"\b(bye|goodbye|that's all|that is all|thanks|thank you)\b", re.I)


def call_id(messages: Sequence[Message], name: str, index: int) -> str:
    """A deterministic tool-call id: the same conversation gives the same id in any process."""
    payload = json.dumps([[m.role, m.content, [c.name for c in m.tool_calls]] for m in messages] + [name, index])
    return "call_" + hashlib.sha256(payload.encode("utf-8")).hexdigest()[:16]


def _is_finishing(tool: ToolSpec) -> bool:
    return "finish" in lexicon.concepts(tool.name)


def _turn_start(convo: list[Message]) -> int:
    users = [i for i, m in enumerate(convo) if m.role == "user"]
    return users[-1] + 1 if users else 0


def _takeover(convo: list[Message], offered: set[str]) -> int:
    """Where this persona or step began: just after the last result of a tool that is not offered now."""
    names = {c.id: c.name for m in convo for c in m.tool_calls}
    for i in range(len(convo) - 1, -1, -1):
        m = convo[i]
        if m.role == "tool" and (m.name or names.get(m.tool_call_id or "")) not in offered:
            return i + 1
    return 0


class _Turn:
    """What the core knows about the conversation at this call (derived once, read by the rules)."""

    def __init__(self, messages: Sequence[Message], tools: Sequence[ToolSpec]):
        self.messages = list(messages)
        self.tools = list(tools)
        self.offered = {t.name: t for t in self.tools}
        self.plan: PromptPlan = read_prompt(system_prompt_of(self.messages))
        self.convo = [m for m in self.messages if m.role != "system"]
        self.turn_start = _turn_start(self.convo)
        self.evidence = Evidence.of(self.convo, self.turn_start)
        self.last = self.convo[-1] if self.convo else None
        # A call whose result was an error (refused by a step guard, failed) does not count as done: it may be
        # retried once the tool is offered.
        failed = {m.tool_call_id for m in self.convo if m.role == "tool" and m.is_error}
        self.called_this_turn = [c.name for m in self.convo[self.turn_start:] for c in m.tool_calls
                                 if c.id not in failed]
        self.failed_calls = failed
        self.takeover = _takeover(self.convo, set(self.offered))
        self.step_tools = [tools_for_step(step, self.tools) for step in self.plan.steps]
        self.gated = {name for names in self.step_tools for name in names}
        self._call_names = {c.id: c.name for m in self.convo for c in m.tool_calls}

    def tool_name(self, message: Message) -> str:
        """The tool a result came from (LangChain's Command-made ToolMessages may carry no name)."""
        return message.name or self._call_names.get(message.tool_call_id or "", "tool")

    def results_this_turn(self) -> list[tuple[str, str]]:
        return [(self.tool_name(m), m.content) for m in self.convo[self.turn_start:] if m.role == "tool"]

    def call(self, tool: ToolSpec, why: str, text: str = "") -> Decision:
        args, notes = fill_arguments(tool, self.evidence)
        shown = ", ".join(f"{k}={v!r}" for k, v in args.items())
        quoted = set(re.findall(r"'([^']+)'", why))
        extra = [n.split(": ", 1)[1] for n in notes if ": " in n]
        extra = [e for e in extra if not (set(re.findall(r"'([^']+)'", e)) and set(re.findall(r"'([^']+)'", e)) <= quoted)]
        detail = f"; {'; '.join(extra)}" if extra else ""
        call = ToolCall(call_id(self.messages, tool.name, len(self.called_this_turn)), tool.name, args)
        return Decision(text=text, tool_calls=(call,), reason=f"{tool.name}({shown}): {why}{detail}")


def _intent_score(turn: _Turn, tool: ToolSpec) -> tuple[int, str]:
    said = turn.evidence.last_user + " " + " ".join(turn.evidence.turn_arguments)
    mentioned = lexicon.concepts(said)
    if _PURVIEW.search(tool.description):
        # An agent's purview: who it says it is, its standing instructions and its other tools (not the routine's
        # small talk: "problems in their life" does not make a sales agent a repairs desk).
        covered = lexicon.concepts(turn.plan.persona + " " + " ".join(turn.plan.instructions) + " "
                                   + " ".join(f"{t.name} {t.description}" for t in turn.tools if t is not tool))
        raised = [c for c in lexicon.INTENT_CONCEPTS if c in mentioned]
        outside = [c for c in raised if c not in covered]
        if outside and len(outside) == len(raised):  # nothing the user raised is this agent's business
            words = ", ".join(repr(w) for w in dict.fromkeys(w for c in outside for w in mentioned[c]))
            return 3, f"{words} is outside this agent's purview"
        return 0, ""
    own = lexicon.concepts(tool.name if _EXPLICIT_ONLY.search(tool.description) else f"{tool.name} {tool.description}")
    shared = [c for c in own if c in mentioned and c != "finish"]
    tool_words = {lexicon.stem(w) for w in lexicon.content_words(f"{tool.name} {tool.description}")}
    direct = [w for w in lexicon.content_words(said)
              if lexicon.stem(w) in tool_words and w not in _GENERIC_TOOL_WORDS]
    score = 2 * len(shared) + len(direct)
    if _EXPLICIT_ONLY.search(tool.description) and not shared:
        return 0, ""
    if score:
        evidence = [w for c in shared for w in mentioned[c]] + [w for w in direct if not any(w in mentioned[c] for c in shared)]
        user_words = set(lexicon.words(turn.evidence.last_user))
        from_user = [w for w in dict.fromkeys(evidence) if w in user_words]
        from_turn = [w for w in dict.fromkeys(evidence) if w not in user_words]
        kinds = f" ({', '.join(shared)})" if shared else ""
        why = f"the user said {', '.join(repr(w) for w in from_user)}" if from_user else ""
        if from_turn:
            why += ("; " if why else "") + f"this turn recorded {', '.join(repr(w) for w in from_turn)}"
        return score, why + kinds
    for prop in tool.properties.values():
        options = options_of(tool, prop)
        chosen, why = choose_option(options, turn.evidence) if options else (None, "")
        if chosen and chosen.lower() not in ("other", "general"):
            return 2, f"one of its options fits: {why}"
        if chosen and lexicon.states_a_need(turn.evidence.last_user):
            return 1, "the user needs something that fits no named category"
    return 0, ""


def _work_done(turn: _Turn) -> list[str]:
    """Offered work tools (not finishing ones) that ran successfully in this turn."""
    return [n for n in turn.called_this_turn if n in turn.offered and not _is_finishing(turn.offered[n])]


def _by_intent(turn: _Turn) -> Decision | None:
    if not turn.evidence.user_texts:
        return None
    if _work_done(turn) and any(_is_finishing(t) for t in turn.tools):
        return None  # one resolver per step is enough: finish instead of trying every near match
    scored = []
    for order, tool in enumerate(turn.tools):
        if tool.name in turn.gated or tool.name in turn.called_this_turn or _is_finishing(tool):
            continue
        score, why = _intent_score(turn, tool)
        if score:
            scored.append((-score, order, tool, why))
    if not scored:
        return None
    _, _, tool, why = min(scored, key=lambda s: s[:2])
    return turn.call(tool, why)


def _finish(turn: _Turn) -> Decision | None:
    worked = _work_done(turn)
    finishing = [t for t in turn.tools if _is_finishing(t) and t.name not in turn.called_this_turn]
    if worked and finishing and turn.last is not None and turn.last.role == "tool":
        return turn.call(finishing[0], f"{worked[-1]} did this step's work, so the conversation can end")
    return None


def _condition(step: RoutineStep, user_text: str) -> bool | None:
    """Is the step's condition met by the user's last words? None means: ask first."""
    if step.condition == "not-satisfied":
        return lexicon.says_no(user_text) or not (lexicon.is_satisfied(user_text) or lexicon.says_yes(user_text))
    if step.condition == "affirm":
        return True if lexicon.says_yes(user_text) else False if lexicon.says_no(user_text) else None
    if step.condition == "soft-affirm":
        return not lexicon.says_no(user_text)
    return True


def _routine_position(turn: _Turn) -> tuple[int, list[str]]:
    """Which routine step we are at (replaying our own past replies since takeover) and its tools already run."""
    steps, position, ran = turn.plan.steps, 0, []
    last_user = ""
    before = turn.convo[: turn.takeover]
    first_reply = next((i for i, m in enumerate(turn.convo[turn.takeover:]) if m.role == "assistant" and m.content
                        and not m.tool_calls), None)
    context = before + turn.convo[turn.takeover: turn.takeover + (first_reply if first_reply is not None else 10**6)]
    if steps and steps[0].skip_if_reason and any(m.role == "user" and lexicon.gives_a_reason(m.content) for m in context):
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
            if all(name in ran for name in wanted) and (wanted or _condition(steps[position], last_user)):
                position, ran = position + 1, []
    return position, ran


def _follow_routine(turn: _Turn) -> Decision | None:
    steps = turn.plan.steps
    if not steps:
        return None
    position, ran = _routine_position(turn)
    if position >= len(steps):
        return None
    step, wanted = steps[position], turn.step_tools[position]
    label = f"routine step {step.number} of {len(steps)} ({step.text[:60]!r})"
    pending = [name for name in wanted if name not in ran]
    if pending and turn.last is not None and turn.last.role == "tool" and ran:
        return turn.call(turn.offered[pending[0]], f"{label} continues")
    met = _condition(step, turn.evidence.last_user) if not ran else True
    if met is False:
        text = ("Glad that helped! Anything else I can do for you?" if step.condition == "not-satisfied"
                else "No problem. Let me know if you change your mind.")
        return Decision(text=text, reason=f"{label} waits: its condition ({step.condition}) is not met")
    if met is None:
        return Decision(text="Just to confirm: shall I go ahead?", reason=f"{label} needs a clear yes first")
    if pending:
        return turn.call(turn.offered[pending[0]], f"{label} says to do this now")
    if wanted:
        results = turn.results_this_turn() or [("tool", "done")]
        return Decision(text=replies.after_tools_reply(step.text, results, turn.evidence),
                        reason=f"{label}: its tools ran, telling the user")
    return Decision(text=replies.routine_reply(step.text, turn.evidence), reason=label)


def _reply(turn: _Turn) -> Decision:
    last_user = turn.evidence.last_user
    spoke = any(m.role == "assistant" and m.content and not m.tool_calls for m in turn.convo[turn.takeover:])
    last_tool = turn.tool_name(turn.last) if turn.last is not None and turn.last.role == "tool" else None
    if last_tool in turn.offered and not turn.plan.says(r"goodbye|bye"):
        return Decision(text=replies.after_tools_reply("", turn.results_this_turn(), turn.evidence),
                        reason=f"{last_tool} answered; reporting its result")
    if turn.last is not None and turn.last.role == "user" and _CLOSING.search(last_user) and spoke:
        return Decision(text="You're welcome! Have a great day.", reason="the user is wrapping up")
    options = next((options_of(t, p) for t in turn.tools for p in t.properties.values() if options_of(t, p)), [])
    done = next((m.content for m in reversed(turn.convo[turn.turn_start:]) if m.role == "tool" and not m.is_error
                 and "finish" not in lexicon.concepts(turn.tool_name(m))), "")
    problem = lexicon.gives_a_reason(last_user) or lexicon.says_no(last_user)
    text = replies.instruction_reply(turn.plan, turn.tools, options, first_reply=not spoke,
                                     done_this_turn=done, user_has_a_problem=problem)
    if not turn.tools:
        why = "no tools offered in this call; following the prompt's instructions"
    else:
        why = "no offered tool fits what the user said; asking which path fits"
    return Decision(text=text, reason=why)


def decide(messages: Sequence[Message], tools: Sequence[ToolSpec]) -> Decision:
    """The offline model's answer to one call: text or tool calls, and why."""
    turn = _Turn(messages, tools)
    if lexicon.is_prompt_injection(turn.evidence.last_user):  # for the whole turn, even after a refused call
        return Decision(text="I can't set my instructions aside, but I'm happy to help within them. "
                             + replies.options_question(turn.tools, []),
                        reason="the message asks me to ignore my instructions (a prompt injection): declined")
    for rule in (_by_intent, _finish, _follow_routine):
        decision = rule(turn)
        if decision is not None:
            return decision
    return _reply(turn)
