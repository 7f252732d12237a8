"""One solution to notebook 03b's exercise: the step guard, a ``@wrap_tool_call`` middleware.

The seed's bot registers every tool with the agent and only *shows* each step its own; a registered tool runs
whenever the model names it (notebook 03 measured that with the rogue model). The guard closes the gap: before a
tool runs it reads ``current_step`` from the state (``"triage"`` when unset), looks up that step's page, and —
if the page does not offer the tool — answers the call itself with an error ``ToolMessage`` the model can read,
instead of calling ``handler`` (which would run the tool).

The solution notebook (``03b_exercise_step_guard_solution.ipynb``) shows this code; a test keeps the two identical.
The kit's own guard (:func:`handoffs.single_agent.middleware.step_guard_middleware`) does the same for any binder.
"""

from __future__ import annotations

from typing import Callable

from langchain.agents.middleware import ToolCallRequest, wrap_tool_call
from langchain.messages import ToolMessage
from langgraph.types import Command

from handoffs.single_agent.steps import STEP_CONFIGS


@wrap_tool_call
def my_step_guard(request: ToolCallRequest, handler: Callable[[ToolCallRequest], ToolMessage | Command]) -> ToolMessage | Command:
    step = request.state.get("current_step", "triage")  # no step yet means the first page
    offered = [t.name for t in STEP_CONFIGS[step]["tools"]]
    name = request.tool_call["name"]
    if name not in offered:  # refuse: answer the call ourselves, and never call handler (which runs the tool)
        return ToolMessage(
            content=f"Refused: {name} is not available in the {step} step. "
                    f"Tools you can use now: {', '.join(offered) or 'none'}.",
            tool_call_id=request.tool_call["id"],
            name=name,
            status="error",
        )
    return handler(request)  # offered in this step: run it
