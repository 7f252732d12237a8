"""Guards the triage step only: later out-of-step calls still run.

expect: lets_through_later
"""
from ._parts import STEP_TABLE, refusal, wrap_tool_call


@wrap_tool_call
def guard(request, handler):
    if request.state.get("current_step", "triage") == "triage":
        if request.tool_call["name"] not in [t.name for t in STEP_TABLE["triage"]["tools"]]:
            return refusal(request)
    return handler(request)
