"""Reading a system prompt the way the offline model does: a persona, instructions and a numbered routine.

Seed 003's prompts carry routines such as::

    Follow the following routine with the user:
    1. First, ask probing questions and understand the user's problem deeper.
     - unless the user has already provided a reason.
    2. Propose a fix (make one up).
    3. ONLY if not satisfied, offer a refund.
    4. If accepted, search for the ID and then execute refund.

:func:`read_prompt` splits such a prompt — in English or Korean ("당신은 ACME의 영업 담당자입니다. 다음 순서를
따르세요: 1. … 2. 사용자가 예라고 하면 주문을 실행하세요.") — into a :class:`PromptPlan`: the persona sentence, plain
instructions, and :class:`RoutineStep` s with their conditions. :func:`tools_for_step` finds which offered tools
a step talks about ("search for the ID" -> ``look_up_item``, "주문을 실행" -> ``execute_order``). Both are cached
per prompt. The condition phrases and step words live in ``data/routine.toml``. Deciding what to do with the plan
is ``core.py``'s job, not this module's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from . import knowledge
from .profiles import BASIC_STOPWORDS, word_keys
from .types import ToolSpec

_STEP_MARK = re.compile(r"(?<![\d$.,])(\d{1,2})[.)]\s+")
_SENTENCE = re.compile(r"(?<=[.!?])\s*|\n+")
_DATA = knowledge.load("routine.toml")
# Condition phrases -> kind. "affirm" waits for a yes; "soft-affirm" goes on unless the user says no;
# "not-satisfied" waits for a complaint.
# Compiled when first asked (patterns.Later): a prompt without a numbered routine never reads them.
_CONDITIONS = tuple((knowledge.later("routine.toml", row), kind) for kind, row in _DATA["condition"].items())
_PERSONA, _ROUTINE_INTRO = (knowledge.pattern("routine.toml", name) for name in ("persona", "routine_intro"))
_SKIP_IF_REASON = knowledge.later("routine.toml", "skip_if_reason")
# Korean action words a step may use for an English-named tool (주문을 실행 -> execute_order).
_KO_TOOL_WORDS: dict[str, str] = _DATA["ko_tool_words"]["means"]
_GENERIC_STEP_WORDS = frozenset(knowledge.words("routine.toml", "generic_step_words"))


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
        """The first instruction sentence matching ``pattern`` (a regex), if any (remembered per plan and pattern: a
        plan is frozen, and the same prompt is asked the same questions on every call of its step)."""
        asked = self.__dict__.setdefault("_says", {})  # frozen dataclass: a derived value, not a field
        if pattern not in asked:
            rx = re.compile(pattern, re.I)
            asked[pattern] = next((s for s in self.instructions if rx.search(s)), None)
        return asked[pattern]


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
    skip = any(_SKIP_IF_REASON.search(n) for n in (main, *notes))
    return RoutineStep(number, main, notes, condition, skip)


@lru_cache(maxsize=512)
def read_prompt(system_prompt: str) -> PromptPlan:
    """Split a system prompt into persona, instructions and routine steps (cached per prompt)."""
    preamble, raw_steps = _split_steps(system_prompt)
    sentences = _sentences(preamble)
    persona = next((s for s in sentences if _PERSONA.match(s)), "")
    instructions = tuple(s for s in sentences if s != persona and not _ROUTINE_INTRO.search(s))
    steps = tuple(_step_from(number, body) for number, body in raw_steps)
    return PromptPlan(persona, instructions, steps)


def _keys(text: str) -> frozenset[str]:
    return word_keys(text, drop=BASIC_STOPWORDS)


def _step_keys(text: str) -> list[str]:
    keys = []
    for key in sorted(_keys(text), key=text.lower().find):
        if key in _GENERIC_STEP_WORDS:
            continue
        keys.append(next((en for ko, en in _KO_TOOL_WORDS.items() if key.startswith(ko)), key))
    return keys


@lru_cache(maxsize=2048)
def _tools_for_step(step_text: str, tools: tuple[tuple[str, str], ...]) -> tuple[str, ...]:
    lowered = step_text.lower()
    step_keys = _step_keys(step_text)
    found: list[tuple[int, str]] = []
    for name, description in tools:
        if name.lower() in lowered:  # the step names the tool itself: "execute_order를 호출하세요"
            found.append((lowered.index(name.lower()), name))
            continue
        vocabulary = _keys(f"{name} {description}")
        name_keys = _keys(name)
        hits = [i for i, key in enumerate(step_keys) if key in vocabulary]
        shared = {step_keys[i] for i in hits}
        if len(shared) >= 2 or (name_keys and name_keys <= shared):
            found.append((hits[0], name))
    return tuple(name for _, name in sorted(found))


def tools_for_step(step: RoutineStep, tools: list[ToolSpec]) -> list[str]:
    """Offered tools a routine step asks for, in the order the step mentions them.

    A tool counts when the step names it, or shares two meaningful words with its name and description (or all of
    its name's words, for one-word names): "execute their order" -> ``execute_order``; "offer a refund" alone does
    *not* name ``execute_refund``, so offering is talk, not action.
    """
    return list(_tools_for_step(step.text, tuple((t.name, t.description) for t in tools)))
