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

The guard also keeps **side effects once** (:mod:`handoffs.idempotency`). A call is not run, and the model reads
why, when

* an earlier call of the *same response* turned the page (``end_conversation`` then ``resolve_other``: the second
  call was chosen for a page that is no longer open — LangGraph runs both calls of a response from the same state);
* the same tool with the same arguments was already called earlier in the same response
  (``[resolve_billing, resolve_billing]``);
* it already ran, successfully, earlier in this conversation with the same idempotency key (a message sent twice):
  the model gets the first result back.

Both are built by factories taking the configs, so the same code serves the seed's bot
(:data:`apply_step_config`, :data:`step_guard`) and any binder you write (notebook 04). The decorators
make a middleware for one calling style only; :func:`_also_async` gives each its async twin, so the agent
works with ``invoke`` and with ``ainvoke`` (e.g. a chat backend built with ``use_async=True``).

What this module is not: it holds no step content (see :mod:`handoffs.single_agent.steps`).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from langchain.agents.middleware import AgentMiddleware, ModelRequest, wrap_model_call, wrap_tool_call
from langchain.messages import SystemMessage, ToolMessage

from handoffs.idempotency import TEXTS as ONCE_TEXTS
from handoffs.idempotency import effect_identity, key_fields, repeat_note
from handoffs.single_agent.state import SupportState
from handoffs.single_agent.steps import STEP_CONFIGS, StepConfig, config_for, render_prompt, tool_names


def configure_request(request: ModelRequest, configs: Mapping[str, StepConfig]) -> ModelRequest:
    """The same model request, with the current step's prompt and tools (steps 1-3 above)."""
    _step, config = config_for(configs, request.state)
    return request.override(
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
    """The error ``ToolMessage`` for a call that must not run (out of step, or a repeat), or ``None`` if it may run."""
    step, config = config_for(configs, state)
    offered = tool_names(config)
    if tool_call["name"] not in offered:
        allowed = ", ".join(offered) if offered else "none (this step has no tools)"
        return _refusal(tool_call, f"Refused: the tool '{tool_call['name']}' is not available in the '{step}' step, "
                                   f"so it was not run. Tools you can use now: {allowed}.")
    note = _once_note(tool_call, state, config)
    return _refusal(tool_call, note) if note else None


def _refusal(tool_call: Mapping[str, Any], text: str) -> ToolMessage:
    return ToolMessage(content=text, tool_call_id=tool_call["id"], name=tool_call["name"], status="error")


def _once_note(tool_call: Mapping[str, Any], state: Mapping[str, Any], config: Mapping[str, Any]) -> str | None:
    """Why this call must not run (see "side effects once" in the module docstring), or None."""
    messages = list(state.get("messages") or [])
    position = next((i for i in range(len(messages) - 1, -1, -1)
                     if any(c.get("id") == tool_call["id"] for c in getattr(messages[i], "tool_calls", None) or [])), None)
    if position is None:
        return None
    calls = messages[position].tool_calls
    earlier = calls[: next(i for i, c in enumerate(calls) if c.get("id") == tool_call["id"])]
    page_turns = config.get("handoffs", {})
    for call in earlier:
        if call["name"] in page_turns:
            return ONCE_TEXTS["after_handoff"].format(earlier=call["name"], step=page_turns[call["name"]])
        if call["name"] == tool_call["name"] and call.get("args") == tool_call.get("args"):
            return ONCE_TEXTS["same_response"].format(tool=tool_call["name"])
    return _earlier_result(tool_call, messages[:position])


def _earlier_result(tool_call: Mapping[str, Any], history: list[Any]) -> str | None:
    """The first result of a call with the same idempotency key that already ran in this thread, as a note."""
    fields = key_fields(tool_call["name"])

    def identity(call: Mapping[str, Any], before: int) -> str:
        said = [m.text for m in history[:before] if getattr(m, "type", "") == "human"]
        return effect_identity(call["name"], call.get("args") or {}, fields, said[-1] if said else "")

    wanted = identity(tool_call, len(history))
    ran = {m.tool_call_id: m for m in history if getattr(m, "type", "") == "tool" and getattr(m, "status", "") != "error"}
    for index, message in enumerate(history):
        for call in getattr(message, "tool_calls", None) or []:
            if call.get("id") in ran and call["name"] == tool_call["name"] and identity(call, index) == wanted:
                return repeat_note(tool_call["name"], wanted, str(ran[call["id"]].content))
    return None


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


#: The seed's middleware for the seed's binder.
apply_step_config = step_config_middleware(STEP_CONFIGS)

#: The guard for the seed's binder.
step_guard = step_guard_middleware(STEP_CONFIGS)

