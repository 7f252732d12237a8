"""The LangChain feed: an ``AgentMiddleware`` that records model calls, tool runs and step changes.

Add it as the LAST middleware of ``create_agent`` (LangChain 1.5 composes the first middleware as the outermost
layer, see ``langchain.agents.factory._chain_model_call_handlers``), so it sees the system prompt and tools a
step middleware put into the request — exactly what the model received. It never changes a request or a result.

What it records, per conversation (``configurable.thread_id``, default ``"default"``):
- each model call (the state's step as actor, prompt, tools offered, tool calls, text, the model's ``reason``);
- the customer's new messages (as they appear in the next model request) and the bot's text replies;
- each tool run with its result, and a step change when a tool returns ``Command(update={step_field: ...})``;
- tool calls that never executed because an outer middleware (a guard) answered for them: they show up as
  ``ToolMessage``s in the next model request without having passed through this middleware (``refused=True``);
- a step change made by anything else (seen as a different step at the next model call, ``tool=None``).
"""

from __future__ import annotations

import json
import threading
from itertools import chain
from typing import Any, Awaitable, Callable

from langchain.agents.middleware import AgentMiddleware, ModelResponse
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.tools import StructuredTool
from langgraph.config import get_config
from langgraph.types import Command

from handoffs.models.errors import redact_secrets

from . import rows
from .events import ErrorEvent, MessageEvent, ModelCallEvent, StepChangeEvent, ToolRunEvent


class RecordingMiddleware(AgentMiddleware):
    """Records into a :class:`~handoffs.recorder.RunRecorder`; see the module docstring. Build it with
    ``recorder.langchain_middleware()``."""

    def __init__(self, recorder: Any, step_field: str = "current_step", default_step: str | None = None) -> None:
        super().__init__()
        self.recorder = recorder
        self.step_field = step_field
        self.default_step = default_step
        # bookkeeping keyed by _prefix(conversation) + id, a str, holding strings and numbers: nothing the garbage
        # collector counts or walks (a (conversation, id) tuple a key, or a set per conversation, would be; see rows)
        self._seen_messages: set[str] = set()  # messages already read
        self._ran_calls: set[str] = set()  # tool calls that passed through here
        self._calls: dict[str, int] = {}  # tool call -> the place of its note on _notes
        self._notes = rows.Shelf()  # per tool call the model asked for: (step, tool, offered, *args as key, value, ...)
        self._noting = threading.Lock()  # model calls of one agent may run in several threads (agent.batch)
        self._last_step: dict[str, str] = {}

    @property
    def name(self) -> str:
        return "RunRecorder"

    # ---- model calls ---------------------------------------------------------------------------
    def wrap_model_call(self, request: Any, handler: Callable[[Any], Any]) -> Any:
        conversation, prefix, step = self._before_model(request)
        try:
            response = handler(request)
        except Exception as exc:
            self.recorder.add(ErrorEvent, conversation, actor=step, message=redact_secrets(f"model call failed: {exc}"))
            raise
        self._after_model(conversation, prefix, step, request, response)
        return response

    async def awrap_model_call(self, request: Any, handler: Callable[[Any], Awaitable[Any]]) -> Any:
        conversation, prefix, step = self._before_model(request)
        try:
            response = await handler(request)
        except Exception as exc:
            self.recorder.add(ErrorEvent, conversation, actor=step, message=redact_secrets(f"model call failed: {exc}"))
            raise
        self._after_model(conversation, prefix, step, request, response)
        return response

    def _before_model(self, request: Any) -> tuple[str, str, str]:
        conversation = _thread_id_from_context()
        prefix = _prefix(conversation)
        step = self._step_of(request.state)
        seen = self._seen_messages
        for message in request.messages:
            news = _NEWS.get(type(message))  # the exact classes first: isinstance of a pydantic class is slow
            if news is None:
                news = "user" if isinstance(message, HumanMessage) else "tool" if isinstance(message, ToolMessage) else ""
            if not news or message.id is None:
                continue  # only the customer's words and tool results are news here
            key = prefix + str(message.id)
            if key in seen:
                continue
            seen.add(key)
            if news == "user":
                self.recorder.add_row(MessageEvent, conversation, "user", "user", _text(message))
            elif prefix + message.tool_call_id not in self._ran_calls:
                self._record_refused(conversation, prefix, message)
        previous = self._last_step.get(conversation)
        if previous is not None and previous != step:
            self.recorder.add_row(StepChangeEvent, conversation, previous, step, None)
        self._last_step[conversation] = step
        return conversation, prefix, step

    def _after_model(self, conversation: str, prefix: str, step: str, request: Any, response: Any) -> None:
        message = _ai_message_of(response)
        if message is None:
            return
        offered = _tool_names(request.tools)
        calls = tuple([(c["name"], _args_of(c), c.get("id") or "") for c in message.tool_calls])
        if calls:
            with self._noting:
                for name, args, call_id in calls:
                    self._calls[prefix + call_id] = self._notes.append(
                        (step, name, name in offered, *chain.from_iterable(args.items())))
        text = _text(message)
        meta = message.response_metadata or {}
        usage = message.usage_metadata or {}
        # ModelCallEvent's fields in order: actor, prompt_name, system_prompt, tools_offered, tool_calls, text, reason,
        # model_name, tokens, step, input_tokens, output_tokens
        self.recorder.add_row(
            ModelCallEvent, conversation, step, step, _system_prompt(request), offered, calls, text,
            str(meta.get("reason", "")), str(meta.get("model_name", "")), usage.get("total_tokens"), step,
            usage.get("input_tokens"), usage.get("output_tokens"),
        )
        if text:
            self.recorder.add_row(MessageEvent, conversation, "assistant", step, text)

    def _record_refused(self, conversation: str, prefix: str, message: ToolMessage) -> None:
        known = self._note_of(prefix, message.tool_call_id)
        if known is None:
            step, tool, offered, args = self._last_step.get(conversation, ""), message.name or "", True, {}
        else:
            step, tool, offered, args = known[0], known[1], known[2], dict(zip(known[3::2], known[4::2]))
        # ToolRunEvent's fields in order: actor, tool, args, result, is_error, refused, offered
        self.recorder.add_row(ToolRunEvent, conversation, step, tool, args, _text(message), message.status == "error",
                              True, offered)

    # ---- tool calls ----------------------------------------------------------------------------
    def wrap_tool_call(self, request: Any, handler: Callable[[Any], Any]) -> Any:
        conversation, prefix, step = self._before_tool(request)
        try:
            result = handler(request)
        except Exception as exc:
            self._tool_failed(conversation, prefix, step, request, exc)
            raise
        self._after_tool(conversation, prefix, step, request, result)
        return result

    async def awrap_tool_call(self, request: Any, handler: Callable[[Any], Awaitable[Any]]) -> Any:
        conversation, prefix, step = self._before_tool(request)
        try:
            result = await handler(request)
        except Exception as exc:
            self._tool_failed(conversation, prefix, step, request, exc)
            raise
        self._after_tool(conversation, prefix, step, request, result)
        return result

    def _before_tool(self, request: Any) -> tuple[str, str, str]:
        config = getattr(request.runtime, "config", None) or {}
        conversation = str((config.get("configurable") or {}).get("thread_id", "default"))
        prefix = _prefix(conversation)
        self._ran_calls.add(prefix + (request.tool_call.get("id") or ""))
        return conversation, prefix, self._step_of(request.state)

    def _tool_failed(self, conversation: str, prefix: str, step: str, request: Any, exc: Exception) -> None:
        call = request.tool_call
        self.recorder.add_row(ToolRunEvent, conversation, step, call["name"], _args_of(call), str(exc),
                              True, False, self._was_offered(prefix, call))
        failed = redact_secrets(f"tool {call['name']} failed: {exc}")
        self.recorder.add_row(ErrorEvent, conversation, step, failed)

    def _after_tool(self, conversation: str, prefix: str, step: str, request: Any, result: Any) -> None:
        call = request.tool_call
        new_step = None
        if isinstance(result, Command) and isinstance(result.update, dict):
            messages = [m for m in result.update.get("messages", [])
                        if type(m) is ToolMessage or isinstance(m, ToolMessage)]
            text, is_error = (_text(messages[0]), messages[0].status == "error") if messages else ("", False)
            new_step = result.update.get(self.step_field)
        elif type(result) is ToolMessage or isinstance(result, ToolMessage):
            text, is_error = _text(result), result.status == "error"
        else:
            text, is_error = str(result), False
        self.recorder.add_row(ToolRunEvent, conversation, step, call["name"], _args_of(call), text,
                              is_error, False, self._was_offered(prefix, call))
        if new_step is not None and str(new_step) != step:
            self.recorder.add_row(StepChangeEvent, conversation, step, str(new_step), call["name"])
            self._last_step[conversation] = str(new_step)

    # ---- helpers -------------------------------------------------------------------------------
    def _step_of(self, state: Any) -> str:
        value = state.get(self.step_field) if isinstance(state, dict) else getattr(state, self.step_field, None)
        return str(value if value is not None else (self.default_step or "start"))

    def _was_offered(self, prefix: str, call: dict) -> bool:
        known = self._note_of(prefix, call.get("id") or "")
        return known[2] if known is not None else True

    def _note_of(self, prefix: str, call_id: str) -> tuple | None:
        """What ``_after_model`` noted of a tool call of the conversation whose keys start with ``prefix``:
        ``(step, tool, offered, *args as key, value, ...)``."""
        place = self._calls.get(prefix + call_id)
        return self._notes[place] if place is not None else None


#: what a message of this exact class is to the recorder: the customer's words, a tool result, or no news ("")
_NEWS: dict[type, str] = {HumanMessage: "user", ToolMessage: "tool", AIMessage: "", SystemMessage: ""}


def _prefix(conversation: str) -> str:
    """What the keys of one conversation's bookkeeping start with: ``_prefix(c) + id`` differs for every different
    ``(c, id)`` (the conversation's length first)."""
    return f"{len(conversation)}:{conversation}"


def _args_of(call: Any) -> dict:
    return dict(call.get("args") or {})


def _thread_id_from_context() -> str:
    """The ``thread_id`` of the running LangGraph invocation (its config lives in a context variable)."""
    try:
        return str((get_config().get("configurable") or {}).get("thread_id", "default"))
    except RuntimeError:  # called outside a runnable context
        return "default"


def _plain(text: Any) -> str:
    """A message's text as a plain ``str``: ``message.text`` is LangChain's ``TextAccessor``, a ``str`` subclass the
    garbage collector tracks; a recorder keeping thousands of them makes every full collection slower."""
    return text if type(text) is str else str(text)


def _text(message: Any) -> str:
    """``_plain(message.text)``, without building LangChain's ``TextAccessor`` when the content is a plain ``str``."""
    content = message.content
    return content if type(content) is str else _plain(message.text)


def _system_prompt(request: Any) -> str:
    """``request.system_prompt`` as a plain ``str`` ("" when there is none), its text read as :func:`_text` does."""
    system = request.system_message
    return "" if system is None else _text(system) or ""


def _ai_message_of(response: Any) -> AIMessage | None:
    if type(response) is not ModelResponse:  # the usual answer first: isinstance of a pydantic class is slow
        if isinstance(response, AIMessage):
            return response
        response = getattr(response, "model_response", response)  # ExtendedModelResponse wraps a ModelResponse
    for message in getattr(response, "result", []) or []:
        if type(message) is AIMessage or isinstance(message, AIMessage):
            return message
    return None


def _tool_names(tools: Any) -> tuple[str, ...]:
    """The names of the tools a request offers."""
    return tuple([_tool_name(tool) for tool in tools])


def _tool_name(tool: Any) -> str:
    if type(tool) is StructuredTool:  # what a step offers (``@tool`` functions): its name, without isinstance
        return str(tool.name)
    if isinstance(tool, dict):
        return str(tool.get("name") or (tool.get("function") or {}).get("name") or json.dumps(tool)[:40])
    return str(getattr(tool, "name", tool))
