"""Reusing the kit's refusal_for (the function notebook 03 describes) inside the learner's own middleware.

expect: pass
"""
from handoffs.part1.middleware import refusal_for

from ._parts import STEP_TABLE, wrap_tool_call


@wrap_tool_call
def guard(request, handler):
    refused = refusal_for(request.tool_call, request.state, STEP_TABLE)
    return refused if refused is not None else handler(request)
