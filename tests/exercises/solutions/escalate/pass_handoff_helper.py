"""The escalate tool built with the kit's own handoff() helper.

expect: pass
"""
from langchain.tools import ToolRuntime, tool

from handoffs.part1 import seed_step_table
from handoffs.part1.tools import handoff

from ._parts import ESCALATE_PROMPT, escalate_step


@tool
def escalate_to_manager(reason: str, runtime: ToolRuntime):
    """Escalate the case to a manager: for a legal matter, a formal complaint, or a user who asks for a manager."""
    return handoff(runtime, f"Escalated to a manager: {reason}", to_step="escalate", issue_type="escalated")


my_step_table = seed_step_table()
my_step_table["triage"]["tools"].append(escalate_to_manager)
my_step_table["triage"]["prompt"] += "\nCall escalate_to_manager for legal matters or when asked for a manager."
my_step_table["escalate"] = escalate_step(prompt=ESCALATE_PROMPT)
