"""Written as an async function (the learner copied an async example), so the notebook's invoke never runs it.

expect: async_only
"""
from langchain.agents.middleware import wrap_tool_call
from langchain.messages import ToolMessage

from handoffs.part1 import STEP_TABLE


@wrap_tool_call
async def guard(request, handler):
    step = request.state.get("current_step", "triage")
    if request.tool_call["name"] not in [t.name for t in STEP_TABLE[step]["tools"]]:
        return ToolMessage("Refused.", tool_call_id=request.tool_call["id"], status="error")
    return await handler(request)
