"""``one_layer``: the kit's own middlewares handed to ``create_agent`` as one middleware, same order, same behaviour.

LangChain 1.5 wraps every middleware's ``wrap_model_call`` / ``wrap_tool_call`` in a LangSmith ``traceable`` span
(``langchain.agents.factory``: ``traceable(name=f"{m.name}.wrap_tool_call", ...)(m.wrap_tool_call)``), and a span
costs about 20 µs a call even with tracing off (it builds a run, reads the function's signature, copies the context).
The support bot's stack — ``apply_step_config``, ``step_guard``, ``side_effects_once``, the recorder — made 17 such
calls a seed-000 conversation where a bare ``create_agent`` with the step middleware and guard makes 7.

:func:`one_layer` composes the hooks of a run of middlewares in plain Python, first one outermost, exactly as
``create_agent`` nests them (``outer(request, lambda r: inner(r, handler))``): a guard that answers for a call
still keeps it from the recorder, the recorder still sees the prompt and tools ``apply_step_config`` put in. So the
agent makes one span per kind of hook, as many as the bare agent. Only middlewares whose hooks return what their
handler gave (or a refusal) may be joined: LangChain unwraps an inner layer's ``ExtendedModelResponse`` before the
outer layer sees it, plain nesting does not — :func:`~handoffs.part1.agent.build_support_agent` joins only the
kit's own middlewares, never a learner's. With LangSmith tracing on, nothing is joined (each middleware keeps its
own span).

What this module is not: it adds no behaviour; graph nodes (``before_model`` etc.) are not its business — a
middleware with a node hook is never joined.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from langchain.agents.middleware import AgentMiddleware

_NODE_HOOKS = ("before_agent", "abefore_agent", "before_model", "abefore_model", "after_model", "aafter_model",
               "after_agent", "aafter_agent")
_WRAP_HOOKS = ("wrap_model_call", "awrap_model_call", "wrap_tool_call", "awrap_tool_call")


def joinable(middleware: AgentMiddleware) -> bool:
    """True when ``middleware`` only wraps calls (no graph node, no tools of its own)."""
    cls = type(middleware)
    return not getattr(middleware, "tools", None) and all(
        getattr(cls, hook) is getattr(AgentMiddleware, hook) for hook in _NODE_HOOKS)


def _overrides(middleware: AgentMiddleware, hook: str) -> bool:
    return getattr(type(middleware), hook) is not getattr(AgentMiddleware, hook)


def _nest(hooks: Sequence[Callable[[Any, Callable], Any]], handler: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``hooks[0](r, lambda r: hooks[1](r, ... handler))``: the first hook outermost."""
    for hook in reversed(hooks):
        handler = (lambda h, inner: lambda request: h(request, inner))(hook, handler)
    return handler


class JoinedMiddleware(AgentMiddleware):
    """Several wrap-only middlewares as one (see the module docstring); ``parts`` keeps them, outermost first."""

    def __init__(self, parts: Sequence[AgentMiddleware], name: str) -> None:
        super().__init__()
        self.parts = tuple(parts)
        self._name = name
        self.state_schema = _schema_of(self.parts) or self.state_schema
        self._model = tuple(p.wrap_model_call for p in self.parts if _overrides(p, "wrap_model_call"))
        self._amodel = tuple(p.awrap_model_call for p in self.parts if _overrides(p, "awrap_model_call"))
        self._tool = tuple(p.wrap_tool_call for p in self.parts if _overrides(p, "wrap_tool_call"))
        self._atool = tuple(p.awrap_tool_call for p in self.parts if _overrides(p, "awrap_tool_call"))

    @property
    def name(self) -> str:
        return self._name

    def wrap_model_call(self, request: Any, handler: Callable) -> Any:
        return _nest(self._model, handler)(request)

    async def awrap_model_call(self, request: Any, handler: Callable) -> Any:
        return await _nest(self._amodel, handler)(request)

    def wrap_tool_call(self, request: Any, handler: Callable) -> Any:
        return _nest(self._tool, handler)(request)

    async def awrap_tool_call(self, request: Any, handler: Callable) -> Any:
        return await _nest(self._atool, handler)(request)


def one_layer(parts: Sequence[AgentMiddleware], name: str) -> list[AgentMiddleware]:
    """``parts`` as one :class:`JoinedMiddleware` named ``name`` — or unchanged when there is one part, when a part
    has a graph-node hook or tools, when the parts do not all implement both the sync and async form of what they
    wrap, or when LangSmith tracing is on."""
    parts = list(parts)
    if len(parts) < 2 or _tracing() or not all(joinable(p) for p in parts) or _schema_of(parts) is False:
        return parts
    for sync, async_ in (("wrap_model_call", "awrap_model_call"), ("wrap_tool_call", "awrap_tool_call")):
        if any(_overrides(p, sync) != _overrides(p, async_) for p in parts):
            return parts  # one calling style only: keep LangChain's own error for the other
    return [JoinedMiddleware(parts, name)]


def _schema_of(parts: Sequence[AgentMiddleware]) -> Any:
    """The one state schema the parts ask for beyond ``AgentState`` (``None``: none; ``False``: several)."""
    default = AgentMiddleware.state_schema  # what a middleware that asks for nothing has (LangChain's default state)
    schemas = {getattr(p, "state_schema", None) for p in parts} - {None, default}
    return next(iter(schemas)) if len(schemas) == 1 else (None if not schemas else False)


def _tracing() -> bool:
    try:
        from langsmith.utils import tracing_is_enabled
    except ImportError:  # pragma: no cover - langsmith comes with langchain
        return False
    try:
        return bool(tracing_is_enabled())
    except Exception:  # noqa: BLE001 - a broken tracing setup is not ours to judge; keep every span
        return True
