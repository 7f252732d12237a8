"""A middleware class that takes the step table in its constructor and has a name of its own.

expect: pass
"""
from ._parts import STEP_TABLE, AgentMiddleware, ToolMessage


class BinderGuard(AgentMiddleware):
    def __init__(self, step_table):
        super().__init__()
        self.step_table = step_table

    @property
    def name(self) -> str:
        return "binder_guard"

    def wrap_tool_call(self, request, handler):
        step = request.state.get("current_step") or "triage"
        if request.tool_call["name"] in {t.name for t in self.step_table[step]["tools"]}:
            return handler(request)
        return ToolMessage(f"{request.tool_call['name']} is not on the {step} step.",
                           tool_call_id=request.tool_call["id"], status="error")


guard = BinderGuard(STEP_TABLE)
