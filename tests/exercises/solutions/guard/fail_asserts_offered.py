"""Asserts that the tool is offered: an AssertionError for the out-of-step call, which ends the conversation.

expect: guard_raises
"""
from ._parts import offered_now, wrap_tool_call


@wrap_tool_call
def guard(request, handler):
    이름 = request.tool_call["name"]
    assert 이름 in offered_now(request), f"{이름}은(는) 이 단계에서 쓸 수 없어요"
    return handler(request)
