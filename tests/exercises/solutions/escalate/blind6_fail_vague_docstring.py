"""A docstring so vague that nothing in it matches a legal request.

(Labelled escalate_not_routed before the checker was read. The offline model did route the legal request here,
by the tool's name "escalate_to_manager"; what is wrong is the description, which says nothing about when: the
checker now names exactly that.)

expect: description_vague
"""
from langchain.messages import ToolMessage
from langchain.tools import ToolRuntime, tool
from langgraph.types import Command

from handoffs.single_agent import seed_configs
from handoffs.single_agent.steps import TRIAGE_PROMPT
from handoffs.single_agent.tools import end_conversation, record_issue


@tool
def escalate_to_manager(runtime: ToolRuntime) -> Command:
    """Use this tool when needed."""
    return Command(update={"messages": [ToolMessage("Escalated.", tool_call_id=runtime.tool_call_id)],
                           "current_step": "escalate"})


@tool
def open_manager_ticket() -> str:
    """Open a ticket so that a manager calls the user back."""
    return "Ticket opened: a manager will call you back."


my_configs = seed_configs()
my_configs["triage"]["prompt"] = TRIAGE_PROMPT + "\nLegal matter or a request for a manager: call escalate_to_manager."
my_configs["triage"]["tools"].append(escalate_to_manager)
my_configs["escalate"] = {"prompt": "ESCALATE step: call open_manager_ticket, then end_conversation.",
                          "tools": [open_manager_ticket, end_conversation]}

