"""The escalate prompt names no tool but says what the work tool does ("open a ticket"): the model knows what to do.

expect: pass
"""
from handoffs.part1 import seed_step_table

from ._parts import TRIAGE_WITH_ESCALATION, escalate_step, escalate_to_manager

my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_step_table["triage"]["tools"].append(escalate_to_manager)
my_step_table["escalate"] = escalate_step(prompt=(
    "You are in the ESCALATE step. Open a ticket so that a manager calls the user back, tell the user, "
    "then close the conversation."))
