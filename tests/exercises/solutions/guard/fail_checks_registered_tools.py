"""Checks against every tool the agent has (all registered): hidden tools are registered too, so nothing is refused.

expect: lets_through
"""
from handoffs.part1.steps import all_tools

from ._parts import STEP_TABLE, refusal, wrap_tool_call

KNOWN = {t.name for t in all_tools(STEP_TABLE)}


@wrap_tool_call
def guard(request, handler):
    if request.tool_call["name"] not in KNOWN:
        return refusal(request)
    return handler(request)
