"""Refuses the out-of-step call, and also sends the conversation back to triage "to start over".

expect: refusal_moves_step
"""
from ._parts import Command, offered_now, refusal, wrap_tool_call


@wrap_tool_call
def guard(request, handler):
    if request.tool_call["name"] not in offered_now(request):
        return Command(update={"messages": [refusal(request)], "current_step": "triage"})
    return handler(request)
