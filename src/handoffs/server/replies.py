"""One chat request's whole answer, from the raw body to the reply: parse, check, decide, build — no HTTP, no I/O.

:func:`answer` is everything that costs time for one ``POST /v1/chat/completions``. It is a plain function of its
arguments so that it can run anywhere: in a decision worker process (:mod:`handoffs.server.decision_pool`, the
default) or in a thread (a custom ``decide``). It returns the reply as plain data (a ``chat.completion`` dict, or
the list of JSON chunks of a streamed reply) or raises :class:`~handoffs.server.request_checks.BadRequest`.
The HTTP side (status codes, streaming, budgets) is :mod:`handoffs.server.app`.
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any, Callable, Sequence

from pydantic import ValidationError

from handoffs.models.errors import redact_secrets
from handoffs.server.protocol import ChatRequest, completion_body, completion_id, stream_chunks, to_neutral, usage
from handoffs.server.request_checks import (BadRequest, check_tool_choice, check_tools, offered_names, parse_json,
                                            shown, validation_error)

log = logging.getLogger("handoffs.server")


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


def answer(raw: bytes, models: Sequence[str], decide: Callable[..., Any]) -> tuple[bool, Any]:
    """``(streamed, reply)`` for one request body: a ``chat.completion`` dict, or the chunks of a streamed reply."""
    body = read_chat_request(raw)
    if body.model not in models:
        raise BadRequest(f"The model {shown(body.model)} does not exist; this server serves "
                         f"{', '.join(models)}.", "model", 404, "model_not_found")
    if body.n not in (None, 1):
        raise BadRequest("Only n=1 is supported by the offline model.", "n")
    messages, tools = to_neutral(body)
    try:
        decision = decide(messages, tools)
        cid, created = completion_id(body, decision), int(time.time())
        use = usage(messages, tools, decision)
    except Exception as error:  # the checks let it through, the model still cannot use it: say so, no 500
        raise model_failed(error) from None
    if not body.stream:
        return False, completion_body(cid, created, body.model, decision, use)
    include_usage = bool(body.stream_options and body.stream_options.include_usage)
    return True, [json.dumps(c) for c in stream_chunks(cid, created, body.model, decision, use, include_usage)]


def model_failed(error: BaseException) -> BadRequest:
    """The 422 for a request the checks let through but the offline model still could not answer (logged once)."""
    log.warning("the offline model failed on a checked request: %s", redact_secrets(repr(error))[:300])
    return BadRequest(f"The offline model could not answer this request ({type(error).__name__}): simplify the tool "
                      "schemas or messages, and report it to the kit if the request is valid.",
                      None, 422, "offline_model_failed")
