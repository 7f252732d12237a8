"""The kit's OpenAI-compatible endpoint: a FastAPI app answering with the offline model.

``create_app()`` builds the app; ``python -m handoffs.server`` serves it (see :mod:`handoffs.server.__main__`).
Routes: ``POST /v1/chat/completions`` (tools, tool results, ``stream: true`` as server-sent events, usage),
``GET /v1/models`` and ``GET /v1/models/{id}``. Errors have OpenAI's JSON shape
``{"error": {"message", "type", "param", "code"}}`` so every OpenAI client reports them as it would
OpenAI's own: 401 without the right bearer token (when one is set), 404 for an unknown model, 400 naming the
field for any malformed body (:mod:`handoffs.server.request_checks`), 413 for a body over ``max_body_bytes``
(:mod:`handoffs.server.body_limit`). Nothing a client sends is answered with a 500: a request the checks let
through but the offline model still cannot use is a 422 saying so.

Parsing, checking and deciding (:func:`handoffs.server.replies.answer`) run in warm worker processes
(:mod:`handoffs.server.decision_pool`), never in the server's own process: a request that makes the model slow
costs one worker, not the GIL every other client needs. Each request has a budget (``decision_budget_s``): a
worker that has not answered by then is killed and replaced, and the client reads one sentence (422
``decision_over_budget``). A custom ``decide`` callable runs in a thread of this process instead (tests hold
a decision on purpose that way), and so does every decision of an app made with ``workers=0`` (a notebook's own
server, its only client); the budget then bounds the answer, though the thread cannot be stopped.
A client that disconnects before its body arrived is one log line (:mod:`handoffs.server.server_text`).

For tests and demonstrations the app can fail on purpose (:class:`FailurePlan`): answer 429 or 500 for
the first N chat requests (the ``openai`` SDK retries those), or wait before answering (client timeouts).
:class:`ServerStats` counts the requests so a test can see the SDK's retries arrive. This module is not a
production server: no batching, no rate limiting, one model.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import os
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, StreamingResponse
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from handoffs.models.errors import redact_secrets, remember_secret
from handoffs.server.body_limit import DEFAULT_MAX_BODY_BYTES, BodySizeLimit
from handoffs.server.decision_pool import DEFAULT_BUDGET_S, OverBudget, WorkerFailed, shared_pool
from handoffs.server.replies import answer, model_failed
from handoffs.server.request_checks import BadRequest, shown
from handoffs.server.server_text import SAY

OFFLINE_MODEL_NAME = "handoffs-offline"
ERROR_TYPES = {400: "invalid_request_error", 401: "invalid_request_error", 404: "invalid_request_error",
               413: "invalid_request_error", 422: "invalid_request_error", 429: "rate_limit_error"}
EMPTY_TOKEN = ("The server token is empty or only spaces: set HANDOFFS_SERVER_TOKEN (or --token) to a real secret, "
               "or leave it unset and keep the server on 127.0.0.1.")
log = logging.getLogger("handoffs.server")


class SafeJSONResponse(JSONResponse):
    """JSON that always encodes: text that is not valid Unicode is sent \\u-escaped instead of failing with a 500."""

    def render(self, content: Any) -> bytes:
        try:
            return super().render(content)
        except UnicodeEncodeError:
            return json.dumps(content, ensure_ascii=True, allow_nan=False, separators=(",", ":")).encode()


@dataclass
class FailurePlan:
    """Fail on purpose: ``status`` (e.g. 429, 500) for the first ``times`` chat requests (None = always),
    and/or wait ``delay_s`` seconds before answering. ``retry_after_ms`` is sent with failures so the SDK's
    retries come quickly."""

    status: int | None = None
    times: int | None = None
    delay_s: float = 0.0
    retry_after_ms: int = 20


@dataclass
class ServerStats:
    """What the server saw: chat requests received, and responses by status code."""

    chat_requests: int = 0
    statuses: Counter = field(default_factory=Counter)


def openai_error(status: int, message: str, code: str | None = None, param: str | None = None,
                 headers: dict[str, str] | None = None) -> JSONResponse:
    """An error response in OpenAI's shape."""
    kind = ERROR_TYPES.get(status, "server_error" if status >= 500 else "invalid_request_error")
    body = {"error": {"message": redact_secrets(message), "type": kind, "param": param, "code": code}}
    return SafeJSONResponse(body, status_code=status, headers=headers)


def _bad(error: BadRequest) -> JSONResponse:
    return openai_error(error.status, error.message, error.code, error.param)


class TokenAndCount:
    """ASGI middleware: refuse ``/v1`` requests without the bearer ``token`` (401), and count every status sent.

    Plain ASGI, not ``BaseHTTPMiddleware``: a client that disconnects mid-body leaves the app without a response,
    which ``BaseHTTPMiddleware`` reports as two chained tracebacks ("No response returned.") for one ordinary event.
    """

    def __init__(self, app: Any, token: str | None, stats: ServerStats) -> None:
        self.app, self.token, self.stats = app, token, stats

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.token is not None and scope.get("path", "").startswith("/v1"):
            given = dict(scope.get("headers") or []).get(b"authorization", b"")
            if not hmac.compare_digest(given, f"Bearer {self.token}".encode()):
                self.stats.statuses[401] += 1
                response = openai_error(401, "Incorrect or missing access token for this server.", "invalid_api_key")
                await response(scope, receive, send)
                return

        async def counting_send(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                self.stats.statuses[message["status"]] += 1
            await send(message)

        await self.app(scope, receive, counting_send)


def _load_decide(spec: str | None) -> Callable[..., Any]:
    from handoffs.server.decision_worker import load_decide

    return load_decide(spec)


def create_app(
    *,
    token: str | None = None,
    models: tuple[str, ...] = (OFFLINE_MODEL_NAME,),
    failure: FailurePlan | None = None,
    decide: Callable[..., Any] | str | None = None,
    max_body_bytes: int = DEFAULT_MAX_BODY_BYTES,
    decision_budget_s: float = DEFAULT_BUDGET_S,
    workers: int | None = None,
) -> FastAPI:
    """The endpoint. ``token``: require ``Authorization: Bearer <token>`` (surrounding spaces and newlines, e.g.
    from a ``.env`` file, are dropped; a blank token is refused); ``models``: the names served (all answered by
    the offline model); ``failure``: fail on purpose; ``decide``: the decision function — None (the offline
    model) or ``"module:function"`` run in the worker processes, a callable run in a thread here;
    ``max_body_bytes``: larger bodies get a 413; ``decision_budget_s``: seconds one request may take to decide;
    ``workers``: warm decision workers (default one per core, 2 to 4, for a room); ``workers=0``: no worker process,
    decisions in a thread of this process, under the same budget — a notebook's own server, whose one client is
    the notebook waiting for each answer, needs no protection from other clients' slow requests, and each worker
    is a process start and a model import (about 1.4 s of CPU) the notebook would otherwise pay."""
    if token is not None:
        token = token.strip()
        if not token:
            raise ValueError(EMPTY_TOKEN)
        remember_secret(token)
    app = FastAPI(title="handoffs offline model", docs_url=None, redoc_url=None, openapi_url=None,
                  default_response_class=SafeJSONResponse)
    if decision_budget_s <= 0:
        raise ValueError("decision_budget_s must be more than 0 seconds.")
    decide_here = decide if callable(decide) else _load_decide(decide)  # a wrong "module:function" fails now
    if workers is not None and workers < 0:
        raise ValueError("workers must be 0 (decide in this process's threads) or more.")
    processes = not callable(decide) and os.name == "posix" and workers != 0  # workers wait on pipes with select()
    pool = shared_pool(decide, workers) if processes else None  # warming starts now, before the first request
    plan = failure or FailurePlan()
    stats = ServerStats()
    app.state.stats = stats
    app.add_middleware(BodySizeLimit, max_bytes=max_body_bytes,  # its 413s are counted by TokenAndCount
                       on_disconnect=lambda got, declared: log.warning(SAY["disconnected"].format(
                           got=got, declared=SAY["of_declared"].format(declared=declared) if declared else "")))
    app.add_middleware(TokenAndCount, token=token, stats=stats)  # added last = runs first

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        where = ".".join(str(p) for p in exc.errors()[0].get("loc", ()))[:80] if exc.errors() else "request"
        return openai_error(400, f"Invalid request: {where} is not valid.", "invalid_request", where)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        routes = "GET /v1/models, GET /v1/models/{id}, POST /v1/chat/completions"
        return openai_error(exc.status_code, f"{request.method} {request.url.path}: {exc.detail}; this server has "
                            f"{routes}.", "not_found" if exc.status_code == 404 else "invalid_request")

    def model_card(name: str) -> dict[str, Any]:
        return {"id": name, "object": "model", "created": 0, "owned_by": "handoffs"}

    @app.get("/v1/models")
    async def list_models() -> dict[str, Any]:
        return {"object": "list", "data": [model_card(m) for m in models]}

    @app.get("/v1/models/{name:path}")
    async def get_model(name: str) -> Any:
        if name not in models:
            return openai_error(404, f"The model {shown(name)} does not exist.", "model_not_found", "model")
        return model_card(name)

    def over_budget() -> BadRequest:
        return BadRequest(f"The offline model did not finish this request within the server's budget of "
                          f"{decision_budget_s:g} s, so it was stopped: send shorter messages or tool descriptions "
                          "(the server's --decision-budget sets the budget).", None, 422, "decision_over_budget")

    async def decide_elsewhere(raw: bytes) -> tuple[bool, Any]:
        """The request's answer, computed off this process's GIL (workers) or at least off the loop (a thread)."""
        if pool is not None and not pool.unusable:
            try:
                return await run_in_threadpool(pool.answer, raw, models, decision_budget_s)
            except OverBudget:
                raise over_budget() from None
            except WorkerFailed as error:
                if not pool.unusable:
                    raise model_failed(error) from None
                log.warning(SAY["no_workers"].format(reason=pool.failure))  # said once: later requests skip the pool
        work = asyncio.get_running_loop().run_in_executor(None, answer, raw, models, decide_here)
        try:
            return await asyncio.wait_for(work, decision_budget_s)  # the thread runs on; the client is answered
        except asyncio.TimeoutError:
            raise over_budget() from None

    @app.post("/v1/chat/completions")
    async def chat_completions(request: Request) -> Any:
        stats.chat_requests += 1
        if plan.delay_s:
            await asyncio.sleep(plan.delay_s)
        if plan.status and (plan.times is None or stats.chat_requests <= plan.times):
            headers = {"retry-after-ms": str(plan.retry_after_ms)}
            return openai_error(plan.status, f"Failing on purpose with {plan.status}.", f"forced_{plan.status}",
                                headers=headers)
        content_type = request.headers.get("content-type", "")
        if content_type and "json" not in content_type.lower():
            return openai_error(400, "Send the request body as JSON (Content-Type: application/json).",
                                "invalid_request")
        raw = await request.body()
        try:
            streamed, reply = await decide_elsewhere(raw)
        except BadRequest as error:
            return _bad(error)
        if not streamed:
            return reply

        async def events() -> Any:
            for chunk in reply:
                yield f"data: {chunk}\n\n"
                await asyncio.sleep(0)  # let each chunk leave on its own, as a real server's would
            yield "data: [DONE]\n\n"

        return StreamingResponse(events(), media_type="text/event-stream", headers={"cache-control": "no-cache"})

    return app
