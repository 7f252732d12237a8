"""Precomputes, for every tool name, the steps that offer it; then one membership test per call.

expect: pass
"""
from collections import defaultdict

from langchain.agents.middleware import wrap_tool_call
from langchain.messages import ToolMessage

from handoffs.part1 import STEP_TABLE

STEPS_OFFERING = defaultdict(set)
for step_name, entry in STEP_TABLE.items():
    for t in entry["tools"]:
        STEPS_OFFERING[t.name].add(step_name)


@wrap_tool_call
def guard(request, handler):
    tool_name = request.tool_call["name"]
    step = request.state.get("current_step") or "triage"
    if step in STEPS_OFFERING.get(tool_name, set()):
        return handler(request)
    where = ", ".join(sorted(STEPS_OFFERING.get(tool_name, ()))) or "no step"
    return ToolMessage(f"Not now: {tool_name} belongs to {where}, and we are in {step}.",
                       tool_call_id=request.tool_call["id"], name=tool_name, status="error")
