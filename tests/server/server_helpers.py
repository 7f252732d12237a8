"""Plain helpers for the server tests: a closed loopback port, one HTTP request, server-sent events."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

from handoffs.ports import free_loopback_port

TOKEN = "room-token-for-tests-7f3a"


def closed_port() -> int:
    """A loopback port nobody listens on, and that no connection or port-0 bind will take meanwhile."""
    return free_loopback_port()


def http(method: str, url: str, body: bytes | dict[str, Any] | None = None,
         headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    """One plain HTTP request (no OpenAI client): status, headers, raw body."""
    data = json.dumps(body).encode() if isinstance(body, dict) else body
    request = urllib.request.Request(url, data=data, method=method,
                                     headers={"content-type": "application/json", **(headers or {})})
    try:  # bounded, generously: a fresh server's first answer waits for its decision workers to warm up
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def sse_events(raw: bytes) -> list[Any]:
    """The ``data:`` payloads of a server-sent-event stream, JSON-decoded (``[DONE]`` kept as the string)."""
    events = []
    for block in raw.decode().split("\n\n"):
        if block.startswith("data: "):
            payload = block[len("data: "):]
            events.append(payload if payload == "[DONE]" else json.loads(payload))
    return events
