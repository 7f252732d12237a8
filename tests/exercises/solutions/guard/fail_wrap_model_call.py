"""@wrap_model_call instead of @wrap_tool_call: it sees model calls, never tool calls.

expect: wrong_hook
"""
from ._parts import wrap_model_call


@wrap_model_call
def guard(request, handler):
    return handler(request)
