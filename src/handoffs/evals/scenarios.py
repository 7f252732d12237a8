"""The situations the routing eval puts a model in: a system prompt and the tools it is offered, from the kit itself.

A :class:`Scenario` is one routing decision the kit really asks a model to make — the first model call of a
conversation — built from the kit's own objects so the eval can never drift from the notebooks:

* ``support_triage`` — Part 1's triage step (seed 000): ``TRIAGE_PROMPT`` and ``record_issue(issue=…)``;
* ``support_triage_escalate`` — the same after notebook 04's exercise: the solution's prompt and
  ``escalate_to_manager``; ``support_triage_escalate_ko`` — a learner who wrote that tool's description in Korean;
* ``team_triage`` — Part 2's triage agent (seed 003) and its three delegate tools;
* ``team_triage_billing`` — the same after notebook 07's exercise (a billing specialist);
  ``team_triage_shipping`` — a learner's shipping specialist described in Korean.

Part 1 scenarios are asked through LangChain (``bind_tools``), Part 2 through AutoGen (``ChatCompletionClient``):
the eval exercises both adapters, and a real model chosen by ``HANDOFFS_MODEL`` goes through the same calls.
:func:`route_of` reads the answer back as a route label ("billing", "sales", "ask" …).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Mapping

from autogen_core import FunctionCall
from autogen_core.tools import FunctionTool
from langchain.tools import tool

from handoffs.exercises.part2_specialist_solution import transfer_to_billing_tool
from handoffs.exercises.part1_escalate_solution import TRIAGE_WITH_ESCALATION, escalate_to_manager
from handoffs.lessons.part2 import TRIAGE_TRANSFER_TOOLS
from handoffs.lessons.part2 import TRIAGE_PROMPT as TEAM_TRIAGE_PROMPT
from handoffs.part1.steps import TRIAGE_PROMPT as SUPPORT_TRIAGE_PROMPT
from handoffs.part1.tools import record_issue

ASK = "ask"
"""The label of an answer that calls no tool: a clarifying question, a greeting, or a declined request."""

KOREAN_ESCALATE_DESCRIPTION = "법적 문제, 정식 항의, 또는 고객이 관리자(매니저)와 통화를 원할 때 사건을 관리자에게 넘깁니다."
KOREAN_ESCALATE_PROMPT = SUPPORT_TRIAGE_PROMPT.replace(
    "Do not try to solve",
    "청구·기술·기타 어디에도 맞지 않으면(법적 문제, 관리자 요청) escalate_to_manager를 호출하세요.\nDo not try to solve")


@tool("escalate_to_manager", description=KOREAN_ESCALATE_DESCRIPTION)
def escalate_to_manager_ko(reason: str) -> str:
    """A learner's escalate tool with a Korean description (the eval only reads its schema)."""
    return f"관리자에게 넘김: {reason}"


def transfer_to_shipping() -> str:
    return "ShippingAgent"


transfer_to_shipping_tool = FunctionTool(
    transfer_to_shipping, description="배송 조회, 배송 지연, 주소 변경 등 배송 관련 문의를 담당합니다.")

_TEAM_ROUTES = {"transfer_to_issues_and_repairs": "repairs", "transfer_to_sales_agent": "sales",
                "escalate_to_human": "human"}


@dataclass(frozen=True)
class Scenario:
    name: str
    framework: str  # "langchain" (Part 1) or "autogen" (Part 2)
    prompt: str
    tools: tuple[Any, ...]
    routes: Mapping[str, str]  # tool name -> route label; record_issue's route is its issue argument
    summary: str

    @property
    def labels(self) -> list[str]:
        """Every route label this scenario can give, ``ask`` last."""
        own = ["billing", "technical", "other"] if any(n == "record_issue" for n in self.routes) else []
        return list(dict.fromkeys([*own, *(v for v in self.routes.values() if v), ASK]))


SCENARIOS: dict[str, Scenario] = {s.name: s for s in (
    Scenario("support_triage", "langchain", SUPPORT_TRIAGE_PROMPT, (record_issue,), {"record_issue": ""},
             "Part 1 triage (seed 000): record_issue(billing | technical | other)"),
    Scenario("support_triage_escalate", "langchain", TRIAGE_WITH_ESCALATION, (record_issue, escalate_to_manager),
             {"record_issue": "", "escalate_to_manager": "escalate"},
             "Part 1 triage + notebook 04's escalate_to_manager"),
    Scenario("support_triage_escalate_ko", "langchain", KOREAN_ESCALATE_PROMPT, (record_issue, escalate_to_manager_ko),
             {"record_issue": "", "escalate_to_manager": "escalate"},
             "Part 1 triage + an escalate tool described in Korean"),
    Scenario("team_triage", "autogen", TEAM_TRIAGE_PROMPT, tuple(TRIAGE_TRANSFER_TOOLS), _TEAM_ROUTES,
             "Part 2 triage agent (seed 003): sales, issues and repairs, human"),
    Scenario("team_triage_billing", "autogen", TEAM_TRIAGE_PROMPT, (*TRIAGE_TRANSFER_TOOLS, transfer_to_billing_tool),
             {**_TEAM_ROUTES, "transfer_to_billing": "billing"}, "Part 2 triage + notebook 07's billing specialist"),
    Scenario("team_triage_shipping", "autogen", TEAM_TRIAGE_PROMPT, (*TRIAGE_TRANSFER_TOOLS, transfer_to_shipping_tool),
             {**_TEAM_ROUTES, "transfer_to_shipping": "shipping"}, "Part 2 triage + a shipping specialist described in Korean"),
)}


def route_of(scenario: Scenario, answer: Any) -> str:
    """The route label of a model's answer: an ``AIMessage`` (LangChain) or a ``CreateResult`` (AutoGen)."""
    calls: list[tuple[str, Mapping[str, Any]]] = []
    for call in getattr(answer, "tool_calls", None) or []:  # LangChain
        calls.append((call["name"], call.get("args") or {}))
    content = getattr(answer, "content", None)
    if isinstance(content, list) and content and all(isinstance(c, FunctionCall) for c in content):  # AutoGen
        for call in content:
            try:
                arguments = json.loads(call.arguments or "{}")
            except json.JSONDecodeError:
                arguments = {}
            calls.append((call.name, arguments if isinstance(arguments, dict) else {}))
    if not calls:
        return ASK
    name, arguments = calls[0]
    if name not in scenario.routes:
        return f"unoffered:{name}"
    if name == "record_issue":
        return str(arguments.get("issue", "")).strip().lower() or "record_issue()"
    return scenario.routes[name]
