"""`ChatPanel`: the customer's chat window in a notebook — transcript, input, Send, a step/agent badge, "why".

``await panel.send(text)`` does exactly what the Send button does, so notebooks, tests and nbval drive the same
path a person clicks. The panel keeps its own transcript (full texts in ``panel.messages``) and reads the badge
and the model's reasons from a :class:`~handoffs.recorder.RunRecorder` (one-way: it never writes to it). Errors
appear in the transcript and the panel stays usable. All text is escaped by ``handoffs.ui.render``.
It does not know LangChain or AutoGen: a backend (``handoffs.ui.backends``) does the talking.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import ipywidgets as widgets

from .backends import ChatBackend, Reply
from .render import ChatEntry, badge_html, esc, reasons_html, status_html, transcript_html

DISPLAY_LIMIT = 2_000  # characters of one message shown before "show more"


class ChatPanel:
    """A chat window for one conversation. Show it by leaving it as the last expression of a cell."""

    def __init__(self, backend: ChatBackend, recorder: Any = None, title: str = "Customer chat",
                 display_limit: int = DISPLAY_LIMIT) -> None:
        self.backend = backend
        self.recorder = recorder
        self.display_limit = display_limit
        self.messages: list[ChatEntry] = []
        self.busy = False
        self._tasks: set[asyncio.Task] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._owner_thread = threading.get_ident()

        self.title = widgets.HTML(f"<b style='font-size:17px'>{esc(title)}</b>")
        self.badge = widgets.HTML().add_class("handoffs-badge")
        self.transcript = widgets.HTML().add_class("handoffs-transcript")
        self.input = widgets.Text(placeholder="Type a message and press Send",
                                  layout=widgets.Layout(flex="1 1 auto", width="auto")).add_class("handoffs-input")
        self.send_button = widgets.Button(description="Send", button_style="primary",
                                          icon="paper-plane").add_class("handoffs-send")
        self.why_toggle = widgets.ToggleButton(description="why?", value=False,
                                               tooltip="Show the model's reasons").add_class("handoffs-why-toggle")
        self.why = widgets.HTML(layout=widgets.Layout(display="none")).add_class("handoffs-why")
        self.status = widgets.HTML().add_class("handoffs-status")
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.title, self.badge], layout=widgets.Layout(justify_content="space-between")),
                self.transcript,
                widgets.HBox([self.input, self.send_button, self.why_toggle]),
                self.status,
                self.why,
            ],
            layout=widgets.Layout(border="1px solid #9ca3af", padding="8px", max_width="820px"),
        ).add_class("handoffs-chat")

        self.send_button.on_click(lambda _button: self._start(self.input.value))
        self.why_toggle.observe(self._toggle_why, names="value")
        self._unsubscribe = recorder.subscribe(self._on_event) if recorder is not None else None
        if hasattr(backend, "on_unanswered"):
            backend.on_unanswered(self._show_reply)
        self._render()

    # ---- what the button does ------------------------------------------------------------------
    async def send(self, text: str) -> str | None:
        """Send one customer message and wait for the reply; returns the reply text (None if nothing was sent)."""
        self._loop = asyncio.get_running_loop()
        if not (text or "").strip():
            self._set_status("Type a message first — empty messages are not sent.", "info")
            return None
        if self.busy:
            self._set_status("Still waiting for the last reply — please wait.", "busy")
            return None
        self._set_busy(True)
        self.input.value = ""
        self.messages.append(ChatEntry("user", "you", text))
        self._render()
        try:
            reply = await self.backend.respond(text)
        except Exception as exc:  # shown to the person, and the panel stays usable
            self.messages.append(ChatEntry("error", "error", f"{type(exc).__name__}: {exc}"))
            self._render()
            self._set_status("That turn failed (see the red line). You can send another message.", "error")
            return None
        finally:
            self._set_busy(False)
        self._show_reply(reply)
        self._set_status("", "info")
        return reply.text

    def deliver(self, agent: str, text: str) -> None:
        """Pass an AutoGen agent's reply to the backend (for a UserAgent that only knows the panel)."""
        self.backend.deliver(agent, text)  # type: ignore[attr-defined]

    def close(self) -> None:
        """Stop listening to the recorder and close the widgets (the transcript stays in ``messages``)."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        for part in (self.title, self.badge, self.transcript, self.input, self.send_button, self.why_toggle,
                     self.why, self.status, *self.widget.children, self.widget):
            part.close()

    # ---- internals -----------------------------------------------------------------------------
    def _start(self, text: str) -> None:
        task = asyncio.ensure_future(self.send(text))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _show_reply(self, reply: Reply) -> None:
        speaker = f"{reply.speaker} (human)" if reply.role == "operator" else reply.speaker
        self.messages.append(ChatEntry(reply.role, speaker, reply.text))
        self._render()

    def _set_busy(self, busy: bool) -> None:
        self.busy = busy
        self.send_button.disabled = busy
        self.send_button.description = "Waiting…" if busy else "Send"
        if busy:
            self.widget.add_class("handoffs-busy")
            self._set_status("Waiting for the reply…", "busy")
        else:
            self.widget.remove_class("handoffs-busy")

    def _set_status(self, text: str, kind: str) -> None:
        self.status.value = status_html(text, kind) if text else ""

    def _toggle_why(self, change: dict) -> None:
        self.why.layout.display = "block" if change["new"] else "none"

    def _on_event(self, event: Any) -> None:
        """Recorder subscriber: refresh badge and "why" on the panel's own thread (LangChain runs in a worker)."""
        if event.conversation != self.backend.conversation:
            return
        if threading.get_ident() == self._owner_thread or self._loop is None:
            self._render_status_parts()
        else:
            self._loop.call_soon_threadsafe(self._render_status_parts)

    def _render(self) -> None:
        self.transcript.value = transcript_html(self.messages, self.display_limit, "Say hello to start.")
        self._render_status_parts()

    def _render_status_parts(self) -> None:
        label = self.backend.badge_label
        value = None
        reasons: list[tuple[str, str, str]] = []
        if self.recorder is not None:
            conversation = self.backend.conversation
            if label == "step":
                value = self.recorder.current_step(conversation)
            else:
                value = self.recorder.current_agent(conversation)
            for call in self.recorder.model_calls(conversation):
                action = ", ".join(c.name for c in call.tool_calls) or "replies"
                reasons.append((call.actor, action, call.reason or "(no reason given)"))
        self.badge.value = badge_html(label, value)
        self.why.value = reasons_html(reasons)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

