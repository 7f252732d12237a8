"""A factory taking the step table, like the kit's own step_guard_middleware(step_table).

expect: pass
"""
from handoffs.part1.state import current_step_of
from handoffs.part1.steps import tool_names

from ._parts import ToolMessage, wrap_tool_call


def make_guard(step_table):
    @wrap_tool_call
    def guard_for_this_binder(request, handler):
        step = current_step_of(request.state)
        if request.tool_call["name"] in tool_names(step_table[step]):
            return handler(request)
        return ToolMessage(f"'{request.tool_call['name']}' cannot be used in the {step} step.",
                           tool_call_id=request.tool_call["id"], status="error")
    return guard_for_this_binder


guard = make_guard
