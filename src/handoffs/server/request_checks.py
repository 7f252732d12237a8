"""Checking a chat request before the offline model sees it: one clear 4xx naming the field, never a 500.

A client may send anything that is well-formed JSON: a tool schema whose ``properties`` is a list, a property that
is a number, a schema nested 400 levels deep, ``tool_choice.function`` as a string, tool-call arguments nested
thousands of levels deep, a JSON-escaped lone surrogate (``"\\ud800"``, not Unicode text at all), an integer with a
million digits. Each is answered here by :class:`BadRequest` (status, one sentence, the field as ``param``), so the
server can turn it into OpenAI's error shape. What is checked, in order:

1. :func:`parse_json` (in :mod:`handoffs.server.json_text`, re-exported here) — UTF-8, JSON syntax (no ``NaN``), at most :data:`MAX_DEPTH` levels, no lone surrogate in
   any string or key (:func:`walk` names where);
2. :func:`check_tools` — every tool's ``parameters`` has the *shape* JSON Schema gives its keywords
   (``properties`` an object of schemas, ``required`` a list of strings, ``enum`` a list ...), and names are unique;
3. :func:`check_tool_choice` — ``"none"``, ``"auto"``, ``"required"`` or ``{"type": "function", "function":
   {"name": ...}}`` naming an offered tool;
4. :func:`parse_arguments` (also from ``json_text``) — tool-call arguments in the history are a JSON object (same limits as the body);
5. :func:`validation_error` — what pydantic found (wrong types anywhere) as the same kind of sentence.

Paths are written as OpenAI writes them (``messages[1].tool_calls[0].function.arguments``). Nothing a client sent
is echoed whole: :func:`shown` cuts it and hides anything key-like. No HTTP and no decisions here.
"""

from __future__ import annotations

from typing import Any, Iterator, Sequence

from handoffs.server.json_text import MAX_DEPTH, BadRequest, parse_arguments, parse_json, path_text, shown, walk

__all__ = ["MAX_DEPTH", "BadRequest", "check_schema", "check_tool_choice", "check_tools", "offered_names",
           "parse_arguments", "parse_json", "path_text", "shown", "validation_error", "walk"]

SIMPLE_TYPES = frozenset({"string", "number", "integer", "boolean", "object", "array", "null"})
SCHEMA_MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
SCHEMA_LISTS = ("anyOf", "oneOf", "allOf", "prefixItems")
ONE_SCHEMA = ("additionalProperties", "additionalItems", "not", "contains", "propertyNames", "if", "then", "else",
              "unevaluatedProperties", "unevaluatedItems")
TEXT_KEYWORDS = ("description", "title", "format", "pattern", "$ref", "$schema", "$id", "$comment")
COUNT_KEYWORDS = ("minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties")
NUMBER_KEYWORDS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")
TOOL_CHOICE_WORDS = ("none", "auto", "required")


# ---- tool schemas ----------------------------------------------------------------------------------
def _schema_problem(node: Any) -> tuple[tuple[Any, ...], str] | None:
    """What is wrong with one schema node itself (not its children): (relative path, what it must be)."""
    if isinstance(node, bool):
        return None
    if not isinstance(node, dict):
        return (), "must be a JSON object (a schema such as {\"type\": \"string\"})"
    kind = node.get("type")
    if kind is not None:
        kinds = kind if isinstance(kind, list) else [kind]
        if not kinds or not all(isinstance(k, str) and k in SIMPLE_TYPES for k in kinds):
            return ("type",), f"must be one of {', '.join(sorted(SIMPLE_TYPES))} (or a list of them)"
    for key in SCHEMA_MAPS:
        if key in node and not isinstance(node[key], dict):
            return (key,), "must be a JSON object mapping names to schemas"
    for key in SCHEMA_LISTS:
        if key in node and not (isinstance(node[key], list) and node[key]):
            return (key,), "must be a non-empty list of schemas"
    items = node.get("items")
    if items is not None and not isinstance(items, (dict, bool, list)):
        return ("items",), "must be a schema (a JSON object)"
    if "required" in node and not (isinstance(node["required"], list)
                                   and all(isinstance(n, str) for n in node["required"])):
        return ("required",), "must be a list of property names (strings)"
    if "enum" in node and not isinstance(node["enum"], list):
        return ("enum",), "must be a list of allowed values"
    for key in TEXT_KEYWORDS:
        if key in node and not isinstance(node[key], str):
            return (key,), "must be a string"
    for key in COUNT_KEYWORDS:
        if key in node and not (isinstance(node[key], int) and not isinstance(node[key], bool) and node[key] >= 0):
            return (key,), "must be a whole number, 0 or more"
    for key in NUMBER_KEYWORDS:
        if key in node and (isinstance(node[key], bool) or not isinstance(node[key], (int, float))):
            return (key,), "must be a number"
    return None


def _children(node: Any) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """The sub-schemas of one schema node, with their relative paths."""
    if not isinstance(node, dict):
        return
    for key in SCHEMA_MAPS:
        for name, child in (node.get(key) or {}).items():
            yield (key, name), child
    for key in SCHEMA_LISTS:
        for index, child in enumerate(node.get(key) or []):
            yield (key, index), child
    items = node.get("items")
    if isinstance(items, list):
        for index, child in enumerate(items):
            yield ("items", index), child
    elif items is not None:
        yield ("items",), items
    for key in ONE_SCHEMA:
        if key in node:
            yield (key,), node[key]


def check_schema(schema: Any, path: tuple[Any, ...]) -> None:
    """Raise :class:`BadRequest` naming the first keyword of ``schema`` whose value has the wrong shape."""
    if not isinstance(schema, dict):
        raise BadRequest(f"{path_text(path)} must be a JSON object (a JSON schema with \"type\": \"object\").",
                         path_text(path))
    if schema.get("type", "object") != "object":
        raise BadRequest(f"{path_text((*path, 'type'))} must be \"object\": a tool takes named arguments.",
                         path_text((*path, "type")))
    stack: list[tuple[tuple[Any, ...], Any]] = [(path, schema)]
    while stack:
        where, node = stack.pop()
        problem = _schema_problem(node)
        if problem is not None:
            relative, must = problem
            field = path_text((*where, *relative))
            raise BadRequest(f"{field} {must}.", field)
        stack.extend(((*where, *relative), child) for relative, child in _children(node))


def check_tools(tools: Any) -> None:
    """Each tool is ``{"type": "function", "function": {"name", "parameters"}}`` with a sound schema, names unique."""
    if tools is None:
        return
    if not isinstance(tools, list):
        raise BadRequest("tools must be a list of {\"type\": \"function\", \"function\": {...}} objects.", "tools")
    seen: set[str] = set()
    for index, item in enumerate(tools):
        function = item.get("function") if isinstance(item, dict) else None
        if not isinstance(function, dict):
            field = path_text(("tools", index, "function"))
            raise BadRequest(f"{field} must be an object with a name and parameters.", field)
        name = function.get("name")
        if isinstance(name, str) and name in seen:
            field = path_text(("tools", index, "function", "name"))
            raise BadRequest(f"{field}: the tool {shown(name)} is offered twice; offer each tool once.", field)
        seen.add(name if isinstance(name, str) else "")
        if "parameters" in function and function["parameters"] is not None:
            check_schema(function["parameters"], ("tools", index, "function", "parameters"))


def offered_names(tools: Any) -> list[str]:
    """The names of the tools a body offers (after :func:`check_tools`; odd entries are pydantic's to report)."""
    if not isinstance(tools, list):
        return []
    return [t["function"]["name"] for t in tools if isinstance(t, dict) and isinstance(t.get("function"), dict)
            and isinstance(t["function"].get("name"), str)]


def check_tool_choice(choice: Any, offered: Sequence[str]) -> None:
    """``tool_choice`` is a word OpenAI knows or names one offered function; otherwise one sentence naming it."""
    if choice is None or choice in TOOL_CHOICE_WORDS[:2]:
        return
    if choice == "required" or isinstance(choice, dict):
        if not offered:
            raise BadRequest("tool_choice asks for a tool call, but no tools were offered: send tools, or drop "
                             "tool_choice.", "tool_choice")
    if choice == "required":
        return
    if isinstance(choice, str):
        raise BadRequest(f"tool_choice must be \"none\", \"auto\", \"required\" or {{\"type\": \"function\", "
                         f"\"function\": {{\"name\": ...}}}}, not {shown(choice)}.", "tool_choice")
    if not isinstance(choice, dict):
        raise BadRequest("tool_choice must be a string or an object like {\"type\": \"function\", \"function\": "
                         "{\"name\": \"record_issue\"}}.", "tool_choice")
    if choice.get("type", "function") != "function":
        raise BadRequest(f"tool_choice.type must be \"function\", not {shown(choice.get('type'))}.",
                         "tool_choice.type")
    function = choice.get("function")
    if not isinstance(function, dict) or not isinstance(function.get("name"), str):
        raise BadRequest("tool_choice.function must be an object with a name, e.g. {\"name\": \"record_issue\"}.",
                         "tool_choice.function")
    if function["name"] not in offered:
        raise BadRequest(f"tool_choice names a tool that was not offered: {shown(function['name'])}; offer it in "
                         "tools, or name one of the tools offered.", "tool_choice.function.name")


# ---- what pydantic found -----------------------------------------------------------------------------
def _location_in(body: Any, loc: Sequence[Any]) -> tuple[Any, ...]:
    """The part of pydantic's ``loc`` that exists in the body (drops union labels such as ``'str'``)."""
    out: list[Any] = []
    node = body
    for part in loc:
        if isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            out.append(part)
            node = node[part]
        elif isinstance(node, dict) and isinstance(part, str) and part in node:
            out.append(part)
            node = node[part]
        elif isinstance(node, dict) and isinstance(part, str) and not out[-1:] == [part] and part.isidentifier():
            out.append(part)  # a missing field: name it
            node = None
    return tuple(out)


def validation_error(body: Any, errors: Sequence[dict[str, Any]]) -> BadRequest:
    """One sentence for pydantic's validation errors: the first field and what it should be."""
    if not errors:
        return BadRequest("The request body is not valid: send a JSON object with 'model' and 'messages'.")
    first = errors[0]
    field = path_text(_location_in(body, first.get("loc", ())))
    if first.get("type") == "missing":
        problem = "is missing"
    else:
        problem = f"is wrong: {str(first.get('msg', 'invalid value')).rstrip('.')}"
    more = f" (and {len(errors) - 1} more problem{'s' if len(errors) > 2 else ''})" if len(errors) > 1 else ""
    return BadRequest(f"Invalid request: {field} {problem}{more}.", field)
