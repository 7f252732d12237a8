"""Refuses, and also wipes the recorded issue type "so the model asks again" (the step stays, the state does not).

expect: refusal_changes_state
"""
from ._parts import Command, offered_now, refusal, wrap_tool_call


@wrap_tool_call
def guard(request, handler):
    if request.tool_call["name"] not in offered_now(request):
        return Command(update={"messages": [refusal(request)], "issue_type": ""})
    return handler(request)
