"""Refuses by returning a plain string instead of a ToolMessage.

expect: not_a_tool_message
"""
from langchain.agents.middleware import wrap_tool_call

from handoffs.part1 import STEP_TABLE


@wrap_tool_call
def guard(request, handler):
    step = request.state.get("current_step", "triage")
    if request.tool_call["name"] not in [t.name for t in STEP_TABLE[step]["tools"]]:
        return f"{request.tool_call['name']} is not allowed in {step}"
    return handler(request)
