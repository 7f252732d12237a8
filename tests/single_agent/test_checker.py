"""Notebook 04's checker, both ways: the solution passes; each typical mistake fails with its own hint.

Every mistake below is a small variation of the solution, the kind a learner really writes. The checker runs
real conversations for each one (offline model, real create_agent), so these tests also show the mistakes'
real effect.
"""

from __future__ import annotations

import pytest
from langchain.messages import ToolMessage
from langchain.tools import ToolRuntime, tool
from langgraph.types import Command

from handoffs.exercises.single_agent_escalate import check_escalate_step
from handoffs.exercises.single_agent_escalate_solution import (
    ESCALATE_PROMPT,
    escalate_configs,
    escalate_to_manager,
    open_manager_ticket,
)
from handoffs.single_agent import STEP_CONFIGS
from handoffs.single_agent.tools import end_conversation, record_issue

DESCRIPTION = "Escalate the case to a manager: for a legal matter, a formal complaint, or a user who asks to speak to a manager."


def with_escalation(escalate_tool, *, escalate_tools=None, triage_extra=(), prompt=ESCALATE_PROMPT):
    """The solution's binder, with the learner's escalate tool and escalate page swapped in."""
    configs = escalate_configs()
    configs["triage"] = {**configs["triage"], "tools": [record_issue, escalate_tool, *triage_extra]}
    configs["escalate"] = {"prompt": prompt,
                           "tools": escalate_tools if escalate_tools is not None else [open_manager_ticket, end_conversation]}
    return configs


@tool(description=DESCRIPTION)
def escalate_without_step(reason: str, runtime: ToolRuntime) -> Command:
    return Command(update={"messages": [ToolMessage("Escalated.", tool_call_id=runtime.tool_call_id)]})


@tool(description=DESCRIPTION)
def escalate_returning_text(reason: str) -> str:
    return "Escalated to a manager."


@tool(description=DESCRIPTION)
def escalate_without_tool_message(reason: str, runtime: ToolRuntime) -> Command:
    return Command(update={"current_step": "escalate"})


@tool(description=DESCRIPTION)
def escalate_to_misspelled_step(reason: str, runtime: ToolRuntime) -> Command:
    return Command(update={"messages": [ToolMessage("Escalated.", tool_call_id=runtime.tool_call_id)],
                           "current_step": "escalation"})


@tool(description=DESCRIPTION)
def escalate_with_bare_runtime(reason: str, runtime) -> Command:
    return Command(update={"messages": [ToolMessage("Escalated.", tool_call_id=runtime.tool_call_id)],
                           "current_step": "escalate"})


@tool(description="Escalate to a manager when the user was charged twice or has any billing or payment problem.")
def escalate_everything_billing(reason: str, runtime: ToolRuntime) -> Command:
    return Command(update={"messages": [ToolMessage("Escalated.", tool_call_id=runtime.tool_call_id)],
                           "current_step": "escalate"})


def test_the_solution_passes():
    report = check_escalate_step(escalate_configs())
    assert report.passed, str(report)
    assert str(report).startswith("PASS")
    assert len(report.verified) == 5


MISTAKES = {
    "no escalate entry": (lambda: dict(STEP_CONFIGS), "configs['escalate'] = {'prompt'"),
    "starter left None": (lambda: None, "configs['escalate'] = {'prompt'"),
    "tool cell not filled in": (lambda: with_escalation(None), "Decorate each tool function with @tool"),
    "triage page removed": (lambda: {k: v for k, v in with_escalation(escalate_to_manager).items() if k != "triage"},
                            "Run the conversation yourself"),
    "page without a prompt": (lambda: with_escalation(escalate_to_manager, prompt=""), "Give the page a 'prompt'"),
    "page without a tools list": (
        lambda: {**with_escalation(escalate_to_manager), "escalate": {"prompt": ESCALATE_PROMPT}},
        "Give the page a 'tools' list"),
    "escalate tools offered during triage": (
        lambda: with_escalation(escalate_to_manager, triage_extra=[open_manager_ticket]), "only in configs['escalate']"),
    "Command without current_step": (lambda: with_escalation(escalate_without_step), "that line is the handoff"),
    "plain string instead of Command": (lambda: with_escalation(escalate_returning_text), "not a plain string"),
    "Command without its ToolMessage": (
        lambda: with_escalation(escalate_without_tool_message), "tool_call_id=runtime.tool_call_id"),
    "runtime without its annotation": (lambda: with_escalation(escalate_with_bare_runtime), "runtime: ToolRuntime"),
    "step name with a typo": (lambda: with_escalation(escalate_to_misspelled_step), "exactly a key of the configs"),
    "escalate tool not offered in triage": (
        lambda: {**with_escalation(escalate_to_manager), "triage": STEP_CONFIGS["triage"]},
        "Offer your escalate tool in configs['triage']['tools']"),
    "escalate page cannot finish": (
        lambda: with_escalation(escalate_to_manager, escalate_tools=[open_manager_ticket]), "Offer end_conversation"),
    "escalate page has no work tool": (
        lambda: with_escalation(escalate_to_manager, escalate_tools=[end_conversation]), "a work tool"),
    "description swallows billing": (
        lambda: with_escalation(escalate_everything_billing), "make the escalate tool's description specific"),
}


@pytest.mark.parametrize("mistake", list(MISTAKES))
def test_each_typical_mistake_fails_with_its_hint(mistake):
    make_configs, hint = MISTAKES[mistake]
    report = check_escalate_step(make_configs())
    assert not report.passed
    assert len(report.findings) == 1, str(report)
    assert hint in report.findings[0].hint, str(report)
    assert str(report).startswith("NOT YET") and "hint:" in str(report)


def test_the_hints_are_all_different():
    hints = {check_escalate_step(make()).findings[0].hint for make, _ in MISTAKES.values()}
    assert len(hints) == len(MISTAKES) - 1  # "no entry" and "left None" share theirs
