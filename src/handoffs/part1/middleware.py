"""The two middlewares: one gives the model the current step's prompt and tools, the other enforces them.

``apply_step_config`` (seed 000's middleware, a ``@wrap_model_call``) runs right before every model
call. It

1. reads ``current_step`` from the state ("triage" when unset),
2. looks up that step in the step table,
3. overrides the request with the step's prompt and tools,
4. hands the changed request on to the real model call.

It is lesson code: notebook 02 writes ``configure_request`` (steps 1-3) and ``apply_step_config`` in cells, and this
module takes them from there (:func:`handoffs.lessons.load`) — there is no second copy. The factories
:func:`apply_step_config_for` and :func:`step_guard_middleware` build the same middlewares for any step table
(notebook 04's, Part 3's one-agent design's).

``step_guard`` (a ``@wrap_tool_call``) is what seed 000 does *not* have. The seed says that in triage
the model "physically cannot" call ``resolve_billing`` because it is not in its tool list. Measured on
LangChain 1.5, that is false: every tool is registered with the agent, and a registered tool runs if the
model names it — a model that remembers a tool from earlier in the history, a confused model, or a
prompt-injected one. The guard checks each tool call against the *current* step's tools. An out-of-step
call is answered with an error ``ToolMessage`` the model can read ("not available in step ...; the
tools you can use now are ...") and the tool is never executed. :data:`step_guard` is the guard of the seed's
step table. The decorators make a middleware for one calling style only; :func:`_also_async` gives each its async
twin, so the agent works with ``invoke`` and with ``ainvoke`` (e.g. a chat backend built with ``use_async=True``).

What this module is not: it holds no step content (see :mod:`handoffs.part1.steps`).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from langchain.agents.middleware import AgentMiddleware, ModelRequest, ModelResponse, wrap_model_call, wrap_tool_call
from langchain.messages import ToolMessage

from handoffs.lessons import load
from handoffs.part1.state import LESSON, SupportState
from handoffs.part1.steps import STEP_TABLE, Step, step_for, tool_names


_LESSON = load(LESSON)  # notebook 02's lesson cells: configure_request and apply_step_config are written there
configure_request = _LESSON.configure_request


def apply_step_config_for(step_table: Mapping[str, Step] = STEP_TABLE) -> AgentMiddleware:
    """Seed 000's ``apply_step_config`` for the given step table (the same middleware, same name, any table)."""

    @wrap_model_call(state_schema=SupportState)
    def apply_step_config(request: ModelRequest, handler: Callable) -> Any:
        return handler(configure_request(request, step_table))

    async def async_twin(request: ModelRequest, handler: Callable) -> Any:
        return await handler(configure_request(request, step_table))

    return _also_async(apply_step_config, "awrap_model_call", async_twin)


def refusal_for(tool_call: Mapping[str, Any], state: Mapping[str, Any], step_table: Mapping[str, Step]) -> ToolMessage | None:
    """The error ``ToolMessage`` for a call the current step does not offer, or ``None`` if it may run."""
    step, entry = step_for(step_table, state)
    offered = tool_names(entry)
    if tool_call["name"] in offered:
        return None
    allowed = ", ".join(offered) if offered else "none (this step has no tools)"
    return ToolMessage(
        content=(
            f"Refused: the tool '{tool_call['name']}' is not available in the '{step}' step, so it was not run. "
            f"Tools you can use now: {allowed}."
        ),
        tool_call_id=tool_call["id"],
        name=tool_call["name"],
        status="error",
    )


def step_guard_middleware(step_table: Mapping[str, Step] = STEP_TABLE) -> AgentMiddleware:
    """A ``@wrap_tool_call`` guard: a tool runs only if the current step offers it."""

    @wrap_tool_call(state_schema=SupportState)
    def step_guard(request: Any, handler: Callable) -> Any:
        refusal = refusal_for(request.tool_call, request.state, step_table)
        return refusal if refusal is not None else handler(request)

    async def step_guard_async(request: Any, handler: Callable) -> Any:
        refusal = refusal_for(request.tool_call, request.state, step_table)
        return refusal if refusal is not None else await handler(request)

    return _also_async(step_guard, "awrap_tool_call", step_guard_async)


def _also_async(middleware: AgentMiddleware, hook: str, async_func: Callable) -> AgentMiddleware:
    """Give a decorator-made middleware the async version of its hook (its class is its own)."""

    async def hook_method(_self: AgentMiddleware, request: Any, handler: Callable) -> Any:
        return await async_func(request, handler)

    setattr(type(middleware), hook, hook_method)
    return middleware


#: Seed 000's middleware over the seed's step table: notebook 02's ``apply_step_config`` cell, given its async twin.
apply_step_config = _LESSON.apply_step_config


async def _apply_step_config_async(request: ModelRequest, handler: Callable) -> Any:
    return await handler(configure_request(request, _LESSON.STEP_TABLE))


_also_async(apply_step_config, "awrap_model_call", _apply_step_config_async)

#: The guard for the seed's step table.
step_guard = step_guard_middleware(STEP_TABLE)

