"""TODO 3 skipped: the triage prompt is the seed's, so it never says when to escalate.

expect: triage_prompt_silent
"""
from handoffs.part1 import seed_step_table
from handoffs.part1.steps import TRIAGE_PROMPT

from ._parts import escalate_step, escalate_to_manager

TRIAGE_WITH_ESCALATION = TRIAGE_PROMPT
my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_step_table["triage"]["tools"].append(escalate_to_manager)
my_step_table["escalate"] = escalate_step()
