"""The escalate prompt speaks about managers and escalated cases (the step's theme) but not about its tools.

expect: page_prompt_names_no_tool
"""
from handoffs.single_agent import seed_configs

from ._parts import TRIAGE_WITH_ESCALATION, escalate_page, escalate_to_manager

my_configs = seed_configs()
my_configs["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_configs["triage"]["tools"].append(escalate_to_manager)
my_configs["escalate"] = escalate_page(prompt=(
    "You are a senior manager handling escalated cases. Stay calm and polite with the customer, listen to the "
    "whole story and make them feel heard."))
