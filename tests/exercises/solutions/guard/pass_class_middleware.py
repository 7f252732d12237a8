"""A class: an AgentMiddleware subclass with a wrap_tool_call method, passed as an instance.

expect: pass
"""
from ._parts import AgentMiddleware, offered_now, refusal


class StepGuard(AgentMiddleware):
    def wrap_tool_call(self, request, handler):
        if request.tool_call["name"] in offered_now(request):
            return handler(request)
        return refusal(request)


guard = StepGuard()
