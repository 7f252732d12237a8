"""A learner who reads the step with .get() twice and keeps the offered names in a set; Korean docstring.

expect: pass
"""
from langchain.agents.middleware import wrap_tool_call
from langchain.messages import ToolMessage

from handoffs.part1 import STEP_TABLE


@wrap_tool_call
def step_guard(request, handler):
    """현재 단계가 제공하지 않는 도구는 실행하지 않고 거절합니다."""
    current = request.state.get("current_step", "triage")
    entry = STEP_TABLE.get(current, {})
    allowed = {t.name for t in entry.get("tools", [])}
    call = request.tool_call
    if call["name"] not in allowed:
        return ToolMessage(content=f"'{call['name']}' cannot be used in the {current} step.",
                           tool_call_id=call["id"], status="error")
    return handler(request)


guard = step_guard
