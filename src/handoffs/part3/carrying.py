"""Notebook 10's measurements: the same conversation with each history filter — tokens for the next agent, and
whether the conversation still went right.

:func:`run_carrying` runs scripted customer lines through Part 2's team with the shaper and the typed triage
delegates the learner wrote in notebook 10's cells (a ``HandoffShaper``: a history filter, optionally an
``on_handoff`` hook), and returns a :class:`Carried`: the :class:`~handoffs.part3.runs.DesignRun`, the shaper's log,
the tools that ran, and for every handoff the tokens the *next agent's first model call* read (what the handoff
carried, in tokens). :func:`went_right` compares a run with a reference run of the same lines: the same agent on
every turn, the same tools in the same order, as many confirmed orders, the same refunds. :func:`carrying_rows` and
:func:`format_carrying` make the table. Labels live in :mod:`handoffs.part3.text`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from handoffs.models.reasons import REASONS
from handoffs.recorder import HandoffEvent, ModelCallEvent, RunRecorder

from .runs import DesignRun, TeamDesk
from .table import MAX_COLUMNS, text_table, wrap_cell
from .text import CARRYING

WORK_TOOLS = ("execute_order", "look_up_item", "execute_refund")
"""Tools with an effect (transfer tools are not compared: a filter may drop their results from the history)."""


@dataclass
class Carried:
    """One conversation with one way of carrying handoffs."""

    name: str
    run: DesignRun
    log: list[Any]  # what the shaper logged: one entry per handoff (notebook 10's CarriedHandoff)
    tools_run: list[str]  # the work tools that ran, in order
    next_agent_tokens: list[tuple[str, int]] = field(default_factory=list)  # (handoff "A -> B", tokens in)


def _next_agent_tokens(recorder: RunRecorder, conversation: str) -> list[tuple[str, int]]:
    events = [e for e in recorder.events if e.conversation == conversation]
    carried = []
    for index, event in enumerate(events):
        if isinstance(event, HandoffEvent):
            first = next((e for e in events[index + 1:] if isinstance(e, ModelCallEvent) and e.actor == event.to_agent),
                         None)
            if first is not None:
                carried.append((f"{event.from_agent} -> {event.to_agent}", first.input_tokens or 0))
    return carried


async def run_carrying(name: str, lines: Iterable[str], shaper: Any, triage_transfer_tools: Sequence[Any], *,
                       confirmations: Iterable[str] = ("y",), model_client: Any = None,
                       session_id: str = "carry-1") -> Carried:
    """The lines through the team, every handoff passing through ``shaper`` (an AutoGen intervention handler with a
    ``log`` list, e.g. notebook 10's ``HandoffShaper(history_filter, on_handoff)``), the triage agent offering
    ``triage_transfer_tools``. What the shaper logs during this run is this run's handoffs."""
    recorder, before = RunRecorder(), len(shaper.log)
    async with TeamDesk(model_client, recorder=recorder, shaper=shaper,
                        triage_transfer_tools=triage_transfer_tools) as desk:
        run = await desk.run(list(lines), session_id=session_id, confirmations=confirmations)
    work = [tool for tool in recorder.tools_run(session_id) if tool in WORK_TOOLS]
    return Carried(name, run, list(shaper.log[before:]), work, _next_agent_tokens(recorder, session_id))


def went_right(run: Carried, reference: Carried) -> list[str]:
    """How ``run`` went differently from ``reference`` (empty: it went right). Made-up products may differ."""
    problems = []
    if [t.handled_by for t in run.run.turns] != [t.handled_by for t in reference.run.turns]:
        problems.append(CARRYING["other_agents"])
    if run.tools_run != reference.tools_run:
        problems.append(CARRYING["other_tools"].format(tools=", ".join(run.tools_run)))
    if sum(o.confirmed for o in run.run.orders) != sum(o.confirmed for o in reference.run.orders):
        problems.append(CARRYING["other_orders"])
    if [r.reason for r in run.run.refunds] != [r.reason for r in reference.run.refunds]:
        problems.append(CARRYING["other_refunds"])
    steps = [t.number for t, r in zip(run.run.turns, reference.run.turns)
             if _routine_step(t.reason) != _routine_step(r.reason)]
    if steps:
        problems.append(CARRYING["other_replies"].format(turns=", ".join(map(str, steps))))
    return problems


def _step_patterns() -> str:
    """The model's "routine step N of M" in every language it gives reasons in (from its own reasons table)."""
    templates = REASONS["routine_step"].values()
    return "|".join(re.escape(t.split(" ({text})")[0]).replace(r"\{number\}", r"\d+").replace(r"\{total\}", r"\d+")
                    for t in templates)


_STEP = re.compile(rf"{_step_patterns()}|[a-z_]+\(")  # the reasons follow the kit's language, English or Korean


def _routine_step(reason: str) -> str:
    """Which routine step (or which tool) the model's reason names; '' for a model that gives no reason."""
    found = _STEP.search(reason or "")
    return found.group(0) if found else ""


def carrying_rows(runs: Sequence[Carried]) -> list[tuple[str, str, str, str]]:
    """``(filter, next agent's first call per handoff, tokens in of the whole conversation, went right?)``."""
    reference = runs[0]
    rows = []
    for carried in runs:
        per_handoff = " · ".join(f"{tokens:,}" for _, tokens in carried.next_agent_tokens)
        problems = went_right(carried, reference) if carried is not reference else []
        verdict = CARRYING["right"] if not problems else CARRYING["joined"].join(problems)
        rows.append((carried.name, per_handoff, f"{carried.run.tokens_in:,}", verdict))
    return rows


def format_carrying(runs: Sequence[Carried]) -> str:
    """The filters side by side as a plain-text table (nbval compares it)."""
    lines = text_table([CARRYING["header"], *carrying_rows(runs)], caps=(24, 20, 12, 28),
                       right=(False, True, True, False))
    handoffs = " · ".join(h for h, _ in runs[0].next_agent_tokens)
    return "\n".join([*lines, *wrap_cell(CARRYING["handoffs"].format(handoffs=handoffs), MAX_COLUMNS)])
