"""The offline model's own vocabulary: messages, tools and decisions, free of any framework.

Both adapters (LangChain and AutoGen) translate their framework's messages and tool schemas into these
small frozen records, ask the decision core for a :class:`Decision`, and translate it back. Nothing here
imports LangChain or AutoGen; nothing here decides anything.
"""

from __future__ import annotations

import json
import marshal
from collections import abc  # isinstance of typing.Mapping goes through typing (~5x slower)
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Literal, Mapping

from .memo import TEXTS_KEPT

Role = Literal["system", "user", "assistant", "tool"]


@dataclass(frozen=True)
class ToolSpec:
    """A tool as a model sees it: a name, a description and a JSON schema of its arguments."""

    name: str
    description: str = ""
    parameters: Mapping[str, Any] = field(default_factory=lambda: {"type": "object", "properties": {}})
    derived: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)
    """What readers worked out from this tool (its routing profile, its token count), kept with it: one decision asks
    for them many times, and a ToolSpec never changes (its schema is read as it was when the spec was made)."""

    @property
    def schema_key(self) -> str:
        """A text equal for equal schemas built the same way (``repr`` of the parameters, computed once): the key
        under which what is read from the schema is remembered across calls."""
        key = self.derived.get("schema_key")
        if key is None:
            key = self.derived["schema_key"] = repr(self.parameters)
        return key

    @property
    def properties(self) -> dict[str, dict[str, Any]]:
        """The schema's properties; a malformed schema (not an object, properties not a mapping) has none. (Read
        once per spec, like everything in ``derived``; each caller gets its own dict.)"""
        found = self.derived.get("properties")
        if found is None:
            found = self.parameters.get("properties") if isinstance(self.parameters, abc.Mapping) else None
            found = self.derived["properties"] = ({str(k): v for k, v in found.items()}
                                                  if isinstance(found, abc.Mapping) else {})
        return dict(found)

    @property
    def required(self) -> list[str]:
        found = self.derived.get("required")
        if found is None:
            found = self.parameters.get("required") if isinstance(self.parameters, abc.Mapping) else None
            found = self.derived["required"] = tuple(str(r) for r in found) if isinstance(found, (list, tuple)) else ()
        return list(found)


@dataclass(frozen=True)
class ToolCall:
    """One call the model asks for. ``id`` is deterministic (derived from the conversation)."""

    id: str
    name: str
    arguments: Mapping[str, Any] = field(default_factory=dict)

    @property
    def arguments_json(self) -> str:
        try:  # typed key: 1, 1.0 and True are equal as keys but not as JSON
            return _arguments_json(tuple((k, type(v), v) for k, v in self.arguments.items()))
        except TypeError:  # a list or dict value: not a key
            return json.dumps(dict(self.arguments), sort_keys=True)


@lru_cache(maxsize=TEXTS_KEPT)
def _arguments_json(items: tuple[tuple[str, type, Any], ...]) -> str:
    """The JSON of a call's arguments, remembered: the history's calls are counted again on every model call."""
    return json.dumps({k: v for k, _, v in items}, sort_keys=True)


@dataclass(frozen=True)
class Message:
    """One message of the conversation.

    ``tool_calls`` is set on assistant messages that called tools; ``name`` and ``tool_call_id`` on tool
    results (``name`` is the tool's name when the framework says it).
    """

    role: Role
    content: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    name: str | None = None
    tool_call_id: str | None = None
    is_error: bool = False


@dataclass(frozen=True)
class Decision:
    """What the model answers: plain text, or tool calls (possibly with a short text), and why."""

    text: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    reason: str = ""


def system_prompt_of(messages: list[Message] | tuple[Message, ...]) -> str:
    """All system messages joined, in order (the persona and routine the model follows)."""
    return "\n".join([m.content for m in messages if m.role == "system"])


_SPECS: dict[int, tuple[Mapping[str, Any], bytes, ToolSpec]] = {}  # id(schema) -> (schema, its bytes, spec)
_SPECS_KEPT = 512  # specs remembered; the oldest half is forgotten beyond this (notebooks make tools in loops)


def remembered_spec(schema: Mapping[str, Any], make: Callable[[Mapping[str, Any]], ToolSpec]) -> ToolSpec:
    """``make(schema)``, the same ToolSpec object while the schema is unchanged (both adapters): an agent offers the
    same schemas on every call, and a spec keeps what the core worked out from it (its routing profile, its schema
    key, its token count: ``ToolSpec.derived``), which a new spec per call would work out again (~10 us a tool).

    "Unchanged" is checked exactly, by the schema's ``marshal`` bytes (format 2: no back-references, so equal
    structures give equal bytes): types (1 is not True), key order and every value, so a schema edited in place (a
    learner changing a description) gets a spec of its own. The spec is made from a copy (the bytes, loaded), as the
    schema was when checked. A schema ``marshal`` cannot write (a value of another type) is read every time."""
    try:
        written = marshal.dumps(schema, 2)
    except ValueError:
        return make(schema)
    kept = _SPECS.get(id(schema))
    if kept is not None and kept[0] is schema and kept[1] == written:
        return kept[2]
    spec = make(marshal.loads(written))
    if len(_SPECS) >= _SPECS_KEPT:
        for key in list(_SPECS)[: _SPECS_KEPT // 2]:
            del _SPECS[key]
    _SPECS[id(schema)] = (schema, written, spec)
    return spec
