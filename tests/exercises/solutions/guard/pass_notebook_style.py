"""The notebook's shape: a decorated function reading the step, looking up the step, refusing with a ToolMessage.

expect: pass
"""
from ._parts import STEP_TABLE, ToolMessage, wrap_tool_call


@wrap_tool_call
def my_step_guard(request, handler):
    step = request.state.get("current_step", "triage")
    offered = [t.name for t in STEP_TABLE[step]["tools"]]
    if request.tool_call["name"] not in offered:
        return ToolMessage(f"Refused: not available in {step}.", tool_call_id=request.tool_call["id"], status="error")
    return handler(request)


guard = my_step_guard
