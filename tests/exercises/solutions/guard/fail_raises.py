"""Raises on an out-of-step call: the whole conversation dies instead of the model being told.

expect: guard_raises
"""
from ._parts import offered_now, wrap_tool_call


@wrap_tool_call
def guard(request, handler):
    if request.tool_call["name"] not in offered_now(request):
        raise PermissionError(f"{request.tool_call['name']} is not allowed here")
    return handler(request)
