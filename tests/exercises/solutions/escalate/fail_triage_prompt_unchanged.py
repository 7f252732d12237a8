"""TODO 3 skipped: the triage prompt is the seed's, so it never says when to escalate.

expect: triage_prompt_silent
"""
from handoffs.single_agent import seed_configs
from handoffs.single_agent.steps import TRIAGE_PROMPT

from ._parts import escalate_page, escalate_to_manager

TRIAGE_WITH_ESCALATION = TRIAGE_PROMPT
my_configs = seed_configs()
my_configs["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_configs["triage"]["tools"].append(escalate_to_manager)
my_configs["escalate"] = escalate_page()
