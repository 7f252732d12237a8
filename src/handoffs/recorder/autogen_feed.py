"""The AutoGen feed: an intervention handler (messages, handoffs) and a model-client wrapper (model calls, tools).

Both record into a :class:`~handoffs.recorder.RunRecorder` without changing how agents are written:

- ``RecordingInterventionHandler`` goes into ``SingleThreadedAgentRuntime(intervention_handlers=[...])``. For every
  published message it records a ``PublishEvent`` (sender, topic type; the topic *source* is the conversation).
  A message whose last context entry is the customer's ``UserMessage``, published by the host or the user agent,
  becomes a ``MessageEvent(role="user")``; a message published to the user topic becomes the agent's reply
  (``role="operator"`` for agents listed in ``operator_agents``); a message an agent publishes to ANOTHER agent's
  topic type is a ``HandoffEvent`` (the transfer tool is the call answered "Transferred to ...").
- ``RecordingModelClient`` forwards every ``create``/``create_stream`` to the wrapped client and records a
  ``ModelCallEvent``. The conversation and agent come from ``autogen_core.MessageHandlerContext``, which the
  runtime sets around each message handler: the agent id's type is the agent, its key is the session id (agents
  subscribed with ``TypeSubscription`` get the topic source as key). Outside a handler: ``agent`` and ``"default"``.
  Tool results are recorded as ``ToolRunEvent``s when they appear (as ``FunctionExecutionResult``s) in the next
  model request, attributed to the agent whose call asked for them; ``refused`` means an error result for a tool
  that was not offered in that call (AutoGen has no guard hook, so this is the best evidence available).
"""

from __future__ import annotations

import json
from typing import Any, AsyncGenerator, Mapping, Sequence

from autogen_core import DefaultInterventionHandler, MessageContext, MessageHandlerContext
from autogen_core.models import (
    AssistantMessage,
    ChatCompletionClient,
    CreateResult,
    FunctionExecutionResultMessage,
    SystemMessage,
    UserMessage,
)

from .events import HandoffEvent, MessageEvent, ModelCallEvent, PublishEvent, ToolRunEvent


class RecordingInterventionHandler(DefaultInterventionHandler):
    """Records published messages, replies and handoffs (see the module docstring). Never changes a message."""

    def __init__(self, recorder: Any, user_topic: str = "User", operator_agents: tuple[str, ...] = ("HumanAgent",)):
        self.recorder = recorder
        self.user_topic = user_topic
        self.operator_agents = tuple(operator_agents)

    async def on_publish(self, message: Any, *, message_context: MessageContext) -> Any:
        topic = message_context.topic_id
        if topic is None:
            return message
        sender = message_context.sender.type if message_context.sender is not None else "(outside)"
        conversation = topic.source
        self.recorder.add_row(PublishEvent, conversation, sender, topic.type, type(message).__name__)
        last = _last_context_message(message)
        if sender in ("(outside)", self.user_topic):
            if isinstance(last, UserMessage) and isinstance(last.content, str):
                self.recorder.add_row(MessageEvent, conversation, "user", "user", last.content)
        elif topic.type == self.user_topic:
            if isinstance(last, AssistantMessage) and isinstance(last.content, str):
                role = "operator" if sender in self.operator_agents else "assistant"
                self.recorder.add_row(MessageEvent, conversation, role, sender, last.content)
        elif topic.type != sender:
            self.recorder.add_row(HandoffEvent, conversation, sender, topic.type, _last_function_call_name(message))
        return message


class RecordingModelClient(ChatCompletionClient):
    """A ``ChatCompletionClient`` proxy: forwards everything to ``inner`` and records each model call."""

    def __init__(self, inner: ChatCompletionClient, recorder: Any, agent: str | None = None) -> None:
        self.inner = inner
        self.recorder = recorder
        self.agent = agent
        # (conversation, call id) -> (agent, tool, args, offered), until the call's result is recorded
        self._calls: dict[tuple[str, str], tuple[str, str, Mapping[str, Any], bool]] = {}
        self._results_seen: set[tuple[str, str]] = set()
        self._offered: dict[tuple[str, ...], tuple[str, ...]] = {}  # one tuple per distinct tool list, shared

    async def create(self, messages: Sequence[Any], *, tools: Sequence[Any] = [], tool_choice: Any = "auto",
                     json_output: Any = None, extra_create_args: Mapping[str, Any] = {},
                     cancellation_token: Any = None) -> CreateResult:
        actor, conversation = self._who()
        self._record_tool_results(conversation, actor, messages)
        result = await self.inner.create(messages, tools=tools, tool_choice=tool_choice, json_output=json_output,
                                         extra_create_args=extra_create_args, cancellation_token=cancellation_token)
        self._record_call(conversation, actor, messages, tools, result)
        return result

    async def create_stream(self, messages: Sequence[Any], *, tools: Sequence[Any] = [], tool_choice: Any = "auto",
                            json_output: Any = None, extra_create_args: Mapping[str, Any] = {},
                            cancellation_token: Any = None) -> AsyncGenerator[str | CreateResult, None]:
        actor, conversation = self._who()
        self._record_tool_results(conversation, actor, messages)
        async for chunk in self.inner.create_stream(
            messages, tools=tools, tool_choice=tool_choice, json_output=json_output,
            extra_create_args=extra_create_args, cancellation_token=cancellation_token,
        ):
            if isinstance(chunk, CreateResult):
                self._record_call(conversation, actor, messages, tools, chunk)
            yield chunk

    # ---- recording -----------------------------------------------------------------------------
    def _who(self) -> tuple[str, str]:
        try:
            agent_id = MessageHandlerContext.agent_id()
        except RuntimeError:
            return self.agent or "model", "default"
        return self.agent or agent_id.type, agent_id.key

    def _record_tool_results(self, conversation: str, actor: str, messages: Sequence[Any]) -> None:
        for message in messages:
            if not isinstance(message, FunctionExecutionResultMessage):
                continue
            for result in message.content:
                key = (conversation, result.call_id)
                if key in self._results_seen:
                    continue
                self._results_seen.add(key)
                caller, tool, args, offered = self._calls.pop(key, (actor, result.name, {}, True))
                # ToolRunEvent's fields in order: actor, tool, args, result, is_error, refused, offered
                self.recorder.add_row(ToolRunEvent, conversation, caller, tool, args, str(result.content),
                                      bool(result.is_error), bool(result.is_error) and not offered, offered)

    def _record_call(self, conversation: str, actor: str, messages: Sequence[Any], tools: Sequence[Any],
                     result: CreateResult) -> None:
        offered = tuple(_tool_name(t) for t in tools)
        offered = self._offered.setdefault(offered, offered)
        calls: tuple[tuple[str, dict, str], ...] = ()  # (name, args, id): what a ToolCallInfo holds
        text = ""
        if isinstance(result.content, str):
            text = result.content
        else:
            calls = tuple([(c.name, _json_args(c.arguments), c.id) for c in result.content])
        for name, args, call_id in calls:
            self._calls[(conversation, call_id)] = (actor, name, args, name in offered)
        usage = result.usage
        system = "\n".join(m.content for m in messages if isinstance(m, SystemMessage))
        # ModelCallEvent's fields in order: actor, prompt_name, system_prompt, tools_offered, tool_calls, text, reason,
        # model_name, tokens, step (None: many agents), input_tokens, output_tokens
        self.recorder.add_row(
            ModelCallEvent, conversation, actor, actor, system, offered, calls, text, result.thought or "",
            str(getattr(self.inner, "model_name", "") or self.inner.model_info.get("family", "")),
            (usage.prompt_tokens + usage.completion_tokens) if usage else None, None,
            usage.prompt_tokens if usage else None, usage.completion_tokens if usage else None,
        )

    # ---- plain forwarding ----------------------------------------------------------------------
    async def close(self) -> None:
        await self.inner.close()

    def actual_usage(self) -> Any:
        return self.inner.actual_usage()

    def total_usage(self) -> Any:
        return self.inner.total_usage()

    def count_tokens(self, messages: Sequence[Any], *, tools: Sequence[Any] = []) -> int:
        return self.inner.count_tokens(messages, tools=tools)

    def remaining_tokens(self, messages: Sequence[Any], *, tools: Sequence[Any] = []) -> int:
        return self.inner.remaining_tokens(messages, tools=tools)

    @property
    def capabilities(self) -> Any:
        return self.inner.capabilities

    @property
    def model_info(self) -> Any:
        return self.inner.model_info


def _last_context_message(message: Any) -> Any:
    context = getattr(message, "context", None)
    return context[-1] if isinstance(context, list) and context else None


def _last_function_call_name(message: Any) -> str | None:
    """The transfer tool that handed this task over, read from the newest tool results only: the call answered
    "Transferred to ..." (seed 003's wording), or one answered "... Escalated to ..." (the handoff limit sent the
    conversation elsewhere); else the last function call in the context."""
    context = getattr(message, "context", None) or []
    newest = next((e for e in reversed(context) if isinstance(e, FunctionExecutionResultMessage)), None)
    if newest is not None:
        for result in newest.content:
            if not result.is_error and str(result.content).startswith("Transferred to"):
                return result.name
        for result in newest.content:
            if "Escalated to" in str(result.content):
                return result.name
    for entry in reversed(context):
        if isinstance(entry, AssistantMessage) and isinstance(entry.content, list) and entry.content:
            return entry.content[-1].name
    return None


def _tool_name(tool: Any) -> str:
    return str(tool.get("name", "")) if isinstance(tool, dict) else str(getattr(tool, "name", tool))


def _json_args(arguments: str) -> dict:
    try:
        value = json.loads(arguments or "{}")
    except json.JSONDecodeError:
        return {"_raw": arguments}
    return value if isinstance(value, dict) else {"_value": value}
