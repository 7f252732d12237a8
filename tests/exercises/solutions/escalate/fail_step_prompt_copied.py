"""The escalate step got the resolve prompt copied in: it names the resolve tools, not its own.

expect: step_prompt_silent
"""
from handoffs.part1 import seed_step_table
from handoffs.part1.steps import RESOLVE_PROMPT

from ._parts import TRIAGE_WITH_ESCALATION, escalate_step, escalate_to_manager

my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_step_table["triage"]["tools"].append(escalate_to_manager)
my_step_table["escalate"] = escalate_step(prompt=RESOLVE_PROMPT)
