"""The right body, but the @wrap_tool_call line is missing.

expect: not_decorated
"""
from ._parts import offered_now, refusal


def my_step_guard(request, handler):
    if request.tool_call["name"] not in offered_now(request):
        return refusal(request)
    return handler(request)


guard = my_step_guard
