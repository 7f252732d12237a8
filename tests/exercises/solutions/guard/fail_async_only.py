"""An async guard: LangChain makes it guard ainvoke only, and the bot is run with invoke.

expect: async_only
"""
from ._parts import offered_now, refusal, wrap_tool_call


@wrap_tool_call
async def guard(request, handler):
    if request.tool_call["name"] not in offered_now(request):
        return refusal(request)
    return await handler(request)
