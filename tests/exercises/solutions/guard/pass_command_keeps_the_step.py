"""A Command refusal that writes current_step back to the step it is in: nothing moves, so it is a refusal.

expect: pass
"""
from ._parts import Command, offered_now, refusal, wrap_tool_call


@wrap_tool_call
def guard(request, handler):
    step = request.state.get("current_step", "triage")
    if request.tool_call["name"] not in offered_now(request):
        return Command(update={"messages": [refusal(request)], "current_step": step})
    return handler(request)
