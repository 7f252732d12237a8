"""Phases 1 and 2 of notebook 04's checker: the learner's step table and prompts, judged by reading them.

No conversation runs here: :func:`read_step_table` takes what the learner passed (a step table, or a function
that builds one, called once) and finds the first thing wrong with its shape — a missing or misspelt step or key, something that is not a
tool, a tool offered twice or made twice, a ``runtime`` parameter the model would see, no new step, no new tool in
triage, a shallow copy that reached into the kit's read-only step table; :func:`read_prompts` then reads the
prompts — no TODO left, the triage prompt says when to hand off, the new step's prompt says what its tools are for.
Each finding is an :class:`EscalateStop` (its words are in :mod:`.escalate_text`).

What this module is not: the phases that run the learner's tools and prompts (scripted conversations, routing)
are in :mod:`.part1_escalate`, which calls these two first.
"""

from __future__ import annotations

from typing import Any, Mapping

from langchain_core.tools import BaseTool
from langchain_core.utils.function_calling import convert_to_openai_tool

from handoffs.part1.readonly import ReadOnlyStepTableError
from handoffs.part1.steps import STEP_TABLE, all_tools, with_tools

from .escalate_text import HINTS, PIECES, VERIFIED
from .learner_code import closest, error_text, has_todo, location, mentions, raising_line, refers_to
from .report import CheckReport, Stop
from .routing import tool_description

SEED_STEPS = tuple(STEP_TABLE)
SEED_TOOLS = frozenset(t.name for t in all_tools(STEP_TABLE))
SEED_TRIAGE_TOOLS = ("record_issue",)
SEED_TRIAGE_PROMPT = str(STEP_TABLE["triage"]["prompt"])
STEP_KEYS = ("prompt", "tools")
ADDED_SENTENCE = 20  # characters: a prompt that names no tool must at least say something (in any language)


class EscalateStop(Stop):
    """A finding of notebook 04's checker (its hints: :data:`.escalate_text.HINTS`)."""

    hints = HINTS


def read_step_table(step_table: Any, report: CheckReport) -> dict[str, dict]:
    """Phase 1: the step table (built first if the learner passed a function), checked by reading it."""
    if callable(step_table) and not isinstance(step_table, Mapping):
        try:
            step_table = step_table()
        except ReadOnlyStepTableError as error:
            raise EscalateStop("step_table", "shallow_copy", line=raising_line(error) or PIECES["step_table_cell"])
        except Exception as error:
            raise EscalateStop("step_table", "builder_failed", error=error_text(error),
                               line=raising_line(error) or PIECES["it"])
    if not isinstance(step_table, Mapping):
        raise EscalateStop("step_table", "no_step_table", got=step_table)
    for step, entry in step_table.items():
        if not isinstance(entry, Mapping):
            raise EscalateStop("step_table", "step_not_a_dict", step=step, got=entry)
        for wanted in STEP_KEYS:
            got = closest(str(wanted), [str(k) for k in entry if k not in STEP_KEYS]) if wanted not in entry else None
            if got:
                raise EscalateStop("step_table", "misspelt_key", step=step, wanted=wanted, got=got)
        for item in entry.get("tools") or []:
            if item is None:
                raise EscalateStop("step_table", "tool_is_none", step=step)
            if isinstance(item, type):
                raise EscalateStop("step_table", "tool_class", step=step, got=item.__name__)
            if not callable(item) and not isinstance(item, BaseTool):
                raise EscalateStop("step_table", "not_a_tool", step=step, got=item)
    table = with_tools(step_table)
    _no_duplicates(table)
    for step in SEED_STEPS:
        if step not in table:
            raise EscalateStop("step_table", "no_triage" if step == "triage" else "seed_step_missing", step=step)
    triage_names = [t.name for t in table["triage"].get("tools", [])]
    for name in SEED_TRIAGE_TOOLS:
        if name not in triage_names:
            raise EscalateStop("step_table", "seed_tool_removed", tool=name)
    new_steps = [s for s in table if s not in SEED_STEPS]
    if not new_steps:
        raise EscalateStop("step_table", "no_new_step", steps=", ".join(map(repr, table)))
    if not [n for n in triage_names if n not in SEED_TRIAGE_TOOLS]:
        raise EscalateStop("step_table", "not_offered_in_triage", steps=", ".join(map(repr, new_steps)))
    report.ok(VERIFIED["step_table"].format(steps=", ".join(map(repr, table))))
    return table


def _no_duplicates(table: Mapping[str, Mapping]) -> None:
    first_step: dict[str, tuple[str, BaseTool]] = {}
    for step, entry in table.items():
        names = [t.name for t in entry.get("tools", [])]
        for name in dict.fromkeys(names):
            if names.count(name) > 1:
                raise EscalateStop("step_table", "duplicate_tool", step=step, tool=name, count=names.count(name))
        for t in entry.get("tools", []):
            seen = first_step.setdefault(t.name, (step, t))
            if seen[1] is not t:
                try:
                    all_tools({seen[0]: {"tools": [seen[1]]}, step: {"tools": [t]}})
                except ValueError:
                    raise EscalateStop("step_table", "stale_tool", tool=t.name, first=seen[0], second=step) from None
            if "runtime" in convert_to_openai_tool(t)["function"].get("parameters", {}).get("properties", {}):
                raise EscalateStop("step_table", "runtime_visible", tool=t.name, location=location(t))


def read_prompts(table: Mapping[str, Mapping], report: CheckReport) -> list[BaseTool]:
    """Phase 2: the triage prompt and the new steps' prompts; returns the new tools offered in triage."""
    new_steps = [s for s in table if s not in SEED_STEPS]
    for step in ["triage", *new_steps]:
        prompt = str(table[step].get("prompt") or "")
        if not prompt.strip():
            raise EscalateStop("prompts", "prompt_missing", step=step)
        if has_todo(prompt):
            raise EscalateStop("prompts", "prompt_todo", step=step, snippet=_around_todo(prompt))
    new_tools = [t for t in table["triage"]["tools"] if t.name not in SEED_TRIAGE_TOOLS]
    triage_prompt = str(table["triage"]["prompt"])
    added = triage_prompt.replace(SEED_TRIAGE_PROMPT, "").strip()  # what the learner wrote into the seed's prompt
    names = [t.name for t in new_tools] + new_steps
    if not added or (not any(mentions(triage_prompt, n) for n in names) and len(added) < ADDED_SENTENCE):
        raise EscalateStop("prompts", "triage_prompt_silent", tools=", ".join(t.name for t in new_tools),
                           tool=new_tools[0].name)
    others = {str(table[other].get("prompt")) for other in table if other not in new_steps}
    for step in new_steps:
        prompt = str(table[step]["prompt"])
        own = [t.name for t in table[step].get("tools", []) if t.name not in SEED_TOOLS] or [
            t.name for t in table[step].get("tools", [])]
        if own and (prompt in others or len(prompt.strip()) < ADDED_SENTENCE):
            raise EscalateStop("prompts", "step_prompt_silent", step=step, tools=", ".join(own), tool=own[0])
        offered = list(table[step].get("tools", []))
        theme = " ".join(f"{t.name} {tool_description(t)}" for t in new_tools)  # what moves into the step: its theme
        if offered and not any(refers_to(prompt, t.name, tool_description(t), theme) for t in offered):
            names = [t.name for t in offered]
            raise EscalateStop("prompts", "step_prompt_names_no_tool", step=step, tools=", ".join(names),
                               tool=own[0] if own else names[0], length=len(prompt.strip()))
    report.ok(VERIFIED["prompts"].format(tool=new_tools[0].name, step=", ".join(map(repr, new_steps))))
    return new_tools


def _around_todo(prompt: str) -> str:
    line = next(line for line in prompt.splitlines() if has_todo(line))
    return line.strip()[:80]

