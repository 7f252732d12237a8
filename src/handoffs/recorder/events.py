"""The recorder's events: small frozen records of what happened in a conversation.

Every event has a ``seq`` (a number that grows by one per event, across all conversations of one recorder)
and a ``conversation`` id (LangChain's ``thread_id``, AutoGen's topic source / session id). Events carry
plain strings, tuples and dicts only, so panels, pictures and tests can read them without importing
LangChain or AutoGen. This module defines data; it records nothing and renders nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Mapping

Role = Literal["user", "assistant", "operator"]


@dataclass(frozen=True, slots=True)
class Event:
    """Fields every event has: its place in the record and the conversation it belongs to."""

    seq: int
    conversation: str

    @property
    def kind(self) -> str:
        """A short name of the event type, e.g. ``"model_call"`` (handy in tables and tests)."""
        return _KINDS.get(type(self), type(self).__name__)


@dataclass(frozen=True, slots=True)
class MessageEvent(Event):
    """A message a person sees: the customer's words, the bot's reply, or the human operator's reply.

    ``actor`` is who said it: ``"user"``, the step name (LangChain) or the agent type (AutoGen).
    """

    role: Role = "assistant"
    actor: str = ""
    text: str = ""


@dataclass(frozen=True, slots=True)
class ToolCallInfo:
    """One tool call the model asked for (the call, not its result)."""

    name: str
    args: Mapping[str, Any] = field(default_factory=dict)
    id: str = ""


@dataclass(frozen=True, slots=True)
class ModelCallEvent(Event):
    """One call to the model, with the prompt and tools *as actually sent* and what came back.

    ``actor`` is the step (LangChain) or the agent type (AutoGen); ``prompt_name`` names the prompt used
    (the step's name in the step table, or the agent type). ``reason`` is the model's own short explanation
    (the offline model always gives one; a real model may not). ``step`` is the single agent's step at the
    time of the call (LangChain feed) and None for multi-agent runs.
    """

    actor: str = ""
    prompt_name: str = ""
    system_prompt: str = ""
    tools_offered: tuple[str, ...] = ()
    tool_calls: tuple[ToolCallInfo, ...] = ()
    text: str = ""
    reason: str = ""
    model_name: str = ""
    tokens: int | None = None
    step: str | None = None
    input_tokens: int | None = None  # of ``tokens``: what the model read (prompt, history, tool schemas) ...
    output_tokens: int | None = None  # ... and what it wrote, as the model reported them (None: not reported)


@dataclass(frozen=True, slots=True)
class ToolRunEvent(Event):
    """A tool call's outcome.

    ``refused`` is True when the tool did *not* execute because something (a guard) answered in its place;
    ``offered`` is False when the model called a tool that was not offered in that model call
    (a "rogue" call — hiding a tool does not block it).
    """

    actor: str = ""
    tool: str = ""
    args: Mapping[str, Any] = field(default_factory=dict)
    result: str = ""
    is_error: bool = False
    refused: bool = False
    offered: bool = True


@dataclass(frozen=True, slots=True)
class StepChangeEvent(Event):
    """The single agent moved from one step to another (``tool`` is the tool that moved it, if known)."""

    from_step: str = ""
    to_step: str = ""
    tool: str | None = None


@dataclass(frozen=True, slots=True)
class HandoffEvent(Event):
    """One agent handed the conversation to another agent (``tool`` is the transfer tool, if known)."""

    from_agent: str = ""
    to_agent: str = ""
    tool: str | None = None


@dataclass(frozen=True, slots=True)
class PublishEvent(Event):
    """A message published on an AutoGen runtime: who sent it (``"(outside)"`` for the host) to which topic."""

    sender: str = ""
    topic_type: str = ""
    message_type: str = ""


@dataclass(frozen=True, slots=True)
class ErrorEvent(Event):
    """Something failed (a model call, a tool, a panel turn); ``message`` is what a person should read."""

    actor: str = ""
    message: str = ""


_KINDS: dict[type, str] = {
    MessageEvent: "message",
    ModelCallEvent: "model_call",
    ToolRunEvent: "tool_run",
    StepChangeEvent: "step_change",
    HandoffEvent: "handoff",
    PublishEvent: "publish",
    ErrorEvent: "error",
}
