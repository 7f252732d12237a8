"""Refuses with an empty message: the model cannot tell what happened.

expect: empty_refusal
"""
from ._parts import offered_now, refusal, wrap_tool_call


@wrap_tool_call
def guard(request, handler):
    return handler(request) if request.tool_call["name"] in offered_now(request) else refusal(request, "")
