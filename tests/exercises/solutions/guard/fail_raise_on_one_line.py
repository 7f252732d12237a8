"""A Korean learner raises ToolException on the same line as the `if`: a raise is still a raise (the conversation
ends and the model never reads why).

expect: guard_raises
"""
from langchain_core.tools import ToolException

from ._parts import offered_now, wrap_tool_call


@wrap_tool_call
def guard(request, handler):
    이름, 허용 = request.tool_call["name"], offered_now(request)
    if 이름 not in 허용: raise ToolException(f"{이름}: 이 단계에서는 쓸 수 없어요")
    return handler(request)
