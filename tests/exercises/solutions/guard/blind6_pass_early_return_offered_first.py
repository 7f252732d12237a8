"""Early return for offered tools, the refusal at the end; the step's entry fetched through a small function.

expect: pass
"""
from langchain.agents.middleware import wrap_tool_call
from langchain.messages import ToolMessage

from handoffs.part1 import STEP_TABLE


def page_of(state):
    return STEP_TABLE[state.get("current_step", "triage")]


@wrap_tool_call
def only_this_steps_tools(request, handler):
    for offered in page_of(request.state)["tools"]:
        if offered.name == request.tool_call["name"]:
            return handler(request)
    return ToolMessage(f"Sorry, {request.tool_call['name']} is not available right now.",
                       tool_call_id=request.tool_call["id"], name=request.tool_call["name"], status="error")


guard = only_this_steps_tools
