"""Logs the refused call with the logging module (not print), refuses, and reads the call with .get().

expect: pass
"""
import logging

from langchain.agents.middleware import wrap_tool_call
from langchain.messages import ToolMessage

from handoffs.part1 import STEP_TABLE

log = logging.getLogger("my_guard")


@wrap_tool_call
def guard(request, handler):
    call = request.tool_call
    step = request.state.get("current_step", "triage")
    if not any(t.name == call.get("name") for t in STEP_TABLE[step]["tools"]):
        log.warning("blocked %s in %s", call.get("name"), step)
        return ToolMessage(content="This action is not allowed at this point of the conversation.",
                           tool_call_id=call.get("id"), status="error")
    return handler(request)
