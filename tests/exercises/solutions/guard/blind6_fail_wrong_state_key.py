"""Reads the step under the wrong key ('step'), so it always judges by the triage step.

expect: blocks_offered
"""
from langchain.agents.middleware import wrap_tool_call
from langchain.messages import ToolMessage

from handoffs.part1 import STEP_TABLE


@wrap_tool_call
def guard(request, handler):
    step = request.state.get("step", "triage")
    if request.tool_call["name"] not in [t.name for t in STEP_TABLE[step]["tools"]]:
        return ToolMessage("Refused: not offered in this step.", tool_call_id=request.tool_call["id"],
                           status="error")
    return handler(request)
