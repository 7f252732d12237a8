"""copy.deepcopy of the kit's step table, other names everywhere: a 'supervisor' step, parse_docstring tools.

expect: pass
"""
import copy

from langchain.messages import ToolMessage
from langchain.tools import ToolRuntime, tool
from langgraph.types import Command

from handoffs.part1 import STEP_TABLE
from handoffs.part1.tools import end_conversation


@tool(parse_docstring=True)
def hand_to_supervisor(why: str, runtime: ToolRuntime) -> Command:
    """Hand the case to a supervisor: legal threats, lawsuits, formal complaints, or a demand for a manager.

    Args:
        why: The reason in a few words.
    """
    note = ToolMessage(f"A supervisor takes over ({why}).", tool_call_id=runtime.tool_call_id)
    return Command(update={"messages": [note], "current_step": "supervisor", "issue_type": "legal"})


@tool
def book_supervisor_callback() -> str:
    """Book a call back from a supervisor."""
    return "A supervisor will call you tomorrow."


my_step_table = copy.deepcopy(STEP_TABLE)
my_step_table["triage"]["tools"].append(hand_to_supervisor)
my_step_table["triage"]["prompt"] += "\nLegal trouble or a demand for a manager: call hand_to_supervisor."
my_step_table["supervisor"] = {
    "prompt": "SUPERVISOR step. Book a call back with book_supervisor_callback, then end_conversation.",
    "tools": [book_supervisor_callback, end_conversation],
    "handoffs": {"end_conversation": "done"},
}
