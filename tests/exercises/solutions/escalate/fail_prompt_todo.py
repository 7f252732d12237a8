"""Everything works, but the escalate prompt still carries the notebook's TODO.

expect: prompt_todo
"""
from handoffs.part1 import seed_step_table

from ._parts import TRIAGE_WITH_ESCALATION, escalate_step, escalate_to_manager

my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_step_table["triage"]["tools"].append(escalate_to_manager)
my_step_table["escalate"] = escalate_step(
    prompt="Call open_manager_ticket, then end_conversation. TODO: say what to tell the user")
