"""The LangChain objects one offline decision is returned in (``AIMessage``, ``ChatGeneration``, ``ChatResult``),
built without validating again what the adapter has just built itself.

Pydantic validation of these three objects costs the adapter ~40 us a call (the tool calls, usage and metadata dicts
are validated field by field and copied, ``ChatGeneration`` runs its ``set_text`` validator), and pydantic's own
``model_construct`` is no cheaper (it asks ``inspect.signature`` of every default factory). Every value the adapter
passes is already of its field's type and made fresh per call (plain dicts and lists, a ``str`` content), so the
objects are written directly (:mod:`~handoffs.models.built`): each field in the order validation writes it (the
defaults as it fills them, fresh ``{}``/``[]`` for the mutable ones), the fields set as a ``set`` (``text`` too, which
``set_text`` assigns), no extras.
That this is the very state the validating constructors give is not assumed but checked once per process on a sample
against the installed langchain-core (:func:`built_alike`); should a version build them otherwise, the validating
constructors are used.

Not here: streaming chunks (``AIMessageChunk`` merges chunks; built the validating way), and any message that did not
come from the offline model's own decision.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from langchain_core.messages import AIMessage
from langchain_core.outputs import ChatGeneration, ChatResult

from .built import state, written


def _ai_message(content: str, tool_calls: list, response_metadata: dict, usage_metadata: dict) -> AIMessage:
    return written(AIMessage, {"content": content, "additional_kwargs": {}, "response_metadata": response_metadata,
                               "type": "ai", "name": None, "id": None, "tool_calls": tool_calls,
                               "invalid_tool_calls": [], "usage_metadata": usage_metadata},
                   {"content", "tool_calls", "response_metadata", "usage_metadata"}, {})


def _chat_result(message: AIMessage) -> ChatResult:
    generation = written(ChatGeneration, {"text": message.text, "generation_info": None, "type": "ChatGeneration",
                                          "message": message}, {"message", "text"}, None)
    return written(ChatResult, {"generations": [generation], "llm_output": None}, {"generations"}, None)


def ai_message(content: str, tool_calls: list[dict[str, Any]], response_metadata: dict[str, Any],
               usage_metadata: dict[str, int]) -> AIMessage:
    """``AIMessage(content=..., tool_calls=..., response_metadata=..., usage_metadata=...)`` of fresh plain values: a
    ``str`` content, each tool call a new dict with ``name``, ``args`` (a new dict), ``id`` and ``type`` in that order
    (as the validator writes it), new metadata dicts."""
    if type(content) is str and built_alike():
        return _ai_message(content, tool_calls, response_metadata, usage_metadata)
    return AIMessage(content=content, tool_calls=tool_calls, response_metadata=response_metadata,
                     usage_metadata=usage_metadata)


def chat_result(message: AIMessage) -> ChatResult:
    """``ChatResult(generations=[ChatGeneration(message=message)])`` of a message made by :func:`ai_message`."""
    if type(message.content) is str and built_alike():
        return _chat_result(message)
    return ChatResult(generations=[ChatGeneration(message=message)])


@lru_cache(maxsize=1)
def built_alike() -> bool:
    """Do the direct and the validating ways give the same objects in this langchain-core? (Once a process.)"""
    def sample() -> tuple:
        return ("a b", [{"name": "t", "args": {"k": "v"}, "id": "call_1", "type": "tool_call"}],
                {"model_name": "m", "reason": "r"}, {"input_tokens": 1, "output_tokens": 2, "total_tokens": 3})
    try:
        alike = True
        for content, calls, metadata, usage in (sample(), ("", [], *sample()[2:])):
            validated = AIMessage(content=content, tool_calls=calls, response_metadata=metadata, usage_metadata=usage)
            plain = ChatResult(generations=[ChatGeneration(message=validated)])
            written = _ai_message(content, [dict(c, args=dict(c["args"])) for c in calls], dict(metadata), dict(usage))
            built = _chat_result(written)
            alike = alike and (state(validated) == state(written) and state(plain) == state(built)
                               and state(plain.generations[0]) == state(built.generations[0]))
        return alike
    except Exception:  # another langchain-core: build them the validating way
        return False
