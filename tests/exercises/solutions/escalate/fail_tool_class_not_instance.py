"""A BaseTool subclass put in the list as the class, not an instance.

expect: tool_class
"""
from langchain_core.tools import BaseTool

from handoffs.part1 import seed_step_table

from ._parts import TRIAGE_WITH_ESCALATION, ESCALATE_PROMPT, end_conversation, escalate_to_manager


class OpenManagerTicket(BaseTool):
    name: str = "open_manager_ticket"
    description: str = "Open a ticket so that a manager calls the user back."

    def _run(self) -> str:
        return "Ticket opened."


my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_step_table["triage"]["tools"].append(escalate_to_manager)
my_step_table["escalate"] = {"prompt": ESCALATE_PROMPT, "tools": [OpenManagerTicket, end_conversation]}
