"""A Korean learner wrote the tools and the page but left the escalate prompt as a Korean TODO placeholder.

expect: prompt_todo
"""
from handoffs.single_agent import seed_configs
from handoffs.single_agent.steps import TRIAGE_PROMPT
from handoffs.single_agent.tools import end_conversation

from langchain.messages import ToolMessage
from langchain.tools import ToolRuntime, tool
from langgraph.types import Command


@tool
def escalate_to_manager(reason: str, runtime: ToolRuntime) -> Command:
    """Escalate to a manager: a legal matter, a formal complaint, or a user who asks for a manager."""
    return Command(update={"messages": [ToolMessage(f"Escalated: {reason}", tool_call_id=runtime.tool_call_id)],
                           "current_step": "escalate"})


@tool
def open_manager_ticket() -> str:
    """Open a ticket so that a manager calls the user back."""
    return "Ticket opened: a manager will call you back."



my_configs = seed_configs()
my_configs["triage"]["prompt"] = TRIAGE_PROMPT + "\n법적인 문제나 매니저 요청이면 escalate_to_manager를 호출하세요."
my_configs["triage"]["tools"].append(escalate_to_manager)
my_configs["escalate"] = {"prompt": "TODO: 여기에 escalate 단계의 프롬프트를 쓰세요",
                          "tools": [open_manager_ticket, end_conversation]}
