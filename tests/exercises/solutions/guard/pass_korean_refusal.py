"""A Korean refusal text, status left at its default.

expect: pass
"""
from ._parts import STEP_TABLE, ToolMessage, wrap_tool_call


@wrap_tool_call
def 단계_가드(request, handler):
    단계 = request.state.get("current_step") or "triage"
    허용 = {t.name for t in STEP_TABLE[단계]["tools"]}
    if request.tool_call["name"] in 허용:
        return handler(request)
    return ToolMessage(f"{단계} 단계에서는 {request.tool_call['name']} 도구를 쓸 수 없습니다.",
                       tool_call_id=request.tool_call["id"])


guard = 단계_가드
