"""The escalate page got the resolve prompt copied in: it names the resolve tools, not its own.

expect: page_prompt_silent
"""
from handoffs.single_agent import seed_configs
from handoffs.single_agent.steps import RESOLVE_PROMPT

from ._parts import TRIAGE_WITH_ESCALATION, escalate_page, escalate_to_manager

my_configs = seed_configs()
my_configs["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_configs["triage"]["tools"].append(escalate_to_manager)
my_configs["escalate"] = escalate_page(prompt=RESOLVE_PROMPT)
