"""Each way a real endpoint fails becomes one clear sentence, through both real clients.

The kit's server is made to fail on purpose (401 with a token, 404 for an unknown model, 429/500 for the first
requests, a slow answer) and one port has nobody listening. The LangChain side is ``ChatOpenAI`` and the AutoGen
side ``OpenAIChatCompletionClient``, both built by the kit's switch; the server counts the requests, which shows
the ``openai`` SDK's own retries at work (429 and 500 are retried, 401 and 404 are not).
"""

from __future__ import annotations

import asyncio
import time

import pytest
from autogen_core.models import UserMessage
from langgraph.checkpoint.memory import InMemorySaver
from server_helpers import TOKEN, closed_port

from handoffs.models.errors import ModelCallError
from handoffs.models.switch import chat_model, model_client
from handoffs.server import FailurePlan, serve_in_background
from handoffs.ui import StreamingLangChainBackend
from handoffs.part1 import build_support_agent
from handoffs.ui import ChatPanel

HELLO = "Hello, who are you?"


def ask_langchain(spec: str, **options) -> str:
    return chat_model(spec, **options).invoke(HELLO).text


def ask_autogen(spec: str, **options) -> str:
    async def run() -> str:
        client = model_client(spec, **options)
        try:
            return (await client.create([UserMessage(content=HELLO, source="user")])).content
        finally:
            await client.close()

    return asyncio.run(run())


CLIENTS = {"langchain": ask_langchain, "autogen": ask_autogen}


@pytest.fixture(params=sorted(CLIENTS))
def ask(request, monkeypatch):
    for name in ("HANDOFFS_MODEL", "HANDOFFS_BASE_URL", "HANDOFFS_API_KEY", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    return CLIENTS[request.param]


def failure_of(ask, spec: str, **options) -> ModelCallError:
    with pytest.raises(ModelCallError) as caught:
        ask(spec, **options)
    assert "\n" not in str(caught.value)
    assert caught.value.__cause__ is None and caught.value.__suppress_context__  # no chained wall of internals
    return caught.value


def test_wrong_token_is_401_named_by_its_setting_and_not_retried(ask, monkeypatch):
    monkeypatch.setenv("HANDOFFS_API_KEY", "not-the-room-token-9c1d")
    with serve_in_background(token=TOKEN) as server:
        error = failure_of(ask, server.spec(), max_retries=2)
        assert str(error) == (f"The model server at {server.base_url} rejected the API key (401): set HANDOFFS_API_KEY "
                              "in your environment to a valid key (never in a notebook), or set HANDOFFS_MODEL=offline.")
        assert (error.kind, error.status_code) == ("auth", 401)
        assert "9c1d" not in str(error) and "9c1d" not in repr(error)
        assert server.stats.statuses[401] == 1
        monkeypatch.setenv("HANDOFFS_API_KEY", TOKEN)
        assert ask(server.spec())  # the right token from the environment works


def test_unknown_model_is_404_naming_the_model(ask):
    with serve_in_background() as server:
        error = failure_of(ask, server.spec("gpt-17-ultra"), max_retries=2)
        assert str(error) == (f"The model server at {server.base_url} does not know the model 'gpt-17-ultra' (404): "
                              "fix the model name in the spec argument.")
        assert error.kind == "unknown_model" and server.stats.chat_requests == 1


@pytest.mark.parametrize("status, kind, words", [
    (429, "rate_limit", "kept refusing with 'too many requests' (429) after the SDK's retries: wait a minute"),
    (500, "server_error", "failed with an internal error (500) after the SDK's retries: try again later"),
])
def test_transient_failures_are_retried_by_the_sdk_then_explained(ask, status, kind, words):
    with serve_in_background(failure=FailurePlan(status=status)) as server:
        error = failure_of(ask, server.spec(), max_retries=2)
        assert str(error) == f"The model server at {server.base_url} {words}, or set HANDOFFS_MODEL=offline."
        assert error.kind == kind
        assert server.stats.chat_requests == 3 and server.stats.statuses[status] == 3  # 1 try + 2 SDK retries


@pytest.mark.parametrize("status", [429, 500])
def test_a_transient_failure_that_clears_is_invisible_to_the_learner(ask, status):
    with serve_in_background(failure=FailurePlan(status=status, times=2)) as server:
        assert ask(server.spec(), max_retries=2)
        assert server.stats.chat_requests == 3 and server.stats.statuses[200] == 1


def test_a_slow_server_is_a_timeout_sentence(ask):
    with serve_in_background(failure=FailurePlan(delay_s=1.0)) as server:  # over 3x the timeout
        error = failure_of(ask, server.spec(), timeout=0.3, max_retries=1)
        assert str(error) == (f"The model server at {server.base_url} did not answer within 0.3 s: check that it is "
                              "running, raise the timeout, or fix the spec argument.")
        assert error.kind == "timeout"
        # the SDK retried the timed-out request once. The client gives up after 0.3 s whether or not the server (a
        # thread of this busy process) has counted the retry yet: wait until it has (bounded), then count exactly
        deadline = time.monotonic() + 30
        while server.stats.chat_requests < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert server.stats.chat_requests == 2


def test_nobody_listening_is_cannot_reach(ask, monkeypatch):
    url = f"http://127.0.0.1:{closed_port()}/v1"
    monkeypatch.setenv("HANDOFFS_MODEL", f"openai-compatible:{url}?model=llama3.1")
    error = failure_of(ask, None, timeout=2, max_retries=0)
    assert str(error) == f"Cannot reach the model server at {url}: start it, or fix HANDOFFS_MODEL."
    assert error.kind == "unreachable"


async def test_the_sentence_is_what_the_chat_panel_shows(monkeypatch):
    url = f"http://127.0.0.1:{closed_port()}/v1"
    monkeypatch.setenv("HANDOFFS_MODEL", f"openai-compatible:{url}?model=llama3.1")
    agent = build_support_agent(model=chat_model(timeout=2, max_retries=0, streaming=True),
                                checkpointer=InMemorySaver())
    backend = StreamingLangChainBackend(agent)
    panel = backend.attach(ChatPanel(backend))
    assert await panel.send("I was charged twice") is None
    assert [(m.role, m.text) for m in panel.messages][-1] == (
        "error", f"ModelCallError: Cannot reach the model server at {url}: start it, or fix HANDOFFS_MODEL.")
    assert "Traceback" not in panel.transcript.value and panel.send_button.disabled is False
