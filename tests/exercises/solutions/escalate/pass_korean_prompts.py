"""Korean prompts that name the tools (as Korean learners write them), English tool descriptions.

expect: pass
"""
from handoffs.part1 import seed_step_table

from ._parts import end_conversation, escalate_to_manager, open_manager_ticket

my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] += "\n법적인 문제이거나 사용자가 매니저를 찾으면 escalate_to_manager를 호출하세요."
my_step_table["triage"]["tools"].append(escalate_to_manager)
my_step_table["escalate"] = {
    "prompt": "지금은 ESCALATE 단계입니다. open_manager_ticket으로 티켓을 열고, 끝나면 end_conversation을 호출하세요.",
    "tools": [open_manager_ticket, end_conversation],
}
