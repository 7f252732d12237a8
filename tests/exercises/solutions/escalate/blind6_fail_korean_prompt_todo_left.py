"""A Korean learner wrote the tools and the step but left the escalate prompt as a Korean TODO placeholder.

expect: prompt_todo
"""
from handoffs.part1 import seed_step_table
from handoffs.part1.steps import TRIAGE_PROMPT

from ._parts import end_conversation, escalate_to_manager, open_manager_ticket

my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] = TRIAGE_PROMPT + "\n법적인 문제나 매니저 요청이면 escalate_to_manager를 호출하세요."
my_step_table["triage"]["tools"].append(escalate_to_manager)
my_step_table["escalate"] = {"prompt": "TODO: 여기에 escalate 단계의 프롬프트를 쓰세요",
                          "tools": [open_manager_ticket, end_conversation]}
