"""The refusal wrapped in a Command carrying the ToolMessage (LangGraph accepts both).

expect: pass
"""
from ._parts import Command, offered_now, refusal, wrap_tool_call


@wrap_tool_call
def guard(request, handler):
    if request.tool_call["name"] not in offered_now(request):
        return Command(update={"messages": [refusal(request)]})
    return handler(request)
