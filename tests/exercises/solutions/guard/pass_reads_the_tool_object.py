"""Reads the tool's name from request.tool (the tool object) rather than from the call, and a default-argument factory.

expect: pass
"""
from ._parts import STEP_TABLE, refusal, wrap_tool_call


def guard_for(step_table=STEP_TABLE):
    @wrap_tool_call
    def page_guard(request, handler):
        entry = step_table[request.state.get("current_step", "triage")]
        if request.tool is not None and request.tool in entry["tools"]:
            return handler(request)
        return refusal(request, "This tool belongs to another step.")
    return page_guard


guard = guard_for
