"""Notices the out-of-step call and prints it — then runs the tool anyway.

expect: only_logs
"""
from ._parts import offered_now, wrap_tool_call


@wrap_tool_call
def guard(request, handler):
    if request.tool_call["name"] not in offered_now(request):
        print(f"WARNING: {request.tool_call['name']} is not offered in this step")
    return handler(request)
