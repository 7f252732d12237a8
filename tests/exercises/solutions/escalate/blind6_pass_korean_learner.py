"""A Korean-only learner: Korean docstrings, Korean prompts that name the tools, Korean ToolMessages.

expect: pass
"""
from langchain.messages import ToolMessage
from langchain.tools import ToolRuntime, tool
from langgraph.types import Command

from handoffs.part1 import seed_step_table
from handoffs.part1.steps import TRIAGE_PROMPT
from handoffs.part1.tools import end_conversation, record_issue


@tool
def escalate_to_manager(reason: str, runtime: ToolRuntime) -> Command:
    """법적인 문제, 공식적인 불만 제기, 또는 고객이 매니저와 이야기하고 싶다고 할 때 매니저에게 넘깁니다."""
    return Command(update={
        "messages": [ToolMessage(f"매니저에게 넘겼어요: {reason}", tool_call_id=runtime.tool_call_id)],
        "current_step": "escalate",
    })


@tool
def open_manager_ticket(runtime: ToolRuntime) -> str:
    """매니저가 고객에게 다시 전화하도록 티켓을 엽니다."""
    return "티켓을 열었어요. 영업일 하루 안에 매니저가 전화드릴 거예요."


TRIAGE_WITH_ESCALATION = TRIAGE_PROMPT + "\n법적인 문제이거나 매니저를 찾으면 escalate_to_manager를 호출하세요."
ESCALATE_PROMPT = ("지금은 ESCALATE 단계예요. open_manager_ticket으로 매니저 티켓을 열고, 매니저가 전화할 거라고 "
                   "알린 뒤 end_conversation을 호출하세요.")

my_step_table = seed_step_table()
my_step_table["triage"]["prompt"] = TRIAGE_WITH_ESCALATION
my_step_table["triage"]["tools"].append(escalate_to_manager)
my_step_table["escalate"] = {"prompt": ESCALATE_PROMPT, "tools": [open_manager_ticket, end_conversation]}
