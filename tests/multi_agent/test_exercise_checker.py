"""Notebook 07's checker both ways: the solution passes; each typical mistake fails with its own hint."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from autogen_core import TypeSubscription
from autogen_core.models import SystemMessage
from autogen_core.tools import FunctionTool

from handoffs.exercises import multi_agent_specialist_solution as solution
from handoffs.exercises.multi_agent_specialist import check_specialist
from handoffs.multi_agent import AIAgent, build_team
from handoffs.multi_agent.delegates import TRIAGE_DELEGATE_TOOLS, transfer_back_to_triage_tool, user_topic_type

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def variant(*, returns="BillingAgent", subscribe=True, give_to_triage=True, reply_topic="BillingAgent",
            description="Use for billing: charges, double charges, invoices and payments.", register=True,
            returns_team=True):
    """The solution with one thing changed: each keyword is a typical mistake."""

    def transfer_to_billing() -> str:
        return returns

    tool = FunctionTool(transfer_to_billing, description=description)

    async def build_extended_team(runtime, model_client):
        delegates = [*TRIAGE_DELEGATE_TOOLS, tool] if give_to_triage else list(TRIAGE_DELEGATE_TOOLS)
        team = await build_team(runtime, model_client, triage_delegate_tools=delegates)
        if register:
            billing = await AIAgent.register(runtime, type="BillingAgent", factory=lambda: AIAgent(
                description="A billing agent.", system_message=SystemMessage(content=solution.BILLING_PROMPT),
                model_client=model_client, tools=[], delegate_tools=[transfer_back_to_triage_tool],
                agent_topic_type=reply_topic, user_topic_type=user_topic_type))
            if subscribe:
                await runtime.add_subscription(TypeSubscription(topic_type="BillingAgent", agent_type=billing.type))
        return team if returns_team else None

    return build_extended_team


async def test_the_solution_passes():
    report = await check_specialist(solution.build_extended_team)
    assert report.passed, str(report)
    assert str(report).startswith("PASS: the new specialist is reachable.")
    assert len(report.verified) == 6


async def test_the_variant_helper_with_no_mistake_passes_too():
    assert (await check_specialist(variant())).passed


@pytest.mark.parametrize("mistake, problem, hint", [
    (dict(subscribe=False), "no agent subscribes to it", "add_subscription(TypeSubscription(topic_type='BillingAgent'"),
    (dict(returns="Billing"), "returned 'Billing', which is no agent type", "return 'BillingAgent'"),
    (dict(give_to_triage=False), "not offered any new delegate tool", "triage_delegate_tools=[*TRIAGE_DELEGATE_TOOLS"),
    (dict(description="Not for billing questions: use for gift wrapping."), "not transfer_to_billing",
     "picks a delegate by its description"),
    (dict(register=False), "No new agent type was registered", "AIAgent.register(runtime, type='BillingAgent'"),
    (dict(reply_topic="TriageAgent"), "next message went to ['TriageAgent']", "agent_topic_type='BillingAgent'"),
    (dict(returns_team=False), "did not return the team", "return team"),
])
async def test_each_typical_mistake_fails_with_its_hint(mistake, problem, hint):
    report = await check_specialist(variant(**mistake), timeout=3)
    assert not report.passed
    [finding] = report.findings
    assert problem in finding.problem and hint in finding.hint, str(report)
    assert str(report).startswith("NOT YET: 1 to fix.")


async def test_a_synchronous_function_or_a_crash_is_a_finding_not_an_exception():
    def not_async(runtime, model_client):
        return None

    async def crashes(runtime, model_client):
        raise RuntimeError("typo")

    assert "not an async function" in (await check_specialist(not_async)).findings[0].problem
    assert "RuntimeError: typo" in (await check_specialist(crashes)).findings[0].problem


def test_the_solution_notebook_shows_the_solution_module_word_for_word():
    notebook = json.loads((NOTEBOOKS / "07_exercise_extend_the_team_solution.ipynb").read_text())
    cells = "\n".join("".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code")
    module = ast.parse(Path(solution.__file__).read_text())
    taught = [n for n in module.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Assign))]
    assert len(taught) == 5
    for node in taught:
        assert ast.get_source_segment(Path(solution.__file__).read_text(), node) in cells, node
