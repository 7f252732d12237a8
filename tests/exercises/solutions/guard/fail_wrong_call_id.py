"""The refusal answers a made-up call id.

expect: wrong_tool_call_id
"""
from ._parts import ToolMessage, offered_now, wrap_tool_call


@wrap_tool_call
def guard(request, handler):
    if request.tool_call["name"] not in offered_now(request):
        return ToolMessage("Refused.", tool_call_id=request.tool_call["name"], status="error")
    return handler(request)
