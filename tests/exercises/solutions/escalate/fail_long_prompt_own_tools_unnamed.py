"""Own tool names (hand_to_legal, log_legal_case) and a long escalate prompt about tone that mentions neither.

expect: step_prompt_names_no_tool
"""
from langchain.messages import ToolMessage
from langchain.tools import ToolRuntime, tool
from langgraph.types import Command

from handoffs.part1 import seed_step_table
from handoffs.part1.tools import end_conversation


@tool
def hand_to_legal(runtime: ToolRuntime) -> Command:
    """Hand the case to the legal team: for a lawsuit, a legal threat, or a formal complaint."""
    return Command(update={"messages": [ToolMessage("Handed to legal.", tool_call_id=runtime.tool_call_id)],
                           "current_step": "legal"})


@tool
def log_legal_case(summary: str) -> str:
    """Log the legal case with a brief summary so that a lawyer can follow it up."""
    return f"Case logged: {summary}"


my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] += "\nIf the user raises a legal matter, call hand_to_legal."
my_step_table["triage"]["tools"].append(hand_to_legal)
my_step_table["legal"] = {
    "prompt": ("You speak for the company in delicate situations. Be precise, neutral and courteous, never admit "
               "fault, and keep every sentence short and free of jargon."),
    "tools": [log_legal_case, end_conversation],
}
