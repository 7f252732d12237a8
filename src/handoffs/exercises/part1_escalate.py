"""The checker for notebook 04: "add an escalate step" (seed 000's closing exercise).

``check_escalate_step(my_step_table)`` takes the learner's step table — a dict of steps, or a function that builds one —
and judges it in four phases, stopping at the first finding (``report.stopped_by`` names the phase):

1. **step table** (by reading it): the seed's steps are still there and a new step exists; every tool is a tool
   (``@tool`` objects, ``BaseTool`` instances and plain functions all count), none twice, ``runtime`` hidden from
   the model; triage offers a new tool. A shallow copy that reached into the kit's read-only ``STEP_TABLE`` is
   named as such.
2. **prompts**: no TODO left; the triage prompt is no longer the seed's and says when to hand off (it names the new
   tool or step, or adds a sentence of its own in any language); the new step's prompt is its own (not another
   step's) and refers to at least one of its tools — by name, or by what the tool does in either language ("open a
   ticket", "티켓을 열고"). However long, a prompt that never tells the model what its tools are for is a finding.
3. **scripted** conversations (the offline model's script mode — no keyword luck): each new triage tool is called
   once and must answer its call with a ``ToolMessage`` and move ``current_step`` to an existing new step; that
   step's tools are called once each (a work tool stays, a transfer tool leaves); the step's own tools are not
   offered in triage; one whole conversation goes triage -> new step -> done.
4. **routing** (the default offline model, because routing is the point): the legal request reaches the
   escalate tool in either tool order — and its description says when to call it (a tool that got there by its
   name alone is named as such); the seed's billing, technical and other requests still reach ``record_issue``,
   and no item of a new tool's description claims one of them. A model that *asks* instead of choosing is a
   finding quoting its reason.

The escalate step may have any name, the tools any names, the escalate tool may also be offered in other steps,
and prompts and descriptions may be in Korean or English. Phases 1 and 2 only read (:mod:`.escalate_reading`);
phases 3 and 4, here, run the learner's code. The sentences live in :mod:`.escalate_text`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from langchain_core.tools import BaseTool
from langchain_core.utils.function_calling import convert_to_openai_tool
from langgraph.types import Command

from handoffs.i18n import pick
from handoffs.part1.steps import UnknownStepError, render_prompt, seed_step_table

from .escalate_reading import SEED_STEPS, SEED_TOOLS, EscalateStop, read_prompts, read_step_table
from .escalate_text import REQUESTS, VERIFIED
from .langchain_runs import Run, decide_with_default_model, run_script, tool_move
from .learner_code import (closest, error_text, has_korean, location, names_a_topic, raising_line, sample_arguments,
                           words_in_common)
from .report import CheckReport
from .routing import customer_languages, probe, taken_from_seed, tool_description, tool_text


@dataclass
class _Try:
    """One scripted call of one tool: what it did (moved to ``target``, stayed, or stopped the conversation)."""

    tool: BaseTool
    run: Run
    target: str | None = None  # the step it moved to, if it moved


def check_escalate_step(step_table: Any) -> CheckReport:
    """Judge the learner's step table (or step table-building function); see the module docstring for the phases."""
    report = CheckReport(VERIFIED["passed"])
    try:
        table = read_step_table(step_table, report)
        tools = read_prompts(table, report)
        handoff, step = _handoff(table, tools, report)
        _step(table, handoff, step, report)
        _routing(table, handoff, report)
    except EscalateStop as stop:
        report.fail(stop.finding, stop.phase)
    return report


# ---- 3. scripted conversations --------------------------------------------------------------------------------------
def _try(table: Mapping[str, Mapping], tool: BaseTool, step: str) -> _Try:
    """Call ``tool`` once, from ``step``, in a scripted conversation; stop the check if the call broke it."""
    arguments = sample_arguments(convert_to_openai_tool(tool)["function"].get("parameters", {}))
    start = None if step == "triage" else {"current_step": step, "issue_type": "other"}
    run = run_script(table, [tool_move(tool.name, arguments), "All right."], pick(REQUESTS["escalate"]), start=start)
    where = location(tool)
    called = run.watch.of(tool.name)
    error = called[0].error if called and called[0].error is not None else run.error
    if isinstance(error, ValueError) and "matching ToolMessage" in str(error):
        cause = "missing_tool_message" if "got: []" in str(error) else "wrong_tool_call_id"
        raise EscalateStop("scripted", cause, tool=tool.name, location=where)
    if isinstance(error, UnknownStepError):
        suggestion = closest(error.step, error.known) or [s for s in table if s not in SEED_STEPS][0]
        raise EscalateStop("scripted", "misspelt_step", tool=tool.name, target=error.step, location=where,
                           steps=", ".join(map(repr, table)), suggestion=suggestion)
    if error is not None:
        raise EscalateStop("scripted", "tool_crashed", tool=tool.name, error=error_text(error),
                           line=raising_line(error) or f"{tool.name} ({where})")
    result = called[0].result if called else None
    update = result.update if isinstance(result, Command) and isinstance(result.update, Mapping) else {}
    target = update.get("current_step")
    return _Try(tool, run, str(target) if target is not None and target != step else None)


def _handoff(table: Mapping[str, Mapping], new_tools: list[BaseTool], report: CheckReport) -> tuple[BaseTool, str]:
    new_steps = [s for s in table if s not in SEED_STEPS]
    tries = [_try(table, t, "triage") for t in new_tools]
    moving = [t for t in tries if t.target in new_steps]
    if not moving:
        first = tries[0]
        called = first.run.watch.of(first.tool.name)
        result = called[0].result if called else None
        cause = ("wrong_target" if first.target else
                 "command_without_step" if isinstance(result, Command) else "returns_plain")
        raise EscalateStop("scripted", cause, tool=first.tool.name, step="triage", target=new_steps[0],
                           moved_to=first.target, location=location(first.tool), steps=", ".join(map(repr, new_steps)),
                           suggestion=closest(first.target or "", new_steps) or new_steps[0])
    chosen = moving[0]
    report.ok(VERIFIED["handoff"].format(tool=chosen.tool.name, step=chosen.target))
    movers = {t.tool.name for t in tries if t.target}
    for step in new_steps:
        for t in table[step].get("tools", []):
            if t.name in {x.name for x in table["triage"]["tools"]} - SEED_TOOLS - movers:
                raise EscalateStop("scripted", "work_tool_in_triage", tool=t.name, step=step, handoff=chosen.tool.name)
    return chosen.tool, str(chosen.target)


def _step(table: Mapping[str, Mapping], handoff: BaseTool, step: str, report: CheckReport) -> None:
    tries = [_try(table, t, step) for t in table[step].get("tools", [])]
    own = [t.tool for t in tries if t.tool.name not in SEED_TOOLS]  # a tool of its own may also finish the step
    work = [t.tool for t in tries if t.target is None]
    finish = [t.tool for t in tries if t.target == "done"]
    if not own:
        raise EscalateStop("scripted", "no_work_tool", step=step)
    if not finish:
        raise EscalateStop("scripted", "cannot_finish", step=step, work=own[0].name)
    report.ok(VERIFIED["step"].format(step=step, work=", ".join(t.name for t in own), finish=finish[0].name))
    moves = [handoff, *work, finish[0]]
    script = [tool_move(t.name, sample_arguments(convert_to_openai_tool(t)["function"].get("parameters", {})))
              for t in moves] + ["Goodbye!"]
    run = run_script(table, script, pick(REQUESTS["escalate"]))
    path = " -> ".join(run.steps)
    if run.error is not None or run.steps != ["triage", step, "done"] or any(t.name not in run.ran for t in work):
        raise EscalateStop("scripted", "path_broken", moves=", ".join(t.name for t in moves), path=path, step=step,
                           describe=run.recorder.describe("check", width=100))
    report.ok(VERIFIED["path"].format(path=path))


# ---- 4. routing, with the default offline model ------------------------------------------------------------------
def _routing(table: Mapping[str, Mapping], handoff: BaseTool, report: CheckReport) -> None:
    triage = table["triage"]
    tools = list(triage["tools"])
    decide = decide_with_default_model(render_prompt(triage["prompt"], {}))
    seed = seed_step_table()["triage"]
    baseline = decide_with_default_model(render_prompt(seed["prompt"], {}))
    languages = customer_languages(has_korean(triage["prompt"] + handoff.description))
    escalations = [probe(decide, REQUESTS["escalate"][lang], tools) for lang in languages]
    if not any(p.picked == handoff.name for p in escalations):
        first = escalations[0]
        rivals = [t for t in tools if t.name != handoff.name]
        cause = "escalate_too_close" if first.too_close(tool_description(handoff)) else "escalate_not_routed"
        shared = words_in_common(first.request, tool_text(handoff), *[tool_text(t) for t in rivals[:1]])
        raise EscalateStop("routing", cause, request=first.request, tool=handoff.name, describe=first.describe(),
                           other=", ".join(t.name for t in rivals), location=location(handoff), shared=shared)
    if not names_a_topic(handoff.description):  # the model got there by the tool's name alone
        raise EscalateStop("routing", "description_vague", tool=handoff.name, description=handoff.description,
                           location=location(handoff))
    report.ok(VERIFIED["routed"].format(request=escalations[0].request, tool=handoff.name))
    checked = []
    new_tools = [t for t in tools if t.name not in SEED_TOOLS]
    record = {t.name: t for t in seed["tools"]}
    for path in ("billing", "technical", "other"):
        for lang in languages:
            seen = probe(decide, REQUESTS[path][lang], tools, baseline, seed["tools"])
            if not seen.understood or seen.baseline is None:
                continue
            taken = taken_from_seed(seen, tools, new_tools, record, handoff)
            if taken:
                raise EscalateStop("routing", "claims_seed_territory", request=seen.request, describe=taken.describe,
                                   tool=taken.tool.name, location=location(taken.tool), shared=taken.shared)
            checked.append(repr(seen.request))
    report.ok(VERIFIED["seed_paths"].format(requests=", ".join(checked)))
