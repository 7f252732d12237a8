"""The escalate tool is offered in triage and in resolve (a customer may ask for a manager later too).

expect: pass
"""
from langchain.messages import ToolMessage
from langchain.tools import ToolRuntime, tool
from langgraph.types import Command

from handoffs.part1 import seed_step_table
from handoffs.part1.steps import RESOLVE_PROMPT, TRIAGE_PROMPT
from handoffs.part1.tools import end_conversation


@tool
def escalate_to_manager(runtime: ToolRuntime) -> Command:
    """Escalate to a manager: a legal matter, a formal complaint, or a user who asks for a manager."""
    return Command(update={"messages": [ToolMessage("Escalating.", tool_call_id=runtime.tool_call_id)],
                           "current_step": "escalate"})


@tool
def open_manager_ticket() -> str:
    """Open a manager ticket: a manager will call the user back."""
    return "Ticket opened."


def build_step_table():
    step_table = seed_step_table()
    step_table["triage"]["prompt"] = TRIAGE_PROMPT + "\nLegal matters and manager requests: call escalate_to_manager."
    step_table["triage"]["tools"].append(escalate_to_manager)
    step_table["resolve"]["prompt"] = RESOLVE_PROMPT + "\nIf the user asks for a manager, call escalate_to_manager."
    step_table["resolve"]["tools"].append(escalate_to_manager)
    step_table["escalate"] = {"prompt": "ESCALATE step: call open_manager_ticket, then end_conversation.",
                           "tools": [open_manager_ticket, end_conversation]}
    return step_table
