"""Plain-text views of a support-bot run, for notebooks: what each model call saw, and what the state holds.

Everything here *reads*: model calls come from a :class:`~handoffs.recorder.RunRecorder` (what the model
really received, recorded inside the middleware stack), states come from ``agent.invoke`` / ``agent.stream``.
The output is deterministic (no ids, no timings), so notebooks can be checked by nbval.

What this module is not: it runs no agent and draws no pictures (see :mod:`handoffs.viz`).
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from handoffs.single_agent.state import current_step_of, issue_type_of


def clip(line: str, width: int) -> str:
    """One line, cut to ``width`` characters with " ..." when longer (spacing kept)."""
    return line if len(line) <= width else line[: width - 4].rstrip() + " ..."


def _prompt_lines(prompt: str, limit: int) -> list[str]:
    lines = [line.strip() for line in prompt.splitlines() if line.strip()]
    shown = lines[:limit]
    if len(lines) > limit:
        shown.append(f"... ({len(lines) - limit} more line{'s' if len(lines) - limit > 1 else ''})")
    return shown


def _call_text(call: Any) -> str:
    """A tool call or the text the model answered, in one line."""
    if call.tool_calls:
        return ", ".join(f"{c.name}({', '.join(f'{k}={v!r}' for k, v in c.args.items())})" for c in call.tool_calls)
    return f"says {call.text!r}"


def model_calls_story(recorder: Any, conversation: str | None = None, prompt_lines: int = 2, width: int = 110) -> str:
    """Each model call of a conversation: its step, the prompt and tools it got, its answer and its reason."""
    out: list[str] = []
    for number, call in enumerate(recorder.model_calls(conversation), start=1):
        out.append(f"Model call {number}, step {call.step!r}")
        prompt = _prompt_lines(call.system_prompt, prompt_lines)
        out.append(f"  prompt : {prompt[0] if prompt else '(none)'}")
        out += [f"           {line}" for line in prompt[1:]]
        out.append(f"  tools  : {', '.join(call.tools_offered) or '(none: this step offers no tools)'}")
        out.append(f"  answer : {_call_text(call)}")
        out.append(clip(f"  why    : {call.reason}", width))
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
            flag = " (REFUSED)" if getattr(message, "status", "") == "error" else ""
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
            out.append(f"{number}. node {node!r}" + (f"  writes {written}" if written else ""))
            messages = update.get("messages") or []
            out += ["     " + line for line in message_lines(messages, width=width - 5).splitlines()]
    return "\n".join(out)


def source_of(obj: Any) -> str:
    """The source code of a function, class or ``@tool`` (its function), as a learner would read it in src/."""
    import inspect

    return inspect.getsource(getattr(obj, "func", None) or obj).rstrip()
