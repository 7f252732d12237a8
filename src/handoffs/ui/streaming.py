"""Show a LangChain agent's reply in a :class:`~handoffs.ui.ChatPanel` while the model is still writing it.

:class:`StreamingLangChainBackend` is a drop-in for ``handoffs.ui.LangChainBackend``: it runs the agent with
``agent.stream(..., stream_mode=["messages", "values"])`` in a worker thread and, for every text token a model
streams, updates a growing bubble in the panel's transcript (escaped by the panel's own ``transcript_html``).
When the turn ends the growing bubble is taken away and the panel adds the final reply as usual, so the
transcript holds exactly what it holds without streaming.

    backend = StreamingLangChainBackend(build_support_agent(chat_model(streaming=True), checkpointer=...))
    panel = backend.attach(ChatPanel(backend, recorder=rec))

Every model that streams works: the offline model streams word by word, ``ChatOpenAI`` (from
``chat_model("openai:..."/"openai-compatible:...", streaming=True)``) token by token. Tool-call chunks carry no
text and show nothing; each model call starts a new bubble. ``frames`` keeps every partial text shown, so a
notebook or test can see the reply grow.

It uses only the panel's public parts (``messages``, ``transcript``, ``display_limit``) and the backends' own
last-reply rule. It is not an AutoGen backend: seed 003's agents call ``create`` (whole replies), so there is
nothing to stream there.
"""

from __future__ import annotations

import asyncio
from typing import Any

from langchain_core.messages import AIMessageChunk

from .backends import LangChainBackend, Reply, _last_ai_text  # the same last-reply rule as the panel's own
from .render import ChatEntry, transcript_html


class StreamingLangChainBackend(LangChainBackend):
    """A ``LangChainBackend`` that streams each reply into the attached panel as it is written."""

    def __init__(self, agent: Any, thread_id: str = "panel", speaker: str = "bot") -> None:
        super().__init__(agent, thread_id=thread_id, use_async=False, speaker=speaker)
        self.panel: Any = None
        self.frames: list[str] = []  # every partial text shown, in order (all turns)
        self._live: ChatEntry | None = None
        self._live_id: str | None = None

    def attach(self, panel: Any) -> Any:
        """Stream into ``panel`` (a ChatPanel built with this backend); returns the panel for display."""
        self.panel = panel
        return panel

    async def respond(self, text: str) -> Reply:
        loop = asyncio.get_running_loop()
        payload = {"messages": [{"role": "user", "content": text}]}

        def run() -> Any:
            final: Any = None
            for mode, data in self.agent.stream(payload, self.config, stream_mode=["messages", "values"]):
                if mode == "values":
                    final = data
                    continue
                chunk = data[0]
                if isinstance(chunk, AIMessageChunk) and chunk.text:
                    loop.call_soon_threadsafe(self._grow, chunk.id or "", chunk.text)
            return final

        try:
            final = await asyncio.to_thread(run)
        finally:
            await asyncio.sleep(0)  # let the last scheduled token land before the bubble is taken away
            self._drop_live()
        return Reply(self.speaker, _last_ai_text(final), finished=self.is_finished(final))

    # ---- the growing bubble (runs on the panel's event loop) -------------------------------------
    def _grow(self, message_id: str, piece: str) -> None:
        if self.panel is None:
            return
        if self._live is None or message_id != self._live_id:
            self._drop_live()
            self._live_id = message_id
            self._live = ChatEntry("assistant", self.speaker, "")
            self.panel.messages.append(self._live)
        grown = ChatEntry("assistant", self.speaker, self._live.text + piece)
        self.panel.messages[self._live_index()] = grown
        self._live = grown
        self.frames.append(grown.text)
        self.panel.transcript.value = transcript_html(self.panel.messages, self.panel.display_limit)

    def _drop_live(self) -> None:
        index = self._live_index() if self.panel is not None and self._live is not None else None
        if index is not None:
            del self.panel.messages[index]
        self._live, self._live_id = None, None

    def _live_index(self) -> int | None:
        """Where the growing bubble is (by identity: an earlier reply may have the very same text)."""
        return next((i for i, entry in enumerate(self.panel.messages) if entry is self._live), None)
