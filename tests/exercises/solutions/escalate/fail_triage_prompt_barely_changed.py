"""TODO 3 done in name only: a word added to the seed's triage prompt, nothing about escalating.

expect: triage_prompt_silent
"""
from handoffs.part1 import seed_step_table
from handoffs.part1.steps import TRIAGE_PROMPT

from ._parts import escalate_step, escalate_to_manager

my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] = TRIAGE_PROMPT + " Be kind."
my_step_table["triage"]["tools"].append(escalate_to_manager)
my_step_table["escalate"] = escalate_step()
