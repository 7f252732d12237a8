"""A class middleware with a Korean refusal that sends the customer back to the step where the tool lives.

expect: refusal_moves_step
"""
from langchain.agents.middleware import AgentMiddleware
from langchain.messages import ToolMessage
from langgraph.types import Command

from handoffs.part1 import STEP_TABLE


class 단계_가드(AgentMiddleware):
    def wrap_tool_call(self, request, handler):
        단계 = request.state.get("current_step", "triage")
        이름 = request.tool_call["name"]
        if 이름 in [t.name for t in STEP_TABLE[단계]["tools"]]:
            return handler(request)
        제자리 = next((s for s, p in STEP_TABLE.items() if 이름 in [t.name for t in p["tools"]]), 단계)
        답 = ToolMessage(f"거부: {이름}은(는) {단계} 단계에서 쓸 수 없어요.", tool_call_id=request.tool_call["id"],
                        status="error")
        return Command(update={"messages": [답], "current_step": 제자리})


guard = 단계_가드()
