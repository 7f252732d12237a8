"""A long escalate prompt that sets a persona and a tone but never names its tools or says what they are for.

expect: step_prompt_names_no_tool
"""
from handoffs.part1 import seed_step_table

from ._parts import TRIAGE_WITH_ESCALATION, escalate_step, escalate_to_manager

ESCALATE_PROMPT = """You are a senior support specialist who handles the most sensitive conversations.
Be calm, empathetic and professional with upset customers. Apologise for the trouble they had,
reassure them that their concern is taken seriously, and keep your answers short and warm."""

my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_step_table["triage"]["tools"].append(escalate_to_manager)
my_step_table["escalate"] = escalate_step(prompt=ESCALATE_PROMPT)
