"""The free models of the baselines: answers replayed from a table, one dict lookup a call.

Both learn their table from a real model (``inner``: the offline model) on one conversation of each shape, then
replay it: the bare frameworks then hold the very same conversations as the kit, at (almost) no model cost.

* :class:`FixedModelClient` — an AutoGen ``ChatCompletionClient`` keyed by (system prompt, the customer's first
  words, number of messages);
* :func:`fixed_tool_call_model` — a LangChain ``BaseChatModel`` with the same key (its ``bind_tools`` only
  records the tools, as the fake models of NOTES.md do).
"""

from __future__ import annotations

from typing import Any, AsyncGenerator, Dict, Mapping, Sequence, Tuple

from autogen_core.models import ChatCompletionClient, CreateResult, LLMMessage, RequestUsage, SystemMessage, UserMessage

ReplayKey = Tuple[str, str, int]


def replay_key(messages: Sequence[LLMMessage]) -> ReplayKey:
    """(system prompt, the customer's first words, number of messages): what identifies a call of a crowd script."""
    system = messages[0].content if isinstance(messages[0], SystemMessage) else ""
    first = next((m.content for m in messages if isinstance(m, UserMessage)), "")
    return str(system), str(first), len(messages)


class FixedModelClient(ChatCompletionClient):
    """Answers from a table filled by :meth:`learn` (a recorded run); costs one dict lookup per call."""

    def __init__(self, inner: ChatCompletionClient | None = None) -> None:
        self.inner = inner  # when set, answers come from it and are learned
        self.table: Dict[ReplayKey, CreateResult] = {}
        self._usage = RequestUsage(prompt_tokens=0, completion_tokens=0)

    async def create(self, messages: Sequence[LLMMessage], *, tools: Sequence[Any] = [], tool_choice: Any = "auto",
                     json_output: Any = None, extra_create_args: Mapping[str, Any] = {},
                     cancellation_token: Any = None) -> CreateResult:
        key = replay_key(messages)
        if self.inner is not None:
            self.table[key] = await self.inner.create(messages, tools=tools, cancellation_token=cancellation_token)
        return self.table[key]

    def create_stream(self, *args: Any, **kwargs: Any) -> AsyncGenerator[Any, None]:
        raise NotImplementedError("the baseline never streams")

    async def close(self) -> None:
        return None

    def actual_usage(self) -> RequestUsage:
        return self._usage

    def total_usage(self) -> RequestUsage:
        return self._usage

    def count_tokens(self, messages: Sequence[LLMMessage], *, tools: Sequence[Any] = []) -> int:
        return 0

    def remaining_tokens(self, messages: Sequence[LLMMessage], *, tools: Sequence[Any] = []) -> int:
        return 128_000

    @property
    def capabilities(self) -> Any:
        return {"vision": False, "function_calling": True, "json_output": False}

    @property
    def model_info(self) -> Any:
        return {"vision": False, "function_calling": True, "json_output": False, "family": "unknown",
                "structured_output": False}


def fixed_tool_call_model(inner: Any = None) -> Any:
    """A LangChain chat model that answers from a table learned from ``inner`` (see the module docstring)."""
    from langchain_core.language_models import BaseChatModel
    from langchain_core.messages import AIMessage
    from langchain_core.outputs import ChatGeneration, ChatResult
    from langchain_core.utils.function_calling import convert_to_openai_tool
    from pydantic import PrivateAttr

    class FixedToolCallModel(BaseChatModel):
        _table: Dict[Tuple[str, str, int], Tuple[str, list]] = PrivateAttr(default_factory=dict)
        _inner: Any = PrivateAttr(default=None)

        @property
        def _llm_type(self) -> str:
            return "fixed-tool-calls"

        def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> Any:
            return self.bind(tools=list(tools), **kwargs)

        def _generate(self, messages: list, stop: Any = None, run_manager: Any = None, **kwargs: Any) -> ChatResult:
            system = next((m.text for m in messages if m.type == "system"), "")
            first = next((m.text for m in messages if m.type == "human"), "")
            key = (system, first, len(messages))
            if self._inner is not None:
                tools = [convert_to_openai_tool(t) for t in kwargs.get("tools") or []]
                learned = self._inner._generate(messages, tools=tools).generations[0].message
                self._table[key] = (learned.content, learned.tool_calls)
            content, calls = self._table[key]
            return ChatResult(generations=[ChatGeneration(message=AIMessage(content=content, tool_calls=calls))])

    model = FixedToolCallModel()
    model._inner = inner
    return model
