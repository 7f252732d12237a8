"""``build_support_agent``: seed 000's support bot as one ``create_agent`` call.

Everything the bot is lives in the other modules; this one only plugs them together::

    create_agent(
        model,
        tools=all_tools(step_table),          # every tool any step may offer MUST be registered
        middleware=[apply_step_config,     # the current step's prompt + tools, before each model call
                    step_guard,            # refuses tools the current step does not offer
                    side_effects_once,     # refuses a call that would repeat a side effect
                    *middleware,           # optional: yours (e.g. the guard you write in notebook 03b)
                    <recorder>],           # optional: sees what the model saw, and every tool result
        state_schema=SupportState,
        checkpointer=checkpointer,         # memory between invoke() calls (same thread_id)
    )

The middleware order matters: the first one wraps all the others. The kit's own middlewares (all but yours) go to
``create_agent`` joined as one layer in that same order (:mod:`handoffs.part1.layers`: LangChain times every layer
with a LangSmith span, ~20 µs a call even with tracing off). ``apply_step_config`` comes first and
the recorder last, so the recorder sees the prompt and tools the model *really* got. The guard sits
outside the recorder: a call it refuses never reaches the recorder's tool hook, which is how the recorder
tells a refused call (its error message reached the model, the tool never ran) from one that ran. So does
``side_effects_once`` (:mod:`handoffs.part1.once`): a refund asked for twice is refunded once.

``model=None`` means the kit's default model: ``handoffs.models.chat_model()`` (the offline model unless
``HANDOFFS_MODEL`` names a real one).

What this module is not: it does not run conversations (see :func:`ask` for the one-liner notebooks use).
"""

from __future__ import annotations

import uuid
from typing import Any, Mapping, Sequence

from langchain.agents import create_agent
from langchain.agents.middleware import AgentMiddleware
from langchain_core.language_models import BaseChatModel

from handoffs.part1.layers import one_layer
from handoffs.part1.memory import sqlite_memory
from handoffs.part1.middleware import apply_step_config_for, step_guard_middleware
from handoffs.part1.once import side_effects_once_middleware
from handoffs.part1.state import FIRST_STEP, SupportState
from handoffs.part1.steps import STEP_TABLE, Step, all_tools, with_tools
from handoffs.text_safety import readable

__all__ = ["ask", "build_support_agent", "default_model", "last_reply", "new_thread", "sqlite_memory"]


def default_model() -> BaseChatModel:
    """The kit's default chat model: ``handoffs.models.chat_model()`` — offline unless ``HANDOFFS_MODEL`` says otherwise."""
    from handoffs.models import chat_model

    return chat_model()


def build_support_agent(
    model: BaseChatModel | None = None,
    *,
    checkpointer: Any = None,
    guard: bool = True,
    recorder: Any = None,
    step_table: Mapping[str, Step] = STEP_TABLE,
    name: str = "support_bot",
    middleware: Sequence[AgentMiddleware] = (),
) -> Any:
    """Seed 000's support bot: one agent whose prompt and tools follow ``state["current_step"]``.

    Args:
        model: a LangChain chat model with ``bind_tools``; ``None`` uses :func:`default_model`.
        checkpointer: e.g. ``InMemorySaver()`` or ``SqliteSaver`` — keeps the state between ``invoke`` calls
            that pass the same ``{"configurable": {"thread_id": ...}}``.
        guard: ``False`` builds the bot exactly as the seed does, without the step guard and without
            ``side_effects_once`` (to see the gaps).
        recorder: a ``handoffs.recorder.RunRecorder``; its LangChain middleware records every model call
            (prompt, tools offered, reply and its reason) and every tool call.
        step_table: the step table (step -> prompt, tools); defaults to the seed's three steps. Tools may be
            plain functions (each becomes one tool).
        name: the agent's name (shown by the recorder and in the graph).
        middleware: more middleware, inside the step guard and outside the recorder.
    """
    if FIRST_STEP not in step_table:
        raise ValueError(f"The step_table need a {FIRST_STEP!r} step (the first step); they have: {', '.join(step_table)}.")
    step_table = with_tools(step_table)
    kit = [apply_step_config_for(step_table)]
    if guard:
        kit += [step_guard_middleware(step_table), side_effects_once_middleware(step_table)]
    recording = [recorder.langchain_middleware(default_step=FIRST_STEP)] if recorder is not None else []
    # the kit's own middlewares as one layer, same order (see handoffs.part1.layers); a learner's stay their own
    stack = (one_layer(kit, "support_bot_kit") + list(middleware) + recording if middleware
             else one_layer(kit + recording, "support_bot_kit"))
    return create_agent(
        model if model is not None else default_model(),
        tools=all_tools(step_table),
        middleware=stack,
        state_schema=SupportState,
        checkpointer=checkpointer,
        name=name,
    )


def new_thread() -> dict[str, Any]:
    """A run config with a fresh thread id (one conversation in a checkpointer)."""
    return {"configurable": {"thread_id": f"support-{uuid.uuid4().hex[:8]}"}}


def ask(agent: Any, text: str, config: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Send one user message and return the agent's state after it answered.

    With a checkpointer pass the same ``config`` (see :func:`new_thread`) to continue a conversation. With
    :func:`sqlite_memory` the turn holds that conversation's lock: a second process on the same file and thread
    waits, then continues from this turn (see :mod:`handoffs.part1.memory`).
    """
    payload = {"messages": [{"role": "user", "content": readable(text)}]}
    config = dict(config or {})
    turn = getattr(getattr(agent, "checkpointer", None), "turn", None)
    thread_id = (config.get("configurable") or {}).get("thread_id")
    if turn is None or thread_id is None:
        return agent.invoke(payload, config=config)
    with turn(str(thread_id)):
        return agent.invoke(payload, config=config)


def last_reply(state: Mapping[str, Any]) -> str:
    """The text of the last message the assistant wrote in a state."""
    for message in reversed(state["messages"]):
        if getattr(message, "type", "") == "ai" and message.text:
            return message.text
    return ""
