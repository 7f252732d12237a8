"""The offline model as an AutoGen ``ChatCompletionClient``: ``OfflineModelClient``.

It implements the whole interface — ``create``, ``create_stream`` (string pieces, then a ``CreateResult``),
``actual_usage``, ``total_usage``, ``count_tokens``, ``remaining_tokens``, ``close``, ``model_info`` (with
``function_calling=True``, so AgentChat accepts handoffs) and ``capabilities`` — and answers with
``CreateResult(content=str | list[FunctionCall], thought=<the reason>)``. The decision is ``core.decide`` (or the
script / rogue mode, like ``ReplayChatCompletionClient``). A team resends the whole history on every call: a
system, user, tool-result or the model's own message is read once per text (:data:`_READ`), each tool's schema once
per tool object.

Not here: any network, any API key, any learned weights.
"""

from __future__ import annotations

import json
import weakref
from collections import abc
from functools import lru_cache
from typing import Any, AsyncGenerator, Literal, Mapping, Optional, Sequence, Union

from autogen_core import CancellationToken, FunctionCall
from autogen_core.models import (
    AssistantMessage,
    ChatCompletionClient,
    CreateResult,
    FunctionExecutionResultMessage,
    LLMMessage,
    ModelCapabilities,
    ModelInfo,
    RequestUsage,
    SystemMessage,
    UserMessage,
)
from autogen_core.tools import Tool, ToolSchema
from pydantic import BaseModel

from .built import state, written
from .engine import MODEL_NAME, OfflineEngine, stream_pieces
from .memo import TEXTS_KEPT
from .types import Decision, Message, ToolCall, ToolSpec, remembered_spec

CONTEXT_WINDOW = 128_000
OFFLINE_MODEL_INFO = ModelInfo(vision=False, function_calling=True, json_output=False, family="unknown",
                               structured_output=False, multiple_system_messages=True)


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    return "".join(part for part in content or [] if isinstance(part, str))


def _system(message: Any) -> list[Message]:
    content = message.content
    if type(content) is str:
        return [_READ.get(("system", content)) or _keep(("system", content), Message("system", content))]
    return [Message("system", content)]


def _user(message: Any) -> list[Message]:
    content = message.content
    if type(content) is str:
        return [_READ.get(("user", content)) or _keep(("user", content), Message("user", content))]
    return [Message("user", _text(content))]


def _assistant(message: Any) -> list[Message]:
    """The model's own message: its text, or its calls (each arguments JSON text parsed). Kept by those values when
    they are texts (an AutoGen call carries its arguments as JSON text, never as a dict a caller could edit): a team
    resends every earlier call of the conversation on each model call."""
    content = message.content
    if type(content) is str:
        return [_READ.get(("assistant", content)) or _keep(("assistant", content), Message("assistant", content))]
    if isinstance(content, list):
        key = ("calls", tuple((c.id, c.name, c.arguments) for c in content))
        kept = all(type(part) is str for call in key[1] for part in call)
        found = _READ.get(key) if kept else None
        if found is None:
            calls = tuple(ToolCall(c.id, c.name, _arguments_of(c.arguments or "{}")) for c in content)
            found = Message("assistant", "", calls)
            if kept:
                _keep(key, found)
        return [found]
    return [Message("assistant", content)]


def _results(message: Any) -> list[Message]:
    out = []
    for result in message.content:
        kept = type(result.content) is str  # a text result's reading is kept (see _READ)
        key = ("tool", result.content, result.name, result.call_id, bool(result.is_error)) if kept else ()
        found = _READ.get(key) if kept else None
        if found is None:
            found = Message("tool", result.content, name=result.name, tool_call_id=result.call_id,
                            is_error=bool(result.is_error))
            if kept:
                _keep(key, found)
        out.append(found)
    return out


#: readings of messages by their values (text; for a result also tool, call id and error flag; for the model's own calls
#: each call's id, name and arguments JSON text): a team resends the whole history on every model call, and building a
#: Message costs more than looking it up. Keyed by values, never by the message object.
_READ: dict[tuple, Message] = {}
_READ_KEPT = TEXTS_KEPT  # readings kept; all are forgotten beyond this (see .memo)


def _keep(key: tuple, reading: Message) -> Message:
    if len(_READ) >= _READ_KEPT:
        _READ.clear()
    _READ[key] = reading
    return reading


_CONVERTERS = ((SystemMessage, _system), (UserMessage, _user), (AssistantMessage, _assistant),
               (FunctionExecutionResultMessage, _results))
_BY_CLASS = dict(_CONVERTERS)  # the exact classes, looked up: isinstance of a pydantic model class is slow


def to_neutral(messages: Sequence[LLMMessage]) -> list[Message]:
    """AutoGen messages as the offline model reads them (one tool message per function result)."""
    out: list[Message] = []
    for message in messages:
        convert = _BY_CLASS.get(type(message))
        if convert is None:  # a subclass (or not a message: left out)
            convert = next((c for kind, c in _CONVERTERS if isinstance(message, kind)), None)
            if convert is None:
                continue
        out += convert(message)
    return out


def _arguments_of(text: str) -> Any:
    """``json.loads`` of a call's arguments, remembered (the history's calls are parsed again on every model call);
    a dict comes back as a copy of its own."""
    parsed = _parsed_arguments(text)
    return dict(parsed) if isinstance(parsed, dict) else parsed


@lru_cache(maxsize=TEXTS_KEPT)
def _parsed_arguments(text: str) -> Any:
    return json.loads(text)


_SCHEMAS: "weakref.WeakKeyDictionary[Any, tuple[str, str, Mapping[str, Any]]]" = weakref.WeakKeyDictionary()


def _schema_of(tool: Tool) -> Mapping[str, Any]:
    """``tool.schema``, built once per tool object: a ``FunctionTool`` builds it from its pydantic model on every read
    (~0.3 ms). Built again if the tool's name or description changed since."""
    try:
        name, description, schema = _SCHEMAS[tool]
    except (KeyError, TypeError):
        name, description, schema = "", "", None
    if schema is None or (name, description) != (tool.name, tool.description):
        schema = tool.schema
        try:
            _SCHEMAS[tool] = (tool.name, tool.description, schema)
        except TypeError:  # not weakly referable or not hashable: read it every time
            pass
    return schema


def _spec_of(schema: Mapping[str, Any]) -> ToolSpec:
    return ToolSpec(schema["name"], schema.get("description", "") or "",
                    schema.get("parameters") or {"type": "object", "properties": {}})


def tool_specs(tools: Sequence[Tool | ToolSchema]) -> list[ToolSpec]:
    # Mapping first: isinstance(x, Tool) checks a runtime Protocol (~38 us on Python 3.11), and agents pass schemas
    # (a ToolSchema is a plain dict: asked by its type before ABCMeta's isinstance)
    return [remembered_spec(tool if type(tool) is dict or isinstance(tool, abc.Mapping) else _schema_of(tool), _spec_of)
            for tool in tools]


def create_result(finish_reason: str, content: "str | list[FunctionCall]", usage: RequestUsage,
                  thought: str) -> CreateResult:
    """``CreateResult(finish_reason=..., content=..., usage=..., cached=False, thought=...)`` of the decision's own
    values (a ``str`` content or a new list of ``FunctionCall``), written directly (:mod:`~handoffs.models.built`):
    validating them again costs as much as the rest of a remembered decision. The validating way when the installed
    autogen-core builds it otherwise (:func:`_built_alike`)."""
    if _built_alike() and type(thought) is str and (type(content) is str or type(content) is list):
        return written(CreateResult, {"finish_reason": finish_reason, "content": content, "usage": usage,
                                      "cached": False, "logprobs": None, "thought": thought},
                       {"finish_reason", "content", "usage", "cached", "thought"}, None)
    return CreateResult(finish_reason=finish_reason, content=content, usage=usage, cached=False, thought=thought)


@lru_cache(maxsize=1)
def _built_alike() -> bool:
    """Does writing a CreateResult give what validating it gives, in this autogen-core? (Once a process.)"""
    try:
        usage = RequestUsage(prompt_tokens=1, completion_tokens=2)
        for reason, content in (("stop", "a b"), ("function_calls", [FunctionCall(id="c", name="t", arguments="{}")])):
            validated = CreateResult(finish_reason=reason, content=content, usage=usage, cached=False, thought="r")
            direct = written(CreateResult, {"finish_reason": reason, "content": content, "usage": usage,
                                            "cached": False, "logprobs": None, "thought": "r"},
                             {"finish_reason", "content", "usage", "cached", "thought"}, None)
            if state(validated) != state(direct) or validated.usage is not usage:
                return False
        return True
    except Exception:  # another autogen-core: validate
        return False


class OfflineModelClient(ChatCompletionClient):
    """The kit's deterministic offline model for AutoGen (see ``handoffs.models`` for the modes)."""

    def __init__(self, script: Sequence[Any] | None = None, rogue: Any = None,
                 model_info: Optional[ModelInfo] = None) -> None:
        self._engine = OfflineEngine(script, rogue)
        self._model_info = model_info or OFFLINE_MODEL_INFO
        self._last_usage = RequestUsage(prompt_tokens=0, completion_tokens=0)
        self._total_usage = RequestUsage(prompt_tokens=0, completion_tokens=0)
        self.token_method = ""

    @property
    def mode(self) -> str:
        return self._engine.mode

    async def create(self, messages: Sequence[LLMMessage], *, tools: Sequence[Tool | ToolSchema] = [],
                     tool_choice: Tool | Literal["auto", "required", "none"] = "auto",
                     json_output: Optional[bool | type[BaseModel]] = None,
                     extra_create_args: Mapping[str, Any] = {},
                     cancellation_token: Optional[CancellationToken] = None) -> CreateResult:
        neutral, specs = to_neutral(messages), tool_specs(tools if tool_choice != "none" else [])
        decision, usage = self._engine.answer(neutral, specs)
        self.token_method = usage.method
        self._last_usage = RequestUsage(prompt_tokens=usage.input_tokens, completion_tokens=usage.output_tokens)
        self._total_usage = RequestUsage(
            prompt_tokens=self._total_usage.prompt_tokens + usage.input_tokens,
            completion_tokens=self._total_usage.completion_tokens + usage.output_tokens)
        if decision.tool_calls:
            calls = [FunctionCall(id=c.id, name=c.name, arguments=c.arguments_json) for c in decision.tool_calls]
            return create_result("function_calls", calls, self._last_usage, decision.reason)
        return create_result("stop", decision.text, self._last_usage, decision.reason)

    async def create_stream(self, messages: Sequence[LLMMessage], *, tools: Sequence[Tool | ToolSchema] = [],
                            tool_choice: Tool | Literal["auto", "required", "none"] = "auto",
                            json_output: Optional[bool | type[BaseModel]] = None,
                            extra_create_args: Mapping[str, Any] = {},
                            cancellation_token: Optional[CancellationToken] = None,
                            ) -> AsyncGenerator[Union[str, CreateResult], None]:
        result = await self.create(messages, tools=tools, tool_choice=tool_choice, json_output=json_output,
                                   extra_create_args=extra_create_args, cancellation_token=cancellation_token)
        if isinstance(result.content, str):
            for piece in stream_pieces(result.content):
                yield piece
        yield result

    async def close(self) -> None:
        return None

    def actual_usage(self) -> RequestUsage:
        return self._last_usage

    def total_usage(self) -> RequestUsage:
        return self._total_usage

    def count_tokens(self, messages: Sequence[LLMMessage], *, tools: Sequence[Tool | ToolSchema] = []) -> int:
        return self._engine.usage(to_neutral(messages), tool_specs(tools), Decision()).input_tokens

    def remaining_tokens(self, messages: Sequence[LLMMessage], *, tools: Sequence[Tool | ToolSchema] = []) -> int:
        return max(0, CONTEXT_WINDOW - self.count_tokens(messages, tools=tools))

    @property
    def capabilities(self) -> ModelCapabilities:  # type: ignore[override]  (deprecated in AutoGen, still abstract)
        return ModelCapabilities(vision=False, function_calling=True, json_output=False)  # type: ignore[typeddict-item]

    @property
    def model_info(self) -> ModelInfo:
        return self._model_info

    @property
    def model_name(self) -> str:
        return MODEL_NAME
