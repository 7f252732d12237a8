"""A builder function with no arguments that returns the middleware.

expect: pass
"""
from ._parts import offered_now, refusal, wrap_tool_call


def build_guard():
    @wrap_tool_call
    def step_boundary(request, handler):
        if request.tool_call["name"] in offered_now(request):
            return handler(request)
        return refusal(request, f"{request.tool_call['name']} belongs to another step.")
    return step_boundary


guard = build_guard
