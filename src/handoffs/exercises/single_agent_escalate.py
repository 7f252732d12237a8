"""The checker for notebook 04: "add an escalate step" (seed 000's closing exercise).

The learner adds a page to the binder of scripts: a ``configs["escalate"]`` entry with its own prompt and
tools, and a tool that moves the conversation there (``current_step = "escalate"``). The checker looks at
the configs, then runs real conversations through ``build_support_agent(configs=...)`` on the offline
model (the same one as everywhere in the kit, unchanged) and says ``PASS`` — or exactly what is missing,
each with a hint. It never raises for a learner's mistake: a crash inside a conversation becomes a finding.

What counts as done:

1. ``configs["escalate"]`` exists with a non-empty ``"prompt"`` and a ``"tools"`` list;
2. none of the escalate step's tools is offered during triage (they would bypass the handoff);
3. "This is a legal matter, I want to speak to a manager" reaches the escalate step through a tool the model
   picked from its description; that tool answers its call with a ``ToolMessage`` and sets ``current_step``;
4. the escalate step does its work with its own tool and the conversation ends in ``done``;
5. "I was charged twice" still goes triage -> resolve -> done as billing, without escalating.

What this module is not: it is not a grader of style, and it does not change the learner's configs.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, Mapping

from langchain_core.tools import BaseTool
from langchain_core.utils.function_calling import convert_to_openai_tool
from langgraph.types import Command

from handoffs.recorder import RunRecorder
from handoffs.single_agent.agent import ask, build_support_agent
from handoffs.single_agent.steps import StepConfig, tool_names

ESCALATE_REQUEST = "This is a legal matter, I want to speak to a manager."
BILLING_REQUEST = "I was charged twice"
_SHARED_FINISHERS = {"end_conversation"}


@dataclass(frozen=True)
class Finding:
    """One thing that is missing or wrong, and a hint for fixing it."""

    problem: str
    hint: str


@dataclass
class CheckReport:
    """The checker's answer: ``passed``, what was verified, and what is missing (with hints)."""

    verified: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.findings

    @property
    def hints(self) -> list[str]:
        return [f.hint for f in self.findings]

    def __str__(self) -> str:
        lines = ["PASS: the escalate step works." if self.passed else
                 f"NOT YET: {len(self.findings)} thing(s) to fix."]
        lines += [f"  ok   {text}" for text in self.verified]
        for finding in self.findings:
            lines += [f"  MISSING  {finding.problem}", f"     hint: {finding.hint}"]
        return "\n".join(lines)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:  # how IPython shows it in a notebook
        printer.text(str(self))


def check_escalate_step(configs: Mapping[str, StepConfig] | None, *, model: Any = None) -> CheckReport:
    """Check the learner's binder of scripts; see the module docstring for what is checked.

    ``model`` defaults to the kit's offline model (a new one per conversation).
    """
    report = CheckReport()
    if not _page_is_there(configs, report):
        return report
    escalate_tools = set(tool_names(configs["escalate"])) - _SHARED_FINISHERS
    leaked = sorted(escalate_tools & set(tool_names(configs.get("triage", {}))))
    if leaked:
        report.findings.append(Finding(
            f"{', '.join(leaked)} is offered during triage, so the model could use it before anyone escalated.",
            "Offer the escalate step's own tools only in configs['escalate']['tools']; triage should offer "
            "record_issue and the tool that moves to 'escalate'.",
        ))
        return report
    report.verified.append("the escalate step's tools are not offered during triage")
    escalated = _run(configs, ESCALATE_REQUEST, model, report, "escalate")
    if escalated is not None and _escalation_worked(escalated, configs, report):
        billing = _run(configs, BILLING_REQUEST, model, report, "billing")
        if billing is not None:
            _billing_unchanged(billing.recorder, report)
    return report


def _page_is_there(configs: Any, report: CheckReport) -> bool:
    if not isinstance(configs, Mapping) or "escalate" not in configs:
        report.findings.append(Finding(
            "There is no 'escalate' entry in the step configs.",
            "Add a page to the binder: configs['escalate'] = {'prompt': ESCALATE_PROMPT, "
            "'tools': [your_ticket_tool, end_conversation]}.",
        ))
        return False
    for step, other in configs.items():
        tools = other.get("tools") if isinstance(other, Mapping) else None
        broken = [repr(t) for t in (tools if isinstance(tools, (list, tuple)) else []) if not isinstance(t, BaseTool)]
        if broken:
            report.findings.append(Finding(
                f"configs[{step!r}]['tools'] holds {', '.join(broken)}, which is not a tool.",
                "Decorate each tool function with @tool and run its cell before the configs cell "
                "(a tool still set to None means its cell was not filled in or not run).",
            ))
            return False
    exposed = sorted({t.name for other in configs.values() if isinstance(other, Mapping)
                      for t in other.get("tools") or [] if "runtime" in _model_visible_arguments(t)})
    if exposed:
        report.findings.append(Finding(
            f"{', '.join(exposed)} shows its 'runtime' parameter to the model as an argument to fill in.",
            "Annotate it: `runtime: ToolRuntime` (from langchain.tools). With the annotation LangChain injects "
            "the runtime itself and hides it from the model.",
        ))
        return False
    page = configs["escalate"]
    if not isinstance(page, Mapping) or not str(page.get("prompt") or "").strip():
        report.findings.append(Finding(
            "configs['escalate'] has no prompt.",
            "Give the page a 'prompt': the instructions the model follows in the escalate step "
            "(e.g. '1. Call open_manager_ticket. 2. Call end_conversation once the ticket is open.').",
        ))
        return False
    if not isinstance(page.get("tools"), (list, tuple)):
        report.findings.append(Finding(
            "configs['escalate'] has no 'tools' list.",
            "Give the page a 'tools' list: the tool that does the escalate step's work, and end_conversation.",
        ))
        return False
    report.verified.append("configs has an 'escalate' page with a prompt and tools")
    return True


def _watched(configs: Mapping[str, StepConfig], returned: dict[str, Any]) -> dict[str, StepConfig]:
    """A copy of the configs whose tools also note what they returned (to tell a str from a Command)."""
    copies: dict[str, Any] = {}

    def watch(t: Any) -> Any:
        if t.name not in copies:
            body = getattr(t, "func", None)
            if body is None:
                copies[t.name] = t
            else:
                @functools.wraps(body)
                def noting(*args: Any, **kwargs: Any) -> Any:
                    returned[t.name] = result = body(*args, **kwargs)
                    return result

                copies[t.name] = t.model_copy(update={"func": noting})
        return copies[t.name]

    return {step: {**page, "tools": [watch(t) for t in page.get("tools", [])]} for step, page in configs.items()}


@dataclass
class _Run:
    recorder: RunRecorder
    returned: dict[str, Any]  # tool name -> what the tool's function returned last


def _run(configs: Mapping[str, StepConfig], text: str, model: Any, report: CheckReport, label: str) -> _Run | None:
    run = _Run(RunRecorder(), {})
    try:
        agent = build_support_agent(model, recorder=run.recorder, configs=_watched(configs, run.returned))
        ask(agent, text, {"configurable": {"thread_id": f"check-{label}"}})
    except Exception as exc:  # the learner's tool or page broke the conversation: explain, don't crash
        report.findings.append(_finding_for_crash(exc))
        return None
    return run


def _finding_for_crash(exc: Exception) -> Finding:
    message = str(exc)
    if "matching ToolMessage" in message:
        return Finding(
            "Your escalate tool returns a Command without a ToolMessage, so the conversation stopped with "
            "'Expected to have a matching ToolMessage'.",
            "Put the answer to the tool call in the update: Command(update={'messages': [ToolMessage("
            "'Escalated ...', tool_call_id=runtime.tool_call_id)], 'current_step': 'escalate'}).",
        )
    if "no such entry" in message:
        return Finding(
            f"A tool moved the conversation to a step with no page: {message}",
            "The step name your tool sets must be exactly a key of the configs: current_step='escalate'.",
        )
    return Finding(f"The conversation crashed: {type(exc).__name__}: {message}",
                   "Run the conversation yourself (build_support_agent(configs=...)) and read the traceback.")


def _escalation_worked(run: _Run, configs: Mapping[str, StepConfig], report: CheckReport) -> bool:
    rec = run.recorder
    triage_calls = [c.name for call in rec.model_calls() if call.step == "triage" for c in call.tool_calls]
    escalate_tools = set(tool_names(configs["escalate"])) - _SHARED_FINISHERS
    steps = rec.steps_visited()
    if "escalate" not in steps:
        moved = [t for t in triage_calls if t != "record_issue"]
        if moved:
            returned = run.returned.get(moved[0])
            how = ("returns a plain value, not a Command" if not isinstance(returned, Command)
                   else "returns a Command whose update has no 'current_step'")
            hint = ("A tool that moves the conversation returns Command(update={'current_step': 'escalate', "
                    "'messages': [ToolMessage(..., tool_call_id=runtime.tool_call_id)]}), not a plain string."
                    if not isinstance(returned, Command) else
                    "Add 'current_step': 'escalate' to your Command's update: that line is the handoff.")
            report.findings.append(Finding(
                f"The model called {moved[0]} but the conversation never entered 'escalate' "
                f"(steps: {' -> '.join(steps) or 'triage'}): the tool does not set current_step (it {how}).",
                hint,
            ))
        else:
            report.findings.append(Finding(
                f"For {ESCALATE_REQUEST!r} the model never called an escalate tool during triage "
                f"(it called: {', '.join(triage_calls) or 'nothing'}).",
                "Offer your escalate tool in configs['triage']['tools'] and say in its docstring when to use it: "
                "issues that are not billing, technical or other, such as a legal matter or a request for a manager.",
            ))
        return False
    report.verified.append(f"{ESCALATE_REQUEST!r} reached the escalate step ({' -> '.join(steps)})")
    ran_there = [e for e in rec.tools_run() if e in escalate_tools]
    if not ran_there:
        report.findings.append(Finding(
            "In the escalate step no escalate tool did any work.",
            "Give configs['escalate'] a work tool (e.g. open_manager_ticket) and a numbered prompt that says to call it.",
        ))
        return False
    if steps[-1] != "done":
        report.findings.append(Finding(
            f"The escalated conversation ended in step {steps[-1]!r}, not 'done'.",
            "Offer end_conversation in configs['escalate']['tools'] and tell the prompt to call it once the work is done.",
        ))
        return False
    report.verified.append(f"the escalate step ran {', '.join(ran_there)} and the conversation ended in 'done'")
    return True


def _billing_unchanged(rec: RunRecorder, report: CheckReport) -> None:
    steps = rec.steps_visited()
    if steps != ["triage", "resolve", "done"] or "resolve_billing" not in rec.tools_run():
        report.findings.append(Finding(
            f"{BILLING_REQUEST!r} no longer goes triage -> resolve -> done with resolve_billing "
            f"(steps: {' -> '.join(steps)}; tools: {', '.join(rec.tools_run())}).",
            "Keep record_issue in triage, and make the escalate tool's description specific (legal matters, "
            "asking for a manager) so billing, technical and other issues are not escalated.",
        ))
        return
    report.verified.append(f"{BILLING_REQUEST!r} still goes triage -> resolve -> done with resolve_billing")


def _model_visible_arguments(t: BaseTool) -> set[str]:
    """The argument names a model is asked to fill in for this tool (what a hosted model would receive)."""
    return set(convert_to_openai_tool(t)["function"].get("parameters", {}).get("properties", {}))
