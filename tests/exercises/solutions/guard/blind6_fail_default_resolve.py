"""The default step is wrong: with no step yet it assumes 'resolve', so the rogue refund in triage is allowed.

expect: lets_through
"""
from langchain.agents.middleware import wrap_tool_call
from langchain.messages import ToolMessage

from handoffs.part1 import STEP_TABLE


@wrap_tool_call
def guard(request, handler):
    step = request.state.get("current_step", "resolve")
    if request.tool_call["name"] not in [t.name for t in STEP_TABLE[step]["tools"]]:
        return ToolMessage("Refused: not offered in this step.", tool_call_id=request.tool_call["id"],
                           status="error")
    return handler(request)
