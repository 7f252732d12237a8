"""Hard-codes the one case the notebook shows: resolve_billing in triage. Other out-of-step calls still run.

expect: lets_through_later
"""
from langchain.agents.middleware import wrap_tool_call
from langchain.messages import ToolMessage


@wrap_tool_call
def guard(request, handler):
    step = request.state.get("current_step", "triage")
    if step == "triage" and request.tool_call["name"].startswith("resolve_"):
        return ToolMessage("Refused: resolve tools are for the resolve step.", tool_call_id=request.tool_call["id"],
                           status="error")
    return handler(request)
