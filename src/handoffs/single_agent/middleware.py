"""The two middlewares: one turns the page of the binder, the other enforces it.

``apply_step_config`` (seed 000's middleware, a ``@wrap_model_call``) runs right before every model
call. It

1. reads ``current_step`` from the state ("triage" when unset),
2. looks up that step's prompt and tools in the configs,
3. overrides the request with them,
4. hands the changed request on to the real model call.

``step_guard`` (a ``@wrap_tool_call``) is what seed 000 does *not* have. The seed says that in triage
the model "physically cannot" call ``resolve_billing`` because it is not in its tool list. Measured on
LangChain 1.5, that is false: every tool is registered with the agent, and a registered tool runs if the
model names it — a model that remembers a tool from earlier in the history, a confused model, or a
prompt-injected one. The guard checks each tool call against the *current* step's tools. An out-of-step
call is answered with an error ``ToolMessage`` the model can read ("not available in step ...; the
tools you can use now are ...") and the tool is never executed.

``apply_step_config`` is written as seed 000 writes it: a plain ``@wrap_model_call`` function over the seed's
binder (notebook 02 runs it as a cell a test keeps identical to this one). Steps 1-3 live in
:func:`configure_request`, which the factories share: :func:`step_config_middleware` and
:func:`step_guard_middleware` build the same middlewares for any binder you write (notebook 04), and
:data:`step_guard` is the guard of the seed's binder. The decorators make a middleware for one calling style
only; :func:`_also_async` gives each its async twin, so the agent works with ``invoke`` and with ``ainvoke``
(e.g. a chat backend built with ``use_async=True``).

What this module is not: it holds no step content (see :mod:`handoffs.single_agent.steps`).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from langchain.agents.middleware import AgentMiddleware, ModelRequest, ModelResponse, wrap_model_call, wrap_tool_call
from langchain.messages import SystemMessage, ToolMessage

from handoffs.single_agent.state import SupportState
from handoffs.single_agent.steps import STEP_CONFIGS, StepConfig, config_for, render_prompt, tool_names


def configure_request(request: ModelRequest, configs: Mapping[str, StepConfig]) -> ModelRequest:
    """The same model request, with the current step's prompt and tools (steps 1-3 of seed 000's middleware)."""
    _step, config = config_for(configs, request.state)  # 1-2: read current_step ("triage" if unset), open its page
    return request.override(  # 3: that page's prompt ({issue_type} filled in) and tools, for this one call
        system_message=SystemMessage(content=render_prompt(config["prompt"], request.state)),
        tools=list(config["tools"]),
    )


def step_config_middleware(configs: Mapping[str, StepConfig] = STEP_CONFIGS) -> AgentMiddleware:
    """Seed 000's ``apply_step_config`` for the given configs."""

    @wrap_model_call(state_schema=SupportState)
    def apply_step_config(request: ModelRequest, handler: Callable) -> Any:
        return handler(configure_request(request, configs))

    async def apply_step_config_async(request: ModelRequest, handler: Callable) -> Any:
        return await handler(configure_request(request, configs))

    return _also_async(apply_step_config, "awrap_model_call", apply_step_config_async)


def refusal_for(tool_call: Mapping[str, Any], state: Mapping[str, Any], configs: Mapping[str, StepConfig]) -> ToolMessage | None:
    """The error ``ToolMessage`` for a call the current step does not offer, or ``None`` if it may run."""
    step, config = config_for(configs, state)
    offered = tool_names(config)
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


def step_guard_middleware(configs: Mapping[str, StepConfig] = STEP_CONFIGS) -> AgentMiddleware:
    """A ``@wrap_tool_call`` guard: a tool runs only if the current step offers it."""

    @wrap_tool_call(state_schema=SupportState)
    def step_guard(request: Any, handler: Callable) -> Any:
        refusal = refusal_for(request.tool_call, request.state, configs)
        return refusal if refusal is not None else handler(request)

    async def step_guard_async(request: Any, handler: Callable) -> Any:
        refusal = refusal_for(request.tool_call, request.state, configs)
        return refusal if refusal is not None else await handler(request)

    return _also_async(step_guard, "awrap_tool_call", step_guard_async)


def _also_async(middleware: AgentMiddleware, hook: str, async_func: Callable) -> AgentMiddleware:
    """Give a decorator-made middleware the async version of its hook (its class is its own)."""

    async def hook_method(_self: AgentMiddleware, request: Any, handler: Callable) -> Any:
        return await async_func(request, handler)

    setattr(type(middleware), hook, hook_method)
    return middleware


@wrap_model_call
def apply_step_config(request: ModelRequest, handler: Callable[[ModelRequest], ModelResponse]) -> ModelResponse:
    request = configure_request(request, STEP_CONFIGS)  # 1-3: read current_step, look up its page, swap prompt + tools
    return handler(request)  # 4: the real model call, with this step's script


async def _apply_step_config_async(request: ModelRequest, handler: Callable) -> Any:
    return await handler(configure_request(request, STEP_CONFIGS))


_also_async(apply_step_config, "awrap_model_call", _apply_step_config_async)

#: The guard for the seed's binder.
step_guard = step_guard_middleware(STEP_CONFIGS)

