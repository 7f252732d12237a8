"""TODO 3 done in name only: a word added to the seed's triage prompt, nothing about escalating.

expect: triage_prompt_silent
"""
from handoffs.single_agent import seed_configs
from handoffs.single_agent.steps import TRIAGE_PROMPT

from ._parts import escalate_page, escalate_to_manager

my_configs = seed_configs()
my_configs["triage"]["prompt"] = TRIAGE_PROMPT + " Be kind."
my_configs["triage"]["tools"].append(escalate_to_manager)
my_configs["escalate"] = escalate_page()
