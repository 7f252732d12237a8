"""The escalate page says "tool" where the kit reads "tools": the page looks as if it had no tools.

expect: misspelt_key
"""
from handoffs.single_agent import seed_configs

from ._parts import ESCALATE_PROMPT, TRIAGE_WITH_ESCALATION, end_conversation, escalate_to_manager, open_manager_ticket

my_configs = seed_configs()
my_configs["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_configs["triage"]["tools"].append(escalate_to_manager)
my_configs["escalate"] = {"prompt": ESCALATE_PROMPT, "tool": [open_manager_ticket, end_conversation]}
