"""The kit's OpenAI-compatible endpoint: a FastAPI app answering with the offline model.

``create_app()`` builds the app; ``python -m handoffs.server`` serves it (see :mod:`handoffs.server.__main__`).
Routes: ``POST /v1/chat/completions`` (tools, tool results, ``stream: true`` as server-sent events, usage),
``GET /v1/models`` and ``GET /v1/models/{id}``. Errors have OpenAI's JSON shape
``{"error": {"message", "type", "param", "code"}}`` so every OpenAI client reports them as it would
OpenAI's own: 401 without the right bearer token (when one is set), 404 for an unknown model, 400 naming the
field for any malformed body (:mod:`handoffs.server.request_checks`), 413 for a body over ``max_body_bytes``
(:mod:`handoffs.server.body_limit`). Nothing a client sends is answered with a 500: a request the checks let
through but the offline model still cannot use is a 422 saying so.

Parsing, checking and the decision run in a worker thread (``run_in_threadpool``), never on the event loop, so
one huge request does not stall the other clients.

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
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, StreamingResponse
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from handoffs.models.errors import redact_secrets, remember_secret
from handoffs.server.body_limit import DEFAULT_MAX_BODY_BYTES, BodySizeLimit
from handoffs.server.protocol import ChatRequest, completion_body, completion_id, stream_chunks, to_neutral, usage
from handoffs.server.request_checks import (BadRequest, check_tool_choice, check_tools, offered_names, parse_json,
                                            shown, validation_error)

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


def read_chat_request(raw: bytes) -> ChatRequest:
    """The body as a :class:`ChatRequest`, or :class:`BadRequest` naming the first field that is wrong."""
    if not raw.strip():
        raise BadRequest("The request body is empty: send a JSON object with 'model' and 'messages'.")
    body = parse_json(raw)
    if not isinstance(body, dict):
        raise BadRequest("The request body is not a JSON object: send a JSON object with 'model' and 'messages'.")
    check_tools(body.get("tools"))
    check_tool_choice(body.get("tool_choice"), offered_names(body.get("tools")))
    try:
        return ChatRequest.model_validate(body)
    except ValidationError as error:
        raise validation_error(body, error.errors(include_url=False, include_input=False)) from None


def _default_decide() -> Callable[..., Any]:
    from handoffs.models import decide

    return decide


def create_app(
    *,
    token: str | None = None,
    models: tuple[str, ...] = (OFFLINE_MODEL_NAME,),
    failure: FailurePlan | None = None,
    decide: Callable[..., Any] | None = None,
    max_body_bytes: int = DEFAULT_MAX_BODY_BYTES,
) -> FastAPI:
    """The endpoint. ``token``: require ``Authorization: Bearer <token>`` (surrounding spaces and newlines, e.g.
    from a ``.env`` file, are dropped; a blank token is refused); ``models``: the names served (all answered by
    the offline model); ``failure``: fail on purpose; ``decide``: the decision function
    (``handoffs.models.decide`` by default); ``max_body_bytes``: larger bodies get a 413."""
    if token is not None:
        token = token.strip()
        if not token:
            raise ValueError(EMPTY_TOKEN)
        remember_secret(token)
    app = FastAPI(title="handoffs offline model", docs_url=None, redoc_url=None, openapi_url=None,
                  default_response_class=SafeJSONResponse)
    decide_fn = decide or _default_decide()
    plan = failure or FailurePlan()
    stats = ServerStats()
    app.state.stats = stats
    app.add_middleware(BodySizeLimit, max_bytes=max_body_bytes,
                       on_refused=lambda status: stats.statuses.update([status]))

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

    def answer(raw: bytes) -> tuple[ChatRequest, Any]:
        """Everything that takes time, for a worker thread: parse, check, decide, build the reply."""
        body = read_chat_request(raw)
        if body.model not in models:
            raise BadRequest(f"The model {shown(body.model)} does not exist; this server serves "
                             f"{', '.join(models)}.", "model", 404, "model_not_found")
        if body.n not in (None, 1):
            raise BadRequest("Only n=1 is supported by the offline model.", "n")
        messages, tools = to_neutral(body)
        try:
            decision = decide_fn(messages, tools)
            cid, created = completion_id(body, decision), int(time.time())
            use = usage(messages, tools, decision)
        except Exception as error:  # the checks let it through, the model still cannot use it: say so, no 500
            log.warning("the offline model failed on a checked request: %s", redact_secrets(repr(error))[:300])
            raise BadRequest(f"The offline model could not answer this request ({type(error).__name__}): simplify "
                             "the tool schemas or messages, and report it to the kit if the request is valid.",
                             None, 422, "offline_model_failed") from None
        if not body.stream:
            return body, completion_body(cid, created, body.model, decision, use)
        include_usage = bool(body.stream_options and body.stream_options.include_usage)
        return body, [json.dumps(c) for c in stream_chunks(cid, created, body.model, decision, use, include_usage)]

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
            body, reply = await run_in_threadpool(answer, raw)  # off the event loop: other clients keep going
        except BadRequest as error:
            return _bad(error)
        if not body.stream:
            return reply

        async def events() -> Any:
            for chunk in reply:
                yield f"data: {chunk}\n\n"
                await asyncio.sleep(0)  # let each chunk leave on its own, as a real server's would
            yield "data: [DONE]\n\n"

        return StreamingResponse(events(), media_type="text/event-stream", headers={"cache-control": "no-cache"})

    return app
