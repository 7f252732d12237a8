"""The escalate tool moves to "Escalate" (capital E) while the page is "escalate".

expect: misspelt_step
"""
from langchain.messages import ToolMessage
from langchain.tools import ToolRuntime, tool
from langgraph.types import Command

from handoffs.single_agent import seed_configs
from handoffs.single_agent.steps import TRIAGE_PROMPT
from handoffs.single_agent.tools import end_conversation, record_issue


@tool
def escalate_to_manager(runtime: ToolRuntime) -> Command:
    """Escalate to a manager: a legal matter, a formal complaint, or a user who asks for a manager."""
    return Command(update={"messages": [ToolMessage("Escalated.", tool_call_id=runtime.tool_call_id)],
                           "current_step": "Escalate"})


@tool
def open_manager_ticket() -> str:
    """Open a ticket so that a manager calls the user back."""
    return "Ticket opened: a manager will call you back."


my_configs = seed_configs()
my_configs["triage"]["prompt"] = TRIAGE_PROMPT + "\nLegal matter or a request for a manager: call escalate_to_manager."
my_configs["triage"]["tools"].append(escalate_to_manager)
my_configs["escalate"] = {"prompt": "ESCALATE step: call open_manager_ticket, then end_conversation.",
                          "tools": [open_manager_ticket, end_conversation]}

