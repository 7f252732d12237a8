"""Catches tool errors and turns them into a ToolMessage — a safety net, but not a step guard.

expect: lets_through
"""
from ._parts import ToolMessage, wrap_tool_call


@wrap_tool_call
def guard(request, handler):
    try:
        return handler(request)
    except Exception as error:
        return ToolMessage(f"Failed: {error}", tool_call_id=request.tool_call["id"], status="error")
