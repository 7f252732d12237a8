"""Compares the call's name (a string) with the page's tool objects, so nothing is ever found: every call refused.

expect: blocks_offered
"""
from langchain.agents.middleware import wrap_tool_call
from langchain.messages import ToolMessage

from handoffs.single_agent import STEP_CONFIGS


@wrap_tool_call
def guard(request, handler):
    step = request.state.get("current_step", "triage")
    if request.tool_call["name"] not in STEP_CONFIGS[step]["tools"]:
        return ToolMessage(f"Refused in {step}.", tool_call_id=request.tool_call["id"], status="error")
    return handler(request)
