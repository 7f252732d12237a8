"""What Part 2's agents say when something fails, and running one tool call without letting it crash a handler.

Ground for notebook 06's ``AIAgent`` (the pattern itself is in the notebook's cells):

* :data:`GIVE_UP_REPLY` / :func:`model_failed` — the customer's apology when the tool rounds run out or the model
  call fails (no network, a bad key), instead of a handler that dies and a customer who waits forever; the error is
  named, with nothing key-like in it. :func:`in_customers_language` gives them in Korean when the customer's last
  words were Korean (the kit's own apologies follow the customer, as the model's answers do);
* :func:`last_customer_words` — what the customer said last (the request a tool call of this turn answers);
* :func:`error_result` and :func:`run_tool` — one tool call as a ``FunctionExecutionResult``: arguments that are not
  JSON or a tool that raises become an error result the model sees on its next call.
"""

from __future__ import annotations

import json
import re
from typing import Any, Sequence

from autogen_core import CancellationToken, FunctionCall
from autogen_core.models import FunctionExecutionResult, LLMMessage, UserMessage
from autogen_core.tools import Tool

GIVE_UP_REPLY = "Sorry, I could not finish that. Could you rephrase, or ask for a human?"
MODEL_FAILED_REPLY = "Sorry, I cannot answer right now: the model call failed"
GIVE_UP_REPLY_KO = "죄송합니다. 요청을 끝까지 처리하지 못했습니다. 다르게 말씀해 주시거나 상담원 연결을 요청해 주세요."
MODEL_FAILED_REPLY_KO = "죄송합니다. 지금은 답변을 드릴 수 없습니다: 모델 호출이 실패했습니다"
_HANGUL = re.compile("[\uac00-\ud7a3]")


def last_customer_words(context: Sequence[LLMMessage]) -> str:
    """What the customer said last (empty when they said nothing yet)."""
    said = [m.content for m in context if isinstance(m, UserMessage) and isinstance(m.content, str)]
    return said[-1] if said else ""


def model_failed(error: Exception) -> str:
    """The customer's apology when the model call failed: the error named, nothing key-like in it."""
    from handoffs.models.errors import redact_secrets  # here, not at import: a gRPC host needs no model package

    return redact_secrets(f"{MODEL_FAILED_REPLY} ({type(error).__name__}: {error})")


def in_customers_language(text: str, context: Sequence[LLMMessage]) -> str:
    """The kit's own apologies (not the model's words) in Korean when the customer's last words were Korean."""
    if not _HANGUL.search(last_customer_words(context)):
        return text
    if text == GIVE_UP_REPLY:
        return GIVE_UP_REPLY_KO
    if text.startswith(MODEL_FAILED_REPLY + " ("):
        return MODEL_FAILED_REPLY_KO + text[len(MODEL_FAILED_REPLY):]
    return text


def is_tool_calls(content: Any) -> bool:
    """Whether a model's answer is a list of tool calls (else it is text for the customer)."""
    return isinstance(content, list) and len(content) > 0 and all(isinstance(c, FunctionCall) for c in content)


def error_result(call: FunctionCall, text: str) -> FunctionExecutionResult:
    """The result of ``call`` as an error the model reads on its next call."""
    return FunctionExecutionResult(call_id=call.id, content=text, is_error=True, name=call.name)


async def run_tool(tool: Tool, call: FunctionCall, token: CancellationToken) -> FunctionExecutionResult:
    """Run one call of ``tool`` (the seed's ``run_json`` + ``return_value_as_string``); failures become results."""
    try:
        arguments = json.loads(call.arguments or "{}")
    except json.JSONDecodeError as error:
        return error_result(call, f"Arguments of {call.name} are not valid JSON: {error.msg}.")
    try:
        value = await tool.run_json(arguments, token, call_id=call.id)
    except Exception as error:  # the model sees the failure and can recover; the handler must not die
        return error_result(call, f"{call.name} failed: {type(error).__name__}: {error}")
    content = tool.return_value_as_string(value)
    return FunctionExecutionResult(call_id=call.id, content=content, is_error=False, name=call.name)
