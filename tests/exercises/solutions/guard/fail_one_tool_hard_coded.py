"""Blocks exactly the tool of the demo (resolve_billing before resolve) and nothing else.

expect: lets_through_later
"""
from ._parts import refusal, wrap_tool_call


@wrap_tool_call
def guard(request, handler):
    if request.tool_call["name"] == "resolve_billing" and request.state.get("current_step", "triage") == "triage":
        return refusal(request)
    return handler(request)
