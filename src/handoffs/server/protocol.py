"""OpenAI's chat-completions wire format, translated to and from the offline model's neutral types.

Requests are validated with pydantic models (:class:`ChatRequest`, strict: ``"stream": "yes"`` is refused, not
read as true) after :mod:`handoffs.server.request_checks` checked what pydantic cannot (depth, Unicode, schema
shapes, ``tool_choice``); :func:`to_neutral` turns them into
``handoffs.models.types`` messages and tool specs; :func:`completion_body` and :func:`stream_chunks` turn
a :class:`~handoffs.models.types.Decision` back into a ``chat.completion`` object or the
``chat.completion.chunk`` sequence of a streamed reply (text token by token, tool-call deltas, an optional
final usage chunk). No HTTP here (see :mod:`handoffs.server.app`) and no decisions (see
``handoffs.models.decide``).
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any, Iterator, Literal

from pydantic import BaseModel, ConfigDict, Field

from handoffs.models.tokens import count_tokens
from handoffs.models.types import Decision, Message, ToolCall, ToolSpec
from handoffs.server.request_checks import BadRequest, check_tool_choice, parse_arguments

WORD_PIECES = re.compile(r"\s*\S+|\s+")
TOOL_NAME = r"^[A-Za-z0-9_-]{1,64}$"


class StrictModel(BaseModel):
    """Types as JSON has them: no "1" for 1, no "yes" for true (a client sending those has a bug to see)."""

    model_config = ConfigDict(strict=True, extra="allow")


class FunctionCallIn(StrictModel):
    name: str
    arguments: str = "{}"


class ToolCallIn(StrictModel):
    id: str = Field(min_length=1)
    type: Literal["function"] = "function"
    function: FunctionCallIn


class ContentPart(StrictModel):
    type: str
    text: str | None = None


class ChatMessageIn(StrictModel):
    role: Literal["system", "developer", "user", "assistant", "tool"]
    content: str | list[ContentPart] | None = None
    tool_calls: list[ToolCallIn] | None = None
    tool_call_id: str | None = None
    name: str | None = None


class FunctionDef(StrictModel):
    name: str = Field(pattern=TOOL_NAME)
    description: str | None = ""
    parameters: dict[str, Any] | None = None


class ToolIn(StrictModel):
    type: Literal["function"]
    function: FunctionDef


class StreamOptions(StrictModel):
    include_usage: bool = False


class ChatRequest(StrictModel):
    """The part of OpenAI's request body the offline model understands; other fields are accepted and ignored.

    ``tool_choice``: ``"none"`` offers no tools and ``{"type": "function", "function": {"name": ...}}`` only that
    one; ``"required"`` is not enforced (the offline model may still answer in text, as it would with ``"auto"``).
    Sampling fields (``temperature`` ...) change nothing: the model is deterministic.
    """

    model: str = Field(min_length=1)
    messages: list[ChatMessageIn] = Field(min_length=1)
    tools: list[ToolIn] | None = None
    tool_choice: str | dict[str, Any] | None = None
    stream: bool | None = False
    stream_options: StreamOptions | None = None
    n: int | None = Field(default=1, ge=1, le=128)
    # Sampling and bookkeeping fields: checked for their type and range as OpenAI does, then ignored.
    temperature: float | None = Field(default=None, ge=0, le=2)
    top_p: float | None = Field(default=None, ge=0, le=1)
    presence_penalty: float | None = Field(default=None, ge=-2, le=2)
    frequency_penalty: float | None = Field(default=None, ge=-2, le=2)
    max_tokens: int | None = Field(default=None, ge=1)
    max_completion_tokens: int | None = Field(default=None, ge=1)
    seed: int | None = None
    stop: str | list[str] | None = None
    parallel_tool_calls: bool | None = None
    logprobs: bool | None = None
    top_logprobs: int | None = Field(default=None, ge=0, le=20)
    user: str | None = None
    store: bool | None = None
    metadata: dict[str, str] | None = None
    response_format: dict[str, Any] | None = None


def _text_of(content: str | list[ContentPart] | None) -> str:
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    return "".join(part.text or "" for part in content if part.type == "text")


def _tool_spec(tool: ToolIn) -> ToolSpec:
    """The tool as the decision core reads it: an object schema whose properties are objects.

    A boolean sub-schema (``"a": true`` is valid JSON Schema: anything goes) is given to the core as ``{}``.
    """
    parameters = dict(tool.function.parameters or {"type": "object", "properties": {}})
    properties = parameters.get("properties")
    if isinstance(properties, dict):
        parameters["properties"] = {k: v if isinstance(v, dict) else {} for k, v in properties.items()}
    return ToolSpec(tool.function.name, tool.function.description or "", parameters)


def to_neutral(request: ChatRequest) -> tuple[list[Message], list[ToolSpec]]:
    """Messages and offered tools as the decision core sees them (raises :class:`BadRequest` naming the field)."""
    tool_names: dict[str, str] = {}
    messages: list[Message] = []
    for index, item in enumerate(request.messages):
        role = "system" if item.role == "developer" else item.role
        text = _text_of(item.content)
        if role == "assistant" and item.tool_calls:
            calls = tuple(ToolCall(c.id, c.function.name, parse_arguments(
                c.function.arguments, ("messages", index, "tool_calls", number, "function", "arguments")))
                for number, c in enumerate(item.tool_calls))
            tool_names.update({c.id: c.name for c in calls})
            messages.append(Message("assistant", text, tool_calls=calls))
        elif role == "tool":
            if not item.tool_call_id:
                field = f"messages[{index}].tool_call_id"
                raise BadRequest(f"{field} is missing: a message with role 'tool' needs the id of the call it "
                                 "answers.", field)
            name = item.name or tool_names.get(item.tool_call_id)
            messages.append(Message("tool", text, name=name, tool_call_id=item.tool_call_id))
        else:
            messages.append(Message(role, text, name=item.name))  # type: ignore[arg-type]
    tools = [_tool_spec(t) for t in request.tools or []]
    choice = request.tool_choice
    check_tool_choice(choice, [t.name for t in tools])
    if choice == "none":
        tools = []
    elif isinstance(choice, dict):
        tools = [t for t in tools if t.name == choice["function"]["name"]]
    return messages, tools


def completion_id(request: ChatRequest, decision: Decision) -> str:
    """A deterministic id: the same conversation and reply give the same id."""
    seen = request.model_dump_json().encode("utf-8", "backslashreplace")
    digest = hashlib.sha256(seen + repr(decision).encode("utf-8", "backslashreplace")).hexdigest()
    return "chatcmpl-" + digest[:24]


def usage(messages: list[Message], tools: list[ToolSpec], decision: Decision) -> dict[str, int]:
    """Token usage counted offline (see :mod:`handoffs.models.tokens`)."""
    prompt_text = "\n".join(m.content + "".join(c.name + c.arguments_json for c in m.tool_calls) for m in messages)
    prompt_text += "".join(t.name + t.description + json.dumps(dict(t.parameters)) for t in tools)
    answer = decision.text + "".join(c.name + c.arguments_json for c in decision.tool_calls)
    prompt, completion = count_tokens(prompt_text).tokens, count_tokens(answer).tokens
    return {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion}


def _wire_tool_call(call: ToolCall) -> dict[str, Any]:
    return {"id": call.id, "type": "function", "function": {"name": call.name, "arguments": call.arguments_json}}


def finish_reason(decision: Decision) -> str:
    return "tool_calls" if decision.tool_calls else "stop"


def completion_body(cid: str, created: int, model: str, decision: Decision, use: dict[str, int]) -> dict[str, Any]:
    """A non-streamed ``chat.completion`` object.

    ``reasoning_content`` (DeepSeek's convention, which AutoGen's client reads into ``CreateResult.thought``)
    carries the model's short reason. Streamed replies leave it out: clients would stream it as text.
    """
    message: dict[str, Any] = {"role": "assistant", "content": decision.text or None, "refusal": None}
    if decision.tool_calls:
        message["tool_calls"] = [_wire_tool_call(c) for c in decision.tool_calls]
    if decision.reason:
        message["reasoning_content"] = decision.reason
    return {
        "id": cid,
        "object": "chat.completion",
        "created": created,
        "model": model,
        "choices": [{"index": 0, "message": message, "logprobs": None, "finish_reason": finish_reason(decision)}],
        "usage": use,
        "system_fingerprint": "handoffs-offline",
    }


def stream_chunks(
    cid: str, created: int, model: str, decision: Decision, use: dict[str, int], include_usage: bool
) -> Iterator[dict[str, Any]]:
    """The ``chat.completion.chunk`` objects of a streamed reply, in OpenAI's order."""
    extra = {"usage": None} if include_usage else {}

    def chunk(delta: dict[str, Any], reason: str | None = None) -> dict[str, Any]:
        choice = {"index": 0, "delta": delta, "logprobs": None, "finish_reason": reason}
        return {"id": cid, "object": "chat.completion.chunk", "created": created, "model": model,
                "system_fingerprint": "handoffs-offline", "choices": [choice], **extra}

    yield chunk({"role": "assistant", "content": "", "refusal": None})
    for piece in WORD_PIECES.findall(decision.text):
        yield chunk({"content": piece})
    for index, call in enumerate(decision.tool_calls):
        head = {"index": index, "id": call.id, "type": "function", "function": {"name": call.name, "arguments": ""}}
        yield chunk({"tool_calls": [head]})
        arguments = call.arguments_json
        for start in range(0, len(arguments), 16):
            yield chunk({"tool_calls": [{"index": index, "function": {"arguments": arguments[start : start + 16]}}]})
    yield chunk({}, finish_reason(decision))
    if include_usage:
        yield {"id": cid, "object": "chat.completion.chunk", "created": created, "model": model,
               "system_fingerprint": "handoffs-offline", "choices": [], "usage": use}
