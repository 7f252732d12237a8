"""Compares the call's name (a string) with the step's tool objects, so nothing is ever found: every call refused.

expect: blocks_offered
"""
from langchain.agents.middleware import wrap_tool_call
from langchain.messages import ToolMessage

from handoffs.part1 import STEP_TABLE


@wrap_tool_call
def guard(request, handler):
    step = request.state.get("current_step", "triage")
    if request.tool_call["name"] not in STEP_TABLE[step]["tools"]:
        return ToolMessage(f"Refused in {step}.", tool_call_id=request.tool_call["id"], status="error")
    return handler(request)
