"""The server's wire format, read with plain HTTP: what any OpenAI client would receive.

These tests look at the bytes (status codes, OpenAI's error shape, the exact chunk sequence of a stream);
the tests next to this one drive the real OpenAI clients through it.
"""

from __future__ import annotations

import json

from server_helpers import TOKEN, http, sse_events

from handoffs.models.core import decide
from handoffs.models.types import Message, ToolSpec

RECORD_ISSUE = {
    "type": "function",
    "function": {
        "name": "record_issue",
        "description": "Record the customer's issue: billing, technical, or other.",
        "parameters": {"type": "object", "properties": {"issue": {"type": "string"}}, "required": ["issue"]},
    },
}
TRIAGE = "You are a support agent. Find out whether the issue is billing, technical, or other, then record it."


def chat_body(text: str = "I was charged twice", **extra):
    return {"model": "handoffs-offline", "tools": [RECORD_ISSUE],
            "messages": [{"role": "system", "content": TRIAGE}, {"role": "user", "content": text}], **extra}


def test_models_are_listed_and_unknown_ones_are_404(server):
    status, _, body = http("GET", f"{server.base_url}/models")
    assert status == 200 and [m["id"] for m in json.loads(body)["data"]] == ["handoffs-offline"]
    assert http("GET", f"{server.base_url}/models/handoffs-offline")[0] == 200
    status, _, body = http("GET", f"{server.base_url}/models/gpt-17")
    assert status == 404 and json.loads(body)["error"]["code"] == "model_not_found"


def test_a_reply_is_the_decision_cores_decision_in_openais_shape(server):
    status, _, body = http("POST", f"{server.base_url}/chat/completions", chat_body())
    assert status == 200
    reply = json.loads(body)
    expected = decide([Message("system", TRIAGE), Message("user", "I was charged twice")],
                      [ToolSpec(**{k: RECORD_ISSUE["function"][k] for k in ("name", "description", "parameters")})])
    choice = reply["choices"][0]
    assert reply["object"] == "chat.completion" and choice["finish_reason"] == "tool_calls"
    [call] = choice["message"]["tool_calls"]
    assert (call["id"], call["function"]["name"]) == (expected.tool_calls[0].id, "record_issue")
    assert json.loads(call["function"]["arguments"]) == {"issue": "billing"}
    assert choice["message"]["reasoning_content"] == expected.reason
    usage = reply["usage"]
    assert usage["total_tokens"] == usage["prompt_tokens"] + usage["completion_tokens"] > 0
    assert json.loads(http("POST", f"{server.base_url}/chat/completions", chat_body())[2])["id"] == reply["id"]


def test_a_tool_result_in_the_history_is_understood(server):
    body = chat_body()
    body["messages"] += [
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": "record_issue", "arguments": '{"issue": "billing"}'}}]},
        {"role": "tool", "tool_call_id": "call_1", "content": "Recorded: billing."},
    ]
    status, _, raw = http("POST", f"{server.base_url}/chat/completions", body)
    assert status == 200
    assert json.loads(raw)["choices"][0]["message"].get("tool_calls") is None  # it ran once this turn: no repeat


def test_a_streamed_tool_call_arrives_as_openai_deltas_with_a_final_usage_chunk(server):
    body = chat_body(stream=True, stream_options={"include_usage": True})
    status, headers, raw = http("POST", f"{server.base_url}/chat/completions", body)
    assert status == 200 and headers["content-type"].startswith("text/event-stream")
    events = sse_events(raw)
    assert events[-1] == "[DONE]"
    chunks = events[:-1]
    assert all(c["object"] == "chat.completion.chunk" and c["id"] == chunks[0]["id"] for c in chunks)
    assert chunks[0]["choices"][0]["delta"]["role"] == "assistant"
    deltas = [c["choices"][0]["delta"] for c in chunks if c["choices"]]
    calls = [d["tool_calls"][0] for d in deltas if "tool_calls" in d]
    assert calls[0]["index"] == 0 and calls[0]["function"]["name"] == "record_issue" and calls[0]["id"]
    assert len(calls) > 2, "arguments should arrive in several pieces"
    assert json.loads("".join(c["function"]["arguments"] for c in calls)) == {"issue": "billing"}
    assert [c["choices"][0]["finish_reason"] for c in chunks if c["choices"]][-1] == "tool_calls"
    assert chunks[-1]["choices"] == [] and chunks[-1]["usage"]["total_tokens"] > 0
    assert all(c["usage"] is None for c in chunks[:-1])


def test_streamed_text_arrives_word_by_word_and_without_usage_unless_asked(server):
    body = {"model": "handoffs-offline", "stream": True,
            "messages": [{"role": "system", "content": "You are a friendly support agent. Greet the customer."},
                         {"role": "user", "content": "Hello there"}]}
    chunks = sse_events(http("POST", f"{server.base_url}/chat/completions", body)[2])[:-1]
    pieces = [c["choices"][0]["delta"].get("content") for c in chunks[1:-1]]
    full = json.loads(http("POST", f"{server.base_url}/chat/completions", {**body, "stream": False})[2])
    assert len(pieces) > 2 and "".join(pieces) == full["choices"][0]["message"]["content"]
    assert all("usage" not in c for c in chunks) and chunks[-1]["choices"][0]["finish_reason"] == "stop"


def test_malformed_requests_get_400_with_one_clear_message(server):
    url = f"{server.base_url}/chat/completions"
    cases = {
        b'{"model": "handoffs-offline", "messages": [': "The request body is not valid JSON.",
        json.dumps({"model": "handoffs-offline"}).encode(): "messages",
        json.dumps({"model": "handoffs-offline", "messages": [{"role": "wizard", "content": "hi"}]}).encode(): "role",
        json.dumps({"model": "handoffs-offline", "messages": [{"role": "tool", "content": "x"}]}).encode():
            "tool_call_id",
        json.dumps({**chat_body(), "n": 3}).encode(): "n=1",
        b"": "The request body is empty: send a JSON object with 'model' and 'messages'.",
        b"[]": "The request body is not a JSON object: send a JSON object with 'model' and 'messages'.",
    }
    for raw, expected in cases.items():
        status, _, body = http("POST", url, raw)
        error = json.loads(body)["error"]
        assert status == 400, raw
        assert expected in error["message"] and "\n" not in error["message"], error
        assert error["type"] == "invalid_request_error"
    status, _, body = http("POST", url, json.dumps(chat_body()).encode(), {"content-type": "text/plain"})
    assert status == 400 and json.loads(body)["error"]["message"] == \
        "Send the request body as JSON (Content-Type: application/json)."


def test_unknown_routes_and_methods_answer_in_openais_error_shape(server):
    status, _, body = http("GET", f"{server.base_url}/embeddings")
    assert status == 404 and "POST /v1/chat/completions" in json.loads(body)["error"]["message"]
    status, _, body = http("PUT", f"{server.base_url}/chat/completions", b"{}")
    assert status == 405 and json.loads(body)["error"]["message"].startswith("PUT /v1/chat/completions: Method Not")


def test_a_token_guards_every_route_and_is_never_echoed(guarded_server):
    url = f"{guarded_server.base_url}/models"
    status, _, body = http("GET", url)
    assert status == 401 and json.loads(body)["error"]["code"] == "invalid_api_key"
    status, _, body = http("GET", url, headers={"authorization": "Bearer wrong-guess-1234"})
    assert status == 401 and b"wrong-guess" not in body and TOKEN.encode() not in body
    status, _, body = http("POST", f"{guarded_server.base_url}/chat/completions", chat_body())
    assert status == 401
    assert http("GET", url, headers={"authorization": f"Bearer {TOKEN}"})[0] == 200


def test_tool_choice_none_offers_no_tools_and_an_unoffered_name_is_400(server):
    url = f"{server.base_url}/chat/completions"
    reply = json.loads(http("POST", url, chat_body(tool_choice="none"))[2])["choices"][0]
    assert reply["finish_reason"] == "stop" and reply["message"].get("tool_calls") is None and reply["message"]["content"]
    forced = chat_body(tool_choice={"type": "function", "function": {"name": "record_issue"}})
    assert json.loads(http("POST", url, forced)[2])["choices"][0]["finish_reason"] == "tool_calls"
    status, _, body = http("POST", url, chat_body(tool_choice={"type": "function", "function": {"name": "refund"}}))
    assert status == 400 and "'refund'" in json.loads(body)["error"]["message"]
