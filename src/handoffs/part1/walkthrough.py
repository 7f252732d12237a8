"""Plain-text views of a support-bot run, for notebooks: what each model call saw, and what the state holds.

Everything here *reads*: model calls come from a :class:`~handoffs.recorder.RunRecorder` (what the model
really received, recorded inside the middleware stack), states come from ``agent.invoke`` / ``agent.stream``.
The output is deterministic (no ids, no timings), so notebooks can be checked by nbval.

Its words are in :data:`SAY`, in English and Korean (``handoffs.set_language``); tool names, steps and message
types (``ai``, ``tool``) are printed as they are.

What this module is not: it runs no agent and draws no pictures (see :mod:`handoffs.viz`).
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from handoffs.i18n import Texts, display_width, ljust
from handoffs.part1.state import current_step_of, issue_type_of

SAY = Texts({
    "call": {"en": "Model call {number}, step {step!r}", "ko": "모델 호출 {number}, 단계 {step!r}"},
    "prompt": {"en": "prompt", "ko": "프롬프트"},
    "tools": {"en": "tools", "ko": "도구"},
    "answer": {"en": "answer", "ko": "답"},
    "why": {"en": "why", "ko": "이유"},
    "none": {"en": "(none)", "ko": "(없음)"},
    "no_tools": {"en": "(none: this step offers no tools)", "ko": "(없음: 이 단계에는 도구가 없어요)"},
    "says": {"en": "says {text!r}", "ko": "글로 답함: {text!r}"},
    "more_line": {"en": "... ({count} more line)", "ko": "... ({count}줄 더)"},
    "more_lines": {"en": "... ({count} more lines)", "ko": "... ({count}줄 더)"},
    "refused": {"en": " (REFUSED)", "ko": " (거부됨)"},
    "node": {"en": "{number}. node {node!r}", "ko": "{number}. 노드 {node!r}"},
    "writes": {"en": "  writes {written}", "ko": "  기록: {written}"},
})
LABELS = ("prompt", "tools", "answer", "why")


def clip(line: str, width: int) -> str:
    """One line, cut to ``width`` characters with " ..." when longer (spacing kept)."""
    return line if len(line) <= width else line[: width - 4].rstrip() + " ..."


def _prompt_lines(prompt: str, limit: int) -> list[str]:
    lines = [line.strip() for line in prompt.splitlines() if line.strip()]
    shown = lines[:limit]
    if len(lines) > limit:
        more = len(lines) - limit
        shown.append(SAY["more_lines" if more > 1 else "more_line"].format(count=more))
    return shown


def _call_text(call: Any) -> str:
    """A tool call or the text the model answered, in one line."""
    if call.tool_calls:
        return ", ".join(f"{c.name}({', '.join(f'{k}={v!r}' for k, v in c.args.items())})" for c in call.tool_calls)
    return SAY["says"].format(text=call.text)


def model_calls_story(recorder: Any, conversation: str | None = None, prompt_lines: int = 2, width: int = 110) -> str:
    """Each model call of a conversation: its step, the prompt and tools it got, its answer and its reason."""
    out: list[str] = []
    label_width = max(display_width(SAY[key]) for key in LABELS) + 1  # the colons line up, in either language

    def labelled(key: str, text: str) -> str:
        return f"  {ljust(SAY[key], label_width)}: {text}"

    for number, call in enumerate(recorder.model_calls(conversation), start=1):
        out.append(SAY["call"].format(number=number, step=call.step))
        prompt = _prompt_lines(call.system_prompt, prompt_lines)
        out.append(labelled("prompt", prompt[0] if prompt else SAY["none"]))
        out += [" " * (label_width + 4) + line for line in prompt[1:]]
        out.append(labelled("tools", ", ".join(call.tools_offered) or SAY["no_tools"]))
        out.append(labelled("answer", _call_text(call)))
        out.append(clip(labelled("why", call.reason), width))
    return "\n".join(out)


def message_lines(messages: Iterable[Any], width: int = 130) -> str:
    """A conversation's messages, one line each: who, and what (tool calls spelled out)."""
    out = []
    for message in messages:
        kind = getattr(message, "type", "?")
        if kind == "ai" and getattr(message, "tool_calls", None):
            calls = ", ".join(f"{c['name']}({', '.join(f'{k}={v!r}' for k, v in c['args'].items())})"
                              for c in message.tool_calls)
            line = f"ai    -> {calls}"
        elif kind == "tool":
            flag = SAY["refused"] if getattr(message, "status", "") == "error" else ""
            line = f"tool  {message.name or ''}{flag}: {message.content}"
        else:
            line = f"{kind:<5} {getattr(message, 'text', message.content)}"
        out.append(clip(line, width))
    return "\n".join(out)


def state_summary(state: Mapping[str, Any]) -> str:
    """The two handoff fields and the size of the history: the part of the state that steers the agent."""
    return (f"current_step={current_step_of(state)!r}  issue_type={issue_type_of(state) or None!r}  "
            f"messages={len(state.get('messages', []))}")


def updates_story(chunks: Iterable[Mapping[str, Any]], width: int = 100) -> str:
    """What each graph node changed, from ``agent.stream(..., stream_mode="updates")``.

    One block per node run: the node's name, the state fields it wrote, and its new messages.
    """
    out = []
    for number, chunk in enumerate(chunks, start=1):
        for node, update in chunk.items():
            if not isinstance(update, Mapping):
                continue
            fields = {k: v for k, v in update.items() if k != "messages"}
            written = "  ".join(f"{k}={v!r}" for k, v in fields.items())
            out.append(SAY["node"].format(number=number, node=node) + (SAY["writes"].format(written=written)
                                                                      if written else ""))
            messages = update.get("messages") or []
            out += ["     " + line for line in message_lines(messages, width=width - 5).splitlines()]
    return "\n".join(out)


def source_of(obj: Any) -> str:
    """The source code of a function, class or ``@tool`` (its function), as a learner would read it in src/."""
    import inspect

    return inspect.getsource(getattr(obj, "func", None) or obj).rstrip()
