"""A correct middleware class, passed as the class instead of an instance.

expect: guard_class
"""
from ._parts import AgentMiddleware, offered_now, refusal


class StepGuard(AgentMiddleware):
    def wrap_tool_call(self, request, handler):
        return handler(request) if request.tool_call["name"] in offered_now(request) else refusal(request)


guard = StepGuard
