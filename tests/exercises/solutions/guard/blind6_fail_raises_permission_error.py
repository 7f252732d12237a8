"""Raises PermissionError for an out-of-step call (a Korean learner's message) instead of answering it.

expect: guard_raises
"""
from langchain.agents.middleware import wrap_tool_call

from handoffs.part1 import STEP_TABLE


@wrap_tool_call
def guard(request, handler):
    step = request.state.get("current_step", "triage")
    if request.tool_call["name"] not in [t.name for t in STEP_TABLE[step]["tools"]]:
        raise PermissionError(f"{step} 단계에서는 {request.tool_call['name']}을(를) 쓸 수 없습니다")
    return handler(request)
