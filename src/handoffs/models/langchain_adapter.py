"""The offline model as a LangChain chat model: ``OfflineChatModel``.

A real ``BaseChatModel``: ``bind_tools`` records the tools offered for the call (as OpenAI-style JSON schemas,
exactly what a hosted model would receive), ``invoke``/``ainvoke`` return an ``AIMessage`` with ``tool_calls``,
``stream``/``astream`` yield ``AIMessageChunk`` pieces (text word by word, then the tool calls), and every
message carries ``usage_metadata`` and ``response_metadata = {"model_name": "handoffs-offline", "reason": ...,
"token_method": ...}``. The decision itself is made by ``core.decide`` (or the script / rogue mode).

Plumbing kept cheap (issue 23): a tool's OpenAI schema is built once per tool object and reused while the tool's
name, description and argument schema stay the same (``bind_tools`` runs before every model call, because a step
middleware offers each call its own tools; ``convert_to_openai_tool`` builds a pydantic JSON schema each time).
Such a remembered schema is read as the same ``ToolSpec`` on every call, so what the model works out from a tool
(its routing profile, its schema key, its token count: ``ToolSpec.derived``) is worked out once, not per call; a
step's tools bound again give the same binding, and its list of schemas is checked as one (:func:`offered_specs`). A
customer's, system or tool message is read once per text (:func:`to_neutral`), not on every call that resends the
history. A request met again (every message and tool the same) is answered from the engine's memo
(:meth:`~handoffs.models.engine.OfflineEngine.answer`): only the model's own messages' conversion and a fresh
``AIMessage`` remain.

Not here: any network, any API key, any learned weights.
"""

from __future__ import annotations

import json
import marshal
from typing import Any, AsyncIterator, Callable, Iterator, Mapping, Sequence

from langchain_core.callbacks import AsyncCallbackManagerForLLMRun, CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel, LangSmithParams
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage, ToolMessage
from langchain_core.outputs import ChatGenerationChunk, ChatResult
from langchain_core.runnables import Runnable
from langchain_core.tools import BaseTool
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import ConfigDict, PrivateAttr

from .engine import MODEL_NAME, OfflineEngine, stream_pieces
from .langchain_results import ai_message, chat_result
from .types import Decision, Message, ToolCall, ToolSpec, remembered_spec


def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    parts = []
    for block in content or []:
        if isinstance(block, str):
            parts.append(block)
        elif isinstance(block, Mapping) and block.get("type") == "text":
            parts.append(str(block.get("text", "")))
    return "".join(parts)


def to_neutral(message: BaseMessage) -> Message:
    """A LangChain message as the offline model reads it.

    An agent sends its whole history again on every model call, and building a ``Message`` (a frozen dataclass) costs
    more than looking one up: a customer's, system or tool message whose content is a plain ``str`` reads the same
    whenever its text (and, for a tool result, its tool name, call id and status) is the same, so its reading is kept
    under those values (never under the message object, which may be edited). The model's own messages (their tool
    calls hold argument dicts) are read every time."""
    kind = message.type
    content = message.content
    if type(content) is str:
        if kind == "human" or kind == "system":
            key: Any = (kind, content)
        elif kind == "tool":
            key = (content, message.name, message.tool_call_id, message.status == "error")
        else:
            return _read(message)
        found = _READ.get(key)
        if found is None:
            if len(_READ) >= _READ_KEPT:
                _READ.clear()
            found = _READ[key] = _read(message)
        return found
    return _read(message)


_READ: dict[tuple, Message] = {}  # (kind, text) or (text, tool, call id, is error) -> the reading
_READ_KEPT = 4096  # readings kept; all are forgotten beyond this


def _read(message: BaseMessage) -> Message:
    kind = message.type
    if kind == "human":  # the usual kinds by their type first: isinstance of a pydantic class is slow
        return Message("user", _text_of(message.content))
    if kind == "system":
        return Message("system", _text_of(message.content))
    if kind == "ai":
        calls = tuple(ToolCall(c.get("id") or "", c["name"], dict(c.get("args") or {}))
                      for c in getattr(message, "tool_calls", []) or [])
        return Message("assistant", _text_of(message.content), calls)
    if kind == "tool" or isinstance(message, ToolMessage):
        return Message("tool", _text_of(message.content), name=message.name, tool_call_id=message.tool_call_id,
                       is_error=message.status == "error")
    return Message("user", _text_of(message.content))


_SCHEMAS: dict[int, tuple[Any, tuple[Any, Any, Any], dict[str, Any]]] = {}  # id(tool) -> (tool, identity, schema)
_SCHEMAS_KEPT = 512  # schemas remembered; the oldest half is forgotten beyond this (notebooks make tools in loops)


def openai_schema(tool: Any) -> dict[str, Any]:
    """``convert_to_openai_tool(tool)``, remembered per tool object while its name, description and argument
    schema are unchanged. Dicts, functions and classes are converted every time (cheap, or not worth keying)."""
    if not isinstance(tool, BaseTool):
        return convert_to_openai_tool(tool)
    identity = (tool.name, tool.description, tool.args_schema)
    kept = _SCHEMAS.get(id(tool))
    if kept is not None and kept[0] is tool and kept[1] == identity:
        return kept[2]
    schema = convert_to_openai_tool(tool)
    if len(_SCHEMAS) >= _SCHEMAS_KEPT:
        for key in list(_SCHEMAS)[: _SCHEMAS_KEPT // 2]:
            del _SCHEMAS[key]
    _SCHEMAS[id(tool)] = (tool, identity, schema)
    return schema


def tool_spec(schema: Mapping[str, Any]) -> ToolSpec:
    """An OpenAI-style tool schema (``{"type": "function", "function": {...}}``) as a ToolSpec."""
    function = schema.get("function", schema)
    return ToolSpec(function["name"], function.get("description", "") or "",
                    function.get("parameters") or {"type": "object", "properties": {}})


def offered_spec(schema: Mapping[str, Any]) -> ToolSpec:
    """:func:`tool_spec` of a schema a model call was offered, the same spec while the schema is unchanged."""
    return remembered_spec(schema, tool_spec)


def offered_specs(tools: Sequence[Mapping[str, Any]] | None) -> list[ToolSpec]:
    """:func:`offered_spec` of each schema of a call, checked as one: a binding made by :meth:`OfflineChatModel.bind_tools`
    hands every call of a step the same list, so the list is checked once (its ``marshal`` bytes, as
    :func:`~handoffs.models.types.remembered_spec` checks a schema) instead of each schema in it."""
    if not tools:
        return []
    if type(tools) is not list:
        return [offered_spec(t) for t in tools]
    try:
        written = marshal.dumps(tools, 2)
    except ValueError:  # a value marshal cannot write: each schema on its own
        return [offered_spec(t) for t in tools]
    kept = _OFFERED.get(id(tools))
    if kept is not None and kept[0] is tools and kept[1] == written:
        return list(kept[2])
    specs = [offered_spec(t) for t in tools]
    if len(_OFFERED) >= _SCHEMAS_KEPT:
        _OFFERED.clear()
    _OFFERED[id(tools)] = (tools, written, tuple(specs))
    return specs


_OFFERED: dict[int, tuple[list, bytes, tuple[ToolSpec, ...]]] = {}  # id(tools list) -> (it, its bytes, its specs)


_BINDINGS_KEPT = 64  # bindings a model keeps (one per set of tools it is offered); all are forgotten beyond this


class OfflineChatModel(BaseChatModel):
    """The kit's deterministic offline chat model (see ``handoffs.models`` for the modes)."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    script: list[Any] | None = None
    """Exact replies, one per call: text, ``{"tool": name, "args": {...}}`` or a list of such (parallel calls)."""
    rogue: Any = None
    """A tool name (or ``{"tool", "args", "when_prompt_contains"}``) to call once where it is NOT offered."""
    model_name: str = MODEL_NAME
    _engine: OfflineEngine = PrivateAttr()
    _bound: dict[tuple[int, ...], tuple[list, Runnable]] = PrivateAttr(default_factory=dict)  # see bind_tools

    def model_post_init(self, context: Any) -> None:
        self._engine = OfflineEngine(self.script, self.rogue)

    @property
    def _llm_type(self) -> str:
        return MODEL_NAME

    @property
    def _identifying_params(self) -> dict[str, Any]:
        return {"model_name": self.model_name, "mode": self.__pydantic_private__["_engine"].mode}

    @property
    def mode(self) -> str:
        return self._engine.mode

    def _get_ls_params(self, stop: list[str] | None = None, **kwargs: Any) -> LangSmithParams:
        """What ``BaseChatModel._get_ls_params`` gives, without asking this model for the ``model``, ``temperature``
        and ``max_tokens`` fields it does not have (each a pydantic ``__getattr__`` and a raised ``AttributeError``,
        ~6 us, three on every model call). A subclass gets the default."""
        if type(self) is not OfflineChatModel:
            return super()._get_ls_params(stop=stop, **kwargs)
        params = LangSmithParams(ls_provider="offlinechatmodel", ls_model_type="chat")
        if stop:
            params["ls_stop"] = stop
        model = kwargs.get("model")
        params["ls_model_name"] = model if isinstance(model, str) else self.model_name
        if isinstance(kwargs.get("temperature"), (int, float)):
            params["ls_temperature"] = kwargs["temperature"]
        if isinstance(kwargs.get("max_tokens"), int):
            params["ls_max_tokens"] = kwargs["max_tokens"]
        return params

    def reset_script(self) -> None:
        if self._engine.script is not None:
            self._engine.script.reset()

    def bind_tools(self, tools: Sequence[dict[str, Any] | type | Callable | BaseTool], *,
                   tool_choice: str | None = None, **kwargs: Any) -> Runnable:
        formatted = [openai_schema(t) for t in tools]
        if tool_choice is not None or kwargs:
            if tool_choice is not None:
                kwargs["tool_choice"] = tool_choice
            return self.bind(tools=formatted, **kwargs)
        # the same schemas as a call before (a step's tools, remembered by openai_schema): the same binding
        bound = self.__pydantic_private__["_bound"]  # (``self._bound`` is pydantic's slow private-attribute path)
        key = tuple(map(id, formatted))
        kept = bound.get(key)
        if kept is not None and all(a is b for a, b in zip(kept[0], formatted)):
            return kept[1]
        if len(bound) >= _BINDINGS_KEPT:
            bound.clear()
        binding = self.bind(tools=formatted)
        bound[key] = (formatted, binding)
        return binding

    def _decide(self, messages: list[BaseMessage], tools: Sequence[Mapping[str, Any]] | None) -> AIMessage:
        engine = self.__pydantic_private__["_engine"]  # ``self._engine`` is pydantic's slow private-attribute path
        decision, usage = engine.answer([to_neutral(m) for m in messages], offered_specs(tools))
        return ai_message(
            decision.text,
            [{"name": c.name, "args": dict(c.arguments), "id": c.id, "type": "tool_call"} for c in decision.tool_calls],
            self._metadata(decision, usage.method, engine.mode),
            {"input_tokens": usage.input_tokens, "output_tokens": usage.output_tokens,
             "total_tokens": usage.total_tokens},
        )

    def _metadata(self, decision: Decision, method: str, mode: str) -> dict[str, Any]:
        return {"model_name": self.model_name, "reason": decision.reason, "mode": mode,
                "finish_reason": "tool_calls" if decision.tool_calls else "stop", "token_method": method}

    def _generate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                  run_manager: CallbackManagerForLLMRun | None = None, **kwargs: Any) -> ChatResult:
        return chat_result(self._decide(messages, kwargs.get("tools")))

    async def _agenerate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                         run_manager: AsyncCallbackManagerForLLMRun | None = None, **kwargs: Any) -> ChatResult:
        return self._generate(messages, stop, **kwargs)

    def _chunks(self, message: AIMessage) -> Iterator[AIMessageChunk]:
        for piece in stream_pieces(message.content if isinstance(message.content, str) else ""):
            yield AIMessageChunk(content=piece, id=message.id)
        last = AIMessageChunk(
            content="",
            tool_call_chunks=[{"name": c["name"], "args": json.dumps(c["args"], sort_keys=True), "id": c["id"],
                               "index": i, "type": "tool_call_chunk"} for i, c in enumerate(message.tool_calls)],
            response_metadata=message.response_metadata,
            usage_metadata=message.usage_metadata,
            chunk_position="last",
        )
        yield last

    def _stream(self, messages: list[BaseMessage], stop: list[str] | None = None,
                run_manager: CallbackManagerForLLMRun | None = None, **kwargs: Any) -> Iterator[ChatGenerationChunk]:
        for chunk in self._chunks(self._decide(messages, kwargs.get("tools"))):
            if run_manager and chunk.content:
                run_manager.on_llm_new_token(chunk.content, chunk=ChatGenerationChunk(message=chunk))
            yield ChatGenerationChunk(message=chunk)

    async def _astream(self, messages: list[BaseMessage], stop: list[str] | None = None,
                       run_manager: AsyncCallbackManagerForLLMRun | None = None,
                       **kwargs: Any) -> AsyncIterator[ChatGenerationChunk]:
        for chunk in self._chunks(self._decide(messages, kwargs.get("tools"))):
            if run_manager and chunk.content:
                await run_manager.on_llm_new_token(chunk.content, chunk=ChatGenerationChunk(message=chunk))
            yield ChatGenerationChunk(message=chunk)
