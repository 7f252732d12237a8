"""Fault catalogue, part 5: keys pasted in the wrong place are never printed (README rows K1-K6).

Every made-up key below is written in two pieces so no secret scanner mistakes this file for a leak. A key may reach
the kit through a model spec, a base URL, an SDK error or a failing model; whatever path it takes, no error sentence,
description, repr, panel or recorder event the kit produces contains it.
"""

from __future__ import annotations

import asyncio

import pytest
from fastapi import FastAPI
from fastapi.responses import JSONResponse

from handoffs.models import chat_model
from handoffs.models.errors import ModelCallError, ModelSetupError, redact_secrets
from handoffs.models.switch import describe_model, parse_spec
from handoffs.part2 import build_team, new_runtime, run_scripted_session
from handoffs.recorder import RunRecorder
from handoffs.server import serve_in_background
from handoffs.setup_check import report
from handoffs.ui import ChatPanel, LangChainBackend

OPENAI_KEY = "sk-" + "proj-Zq81mW0xKk3pLr7tVb2N9sYc4Hf6Jd5A"
ANTHROPIC_KEY = "sk-" + "ant-api03-Xm2PqR7sT1vW9yZb3Cd5Ef8Gh"
GITHUB_TOKEN = "ghp" + "_Ab3De5Gh7Jk9Mn2Pq4St6Vw8Yz0Bc1Df"
AWS_KEY = "AKIA" + "IOSFODNN7EXAMPLE"
RANDOM_TOKEN = "Tq7" + "xWm2Zp9Lc4Vb8Nn3Kd6Hs1Jf5Gy0Re"
PASSWORD = "hunter2" + "-Secret-88"
KEYS = [OPENAI_KEY, ANTHROPIC_KEY, GITHUB_TOKEN, AWS_KEY, RANDOM_TOKEN]


@pytest.fixture(autouse=True)
def clean_env(monkeypatch):
    for name in ("HANDOFFS_MODEL", "HANDOFFS_BASE_URL", "HANDOFFS_API_KEY", "OPENAI_API_KEY", "OPENAI_BASE_URL",
                 "HANDOFFS_SERVER_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def shows_no_secret(*texts: str) -> bool:
    secrets = [*KEYS, PASSWORD]
    leaked = [(s, t) for t in texts for s in secrets if s in t or s[:-6] in t]
    assert not leaked, leaked
    return True


SPECS_WITH_KEYS = [
    *KEYS,  # the key pasted as the whole spec
    *(f"openai:{key}" for key in KEYS),  # the key where the model name goes
    f"openai-compatible:http://localhost:11434/v1?model={OPENAI_KEY}",
    f"openai-compatible:http://localhost:11434/v1?model=llama3.1&api_key={OPENAI_KEY}",
    f"openai-compatible:http://localhost:11434/v1?model=llama3.1&key={RANDOM_TOKEN}",
    f"openai-compatible:http://localhost:11434/v1?model=llama3.1&token={PASSWORD}",
    f"openai-compatible:http://localhost:11434/v1?access_token={GITHUB_TOKEN}&model=m",
    f"openai-compatible:http://me:{PASSWORD}@localhost:11434/v1?model=m",
    f"openai-compatible:http://{OPENAI_KEY}@localhost:11434/v1?model=m",
]


@pytest.mark.parametrize("spec", SPECS_WITH_KEYS, ids=range(len(SPECS_WITH_KEYS)))
def test_k1_a_key_in_handoffs_model_is_refused_without_being_echoed(clean_env, spec):
    clean_env.setenv("HANDOFFS_MODEL", spec)
    with pytest.raises(ModelSetupError) as caught:
        chat_model()
    message = str(caught.value)
    assert "\n" not in message and ("API key" in message or "password" in message)
    assert shows_no_secret(message, repr(caught.value), report())
    with pytest.raises(ModelSetupError) as again:
        describe_model(spec)
    assert shows_no_secret(str(again.value))


@pytest.mark.parametrize("url", [f"http://me:{PASSWORD}@gpu-box:8000/v1", f"https://{RANDOM_TOKEN}@gpu-box/v1",
                                 f"http://gpu-box:8000/v1?api_key={OPENAI_KEY}"])
def test_k2_a_password_or_key_in_handoffs_base_url_is_refused_without_being_echoed(clean_env, url):
    clean_env.setenv("HANDOFFS_BASE_URL", url)
    with pytest.raises(ModelSetupError) as caught:
        parse_spec("openai-compatible:llama3.1")
    assert "HANDOFFS_BASE_URL" in str(caught.value) and shows_no_secret(str(caught.value), report())


def test_k3_descriptions_and_reprs_show_at_most_the_last_four_characters(clean_env):
    clean_env.setenv("OPENAI_API_KEY", OPENAI_KEY)
    clean_env.setenv("HANDOFFS_API_KEY", RANDOM_TOKEN)
    texts = [describe_model("openai:gpt-4o-mini"), repr(parse_spec("openai:gpt-4o-mini")),
             describe_model("openai-compatible:http://h:1/v1?model=m"), repr(chat_model("openai:gpt-4o-mini")),
             report()]
    assert shows_no_secret(*texts) and texts[0].endswith("key from OPENAI_API_KEY …Jd5A")


@pytest.mark.parametrize("secret", [*KEYS, f"Bearer {RANDOM_TOKEN}", f"Authorization: Basic {RANDOM_TOKEN}",
                                    "eyJhbGciOiJIUzI1NiJ9." + "eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N"])
def test_k4_anything_key_like_is_hidden_and_ordinary_text_is_left_alone(secret):
    cleaned = redact_secrets(f"the server said: {secret} was wrong")
    assert "[hidden]" in cleaned and shows_no_secret(cleaned) and "eyJzdWIi" not in cleaned
    ordinary = ("model 'gpt-4o-mini-2024-07-18' at http://127.0.0.1:8765/v1 refunded item_132612938 for session "
                "support-1a2b3c4d; Qwen/Qwen2.5-7B-Instruct, claude-3-5-sonnet-20241022, 두 번 결제되었습니다")
    assert redact_secrets(ordinary) == ordinary


def echoing_server() -> FastAPI:
    """A careless server that puts the key it got into its error message (real APIs quote part of it)."""
    app = FastAPI()

    @app.post("/v1/chat/completions")
    async def refuse(request_body: dict) -> JSONResponse:
        return JSONResponse({"error": {"message": f"Invalid key {OPENAI_KEY} for model {request_body.get('model')}",
                                       "type": "invalid_request_error", "code": "bad"}}, status_code=400)

    return app


def test_k5_a_key_echoed_by_a_server_never_reaches_the_learner(clean_env):
    with serve_in_background(echoing_server()) as server:
        with pytest.raises(ModelCallError) as caught:
            chat_model(server.spec(), max_retries=0).invoke("hello")
    assert "refused the request (400" in str(caught.value) and shows_no_secret(str(caught.value), repr(caught.value))


def test_k6_panels_recorders_and_agent_apologies_do_not_show_a_key(clean_env):
    from handoffs.part1 import build_support_agent

    class LeakingModel(Exception):
        pass

    def failing_invoke(*_args, **_kwargs):
        raise LeakingModel(f"connection to https://user:{PASSWORD}@api.example.com failed with key {OPENAI_KEY}")

    agent = build_support_agent()
    agent.invoke = failing_invoke  # type: ignore[method-assign]
    panel = ChatPanel(LangChainBackend(agent, "leak"))
    assert asyncio.run(panel.send("hello")) is None
    assert shows_no_secret(panel.transcript.value, panel.messages[-1].text)

    class FailingClient:
        """An AutoGen model client whose call fails with an error that quotes the key."""

        model_info = {"function_calling": True, "vision": False, "json_output": False, "family": "unknown",
                      "structured_output": False}

        async def create(self, *args, **kwargs):
            raise RuntimeError(f"401 from server: Incorrect API key provided: {OPENAI_KEY}")

    async def team_run():
        recorder = RunRecorder()
        runtime = new_runtime(recorder)
        team = await build_team(runtime, FailingClient(), recorder=None)
        runtime.start()
        try:
            return await run_scripted_session(["hello"], team=team, session_id="leak", timeout=20)
        finally:
            await runtime.stop()

    result = asyncio.run(team_run())
    assert result.turns[0].reply.startswith("Sorry, I cannot answer right now") and shows_no_secret(result.describe())
