"""Safe HTML for the panels: every piece of user or model text is escaped here, and long text is cut for display.

ipywidgets' ``HTML`` widget does not sanitise (``<img src=x onerror=...>`` runs in JupyterLab), so nothing reaches
a widget's ``value`` except through these functions. Text is escaped with ``html.escape`` and shown with
``white-space: pre-wrap`` and ``dir="auto"`` (right-to-left scripts, Korean and emoji render as typed). A very long
message shows its first ``limit`` characters, a "show more" fold with a bounded amount more, and a note with the
full length; the full text stays in the panel's ``messages`` and in the recorder. This module builds strings only.
Its words are in :data:`TEXT`, English or Korean (``handoffs.set_language``).
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from handoffs.i18n import Texts
from handoffs.text_safety import readable

SHOW_MORE_CHARS = 20_000  # at most this much more text inside the "show more" fold
REASON_CHARS = 300  # one "why?" line shows at most this much of a model's reason
REASON_ROWS = 40  # the "why?" list shows the newest model calls, at most this many

TEXT = Texts({
    "show_more": {"en": "show more", "ko": "더 보기"},
    "length": {"en": "{count:,} characters", "ko": "{count:,}자"},
    "shown": {"en": "; the panel shows the first {shown:,} — the full text is kept in the record",
              "ko": ", 패널에는 앞의 {shown:,}자만 보여요. 전체 글은 기록에 남아 있어요"},
    "no_messages": {"en": "No messages yet.", "ko": "아직 메시지가 없어요."},
    "no_reasons": {"en": "No model reasons recorded yet.", "ko": "아직 기록된 모델의 이유가 없어요."},
    "earlier": {"en": "({count} earlier model call not listed)", "ko": "(앞선 모델 호출 {count}개는 목록에서 뺐어요)"},
    "earlier_many": {"en": "({count} earlier model calls not listed)", "ko": "(앞선 모델 호출 {count}개는 목록에서 뺐어요)"},
})

ROLE_COLOURS = {  # background, border: high contrast, readable on a projector
    "user": ("#e8f0fe", "#1a56db"),
    "assistant": ("#f3f4f6", "#374151"),
    "operator": ("#fff4e5", "#b45309"),
    "error": ("#fde8e8", "#c81e1e"),
    "note": ("#ffffff", "#9ca3af"),
}


@dataclass(frozen=True)
class ChatEntry:
    """One line of a transcript as a panel keeps it: who, in which role, and the FULL text."""

    role: str  # user | assistant | operator | error | note
    speaker: str
    text: str


def esc(text: object) -> str:
    """Escape any value for use inside HTML text or a quoted attribute (a lone surrogate becomes "�")."""
    return html.escape(readable(text), quote=True)


def clipped_html(text: str, limit: int) -> str:
    """Escaped text, cut to ``limit`` characters with a "show more" fold and a note when it is longer."""
    if len(text) <= limit:
        return esc(text)
    more = text[limit : limit + SHOW_MORE_CHARS]
    shown = limit + len(more)
    note = TEXT["length"].format(count=len(text))
    if shown < len(text):
        note += TEXT["shown"].format(shown=shown)
    return (
        f"{esc(text[:limit])}"
        f'<details class="handoffs-more"><summary>{esc(TEXT["show_more"])}</summary>{esc(more)}</details>'
        f'<div class="handoffs-clip-note" style="font-size:0.85em;color:#4b5563">({esc(note)})</div>'
    )


def entry_html(entry: ChatEntry, limit: int) -> str:
    """One transcript bubble. The role is also a CSS class (``handoffs-msg-user`` ...) for browser tests."""
    background, border = ROLE_COLOURS.get(entry.role, ROLE_COLOURS["note"])
    role_class = "".join(ch for ch in entry.role if ch.isalnum())
    return (
        f'<div class="handoffs-msg handoffs-msg-{role_class}" dir="auto" '
        f'style="margin:4px 0;padding:6px 10px;border-left:4px solid {border};background:{background};'
        f'white-space:pre-wrap;overflow-wrap:anywhere;font-size:15px;color:#111827">'
        + (f'<b class="handoffs-speaker">{esc(entry.speaker)}</b>: ' if entry.speaker else "")
        + f'<span class="handoffs-text">{clipped_html(entry.text, limit)}</span></div>'
    )


def transcript_html(entries: list[ChatEntry], limit: int, empty_hint: str | None = None) -> str:
    """The whole transcript (newest last) inside a scrolling box."""
    hint = TEXT["no_messages"] if empty_hint is None else empty_hint
    body = "".join(entry_html(e, limit) for e in entries) or f'<i style="color:#6b7280">{esc(hint)}</i>'
    # column-reverse around one inner block keeps the scroll position at the newest message without JavaScript
    return (f'<div class="handoffs-transcript-body" style="max-height:420px;overflow-y:auto;display:flex;'
            f'flex-direction:column-reverse"><div>{body}</div></div>')


def badge_html(label: str, value: str | None) -> str:
    """The step/agent badge, e.g. ``step: resolve``."""
    shown = value if value else "—"
    return (
        f'<span class="handoffs-badge-text" style="display:inline-block;padding:2px 10px;border-radius:12px;'
        f'background:#1a56db;color:#ffffff;font-weight:bold;font-size:14px">{esc(label)}: '
        f'<span class="handoffs-badge-value">{esc(shown)}</span></span>'
    )


def _action_with_arguments(actor: str, action: str, reason: str) -> tuple[str, str, str]:
    """The offline model's reasons start with the call (``resolve_billing(): ...``): show it once, as the action."""
    prefix, separator, rest = reason.partition("): ")
    if separator and prefix.startswith(action + "("):
        return actor, prefix + ")", rest
    return actor, action, reason


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def reasons_html(reasons: list[tuple[str, str, str]]) -> str:
    """The "why" box: one line per model call — who decided, what they did, and the model's reason.

    Each part is cut (:data:`REASON_CHARS`) and wrapped, and only the newest :data:`REASON_ROWS` calls are listed
    (numbered as in the whole run): a reason quoting a 2 MB message must not become a 2 MB line.
    """
    if not reasons:
        return f'<i style="color:#6b7280">{esc(TEXT["no_reasons"])}</i>'
    first = max(0, len(reasons) - REASON_ROWS)
    rows = "".join(
        f'<li dir="auto"><b>{esc(_cut(actor, 60))}</b> → {esc(_cut(action, 120))}: {esc(_cut(reason, REASON_CHARS))}'
        "</li>"
        for actor, action, reason in (_action_with_arguments(*row) for row in reasons[first:])
    )
    earlier = (f'<div class="handoffs-why-earlier" style="font-size:13px;color:#4b5563">'
               f'{esc(TEXT["earlier_many" if first > 1 else "earlier"].format(count=first))}</div>') if first else ""
    return (f'<div style="max-height:240px;overflow-y:auto">{earlier}<ol class="handoffs-why-list" start="{first + 1}" '
            f'style="font-size:14px;margin:0;padding-left:22px;white-space:pre-wrap;overflow-wrap:anywhere">{rows}'
            "</ol></div>")


def status_html(text: str, kind: str = "info") -> str:
    """A one-line status under the input: a hint, the busy note or an error (kind: info|busy|error)."""
    colour = {"info": "#4b5563", "busy": "#1a56db", "error": "#c81e1e"}.get(kind, "#4b5563")
    return f'<span class="handoffs-status-{esc(kind)}" dir="auto" style="color:{colour};font-size:14px">{esc(text)}</span>'
