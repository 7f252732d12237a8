"""A request-size limit for the kit's server: a body over the limit is answered 413 before anything parses it.

:class:`BodySizeLimit` is plain ASGI middleware. It reads a request's body as it arrives, up to ``max_bytes``, and
hands the app the same bytes; a client that disconnects before its body is complete is reported once to
``on_disconnect(bytes_received, declared_length)`` and nothing is answered. A body that declares (``Content-Length``) or turns out to be longer is *drained*
(read and dropped, up to :data:`DRAIN_LIMIT_BYTES`) and answered with OpenAI's error shape and status 413 — so
the client reads one sentence, and its keep-alive connection stays usable for the next request. It neither
parses nor validates anything (see :mod:`handoffs.server.request_checks`).
"""

from __future__ import annotations

import json
from typing import Any, Awaitable, Callable

DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024
"""4 MiB: a long workshop conversation with every tool schema is well under 200 KB."""

DRAIN_LIMIT_BYTES = 64 * 1024 * 1024
"""Past this much, an oversized body is not read any further: the server answers and the connection closes."""

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


def too_large_message(size: int, limit: int, complete: bool) -> str:
    """The one sentence a client reads with the 413."""
    size_text = f"{size:,} bytes" if complete else f"more than {size:,} bytes"
    return (f"The request body is {size_text}; this server accepts at most {limit:,} bytes: send a shorter "
            "conversation or fewer tools (or start the server with a larger --max-body-mb).")


class BodySizeLimit:
    """ASGI middleware: bodies longer than ``max_bytes`` get a 413 in OpenAI's error shape."""

    def __init__(self, app: Any, max_bytes: int = DEFAULT_MAX_BODY_BYTES,
                 on_refused: Callable[[int], None] | None = None,
                 on_disconnect: Callable[[int, int | None], None] | None = None) -> None:
        if max_bytes < 1:
            raise ValueError("max_bytes must be at least 1.")
        self.app = app
        self.max_bytes = max_bytes
        self.on_refused = on_refused
        self.on_disconnect = on_disconnect

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        declared = _declared_length(scope)
        chunks: list[bytes] = []
        size, more, disconnected = 0, True, False
        if declared is None or declared <= self.max_bytes:
            while more and size <= self.max_bytes:
                message = await receive()
                if message["type"] == "http.disconnect":
                    disconnected, more = True, False
                    break
                chunks.append(message.get("body", b""))
                size += len(chunks[-1])
                more = message.get("more_body", False)
        if disconnected:  # nobody to answer: the app is not called, and nothing is sent
            if self.on_disconnect is not None:
                self.on_disconnect(size, declared)
            return
        if (declared is not None and declared > self.max_bytes) or size > self.max_bytes:
            size, complete = await _drain(receive, size, more)
            shown = declared if declared is not None else size
            await self._refuse(send, shown, complete or declared is not None)
            return
        await self.app(scope, _replay(b"".join(chunks), receive), send)

    async def _refuse(self, send: Send, size: int, complete: bool) -> None:
        if self.on_refused is not None:
            self.on_refused(413)
        error = {"message": too_large_message(size, self.max_bytes, complete), "type": "invalid_request_error",
                 "param": None, "code": "request_too_large"}
        body = json.dumps({"error": error}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


def _declared_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", []):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


async def _drain(receive: Receive, size: int, more: bool) -> tuple[int, bool]:
    """Read and drop the rest of a body (bounded); return its size so far and whether it was read to its end."""
    while more and size <= DRAIN_LIMIT_BYTES:
        message = await receive()
        if message["type"] == "http.disconnect":
            return size, False
        size += len(message.get("body", b""))
        more = message.get("more_body", False)
    return size, not more


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives the app the body already read, then forwards (e.g. a later disconnect)."""
    sent = False

    async def replayed() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replayed
