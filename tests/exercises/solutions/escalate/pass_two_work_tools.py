"""Two work tools on the escalate step (a ticket and an email summary), the prompt naming both.

expect: pass
"""
from handoffs.part1 import seed_step_table

from ._parts import TRIAGE_WITH_ESCALATION, end_conversation, escalate_to_manager, open_manager_ticket, tool


@tool
def email_case_summary(address: str) -> str:
    """Email the user a summary of the escalated case."""
    return f"Summary sent to {address}."


my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_step_table["triage"]["tools"].append(escalate_to_manager)
my_step_table["escalate"] = {
    "prompt": "1. Call open_manager_ticket. 2. Call email_case_summary. 3. Call end_conversation.",
    "tools": [open_manager_ticket, email_case_summary, end_conversation],
}
