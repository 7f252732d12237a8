"""Always compares with the triage step: once the step moves on, the honest resolve tools are refused.

expect: blocks_offered
"""
from ._parts import STEP_TABLE, refusal, wrap_tool_call

TRIAGE_TOOLS = [t.name for t in STEP_TABLE["triage"]["tools"]]


@wrap_tool_call
def guard(request, handler):
    if request.tool_call["name"] not in TRIAGE_TOOLS:
        return refusal(request)
    return handler(request)
