"""parse_docstring with an Args section written in Korean, a deepcopy of the seed's step table, Korean escalate prompt.

expect: pass
"""
import copy

from langchain.messages import ToolMessage
from langchain.tools import ToolRuntime, tool
from langgraph.types import Command

from handoffs.part1 import seed_step_table
from handoffs.part1.tools import end_conversation


@tool(parse_docstring=True)
def escalate_to_manager(reason: str, runtime: ToolRuntime) -> Command:
    """Escalate to a manager: a legal matter, a formal complaint, or a user who asks to speak to a manager.

    Args:
        reason: 매니저가 필요한 이유를 짧게.
    """
    return Command(update={"messages": [ToolMessage(f"Escalated ({reason})", tool_call_id=runtime.tool_call_id)],
                           "issue_type": "escalated", "current_step": "escalate"})


@tool
def open_manager_ticket(runtime: ToolRuntime) -> str:
    """Open a ticket so that a manager calls the user back."""
    return "Ticket opened."


my_step_table = copy.deepcopy(seed_step_table())
my_step_table["triage"]["prompt"] += "\nIf the user has a legal matter or asks for a manager, call escalate_to_manager."
my_step_table["triage"]["tools"].append(escalate_to_manager)
my_step_table["escalate"] = {"prompt": "ESCALATE 단계: open_manager_ticket을 부르고, 그다음 end_conversation을 부르세요.",
                          "tools": [open_manager_ticket, end_conversation]}
