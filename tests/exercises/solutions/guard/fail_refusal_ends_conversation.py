"""A refused call closes the conversation: the Command answers the call and jumps to 'done'.

expect: refusal_moves_step
"""
from langchain.agents.middleware import wrap_tool_call
from langchain.messages import ToolMessage
from langgraph.types import Command

from handoffs.part1 import STEP_TABLE


@wrap_tool_call
def guard(request, handler):
    step = request.state.get("current_step", "triage")
    offered = {t.name for t in STEP_TABLE[step]["tools"]}
    call = request.tool_call
    if call["name"] in offered:
        return handler(request)
    return Command(update={
        "messages": [ToolMessage(f"Refused: {call['name']} is not offered in {step}.", tool_call_id=call["id"],
                                 status="error")],
        "current_step": "done",
    })
