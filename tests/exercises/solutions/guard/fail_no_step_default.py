"""Reads state['current_step'] directly: at the first step nothing has set it yet.

expect: state_default
"""
from ._parts import STEP_TABLE, refusal, wrap_tool_call


@wrap_tool_call
def guard(request, handler):
    step = request.state["current_step"]
    if request.tool_call["name"] not in [t.name for t in STEP_TABLE[step]["tools"]]:
        return refusal(request)
    return handler(request)
