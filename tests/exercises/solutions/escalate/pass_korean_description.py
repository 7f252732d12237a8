"""A Korean description with the English words a Korean developer keeps (legal, manager) in brackets.

expect: pass
"""
from langchain.messages import ToolMessage
from langchain.tools import ToolRuntime, tool
from langgraph.types import Command

from handoffs.part1 import seed_step_table

from ._parts import end_conversation, open_manager_ticket


@tool
def escalate_to_manager(runtime: ToolRuntime) -> Command:
    """법적 문제(legal matter)나 매니저(manager) 요청이면 매니저에게 넘깁니다."""
    return Command(update={"messages": [ToolMessage("매니저에게 넘겼습니다.", tool_call_id=runtime.tool_call_id)],
                           "current_step": "escalate"})


my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] += "\n법적 문제나 매니저 요청이면 escalate_to_manager를 호출하세요."
my_step_table["triage"]["tools"].append(escalate_to_manager)
my_step_table["escalate"] = {"prompt": "open_manager_ticket으로 티켓을 연 뒤 end_conversation을 호출하세요.",
                          "tools": [open_manager_ticket, end_conversation]}
