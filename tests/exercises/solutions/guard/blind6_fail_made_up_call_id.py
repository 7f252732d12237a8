"""The refusal's ToolMessage carries a made-up tool_call_id (the tool's name) instead of the call's id.

expect: wrong_tool_call_id
"""
from langchain.agents.middleware import wrap_tool_call
from langchain.messages import ToolMessage

from handoffs.part1 import STEP_TABLE


@wrap_tool_call
def guard(request, handler):
    name = request.tool_call["name"]
    step = request.state.get("current_step", "triage")
    if name not in [t.name for t in STEP_TABLE[step]["tools"]]:
        return ToolMessage(f"Refused: {name} is not available in {step}.", tool_call_id=name, status="error")
    return handler(request)
