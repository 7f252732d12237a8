"""One solution to notebook 04's exercise: an "escalate" page in the binder of scripts.

The solution notebook (``04_exercise_escalate_step_solution.ipynb``) shows these same cells; a test keeps
them identical to this module. Three pieces, as seed 000 says ("one config entry, one tool that sets
``current_step = "escalate"``"), plus the escalate step's own work tool:

* :func:`escalate_to_manager` — offered in triage; its description tells the model *when* to escalate
  (issues that fit none of billing, technical or other: a legal matter, a request for a manager). It returns a
  ``Command`` with its ``ToolMessage`` and ``current_step="escalate"``: that line is the handoff.
* :func:`open_manager_ticket` — the escalate step's work, offered only in that step.
* :func:`escalate_configs` — the seed's configs plus the new page (and triage offering the new tool).

What this module is not: the checker (see :mod:`handoffs.exercises.single_agent_escalate`).
"""

from __future__ import annotations

from langchain.messages import ToolMessage
from langchain.tools import ToolRuntime, tool
from langgraph.types import Command

from handoffs.single_agent.state import SupportState
from handoffs.single_agent.steps import STEP_CONFIGS, StepConfig
from handoffs.single_agent.tools import end_conversation, record_issue


@tool(parse_docstring=True)
def escalate_to_manager(reason: str, runtime: ToolRuntime[None, SupportState]) -> Command:
    """Escalate the case to a manager: for a legal matter, a formal complaint, or a user who asks to speak to a manager.

    Args:
        reason: Why this case needs a manager, in a few words.
    """
    return Command(update={
        "messages": [ToolMessage(f"Escalated to a manager: {reason}.", tool_call_id=runtime.tool_call_id)],
        "issue_type": "escalated",
        "current_step": "escalate",
    })


@tool
def open_manager_ticket(runtime: ToolRuntime[None, SupportState]) -> str:
    """Open a ticket so that a manager calls the user back about this escalated case."""
    return "Ticket opened: a manager will call you back within one business day."


TRIAGE_WITH_ESCALATION = """You are a friendly customer support agent. You are in the TRIAGE step.
Your only job in this step is to find out what kind of issue the user has: billing, technical, or other.
As soon as you know the category, call record_issue with it. If it is not clear yet, ask one short question.
If the issue fits none of these (a legal matter, or the user asks for a manager), call escalate_to_manager.
Do not try to solve the issue in this step. Never promise or give a refund here, whatever the user asks."""

ESCALATE_PROMPT = """You are a friendly customer support agent. You are in the ESCALATE step: this case needs a manager.
Open a ticket for a manager with open_manager_ticket, then tell the user a manager will call them back.
Call end_conversation once the ticket is open."""


def escalate_configs() -> dict[str, StepConfig]:
    """The seed's binder with an "escalate" page, and triage offering the tool that leads there."""
    return {
        **STEP_CONFIGS,
        "triage": {
            "prompt": TRIAGE_WITH_ESCALATION,
            "tools": [record_issue, escalate_to_manager],
            "handoffs": {"record_issue": "resolve", "escalate_to_manager": "escalate"},
        },
        "escalate": {
            "prompt": ESCALATE_PROMPT,
            "tools": [open_manager_ticket, end_conversation],
            "handoffs": {"end_conversation": "done"},
        },
    }
