"""Refuses with a ToolMessage whose content is only whitespace: the model learns nothing.

expect: empty_refusal
"""
from langchain.agents.middleware import wrap_tool_call
from langchain.messages import ToolMessage

from handoffs.part1 import STEP_TABLE


@wrap_tool_call
def guard(request, handler):
    step = request.state.get("current_step", "triage")
    if request.tool_call["name"] in {t.name for t in STEP_TABLE[step]["tools"]}:
        return handler(request)
    return ToolMessage(content="  ", tool_call_id=request.tool_call["id"], status="error")
