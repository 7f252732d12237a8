"""Prompts written in Korean only, naming no tool: each still says, in a sentence, when and what.

expect: pass
"""
from handoffs.part1 import seed_step_table

from ._parts import end_conversation, escalate_to_manager, open_manager_ticket

my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] += "\n법적인 문제이거나 고객이 매니저를 찾으면 사건을 매니저에게 넘기세요."
my_step_table["triage"]["tools"].append(escalate_to_manager)
my_step_table["escalate"] = {"prompt": "매니저가 다시 연락하도록 티켓을 열고, 고객에게 알린 뒤 대화를 마무리하세요.",
                          "tools": [open_manager_ticket, end_conversation]}
