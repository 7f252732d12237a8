"""Refuses by returning nothing.

expect: not_a_tool_message
"""
from ._parts import offered_now, wrap_tool_call


@wrap_tool_call
def guard(request, handler):
    if request.tool_call["name"] in offered_now(request):
        return handler(request)
