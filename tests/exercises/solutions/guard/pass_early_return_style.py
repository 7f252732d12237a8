"""Typed signature with ToolCallRequest, the allowed case first.

expect: pass
"""
from typing import Callable

from ._parts import STEP_TABLE, ToolCallRequest, ToolMessage, wrap_tool_call


@wrap_tool_call
def guard(request: ToolCallRequest, handler: Callable) -> ToolMessage:
    entry = STEP_TABLE[request.state.get("current_step", "triage")]
    if any(t.name == request.tool_call["name"] for t in entry["tools"]):
        return handler(request)
    names = ", ".join(t.name for t in entry["tools"]) or "none"
    return ToolMessage(f"Refused. Available now: {names}.", tool_call_id=request.tool_call["id"], status="error")
