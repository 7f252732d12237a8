"""`OperatorPanel`: the human agent's desk — what the customer asked, the context, and a reply box.

The agent side awaits ``await desk.ask(conversation, request, context)``: the request appears on the desk and the
agent's coroutine waits on an ``asyncio.Future`` (never ``input()``) until the operator answers. The operator side
is the reply box and Send button, or from code ``await desk.next_request()`` and ``await desk.reply(text)`` (what
the button does). Requests are answered oldest first. All text is escaped by ``handoffs.ui.render``. A double click on
**Send reply** delivers once: the second click of the pair is ignored (no "type a reply first" for the box the
first click just emptied). This panel does not talk to any framework: a part-2 ``HumanAgent`` calls ``ask`` from
its message handler.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any, Iterable

import ipywidgets as widgets

from handoffs.loops import resolve
from handoffs.text_safety import readable

from .render import ChatEntry, esc, status_html, transcript_html

DISPLAY_LIMIT = 2_000
DOUBLE_CLICK_S = 1.0  # a click on an empty box this soon after a reply was sent is the second click of a pair
TEXTS = {  # every sentence this panel shows, in one place (for translation)
    "empty": "Type a reply first — empty replies are not sent.",
    "nobody": "No customer is waiting for a human right now.",
    "sent": "Sent to conversation {conversation}.",
}


@dataclass
class OperatorRequest:
    """One customer waiting for a human: the conversation, what they asked, the context, and the answer to come."""

    conversation: str
    request: str
    context: list[ChatEntry]
    answer: asyncio.Future = field(repr=False)


class OperatorPanel:
    """The human operator's desk. Show it by leaving it as the last expression of a cell."""

    def __init__(self, title: str = "Operator desk", display_limit: int = DISPLAY_LIMIT) -> None:
        self.display_limit = display_limit
        self.pending: list[OperatorRequest] = []
        self.answered: list[tuple[OperatorRequest, str]] = []
        self._arrivals: asyncio.Queue[OperatorRequest] | None = None
        self._tasks: set[asyncio.Task] = set()
        self._sending = False  # a click's reply is scheduled and not finished
        self._last_sent_at = 0.0
        self._waiting_listeners: list[Any] = []

        self.title = widgets.HTML(f"<b style='font-size:17px'>{esc(title)}</b>")
        self.waiting = widgets.HTML().add_class("handoffs-operator-waiting")
        self.request_view = widgets.HTML().add_class("handoffs-operator-request")
        self.reply_box = widgets.Textarea(placeholder="Your reply to the customer",
                                          layout=widgets.Layout(width="100%", height="70px")).add_class("handoffs-operator-input")
        self.send_button = widgets.Button(description="Send reply", button_style="warning",
                                          icon="reply").add_class("handoffs-operator-send")
        self.status = widgets.HTML().add_class("handoffs-operator-status")
        self.widget = widgets.VBox(
            [widgets.HBox([self.title, self.waiting], layout=widgets.Layout(justify_content="space-between")),
             self.request_view, self.reply_box, widgets.HBox([self.send_button, self.status])],
            layout=widgets.Layout(border="2px solid #b45309", padding="8px", max_width="820px"),
        ).add_class("handoffs-operator")
        self.send_button.on_click(lambda _button: self._start(self.reply_box.value))
        self._render()

    def on_waiting(self, listener: Any) -> None:
        """Call ``listener(conversation, True)`` when a customer starts waiting here, ``(…, False)`` when they stop."""
        self._waiting_listeners.append(listener)

    # ---- the agent's side ----------------------------------------------------------------------
    async def ask(self, conversation: str, request: str, context: Iterable[Any] = (),
                  timeout: float | None = None) -> str:
        """Show a customer's request on the desk and wait for the operator's reply (the agent calls this)."""
        lines = [entry for entry in map(_as_entry, context) if entry is not None]
        item = OperatorRequest(str(conversation), str(request), lines,
                               asyncio.get_running_loop().create_future())
        self.pending.append(item)
        self._queue().put_nowait(item)
        self._render()
        for waiting in self._waiting_listeners:
            waiting(item.conversation, True)
        try:
            return await asyncio.wait_for(asyncio.shield(item.answer), timeout)
        except asyncio.TimeoutError:
            raise TimeoutError(f"the operator did not answer conversation {item.conversation!r} "
                               f"within {timeout:g} s") from None
        finally:
            for waiting in self._waiting_listeners:
                waiting(item.conversation, False)
            if item in self.pending:
                self.pending.remove(item)
                self._render()

    # ---- the operator's side -------------------------------------------------------------------
    async def next_request(self, timeout: float | None = 30.0) -> OperatorRequest:
        """Wait until a customer is waiting for a human and return that request (oldest first)."""
        while True:
            item = await asyncio.wait_for(self._queue().get(), timeout)
            if not item.answer.done():
                return item

    async def reply(self, text: str) -> OperatorRequest | None:
        """Answer the oldest waiting request (what the Send reply button does); None if nothing was sent."""
        if not (text or "").strip():
            self._set_status(TEXTS["empty"], "info")
            return None
        open_requests = [p for p in self.pending if not p.answer.done()]
        if not open_requests:
            self._set_status(TEXTS["nobody"], "info")
            return None
        text = readable(text)
        item = open_requests[0]
        resolve(item.answer, text)  # the agent waits on its own loop; clicks may come from a subshell
        self.answered.append((item, text))
        self._last_sent_at = time.monotonic()
        self.reply_box.value = ""
        self._set_status(TEXTS["sent"].format(conversation=item.conversation), "info")
        self._render()
        await asyncio.sleep(0)  # let the waiting agent continue
        return item

    # ---- internals -----------------------------------------------------------------------------
    def _start(self, text: str) -> None:
        """The Send reply button. The second click of a double click — while the first one's reply is still being
        sent, or on the box it just emptied — is ignored, so one click's words are delivered exactly once."""
        if self._sending:
            return
        if text == "" and time.monotonic() - self._last_sent_at < DOUBLE_CLICK_S:  # the box our reply just emptied
            return
        self._sending = bool((text or "").strip())
        task = asyncio.ensure_future(self.reply(text))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        task.add_done_callback(lambda _task: setattr(self, "_sending", False))

    def _queue(self) -> asyncio.Queue[OperatorRequest]:
        if self._arrivals is None:
            self._arrivals = asyncio.Queue()
        return self._arrivals

    def _set_status(self, text: str, kind: str) -> None:
        self.status.value = status_html(text, kind) if text else ""

    def _render(self) -> None:
        open_requests = [p for p in self.pending if not p.answer.done()]
        count = len(open_requests)
        self.waiting.value = (f'<span class="handoffs-waiting-count" style="font-size:14px;font-weight:bold;'
                              f'color:{"#b45309" if count else "#4b5563"}">{count} waiting</span>')
        self.send_button.disabled = count == 0
        if not open_requests:
            self.request_view.value = '<i style="color:#6b7280">No customer is waiting for a human.</i>'
            return
        item = open_requests[0]
        entries = item.context + [ChatEntry("user", "customer asks", item.request)]
        self.request_view.value = (
            f'<div style="font-size:14px;color:#374151">Conversation <b>{esc(item.conversation)}</b></div>'
            + transcript_html(entries, self.display_limit)
        )

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


def _as_entry(item: Any) -> ChatEntry | None:
    """A context line from a ChatEntry, a (speaker, text) pair, a plain string or an AutoGen LLMMessage.

    Messages without text (tool calls, tool results, system prompts) are left out: the operator reads the chat.
    """
    if isinstance(item, ChatEntry):
        return item
    if isinstance(item, tuple) and len(item) == 2:
        return ChatEntry("note", str(item[0]), str(item[1]))
    if isinstance(item, str):
        return ChatEntry("note", "", item)
    kind = type(item).__name__
    content = getattr(item, "content", None)
    if not isinstance(content, str) or kind in ("SystemMessage", "FunctionExecutionResultMessage"):
        return None
    if kind == "UserMessage":
        return ChatEntry("user", "customer", content)
    return ChatEntry("assistant", str(getattr(item, "source", "") or kind), content)
