"""@wrap_tool_call(name=...) with a helper function that says which tools a state allows; no status on the refusal.

expect: pass
"""
from langchain.agents.middleware import wrap_tool_call
from langchain.messages import ToolMessage

from handoffs.part1 import STEP_TABLE


def allowed_tools(state):
    step = state.get("current_step", "triage")
    return step, [tool.name for tool in STEP_TABLE[step]["tools"]]


@wrap_tool_call(name="StepBoundary")
def boundary(request, handler):
    step, allowed = allowed_tools(request.state)
    if request.tool_call["name"] in allowed:
        return handler(request)
    return ToolMessage(
        content=f"The {request.tool_call['name']} tool is not part of the {step} step. Use one of: {allowed}.",
        tool_call_id=request.tool_call["id"],
    )


guard = boundary
