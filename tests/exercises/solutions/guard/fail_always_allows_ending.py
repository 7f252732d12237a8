"""Lets end_conversation through in every step ("ending is always fine"): in triage it ends an unrecorded case.

expect: lets_through_later
"""
from ._parts import offered_now, refusal, wrap_tool_call


@wrap_tool_call
def guard(request, handler):
    if request.tool_call["name"] == "end_conversation" or request.tool_call["name"] in offered_now(request):
        return handler(request)
    return refusal(request)
