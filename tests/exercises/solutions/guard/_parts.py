"""Imports most guard solutions of notebook 03b share, as the notebook's first cell gives them."""

from langchain.agents.middleware import AgentMiddleware, ToolCallRequest, wrap_model_call, wrap_tool_call
from langchain.messages import ToolMessage
from langgraph.types import Command

from handoffs.part1 import STEP_TABLE

__all__ = ["AgentMiddleware", "Command", "STEP_TABLE", "ToolCallRequest", "ToolMessage", "wrap_model_call",
           "wrap_tool_call", "offered_now", "refusal"]


def offered_now(request):
    """The names of the tools the current step offers (a helper several learners write)."""
    return [t.name for t in STEP_TABLE[request.state.get("current_step", "triage")]["tools"]]


def refusal(request, text="Refused: that tool is not available in this step."):
    return ToolMessage(content=text, tool_call_id=request.tool_call["id"], name=request.tool_call["name"],
                       status="error")
