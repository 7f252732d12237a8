"""The escalate step offers only the ticket tool: nothing ends the conversation.

expect: cannot_finish
"""
from handoffs.part1 import seed_step_table
from handoffs.part1.steps import TRIAGE_PROMPT

from ._parts import escalate_to_manager, open_manager_ticket

my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] = TRIAGE_PROMPT + "\nLegal matter or a request for a manager: call escalate_to_manager."
my_step_table["triage"]["tools"].append(escalate_to_manager)
my_step_table["escalate"] = {"prompt": "ESCALATE step: call open_manager_ticket and tell the user a manager will call.",
                          "tools": [open_manager_ticket]}
