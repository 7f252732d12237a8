"""Logs every refusal (for the operator) and refuses.

expect: pass
"""
import logging

from ._parts import offered_now, refusal, wrap_tool_call

log = logging.getLogger("support.guard")


@wrap_tool_call
def guard(request, handler):
    name = request.tool_call["name"]
    if name not in offered_now(request):
        log.warning("refused %s", name)
        return refusal(request)
    return handler(request)
