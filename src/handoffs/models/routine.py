"""Reading a system prompt the way the offline model does: a persona, instructions and a numbered routine.

Seed 003's prompts carry routines such as::

    Follow the following routine with the user:
    1. First, ask probing questions and understand the user's problem deeper.
     - unless the user has already provided a reason.
    2. Propose a fix (make one up).
    3. ONLY if not satisfied, offer a refund.
    4. If accepted, search for the ID and then execute refund.

:func:`read_prompt` splits such a prompt into :class:`PromptPlan` (persona sentence, plain instructions, routine
steps with their conditions), and :func:`tools_for_step` finds which offered tools a step talks about
("search for the ID" -> ``look_up_item``, "execute refund" -> ``execute_refund``). Deciding what to do with the
plan is ``core.py``'s job, not this module's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from . import lexicon
from .types import ToolSpec

_STEP_MARK = re.compile(r"(?<![\d$.,])(\d{1,2})\.\s+")
_SENTENCE = re.compile(r"(?<=[.!?])\s*|\n+")
# Condition phrases -> kind. "affirm" waits for a yes; "soft-affirm" goes on unless the user says no;
# "not-satisfied" waits for a complaint.
_CONDITIONS = (
    (re.compile(r"\bonly if not satisfied|\bif (the user is )?not satisfied|\bif (they are )?unhappy", re.I),
     "not-satisfied"),
    (re.compile(r"\bif (the user|they) says? yes|\bif accepted|\bif (the user|they) (agrees?|accepts?)"
                r"|\bonce confirmed|\bif confirmed", re.I), "affirm"),
    (re.compile(r"\bonce the user is bought in|\bif (the user is|they are) interested", re.I), "soft-affirm"),
)
_GENERIC_STEP_WORDS = frozenset({"first", "then", "once", "after", "only", "everything", "follow", "routine",
                                 "ask", "tell", "mention", "make", "casually", "drop", "offer"})


@dataclass(frozen=True)
class RoutineStep:
    number: int
    text: str
    notes: tuple[str, ...] = ()
    condition: str | None = None  # None, "affirm", "soft-affirm" or "not-satisfied"
    skip_if_reason: bool = False  # "- unless the user has already provided a reason."


@dataclass(frozen=True)
class PromptPlan:
    persona: str = ""  # "You are a sales agent for ACME Inc."
    instructions: tuple[str, ...] = ()  # sentences outside the routine
    steps: tuple[RoutineStep, ...] = field(default_factory=tuple)

    def says(self, pattern: str) -> str | None:
        """The first instruction sentence matching ``pattern`` (a regex), if any."""
        rx = re.compile(pattern, re.I)
        return next((s for s in self.instructions if rx.search(s)), None)


def _split_steps(text: str) -> tuple[str, list[tuple[int, str]]]:
    """Split at '1. ', '2. ', ... in sequence; anything before '1. ' is the preamble."""
    marks, expected = [], 1
    for match in _STEP_MARK.finditer(text):
        if int(match.group(1)) == expected:
            marks.append(match)
            expected += 1
    if not marks:
        return text, []
    steps = []
    for i, match in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
        steps.append((int(match.group(1)), text[match.end():end].strip()))
    return text[: marks[0].start()], steps


def _sentences(text: str) -> list[str]:
    # Seed prompts are concatenated without spaces ("ACME Inc.Always answer"): split before a capital too.
    text = re.sub(r"(?<=[a-z]\.)(?=[A-Z])", " ", text)
    return [s.strip() for s in _SENTENCE.split(text) if s and s.strip()]


def _step_from(number: int, body: str) -> RoutineStep:
    lines = [ln.strip() for ln in body.splitlines() if ln.strip()]
    main = lines[0] if lines else ""
    notes = tuple(ln.lstrip("-*• ").strip() for ln in lines[1:])
    condition = next((kind for rx, kind in _CONDITIONS if rx.search(main)), None)
    skip = any(re.search(r"\bunless\b.*\b(reason|already)\b", n, re.I) for n in (main, *notes))
    return RoutineStep(number, main, notes, condition, skip)


def read_prompt(system_prompt: str) -> PromptPlan:
    """Split a system prompt into persona, instructions and routine steps."""
    preamble, raw_steps = _split_steps(system_prompt)
    sentences = _sentences(preamble)
    persona = next((s for s in sentences if re.match(r"you are\b", s, re.I)), "")
    instructions = tuple(s for s in sentences if s != persona and not re.search(r"follow .*routine", s, re.I))
    steps = tuple(_step_from(number, body) for number, body in raw_steps)
    return PromptPlan(persona, instructions, steps)


def _tool_words(tool: ToolSpec) -> set[str]:
    return {lexicon.stem(w) for w in lexicon.content_words(f"{tool.name} {tool.description}")}


def tools_for_step(step: RoutineStep, tools: list[ToolSpec]) -> list[str]:
    """Offered tools a routine step asks for, in the order the step mentions them.

    A tool counts when the step shares two meaningful words with its name and description (or all of its name's
    words, for one-word names): "execute their order" -> ``execute_order``; "offer a refund" alone does *not*
    name ``execute_refund``, so offering is talk, not action.
    """
    step_words = [lexicon.stem(w) for w in lexicon.content_words(step.text) if w not in _GENERIC_STEP_WORDS]
    found: list[tuple[int, str]] = []
    for tool in tools:
        vocabulary = _tool_words(tool)
        name_words = {lexicon.stem(w) for w in lexicon.content_words(tool.name)}
        hits = [i for i, w in enumerate(step_words) if w in vocabulary]
        shared = {step_words[i] for i in hits}
        if len(shared) >= 2 or (name_words and name_words <= shared):
            found.append((hits[0], tool.name))
    return [name for _, name in sorted(found)]
