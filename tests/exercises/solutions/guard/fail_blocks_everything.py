"""Refuses every tool call: the rogue call is stopped, and so is every honest one.

expect: blocks_offered
"""
from ._parts import refusal, wrap_tool_call


@wrap_tool_call
def guard(request, handler):
    return refusal(request)
