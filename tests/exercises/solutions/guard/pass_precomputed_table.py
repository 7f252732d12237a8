"""The allowed tools of every step computed once, when the guard is defined.

expect: pass
"""
from ._parts import STEP_CONFIGS, refusal, wrap_tool_call

ALLOWED = {step: frozenset(t.name for t in page["tools"]) for step, page in STEP_CONFIGS.items()}


@wrap_tool_call
def guard(request, handler):
    allowed = ALLOWED[request.state.get("current_step", "triage")]
    return handler(request) if request.tool_call["name"] in allowed else refusal(request, "Not now.")
