"""The escalate prompt speaks about managers and escalated cases (the step's theme) but not about its tools.

expect: step_prompt_names_no_tool
"""
from handoffs.part1 import seed_step_table

from ._parts import TRIAGE_WITH_ESCALATION, escalate_step, escalate_to_manager

my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_step_table["triage"]["tools"].append(escalate_to_manager)
my_step_table["escalate"] = escalate_step(prompt=(
    "You are a senior manager handling escalated cases. Stay calm and polite with the customer, listen to the "
    "whole story and make them feel heard."))
