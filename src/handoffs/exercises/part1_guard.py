"""The checker for notebook 03b: write the step guard that closes seed 000's boundary gap.

``check_step_guard(my_step_guard)`` takes the learner's guard — a ``@wrap_tool_call`` middleware, an
``AgentMiddleware`` instance with a ``wrap_tool_call`` method, or a function that builds one (from no arguments,
or from the step table) — puts it into the seed's bot in place of the kit's guard, and runs three kinds of
conversation, stopping at the first finding (``report.stopped_by`` names the phase):

1. **shape**: it is a middleware that wraps tool calls;
2. **rogue**: the rogue model (``OfflineChatModel(rogue="resolve_billing")``) calls ``resolve_billing`` in
   triage after "Hello!". It must not run, and the model must get a readable ``ToolMessage`` answering that very
   call. A guard that raises, only prints, returns a string or answers another call id is named as such;
3. **scripted** (script mode): a whole billing conversation runs record_issue, resolve_billing and
   end_conversation in their own steps (a guard that blocks offered tools fails here), and every other
   out-of-step call — each tool in each step that does not offer it — is refused too (a guard that only watches
   triage, or always lets one tool through, fails here).

A refusal answers the call and changes nothing else: a guard that refuses with a ``Command`` that also moves
``current_step`` (e.g. back to triage) or writes another state field is named as such in either phase.

Around the guard sit two :class:`~handoffs.exercises.langchain_runs.ToolWatch` es: the outer one sees what the
guard returned or raised, the inner one which calls got past it (and so ran). The sentences live in
:mod:`.guard_text`.
"""

from __future__ import annotations

import contextlib
import inspect
import io
import logging
import re
from typing import Any

from langchain.agents.middleware import AgentMiddleware
from langchain.messages import ToolMessage
from langgraph.types import Command

from handoffs.i18n import pick
from handoffs.models import OfflineChatModel
from handoffs.part1.steps import all_tools, seed_step_table, tool_names

from .guard_text import HINTS, PIECES, REQUESTS, VERIFIED
from .langchain_runs import Run, ToolWatch, run_script, tool_move
from .learner_code import error_text, location, raising_line
from .report import CheckReport, Stop

ROGUE_TOOL = "resolve_billing"
BILLING_PATH = [tool_move("record_issue", {"issue": "billing"}), tool_move("resolve_billing"),
                tool_move("end_conversation"), "Goodbye!"]
LATER = [("resolve", "record_issue", {"issue": "other"}), ("done", "resolve_billing", {})]  # named in the report
ARGUMENTS = {"record_issue": {"issue": "other"}}


def out_of_step_calls() -> list[tuple[str, str, dict]]:
    """Every (step, tool, arguments) of the seed's bot where the step does not offer the tool, LATER's first.

    The rogue's resolve_billing in triage is phase 2's; the rest are all checked, so a guard that lets one tool
    through everywhere ("end_conversation is always fine") is caught like one that only watches triage."""
    table = seed_step_table()
    pairs = [(step, tool.name) for step in table for tool in all_tools(table) if tool.name not in tool_names(table[step])]
    rest = [p for p in pairs if p not in {(s, t) for s, t, _ in LATER} and p != ("triage", ROGUE_TOOL)]
    return LATER + [(step, tool, ARGUMENTS.get(tool, {})) for step, tool in rest]


class _Stop(Stop):
    hints = HINTS


def check_step_guard(guard: Any) -> CheckReport:
    """Judge the learner's step guard; see the module docstring for the phases."""
    report = CheckReport(VERIFIED["passed"])
    try:
        middleware, name = _middleware(guard)
        report.ok(VERIFIED["hook"].format(name=name))
        _rogue(middleware, name, report)
        _allowed(middleware, name, report)
        _later(middleware, name, report)
    except _Stop as stop:
        report.fail(stop.finding, stop.phase)
    return report


# ---- 1. shape -------------------------------------------------------------------------------------------------------
def _middleware(guard: Any) -> tuple[AgentMiddleware, str]:
    name = getattr(guard, "name", None) or getattr(guard, "__name__", None) or type(guard).__name__
    if guard is None:
        raise _Stop("shape", "no_guard", got=guard)
    if isinstance(guard, type):
        if issubclass(guard, AgentMiddleware):
            raise _Stop("shape", "guard_class", name=guard.__name__)
        raise _Stop("shape", "no_guard", got=guard)
    if not isinstance(guard, AgentMiddleware) and callable(guard):
        parameters = list(inspect.signature(guard).parameters)
        if len(parameters) >= 2:
            raise _Stop("shape", "not_decorated", name=name, location=location(guard))
        try:
            guard = guard(seed_step_table()) if parameters else guard()
        except Exception as error:
            raise _Stop("shape", "factory_failed", error=error_text(error), line=raising_line(error) or name)
        name = getattr(guard, "name", None) or type(guard).__name__
    if not isinstance(guard, AgentMiddleware):
        raise _Stop("shape", "no_guard", got=guard)
    if type(guard).wrap_tool_call is AgentMiddleware.wrap_tool_call:
        only_async = type(guard).awrap_tool_call is not AgentMiddleware.awrap_tool_call
        raise _Stop("shape", "async_only" if only_async else "wrong_hook", name=name, location=location(type(guard)))
    return guard, name


def _run(guard: AgentMiddleware, text: str, *, script: list | None = None, start: dict | None = None,
         model: Any = None) -> tuple[Run, str]:
    """One conversation with the guard between two watches; also what it printed or logged meanwhile."""
    outer = ToolWatch("outer")
    said = io.StringIO()
    handler = logging.StreamHandler(said)
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        with contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
            run = run_script(seed_step_table(), script or [], text, guard=False, middleware=[outer, guard],
                             start=start, model=model)
    finally:
        root.removeHandler(handler)
    run.outer = outer
    return run, said.getvalue().strip()


def _judge_refusal(run: Run, said: str, tool: str, step: str, name: str, phase: str) -> str:
    """The refusal's text if the guard refused ``tool`` properly; else stop the check with the reason."""
    assert run.outer is not None
    seen = run.outer.of(tool)
    reached = run.watch.of(tool)
    if seen and seen[0].error is not None and not reached:
        error = seen[0].error
        line = raising_line(error) or name
        if isinstance(error, KeyError) and "current_step" in str(error):
            raise _Stop(phase, "state_default", error=error_text(error), line=line)
        if re.search(r"(?:^|[:;]\s*)(?:raise|assert)\b", line.split(": ", 1)[-1]):  # its own raise (or assert)
            raise _Stop(phase, "guard_raises", error=error_text(error), line=line)
        raise _Stop(phase, "guard_crashed", error=error_text(error), line=line, tool=tool, step=step, name=name)
    if reached:
        cause = "only_logs" if said and phase == "rogue" else "lets_through" if phase == "rogue" else "lets_through_later"
        raise _Stop(phase, cause, said=said[:80], name=name, tool=tool, step=step)
    if not seen:
        raise _Stop(phase, "guard_crashed", error=error_text(run.error) if run.error else PIECES["nothing"], tool=tool,
                    step=step, name=name, line=raising_line(run.error) if run.error else name)
    result = seen[0].result
    if not isinstance(result, (ToolMessage, Command)):
        effect = error_text(run.error) if run.error else PIECES["as_if_customer"]
        got = "None" if result is None else PIECES["returned"].format(kind=type(result).__name__, text=str(result)[:40])
        raise _Stop(phase, "not_a_tool_message", got=got, effect=effect, name=name)
    if isinstance(result, Command):
        _judge_command(result, seen[0].step, tool, name, phase)
    if isinstance(result, ToolMessage):
        if result.tool_call_id != seen[0].call_id:
            raise _Stop(phase, "wrong_tool_call_id", got=result.tool_call_id, wanted=seen[0].call_id, name=name)
        if not str(result.content).strip():
            raise _Stop(phase, "empty_refusal", name=name)
        return str(result.content)
    return str(result.update)


def _judge_command(result: Command, step: str, tool: str, name: str, phase: str) -> None:
    """A refusal wrapped in a Command may answer the call, and nothing else: it must not move the conversation.

    A refused call did not happen, so the state stays as it was: a Command that also sets ``current_step`` (back to
    triage, on to done) or any other field, or jumps with ``goto``, turns a refusal into a transfer of its own."""
    update = result.update if isinstance(result.update, dict) else {}
    moved = update.get("current_step")
    if moved is not None and moved != step:
        raise _Stop(phase, "refusal_moves_step", tool=tool, step=step, moved_to=moved, name=name)
    changed = [key for key in update if key not in ("messages", "current_step")]
    if changed or result.goto:
        fields = ", ".join(changed) if changed else f"goto={result.goto!r}"
        raise _Stop(phase, "refusal_changes_state", tool=tool, step=step, fields=fields, name=name)


# ---- 2. the rogue model -----------------------------------------------------------------------------------------------
def _rogue(guard: AgentMiddleware, name: str, report: CheckReport) -> None:
    run, said = _run(guard, pick(REQUESTS["hello"]), model=OfflineChatModel(rogue=ROGUE_TOOL))
    text = _judge_refusal(run, said, ROGUE_TOOL, "triage", name, "rogue")
    report.ok(VERIFIED["rogue"].format(text=text[:90]))


# ---- 3. scripted conversations ------------------------------------------------------------------------------------
def _allowed(guard: AgentMiddleware, name: str, report: CheckReport) -> None:
    run, _said = _run(guard, pick(REQUESTS["billing"]), script=BILLING_PATH)
    for call in run.outer.calls if run.outer else []:
        if call.error is not None:
            _judge_refusal(run, "", call.name, call.step, name, "scripted")
        if not run.watch.of(call.name):
            effect = PIECES["never_reaches"].format(step="resolve" if call.step == "triage" else "done")
            raise _Stop("scripted", "blocks_offered", tool=call.name, step=call.step, effect=effect, name=name)
    if run.error is not None:
        raise _Stop("scripted", "guard_crashed", error=error_text(run.error), tool=PIECES["a_tool"], step=run.steps[-1],
                    name=name, line=raising_line(run.error) or name)
    report.ok(VERIFIED["allowed"].format(tools=", ".join(run.ran), path=" -> ".join(run.steps)))


def _later(guard: AgentMiddleware, name: str, report: CheckReport) -> None:
    calls = out_of_step_calls()
    for step, tool, args in calls:
        run, said = _run(guard, "Please just do it.", script=[tool_move(tool, args), "All right."],
                         start={"current_step": step, "issue_type": "billing"})
        _judge_refusal(run, said, tool, step, name, "scripted")
    named = [PIECES["call_in_step"].format(tool=tool, step=step) for step, tool, _ in calls[:len(LATER)]]
    report.ok(VERIFIED["later"].format(calls=", ".join(named), more=len(calls) - len(named)))
