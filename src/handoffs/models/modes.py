"""The offline model's two teaching modes besides its default policy: *script* and *rogue*.

* **Script** — an exact list of replies, like AutoGen's ``ReplayChatCompletionClient``: the n-th call gets the
  n-th reply. A reply is a string (text), ``{"tool": name, "args": {...}}`` (one tool call) or a list of such dicts
  (parallel tool calls). A script may call tools that were not offered: that is how tests reach any corner.
* **Rogue** — the default policy, except that at the first call of a conversation where a given tool is *not*
  offered (and, optionally, the system prompt contains a given text), the model calls that tool anyway, once.
  It plays a real model that calls a tool it saw earlier in the history, to teach and test step boundaries.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence, Union

from .turn import call_id
from .reasons import because
from .types import Decision, Message, ToolCall, ToolSpec, system_prompt_of

ScriptReply = Union[str, Mapping[str, Any], Sequence[Mapping[str, Any]]]


class ScriptExhausted(RuntimeError):
    """The script has no reply left for this call."""


def _tool_call(item: Mapping[str, Any], messages: Sequence[Message], index: int) -> ToolCall:
    if "tool" not in item:
        raise ValueError(f"A scripted tool call needs a 'tool' key, got {dict(item)!r}")
    name = str(item["tool"])
    return ToolCall(item.get("id") or call_id(messages, name, index), name, dict(item.get("args", {})))


class Script:
    """Replies handed out in order, one per call (thread-safe; ``reset()`` starts over)."""

    def __init__(self, replies: Sequence[ScriptReply]):
        if isinstance(replies, (str, Mapping)):
            raise TypeError("script must be a list of replies, e.g. ['Hello!', {'tool': 'record_issue', 'args': {}}]")
        self.replies = list(replies)
        self._next = 0
        self._lock = threading.Lock()

    def reset(self) -> None:
        with self._lock:
            self._next = 0

    @property
    def remaining(self) -> int:
        return len(self.replies) - self._next

    def next_decision(self, messages: Sequence[Message]) -> Decision:
        with self._lock:
            if self._next >= len(self.replies):
                raise ScriptExhausted(f"The script has {len(self.replies)} replies and all were used; "
                                      "add replies or call reset().")
            position, reply = self._next, self.replies[self._next]
            self._next += 1
        why = because("script", number=position + 1, total=len(self.replies))
        if isinstance(reply, str):
            return Decision(text=reply, reason=why)
        items = [reply] if isinstance(reply, Mapping) else list(reply)
        calls = tuple(_tool_call(item, messages, i) for i, item in enumerate(items))
        text = next((str(item["text"]) for item in items if item.get("text")), "")
        return Decision(text=text, tool_calls=calls, reason=why)


@dataclass(frozen=True)
class Rogue:
    """Which tool the rogue model reaches for, with what arguments, and (optionally) in which prompt."""

    tool: str
    args: Mapping[str, Any] = field(default_factory=dict)
    when_prompt_contains: str | None = None

    @classmethod
    def parse(cls, spec: "str | Mapping[str, Any] | Rogue | None") -> "Rogue | None":
        if spec is None or isinstance(spec, Rogue):
            return spec
        if isinstance(spec, str):
            return cls(spec)
        unknown = set(spec) - {"tool", "args", "when_prompt_contains"}
        if "tool" not in spec or unknown:
            raise ValueError("rogue takes a tool name or {'tool': ..., 'args': {...}, 'when_prompt_contains': ...}")
        return cls(str(spec["tool"]), dict(spec.get("args", {})), spec.get("when_prompt_contains"))

    def decision(self, messages: Sequence[Message], tools: Sequence[ToolSpec]) -> Decision | None:
        """The out-of-bounds call, if this is the call for it; else None (behave normally)."""
        if any(t.name == self.tool for t in tools):
            return None
        if any(c.name == self.tool for m in messages for c in m.tool_calls):
            return None  # already tried once in this conversation
        if self.when_prompt_contains and self.when_prompt_contains not in system_prompt_of(messages):
            return None
        call = ToolCall(call_id(messages, self.tool, 0), self.tool, dict(self.args))
        offered = ", ".join(t.name for t in tools) or because("none_offered")
        return Decision(tool_calls=(call,), reason=because("rogue", tool=self.tool, offered=offered))
