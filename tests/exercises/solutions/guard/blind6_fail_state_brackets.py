"""Reads the step with request.state["current_step"]: before record_issue nothing has set it.

expect: state_default
"""
from langchain.agents.middleware import wrap_tool_call
from langchain.messages import ToolMessage

from handoffs.part1 import STEP_TABLE


@wrap_tool_call
def guard(request, handler):
    step = request.state["current_step"]
    if request.tool_call["name"] in [t.name for t in STEP_TABLE[step]["tools"]]:
        return handler(request)
    return ToolMessage("Refused.", tool_call_id=request.tool_call["id"], status="error")
