"""The ticket tool as a BaseTool subclass instance; the step table written as one dict literal.

expect: pass
"""
from langchain_core.tools import BaseTool

from handoffs.part1 import STEP_TABLE

from ._parts import ESCALATE_PROMPT, TRIAGE_WITH_ESCALATION, end_conversation, escalate_to_manager, record_issue


class OpenManagerTicket(BaseTool):
    name: str = "open_manager_ticket"
    description: str = "Open a ticket so that a manager calls the user back."

    def _run(self) -> str:
        return "Ticket opened."


my_step_table = {
    **STEP_TABLE,
    "triage": {"prompt": TRIAGE_WITH_ESCALATION, "tools": [record_issue, escalate_to_manager]},
    "escalate": {"prompt": ESCALATE_PROMPT, "tools": [OpenManagerTicket(), end_conversation]},
}
