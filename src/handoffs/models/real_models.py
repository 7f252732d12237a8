"""The real-model clients behind :mod:`handoffs.models.switch`: OpenAI's SDK, with one-sentence errors.

``KitChatOpenAI`` (LangChain's ``ChatOpenAI``) and ``KitOpenAIChatCompletionClient`` (AutoGen's
``OpenAIChatCompletionClient``) change one thing: a failed request raises a
:class:`~handoffs.models.errors.ModelCallError` whose message is one sentence naming the setting to fix.

A module of its own because importing ``openai``, ``langchain_openai`` and ``autogen_ext``'s OpenAI client costs
about 0.8 s: the switch imports it only when a real model is chosen, so the offline model starts without it.
"""

from __future__ import annotations

from typing import Any

import openai
from autogen_ext.models.openai import OpenAIChatCompletionClient
from langchain_openai import ChatOpenAI

from handoffs.models.errors import to_model_call_error


class KitChatOpenAI(ChatOpenAI):
    """``ChatOpenAI`` whose failures are one-sentence :class:`ModelCallError` s (nothing else changes)."""

    handoffs_error_context: dict[str, Any] = {}

    def _translated(self, exc: openai.APIError) -> Exception:
        return to_model_call_error(exc, **self.handoffs_error_context)

    def _generate(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super()._generate(*args, **kwargs)
        except openai.APIError as exc:
            raise self._translated(exc) from None

    async def _agenerate(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return await super()._agenerate(*args, **kwargs)
        except openai.APIError as exc:
            raise self._translated(exc) from None

    def _stream(self, *args: Any, **kwargs: Any) -> Any:
        try:
            yield from super()._stream(*args, **kwargs)
        except openai.APIError as exc:
            raise self._translated(exc) from None

    async def _astream(self, *args: Any, **kwargs: Any) -> Any:
        try:
            async for chunk in super()._astream(*args, **kwargs):
                yield chunk
        except openai.APIError as exc:
            raise self._translated(exc) from None


class KitOpenAIChatCompletionClient(OpenAIChatCompletionClient):
    """AutoGen's OpenAI client whose failures are one-sentence :class:`ModelCallError` s."""

    def __init__(self, error_context: dict[str, Any], **config: Any) -> None:
        super().__init__(**config)
        self._handoffs_error_context = error_context

    def __repr__(self) -> str:  # the default config repr would hold the key
        ctx = self._handoffs_error_context
        return f"{type(self).__name__}(model={ctx['model']!r}, base_url={ctx['base_url']!r})"

    async def create(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return await super().create(*args, **kwargs)
        except openai.APIError as exc:
            raise to_model_call_error(exc, **self._handoffs_error_context) from None

    async def create_stream(self, *args: Any, **kwargs: Any) -> Any:
        try:
            async for item in super().create_stream(*args, **kwargs):
                yield item
        except openai.APIError as exc:
            raise to_model_call_error(exc, **self._handoffs_error_context) from None
