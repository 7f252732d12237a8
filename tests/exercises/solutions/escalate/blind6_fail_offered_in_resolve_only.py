"""The escalate tool is offered in the resolve step (where the learner thought escalations happen), not in triage.

expect: not_offered_in_triage
"""
from handoffs.single_agent import seed_configs
from handoffs.single_agent.steps import RESOLVE_PROMPT

from ._parts import escalate_page, escalate_to_manager

my_configs = seed_configs()
my_configs["resolve"]["prompt"] = RESOLVE_PROMPT + "\nFor a legal matter or a manager request, call escalate_to_manager."
my_configs["resolve"]["tools"].append(escalate_to_manager)
my_configs["escalate"] = escalate_page()
