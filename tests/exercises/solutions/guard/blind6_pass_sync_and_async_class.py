"""An AgentMiddleware subclass with both wrap_tool_call and awrap_tool_call, a Korean refusal, passed as an instance.

expect: pass
"""
from langchain.agents.middleware import AgentMiddleware
from langchain.messages import ToolMessage

from handoffs.part1 import STEP_TABLE


class 단계가드(AgentMiddleware):
    def _refusal(self, request):
        step = request.state.get("current_step", "triage")
        names = [t.name for t in STEP_TABLE[step]["tools"]]
        if request.tool_call["name"] in names:
            return None
        return ToolMessage(f"거절: 지금은 {step} 단계라서 {request.tool_call['name']}을(를) 쓸 수 없어요. "
                           f"쓸 수 있는 도구: {', '.join(names) or '없음'}",
                           tool_call_id=request.tool_call["id"], status="error")

    def wrap_tool_call(self, request, handler):
        refused = self._refusal(request)
        return refused if refused is not None else handler(request)

    async def awrap_tool_call(self, request, handler):
        refused = self._refusal(request)
        return refused if refused is not None else await handler(request)


guard = 단계가드()
