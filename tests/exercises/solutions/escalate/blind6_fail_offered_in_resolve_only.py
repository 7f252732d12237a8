"""The escalate tool is offered in the resolve step (where the learner thought escalations happen), not in triage.

expect: not_offered_in_triage
"""
from handoffs.single_agent import seed_configs
from handoffs.single_agent.steps import RESOLVE_PROMPT
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



my_configs = seed_configs()
my_configs["resolve"]["prompt"] = RESOLVE_PROMPT + "\nFor a legal matter or a manager request, call escalate_to_manager."
my_configs["resolve"]["tools"].append(escalate_to_manager)
my_configs["escalate"] = {"prompt": "ESCALATE step: call open_manager_ticket, then end_conversation.",
                          "tools": [open_manager_ticket, end_conversation]}
