"""The escalate prompt names no tool but says what the work tool does ("open a ticket"): the model knows what to do.

expect: pass
"""
from handoffs.single_agent import seed_configs

from ._parts import TRIAGE_WITH_ESCALATION, escalate_page, escalate_to_manager

my_configs = seed_configs()
my_configs["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_configs["triage"]["tools"].append(escalate_to_manager)
my_configs["escalate"] = escalate_page(prompt=(
    "You are in the ESCALATE step. Open a ticket so that a manager calls the user back, tell the user, "
    "then close the conversation."))
