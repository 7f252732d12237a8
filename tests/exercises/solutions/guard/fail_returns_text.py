"""Refuses with a plain string instead of a ToolMessage.

expect: not_a_tool_message
"""
from ._parts import offered_now, wrap_tool_call


@wrap_tool_call
def guard(request, handler):
    if request.tool_call["name"] not in offered_now(request):
        return "Refused: not available in this step."
    return handler(request)
