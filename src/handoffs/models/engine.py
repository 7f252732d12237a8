"""One offline model behind both adapters: mode dispatch (script, rogue, default policy) and token usage.

The LangChain and AutoGen adapters translate their framework's messages and tool schemas to
``handoffs.models.types`` and call :meth:`OfflineEngine.respond`; this class decides which mode answers and
counts tokens with the offline counter (``tokens.py``, which says how it counted). It holds no conversation
state: only the script's position, which is what a replay client is.

:meth:`OfflineEngine.answer` remembers its last answers (the decision and its token usage) by the exact request: the
default policy is a pure function of the messages, the offered tools and the kit's language, so a request met again
(the same customer words on the same step, a notebook cell run twice) is answered as before without being worked
out again, as the readings of single texts already are (``core``, ``meaning``). "Exact" is every field of every
message (tool calls by their JSON arguments) and every offered tool's name, description and schema; a request with
an argument JSON cannot write is worked out every time. Script and rogue mode are never remembered (they move on).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from handoffs import i18n

from .core import decide
from .modes import Rogue, Script, ScriptReply
from .tokens import count_tokens, token_method
from .types import Decision, Message, ToolSpec

MODEL_NAME = "handoffs-offline"


@dataclass(frozen=True)
class Usage:
    input_tokens: int
    output_tokens: int
    method: str

    @property
    def total_tokens(self) -> int:
        return self.input_tokens + self.output_tokens


class OfflineEngine:
    """Script mode when given a script, else the default policy (with a rogue call first, if configured)."""

    def __init__(self, script: Sequence[ScriptReply] | None = None,
                 rogue: "str | Mapping[str, Any] | Rogue | None" = None):
        if script is not None and rogue is not None:
            raise ValueError("Choose one mode: script=[...] replays exact replies, rogue=... bends the default policy.")
        self.script = Script(script) if script is not None else None
        self.rogue = Rogue.parse(rogue)

    @property
    def mode(self) -> str:
        return "script" if self.script else "rogue" if self.rogue else "default"

    def respond(self, messages: Sequence[Message], tools: Sequence[ToolSpec]) -> Decision:
        if self.script is not None:
            return self.script.next_decision(messages)
        if self.rogue is not None:
            out_of_bounds = self.rogue.decision(messages, tools)
            if out_of_bounds is not None:
                return out_of_bounds
        return decide(messages, tools)

    def answer(self, messages: Sequence[Message], tools: Sequence[ToolSpec]) -> tuple[Decision, Usage]:
        """:meth:`respond` and :meth:`usage` of one request; the default policy's remembered by the request."""
        if self.script is not None or self.rogue is not None:
            decision = self.respond(messages, tools)
            return decision, self.usage(messages, tools, decision)
        try:
            shapes = tuple(map(_shape, messages))
            key = _request_key(shapes, tools)
        except (TypeError, ValueError, RecursionError):  # an argument JSON cannot write: worked out every time
            decision = decide(messages, tools)
            return decision, self.usage(messages, tools, decision)
        found = _ANSWERS.pop(key, None)  # taken out and put back last: the least recently asked go first
        if found is None:
            decision = decide(messages, tools)
            found = (decision, _usage(shapes, tools, decision))
            if len(_ANSWERS) >= _ANSWERS_KEPT:
                for old in list(_ANSWERS)[: _ANSWERS_KEPT // 2]:
                    _ANSWERS.pop(old, None)  # another thread may have taken it out
        _ANSWERS[key] = found
        return found

    @staticmethod
    def usage(messages: Sequence[Message], tools: Sequence[ToolSpec], decision: Decision) -> Usage:
        """Tokens in (every message and every offered tool's schema) and out, counted piece by piece: the pieces
        repeat from call to call (the system prompt, the history, the tools), so each is counted once per process."""
        return _usage(tuple(map(_shape, messages)), tools, decision)


def _shape(m: Message) -> tuple:
    """Every field of a message, hashable (a tool call by its id, name and JSON arguments): what a request key holds
    of it and what its tokens are counted from."""
    return (m.role, m.content, m.name, m.tool_call_id, m.is_error,
            tuple((c.id, c.name, c.arguments_json) for c in m.tool_calls) if m.tool_calls else ())


def _usage(shapes: "tuple[tuple, ...]", tools: Sequence[ToolSpec], decision: Decision) -> Usage:
    """:meth:`OfflineEngine.usage` of messages already shaped by :func:`_shape` (a message's text and its calls' names
    and arguments; the answer's likewise)."""
    pieces = [shape[1] + "".join([name + arguments for _, name, arguments in shape[5]]) if shape[5] else shape[1]
              for shape in shapes]
    answer = count_tokens(decision.text + "".join([c.name + c.arguments_json for c in decision.tool_calls])
                          if decision.tool_calls else decision.text)
    method = answer.method  # the counter in use (use_counter may change it)
    return Usage(sum([count_tokens(p).tokens for p in pieces]) + sum([_spec_tokens(t, method) for t in tools]),
                 answer.tokens, method)


def _spec_tokens(tool: ToolSpec, method: str) -> int:
    """:func:`_tool_tokens`, kept with the spec per counter (``ToolSpec.derived``: a spec never changes, and a step
    offers the same specs on every call)."""
    key = ("tokens", method)
    found = tool.derived.get(key)
    if found is None:
        found = tool.derived[key] = _tool_tokens(tool, method)
    return found


_ANSWERS: dict[tuple, tuple[Decision, Usage]] = {}  # request key -> (decision, usage), least recently asked first
_ANSWERS_KEPT = 256  # answers remembered; the least recently asked half is forgotten beyond this


def _request_key(shapes: "tuple[tuple, ...]", tools: Sequence[ToolSpec]) -> tuple:
    """Everything an answer depends on, as one hashable tuple: the kit's language and token counter, each message's
    every field (:func:`_shape`) and each offered tool's name, description and schema (``schema_key``: the ``repr``
    of its parameters, worked out once per spec)."""
    return (i18n.language(), token_method(), shapes, tuple([(t.name, t.description, t.schema_key) for t in tools]))


_TOOL_TOKENS: dict[tuple[str, str, str, str], int] = {}  # (counter, name, description, schema key) -> tokens


def _tool_tokens(tool: ToolSpec, method: str) -> int:
    """The tokens of one offered tool (its name, description and JSON schema), counted once per tool and counter
    (``method``, the one in use): the same tools are offered on every call of a step (``json.dumps`` of a schema
    costs more than the count)."""
    try:
        key = (method, tool.name, tool.description, tool.schema_key)
    except RecursionError:
        return count_tokens(tool.name + " " + tool.description + " " + _schema_text(tool)).tokens
    found = _TOOL_TOKENS.get(key)
    if found is None:
        if len(_TOOL_TOKENS) >= 2048:
            _TOOL_TOKENS.clear()
        found = _TOOL_TOKENS[key] = count_tokens(tool.name + " " + tool.description + " " + _schema_text(tool)).tokens
    return found


def _schema_text(tool: ToolSpec) -> str:
    try:
        return json.dumps(dict(tool.parameters), sort_keys=True, default=str)
    except (TypeError, ValueError, RecursionError):
        return ""


def stream_pieces(text: str) -> list[str]:
    """Split a reply into word-sized pieces for streaming (joined, they give back the text exactly)."""
    pieces, current = [], ""
    for char in text:
        current += char
        if char == " ":
            pieces.append(current)
            current = ""
    if current:
        pieces.append(current)
    return pieces
