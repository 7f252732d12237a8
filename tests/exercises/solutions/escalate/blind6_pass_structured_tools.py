"""Tools made with StructuredTool.from_function (no decorator), other names: hand_to_supervisor / book_callback.

expect: pass
"""
from langchain.messages import ToolMessage
from langchain.tools import ToolRuntime
from langchain_core.tools import StructuredTool
from langgraph.types import Command

from handoffs.part1 import seed_step_table
from handoffs.part1.steps import TRIAGE_PROMPT
from handoffs.part1.tools import end_conversation


def _hand_to_supervisor(runtime: ToolRuntime) -> Command:
    return Command(update={"messages": [ToolMessage("A supervisor takes over.", tool_call_id=runtime.tool_call_id)],
                           "current_step": "escalate"})


def _book_callback(runtime: ToolRuntime) -> str:
    return "A manager will call you back tomorrow."


hand_to_supervisor = StructuredTool.from_function(
    _hand_to_supervisor, name="hand_to_supervisor",
    description="Hand the case to a manager when the user raises a legal matter, files a formal complaint, "
                "or asks to speak to a manager.")
book_callback = StructuredTool.from_function(
    _book_callback, name="book_callback", description="Book a manager's call back to the user.")

my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] = TRIAGE_PROMPT + "\nFor a legal matter or a request for a manager, call hand_to_supervisor."
my_step_table["triage"]["tools"] += [hand_to_supervisor]
my_step_table["escalate"] = {
    "prompt": "You are in the ESCALATE step. Call book_callback, tell the user a manager will call, then call "
              "end_conversation.",
    "tools": [book_callback, end_conversation],
}
