"""Reading JSON a client sent, safely: UTF-8, JSON syntax, depth, lone surrogates, and one clear sentence for each.

:func:`parse_json` decodes and parses a request body (or one tool call's arguments, :func:`parse_arguments`) and
checks it is at most :data:`MAX_DEPTH` levels deep and holds no lone surrogate in any string or key (:func:`walk`
names where, without recursion). Anything wrong is a :class:`BadRequest`: HTTP status, one sentence, the field as
``param``, its path written as OpenAI writes it (:func:`path_text`). :func:`shown` is how any value a client sent
appears in such a sentence: cut, escaped, keys hidden. This module knows nothing of tool schemas or chat messages
(:mod:`handoffs.server.request_checks` checks those), and nothing of HTTP.
"""

from __future__ import annotations

import json
from typing import Any, Iterator, Sequence

from handoffs.models.errors import redact_secrets

MAX_DEPTH = 64
"""Levels of nesting a request body (or one tool call's arguments) may have; real schemas use fewer than 20."""

class BadRequest(Exception):
    """A request the server refuses: HTTP ``status``, one sentence, and the field it is about (``param``)."""

    def __init__(self, message: str, param: str | None = None, status: int = 400, code: str = "invalid_request"):
        super().__init__(message)
        self.message, self.param, self.status, self.code = message, param, status, code


def shown(value: Any, limit: int = 60) -> str:
    """A value a client sent, safe to put in an error sentence: cut, lone surrogates escaped, keys hidden."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=True)[: limit * 2]
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    text = redact_secrets(" ".join(text.split()))
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")


def path_text(parts: Sequence[Any]) -> str:
    """``("messages", 1, "content")`` -> ``"messages[1].content"``."""
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            name = str(part).encode("utf-8", "backslashreplace").decode("utf-8")
            name = name if len(name) <= 40 else name[:39] + "…"
            out += f".{name}" if out else name
    return out or "body"


def walk(value: Any, start: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every value inside ``value`` with its path, without recursion (a deep document cannot exhaust the stack)."""
    stack: list[tuple[tuple[Any, ...], Any]] = [(start, value)]
    while stack:
        path, item = stack.pop()
        yield path, item
        if isinstance(item, dict):
            stack.extend(((*path, key), child) for key, child in reversed(list(item.items())))
        elif isinstance(item, list):
            stack.extend(((*path, index), child) for index, child in reversed(list(enumerate(item))))


def _unicode_problem(text: str) -> int | None:
    """The index of the first lone surrogate in ``text`` (not Unicode text), or None."""
    if text.isascii():
        return None
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        return error.start
    return None


def _check_document(value: Any, start: tuple[Any, ...], what: str) -> None:
    base = len(start)
    for path, item in walk(value, start):
        if len(path) - base >= MAX_DEPTH:
            raise BadRequest(f"{what} is nested deeper than {MAX_DEPTH} levels (at {path_text(path[:base + 8])}…): "
                             "send a flatter structure.", path_text(path[:max(base, 4)]))
        if isinstance(item, dict):
            for key in item:
                if _unicode_problem(key) is not None:
                    raise BadRequest(f"A key inside {path_text(path)} is not valid Unicode (it holds a lone surrogate "
                                     "such as \\ud800): send UTF-8 text.", path_text(path))
        elif isinstance(item, str):
            where = _unicode_problem(item)
            if where is not None:
                raise BadRequest(f"{path_text(path)} is not valid Unicode (a lone surrogate at character {where}, "
                                 "e.g. \\ud800 without its pair): send UTF-8 text.", path_text(path))


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_json(raw: bytes | str, *, start: tuple[Any, ...] = (), what: str = "The request body") -> Any:
    """Decode and parse JSON text, then check its depth and strings; :class:`BadRequest` says what is wrong."""
    field = path_text(start) if start else None
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as error:
        raise BadRequest(f"{what} is not UTF-8 text (bad byte at offset {error.start}): send JSON encoded as "
                         "UTF-8.", field) from None
    try:
        value = json.loads(text, parse_constant=_no_constants)
    except json.JSONDecodeError as error:
        raise BadRequest(f"{what} is not valid JSON. (Fix it at line {error.lineno}, column {error.colno}: "
                         f"{error.msg}.)", field) from None
    except RecursionError:
        raise BadRequest(f"{what} is nested deeper than {MAX_DEPTH} levels: send a flatter structure.",
                         field) from None
    except ValueError as error:  # NaN/Infinity, or an integer with more digits than Python converts
        raise BadRequest(f"{what} is not valid JSON ({shown(str(error), 80)}): send plain JSON numbers.",
                         field) from None
    _check_document(value, start, what)
    return value


def parse_arguments(raw: Any, path: tuple[Any, ...]) -> dict[str, Any]:
    """The arguments of a tool call in the history: a JSON object, within the same limits as a body."""
    where = path_text(path)
    if not isinstance(raw, str):
        raise BadRequest(f"{where} must be a string of JSON (e.g. '{{\"issue\": \"billing\"}}').", where)
    value = parse_json(raw or "{}", start=path, what=where)
    if not isinstance(value, dict):
        raise BadRequest(f"{where} must be a JSON object, got {shown(raw)}.", where)
    return value
