"""`ChatPanel`: the customer's chat window in a notebook — transcript, input, Send, a step/agent badge, "why".

``await panel.send(text)`` does exactly what the Send button does, so notebooks, tests and nbval drive the same
path a person clicks. The panel keeps its own transcript (full texts in ``panel.messages``) and reads the badge
and the model's reasons from a :class:`~handoffs.recorder.RunRecorder` (one-way: it never writes to it). Errors
appear in the transcript and the panel stays usable. All text is escaped by ``handoffs.ui.render``.
It does not know LangChain or AutoGen: a backend (``handoffs.ui.backends``) does the talking.

Faults it survives: a double click sends once; a lone surrogate in what is typed is mended before it can break a
later render; a customer still waiting for a person reads "no operator has answered yet — answer on the Operator
desk" (the reply appears when it comes). After a conversation is over, a backend that can ``restart()`` (a single
agent's) starts a fresh conversation for the next typed message, without a click (the transcript stays, with a
line marking the new thread; the **New conversation** button starts one with an empty transcript); a backend that
cannot (an AutoGen session that ended) says at once how to start a new one.

Every word it shows is in :data:`TEXTS`, English or Korean (``handoffs.set_language("ko")``, read when the panel is
made and each time it speaks); tool names, agent types and steps are shown as they are.
"""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import ipywidgets as widgets

from handoffs.i18n import Texts
from handoffs.models.errors import redact_secrets
from handoffs.text_safety import readable

from .backends import ChatBackend, Reply, ReplyTimeout
from .render import ChatEntry, badge_html, esc, reasons_html, status_html, transcript_html

DISPLAY_LIMIT = 2_000  # characters of one message shown before "show more"
DOUBLE_CLICK_S = 1.0  # a click on Send this soon after a message was sent, on the box it emptied, is ignored
TEXTS = Texts({  # every word this panel shows, in one place, in English and Korean
    "title": {"en": "Customer chat", "ko": "고객 채팅"},
    "placeholder": {"en": "Type a message and press Send", "ko": "메시지를 입력하고 보내기를 누르세요"},
    "send": {"en": "Send", "ko": "보내기"},
    "sending": {"en": "Waiting…", "ko": "기다리는 중…"},
    "why": {"en": "why?", "ko": "왜?"},
    "why_tooltip": {"en": "Show the model's reasons", "ko": "모델이 댄 이유 보기"},
    "new_button": {"en": "New conversation", "ko": "새 대화"},
    "you": {"en": "you", "ko": "나"},
    "human": {"en": "{speaker} (human)", "ko": "{speaker} (사람)"},
    "error": {"en": "error", "ko": "오류"},
    "step": {"en": "step", "ko": "단계"},
    "agent": {"en": "agent", "ko": "에이전트"},
    "replies": {"en": "replies", "ko": "글로 답함"},
    "no_reason": {"en": "(no reason given)", "ko": "(이유 없음)"},
    "empty": {"en": "Type a message first — empty messages are not sent.",
              "ko": "먼저 메시지를 입력하세요 — 빈 메시지는 보내지 않아요."},
    "busy": {"en": "Still waiting for the last reply — please wait.",
             "ko": "아직 앞의 답을 기다리고 있어요 — 잠시만 기다려 주세요."},
    "waiting": {"en": "Waiting for the reply…", "ko": "답을 기다리는 중…"},
    "failed": {"en": "That turn failed (see the red line). You can send another message.",
               "ko": "이번 턴은 실패했어요(빨간 줄을 보세요). 다른 메시지를 보내도 돼요."},
    "operator": {"en": "A person will answer here: the reply appears when the operator sends it.",
                 "ko": "사람 상담원이 여기에 답할 거예요. 상담원이 보내면 답이 나타나요."},
    "finished_restartable": {"en": "This conversation is finished — type a message to start a new one.",
                             "ko": "이 대화는 끝났어요 — 메시지를 입력하면 새 대화가 시작돼요."},
    "finished": {"en": "This conversation is finished — to start a new one, run the cell that opened it again with a "
                       "new session id.",
                 "ko": "이 대화는 끝났어요 — 새로 시작하려면 대화를 연 셀을 새 세션 ID로 다시 실행하세요."},
    "new": {"en": "New conversation (thread {conversation}).", "ko": "새 대화를 시작했어요(스레드 {conversation})."},
    "new_after_end": {"en": "The last conversation was finished: this is a new one (thread {conversation}).",
                      "ko": "앞의 대화는 끝났어요: 여기서부터 새 대화예요(스레드 {conversation})."},
    "hello": {"en": "Say hello to start.", "ko": "인사말을 보내 대화를 시작해 보세요."},
})


class ChatPanel:
    """A chat window for one conversation. Show it by leaving it as the last expression of a cell."""

    def __init__(self, backend: ChatBackend, recorder: Any = None, title: str | None = None,
                 display_limit: int = DISPLAY_LIMIT) -> None:
        title = TEXTS["title"] if title is None else title
        self.backend = backend
        self.recorder = recorder
        self.display_limit = display_limit
        self.messages: list[ChatEntry] = []
        self.busy = False
        self._tasks: set[asyncio.Task] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._owner_thread = threading.get_ident()
        self.finished = False  # the conversation is over (see the module docstring)
        self._starting = False  # a click's send is scheduled but has not begun
        self._last_sent_at = 0.0

        self.title = widgets.HTML(f"<b style='font-size:17px'>{esc(title)}</b>")
        self.badge = widgets.HTML().add_class("handoffs-badge")
        self.transcript = widgets.HTML().add_class("handoffs-transcript")
        self.input = widgets.Text(placeholder=TEXTS["placeholder"],
                                  layout=widgets.Layout(flex="1 1 auto", width="auto")).add_class("handoffs-input")
        self.send_button = widgets.Button(description=TEXTS["send"], button_style="primary",
                                          icon="paper-plane").add_class("handoffs-send")
        self.why_toggle = widgets.ToggleButton(description=TEXTS["why"], value=False,
                                               tooltip=TEXTS["why_tooltip"]).add_class("handoffs-why-toggle")
        self.why = widgets.HTML(layout=widgets.Layout(display="none")).add_class("handoffs-why")
        self.status = widgets.HTML().add_class("handoffs-status")
        self.new_button = widgets.Button(description=TEXTS["new_button"], icon="refresh",
                                         layout=widgets.Layout(display="none")).add_class("handoffs-new")
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.title, self.badge], layout=widgets.Layout(justify_content="space-between")),
                self.transcript,
                widgets.HBox([self.input, self.send_button, self.why_toggle, self.new_button]),
                self.status,
                self.why,
            ],
            layout=widgets.Layout(border="1px solid #9ca3af", padding="8px", max_width="820px"),
        ).add_class("handoffs-chat")

        self.send_button.on_click(lambda _button: self._start(self.input.value))
        self.new_button.on_click(lambda _button: self.new_conversation())
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
            self._set_status(TEXTS["empty"], "info")
            return None
        if self.busy:
            self._set_status(TEXTS["busy"], "busy")
            return None
        text = readable(text)  # a lone surrogate would make every later render of the transcript fail
        if self.finished and self._restartable():  # typing after the end starts the next conversation
            self.new_conversation(keep_transcript=True)
        if getattr(self.backend, "finished", False):  # nobody reads new words in an ended session
            self.input.value = ""
            self.messages.append(ChatEntry("user", TEXTS["you"], text))
            self._mark_finished(tell=True)
            return None
        self._set_busy(True)
        self.input.value = ""
        self._last_sent_at = time.monotonic()
        self.messages.append(ChatEntry("user", TEXTS["you"], text))
        self._render()
        try:
            reply = await self.backend.respond(text)
        except ReplyTimeout as exc:
            if not exc.waiting_for_operator:
                return self._show_error(exc)
            self.messages.append(ChatEntry("note", "", str(exc)))  # the reply is shown when it arrives
            self._render()
            self._set_status(TEXTS["operator"], "info")
            return None
        except Exception as exc:  # shown to the person, and the panel stays usable
            return self._show_error(exc)
        finally:
            self._set_busy(False)
        self._show_reply(reply)
        self._set_status("", "info")
        if reply.finished:
            self._mark_finished()
        return reply.text

    def new_conversation(self, keep_transcript: bool = False) -> str | None:
        """Start a new conversation, if the backend can (``restart()``): a new thread id and an empty transcript
        (``keep_transcript``: the old messages stay above a line naming the new thread). Returns the thread id."""
        if not self._restartable() or self.busy:
            return None
        conversation = self.backend.restart()  # type: ignore[attr-defined]
        self.finished = False
        note = ChatEntry("note", "", TEXTS["new_after_end" if keep_transcript else "new"].format(
            conversation=conversation))
        self.messages = [*self.messages, note] if keep_transcript else [note]
        self.new_button.layout.display = "none"
        self._set_status("", "info")
        self._render()
        return conversation

    def deliver(self, agent: str, text: str) -> None:
        """Pass an AutoGen agent's reply to the backend (for a UserAgent that only knows the panel)."""
        self.backend.deliver(agent, text)  # type: ignore[attr-defined]

    def close(self) -> None:
        """Stop listening to the recorder and close the widgets (the transcript stays in ``messages``)."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        for part in (self.title, self.badge, self.transcript, self.input, self.send_button, self.why_toggle,
                     self.new_button, self.why, self.status, *self.widget.children, self.widget):
            part.close()

    # ---- internals -----------------------------------------------------------------------------
    def _start(self, text: str) -> None:
        """The Send button: a second click of a double click (a send already under way, or the box it just emptied —
        exactly "", not blanks someone typed) is ignored instead of sending twice or saying "type a message first"."""
        if self._starting or self.busy and text == "":
            return
        if text == "" and time.monotonic() - self._last_sent_at < DOUBLE_CLICK_S:
            return
        self._starting = True
        task = asyncio.ensure_future(self.send(text))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        task.add_done_callback(lambda _task: setattr(self, "_starting", False))

    def _show_error(self, exc: Exception) -> None:
        self.messages.append(ChatEntry("error", TEXTS["error"], redact_secrets(f"{type(exc).__name__}: {exc}")))
        self._render()
        self._set_status(TEXTS["failed"], "error")
        return None

    def _restartable(self) -> bool:
        return getattr(self.backend, "restart", None) is not None

    def _mark_finished(self, tell: bool = False) -> None:
        """The conversation is over. A restartable one offers the next (status line and button; typing starts it);
        otherwise, with ``tell``, the transcript says how to start a new one."""
        self.finished = True
        if self._restartable():
            self.new_button.layout.display = "inline-flex"
            self._set_status(TEXTS["finished_restartable"], "info")
        elif tell:
            self.messages.append(ChatEntry("note", "", TEXTS["finished"]))
            self._render()
            self._set_status("", "info")

    def _show_reply(self, reply: Reply) -> None:
        speaker = TEXTS["human"].format(speaker=reply.speaker) if reply.role == "operator" else reply.speaker
        self.messages.append(ChatEntry(reply.role, speaker, reply.text))
        self._render()

    def _set_busy(self, busy: bool) -> None:
        self.busy = busy
        self.send_button.disabled = busy
        self.send_button.description = TEXTS["sending" if busy else "send"]
        if busy:
            self.widget.add_class("handoffs-busy")
            self._set_status(TEXTS["waiting"], "busy")
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
        self.transcript.value = transcript_html(self.messages, self.display_limit, TEXTS["hello"])
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
                action = ", ".join(c.name for c in call.tool_calls) or TEXTS["replies"]
                reasons.append((call.actor, action, call.reason or TEXTS["no_reason"]))
        self.badge.value = badge_html(TEXTS[label] if label in ("step", "agent") else label, value)
        self.why.value = reasons_html(reasons)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

