"""Type hints as in the notebook, Korean variable names and a Korean refusal that lists what may be used.

expect: pass
"""
from typing import Callable

from langchain.agents.middleware import ToolCallRequest, wrap_tool_call
from langchain.messages import ToolMessage
from langgraph.types import Command

from handoffs.part1 import STEP_TABLE


@wrap_tool_call
def 가드(request: ToolCallRequest, handler: Callable[[ToolCallRequest], ToolMessage | Command]) -> ToolMessage | Command:
    현재_단계 = request.state.get("current_step", "triage")
    제공 = [도구.name for 도구 in STEP_TABLE[현재_단계]["tools"]]
    이름 = request.tool_call["name"]
    if 이름 not in 제공:
        return ToolMessage(content=f"{이름}은(는) {현재_단계} 단계에서 쓸 수 없어요. 지금 쓸 수 있는 도구: {제공}",
                           tool_call_id=request.tool_call["id"], name=이름, status="error")
    return handler(request)


guard = 가드
