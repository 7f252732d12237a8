"""The new step is called 'manager' (not 'escalate'), with a move_to() helper the learner wrote for the Command.

expect: pass
"""
from langchain.messages import ToolMessage
from langchain.tools import ToolRuntime, tool
from langgraph.types import Command

from handoffs.part1 import seed_step_table
from handoffs.part1.steps import TRIAGE_PROMPT
from handoffs.part1.tools import end_conversation


def move_to(step, runtime, note):
    return Command(update={"messages": [ToolMessage(note, tool_call_id=runtime.tool_call_id)], "current_step": step})


@tool
def transfer_to_manager(runtime: ToolRuntime) -> Command:
    """Transfer to a manager: legal matters, formal complaints, or a user asking to talk to a manager."""
    return move_to("manager", runtime, "Transferred to a manager.")


@tool
def schedule_manager_call() -> str:
    """Schedule a call from a manager to the user."""
    return "A manager will call you within one business day."


my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] = TRIAGE_PROMPT + " Legal matter or manager requested: call transfer_to_manager."
my_step_table["triage"]["tools"].append(transfer_to_manager)
my_step_table["manager"] = {
    "prompt": "You are in the MANAGER step. Call schedule_manager_call, then end_conversation.",
    "tools": [schedule_manager_call, end_conversation],
}
