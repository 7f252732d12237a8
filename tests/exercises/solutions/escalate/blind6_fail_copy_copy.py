"""copy.copy(STEP_CONFIGS) is still a shallow copy: appending to triage's tools changes the kit's pages.
(Written as a builder function: at the top level of a cell the append itself raises the kit's
ReadOnlyBinderError, which already says what to do, and the checker is never reached.)

expect: shallow_copy
"""
import copy

from handoffs.single_agent import STEP_CONFIGS
from handoffs.single_agent.tools import end_conversation

from langchain.messages import ToolMessage
from langchain.tools import ToolRuntime, tool
from langgraph.types import Command


@tool
def escalate_to_manager(reason: str, runtime: ToolRuntime) -> Command:
    """Escalate to a manager: a legal matter, a formal complaint, or a user who asks for a manager."""
    return Command(update={"messages": [ToolMessage(f"Escalated: {reason}", tool_call_id=runtime.tool_call_id)],
                           "current_step": "escalate"})


@tool
def open_manager_ticket() -> str:
    """Open a ticket so that a manager calls the user back."""
    return "Ticket opened: a manager will call you back."



def build_configs():
    configs = copy.copy(STEP_CONFIGS)
    configs["triage"]["tools"].append(escalate_to_manager)
    configs["triage"]["prompt"] += "\nLegal matter or a request for a manager: call escalate_to_manager."
    configs["escalate"] = {"prompt": "ESCALATE step: call open_manager_ticket, then end_conversation.",
                           "tools": [open_manager_ticket, end_conversation]}
    return configs
