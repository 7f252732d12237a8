"""The starter's ESCALATE_PROMPT = "" left as it was.

expect: prompt_missing
"""
from handoffs.single_agent import seed_configs

from ._parts import TRIAGE_WITH_ESCALATION, escalate_page, escalate_to_manager

ESCALATE_PROMPT = ""
my_configs = seed_configs()
my_configs["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_configs["triage"]["tools"].append(escalate_to_manager)
my_configs["escalate"] = escalate_page(prompt=ESCALATE_PROMPT)
