"""A Korean learner's escalate prompt: long and kind, but it never says what to do with the step's tools.

expect: step_prompt_names_no_tool
"""
from handoffs.part1 import seed_step_table

from ._parts import escalate_step, escalate_to_manager

my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] += "\n법적인 문제이거나 고객이 매니저를 찾으면 escalate_to_manager를 호출하세요."
my_step_table["triage"]["tools"].append(escalate_to_manager)
my_step_table["escalate"] = escalate_step(prompt=(
    "당신은 경험이 많은 선임 상담원입니다. 고객의 불편에 깊이 공감하고, 항상 정중하고 차분한 말투를 유지하세요. "
    "고객이 존중받는다고 느끼도록 충분히 들어 주세요."))
