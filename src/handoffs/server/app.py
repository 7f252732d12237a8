"""The kit's OpenAI-compatible endpoint: a FastAPI app answering with the offline model.

``create_app()`` builds the app; ``python -m handoffs.server`` serves it (see :mod:`handoffs.server.__main__`).
Routes: ``POST /v1/chat/completions`` (tools, tool results, ``stream: true`` as server-sent events, usage),
``GET /v1/models`` and ``GET /v1/models/{id}``. Errors have OpenAI's JSON shape
``{"error": {"message", "type", "param", "code"}}`` so every OpenAI client reports them as it would
OpenAI's own: 401 without the right bearer token (when one is set), 404 for an unknown model, 400 for a
malformed body.

For tests and demonstrations the app can fail on purpose (:class:`FailurePlan`): answer 429 or 500 for
the first N chat requests (the ``openai`` SDK retries those), or wait before answering (client timeouts).
:class:`ServerStats` counts the requests so a test can see the SDK's retries arrive. This module is not a
production server: no batching, no rate limiting, one model.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, StreamingResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from handoffs.server.protocol import ChatRequest, completion_body, completion_id, stream_chunks, to_neutral, usage

OFFLINE_MODEL_NAME = "handoffs-offline"
ERROR_TYPES = {400: "invalid_request_error", 401: "invalid_request_error", 404: "invalid_request_error",
               429: "rate_limit_error"}


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
    body = {"error": {"message": message, "type": kind, "param": param, "code": code}}
    return JSONResponse(body, status_code=status, headers=headers)


def _validation_message(request: Request, exc: RequestValidationError) -> str:
    errors = exc.errors()
    if not errors:
        return "The request body is not valid."
    first = errors[0]
    if "json" not in request.headers.get("content-type", ""):
        return "Send the request body as JSON (Content-Type: application/json)."
    if first.get("type") == "json_invalid":
        return "The request body is not valid JSON."
    if tuple(first.get("loc", ())) == ("body",):
        empty = "is empty" if first.get("type") == "missing" else "is not a JSON object"
        return f"The request body {empty}: send a JSON object with 'model' and 'messages'."
    where = ".".join(str(p) for p in first.get("loc", ()) if p != "body") or "body"
    more = f" (and {len(errors) - 1} more problems)" if len(errors) > 1 else ""
    return f"Invalid request: {where}: {first.get('msg', 'invalid value')}{more}."


def _default_decide() -> Callable[..., Any]:
    from handoffs.models import decide

    return decide


def create_app(
    *,
    token: str | None = None,
    models: tuple[str, ...] = (OFFLINE_MODEL_NAME,),
    failure: FailurePlan | None = None,
    decide: Callable[..., Any] | None = None,
) -> FastAPI:
    """The endpoint. ``token``: require ``Authorization: Bearer <token>``; ``models``: the names served
    (all answered by the offline model); ``failure``: fail on purpose; ``decide``: the decision function
    (``handoffs.models.decide`` by default)."""
    app = FastAPI(title="handoffs offline model", docs_url=None, redoc_url=None, openapi_url=None)
    decide_fn = decide or _default_decide()
    plan = failure or FailurePlan()
    stats = ServerStats()
    app.state.stats = stats

    @app.middleware("http")
    async def check_token_and_count(request: Request, call_next: Callable[..., Any]) -> Any:
        if token is not None and request.url.path.startswith("/v1"):
            given = request.headers.get("authorization", "")
            if not hmac.compare_digest(given.encode(), f"Bearer {token}".encode()):
                response = openai_error(401, "Incorrect or missing access token for this server.", "invalid_api_key")
                stats.statuses[401] += 1
                return response
        response = await call_next(request)
        stats.statuses[response.status_code] += 1
        return response

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        return openai_error(400, _validation_message(request, exc), "invalid_request")

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
            return openai_error(404, f"The model '{name}' does not exist.", "model_not_found", "model")
        return model_card(name)

    @app.post("/v1/chat/completions")
    async def chat_completions(body: ChatRequest) -> Any:
        stats.chat_requests += 1
        if plan.delay_s:
            await asyncio.sleep(plan.delay_s)
        if plan.status and (plan.times is None or stats.chat_requests <= plan.times):
            headers = {"retry-after-ms": str(plan.retry_after_ms)}
            return openai_error(plan.status, f"Failing on purpose with {plan.status}.", f"forced_{plan.status}",
                                headers=headers)
        if body.model not in models:
            return openai_error(404, f"The model '{body.model}' does not exist; this server serves "
                                f"{', '.join(models)}.", "model_not_found", "model")
        if body.n != 1:
            return openai_error(400, "Only n=1 is supported by the offline model.", "invalid_request", "n")
        try:
            messages, tools = to_neutral(body)
        except ValueError as exc:
            return openai_error(400, f"Invalid request: {exc}.", "invalid_request", "messages")
        decision = decide_fn(messages, tools)
        cid, created = completion_id(body, decision), int(time.time())
        use = usage(messages, tools, decision)
        if not body.stream:
            return completion_body(cid, created, body.model, decision, use)
        include_usage = bool(body.stream_options and body.stream_options.include_usage)

        async def events() -> Any:
            for chunk in stream_chunks(cid, created, body.model, decision, use, include_usage):
                yield f"data: {json.dumps(chunk)}\n\n"
                await asyncio.sleep(0)  # let each chunk leave on its own, as a real server's would
            yield "data: [DONE]\n\n"

        return StreamingResponse(events(), media_type="text/event-stream", headers={"cache-control": "no-cache"})

    return app
