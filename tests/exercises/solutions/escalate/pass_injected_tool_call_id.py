"""LangChain's other way to the call's id: an InjectedToolCallId argument instead of ToolRuntime.

expect: pass
"""
from typing import Annotated

from langchain.messages import ToolMessage
from langchain.tools import InjectedToolCallId, tool
from langgraph.types import Command

from handoffs.part1 import seed_step_table

from ._parts import ESCALATE_PROMPT, TRIAGE_WITH_ESCALATION, end_conversation, open_manager_ticket


@tool
def escalate_to_manager(reason: str, tool_call_id: Annotated[str, InjectedToolCallId]) -> Command:
    """Escalate to a manager: a legal matter, a formal complaint, or a user who asks for a manager."""
    return Command(update={"messages": [ToolMessage(f"Escalated: {reason}", tool_call_id=tool_call_id)],
                           "current_step": "escalate"})


my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_step_table["triage"]["tools"].append(escalate_to_manager)
my_step_table["escalate"] = {"prompt": ESCALATE_PROMPT, "tools": [open_manager_ticket, end_conversation]}
