"""The allowed tools of every step computed once, when the guard is defined.

expect: pass
"""
from ._parts import STEP_TABLE, refusal, wrap_tool_call

ALLOWED = {step: frozenset(t.name for t in entry["tools"]) for step, entry in STEP_TABLE.items()}


@wrap_tool_call
def guard(request, handler):
    allowed = ALLOWED[request.state.get("current_step", "triage")]
    return handler(request) if request.tool_call["name"] in allowed else refusal(request, "Not now.")
