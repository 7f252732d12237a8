"""A description written in Korean only; the tool's English name still says what it is for.

expect: pass
"""
from langchain.messages import ToolMessage
from langchain.tools import ToolRuntime, tool
from langgraph.types import Command

from handoffs.part1 import seed_step_table

from ._parts import end_conversation, open_manager_ticket


@tool
def escalate_to_legal_manager(runtime: ToolRuntime) -> Command:
    """법적인 문제이거나 고객이 매니저와 통화하기를 원할 때 사용합니다."""
    return Command(update={"messages": [ToolMessage("넘겼습니다.", tool_call_id=runtime.tool_call_id)],
                           "current_step": "escalate"})


my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] += "\n법적인 문제나 매니저 요청이면 escalate_to_legal_manager를 호출하세요."
my_step_table["triage"]["tools"].append(escalate_to_legal_manager)
my_step_table["escalate"] = {"prompt": "open_manager_ticket을 호출한 뒤 end_conversation을 호출하세요.",
                          "tools": [open_manager_ticket, end_conversation]}
