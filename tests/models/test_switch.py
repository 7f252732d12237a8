"""The one switch: which model a spec selects, and the one sentence a learner reads when it cannot.

No network: real models are only built here (no request is sent) except against a loopback port nobody listens
on. The kit's own server drives the real clients in tests/server/.
"""

from __future__ import annotations

import asyncio

import httpx2
import nbformat
import openai
import pytest
from autogen_core.models import UserMessage
from langchain_openai import ChatOpenAI
from nbclient import NotebookClient

from handoffs.models import OfflineChatModel, OfflineModelClient, chat_model, model_client
from handoffs.models.errors import ModelCallError, ModelSetupError, explain_model_error, mask_secret
from handoffs.models.switch import describe_model, parse_spec
from handoffs.ports import free_loopback_port

SECRET = "sk-" + "proj-kit-test-DO-NOT-PRINT-4242abcd"  # made up; split so no scanner mistakes it for a key
NO_KEY = ("No OpenAI key: set OPENAI_API_KEY in your environment (never in a notebook), "
          "or set HANDOFFS_MODEL=offline.")


@pytest.fixture(autouse=True)
def clean_env(monkeypatch):
    """Nothing from the machine running the tests (a real key, a model setting) takes part."""
    for name in ("HANDOFFS_MODEL", "HANDOFFS_BASE_URL", "HANDOFFS_API_KEY", "OPENAI_API_KEY", "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_the_default_is_the_offline_model_for_both_frameworks():
    assert isinstance(chat_model(), OfflineChatModel)
    assert isinstance(model_client(), OfflineModelClient)
    reply = chat_model(temperature=0.2, streaming=True).invoke("Hello")  # real-model options are accepted
    assert reply.response_metadata["model_name"] == "handoffs-offline"


def test_offline_modes_pass_through_the_switch(clean_env):
    clean_env.setenv("HANDOFFS_MODEL", "offline")
    assert chat_model(script=["Exactly this."]).invoke("anything").text == "Exactly this."
    result = asyncio.run(model_client(script=["And this."]).create([UserMessage(content="hi", source="u")]))
    assert result.content == "And this."


def test_handoffs_model_selects_openai_with_the_key_from_the_environment_only(clean_env):
    clean_env.setenv("OPENAI_API_KEY", SECRET)
    clean_env.setenv("HANDOFFS_MODEL", "openai:gpt-4o-mini")
    model = chat_model(temperature=0)
    assert isinstance(model, ChatOpenAI) and model.model_name == "gpt-4o-mini" and model.temperature == 0
    assert model.openai_api_key.get_secret_value() == SECRET and model.max_retries == 2
    client = model_client()
    assert client.model_info["function_calling"] and client.dump_component().config["model"] == "gpt-4o-mini"


def test_a_missing_key_is_one_sentence_naming_the_variable(clean_env):
    for build in (chat_model, model_client):
        with pytest.raises(ModelSetupError) as caught:
            build("openai:gpt-4o-mini")
        assert str(caught.value) == NO_KEY


def test_a_key_passed_as_a_parameter_is_refused():
    with pytest.raises(ModelSetupError, match=r"^Do not pass api_key= .*set OPENAI_API_KEY or HANDOFFS_API_KEY"):
        chat_model("openai:gpt-4o-mini", api_key=SECRET)
    with pytest.raises(ModelSetupError, match="Do not pass openai_api_key="):
        model_client("offline", openai_api_key=SECRET)


def test_an_unknown_spec_lists_the_accepted_forms(clean_env):
    clean_env.setenv("HANDOFFS_MODEL", "gpt4")
    with pytest.raises(ModelSetupError) as caught:
        chat_model()
    message = str(caught.value)
    assert message.startswith("Unknown model spec 'gpt4' (from HANDOFFS_MODEL): use offline, openai:<model>")
    assert "openai-compatible:<base_url>?model=<model>" in message and "HANDOFFS_BASE_URL" in message
    for bad, words in [("openai:", "Unknown model spec"), ("openai-compatible:ftp://x/v1?model=a", "not a server address"),
                       ("openai-compatible:http://x/v1", "Name exactly one model"),
                       ("openai-compatible:http://x/v1?model=a&extra=b", "Name exactly one model"),
                       ("openai-compatible:http://x/v1?model=a&key=b", "seems to hold an API key or token"),
                       ("openai-compatible:llama3.1", "set HANDOFFS_BASE_URL")]:
        with pytest.raises(ModelSetupError, match=words):
            parse_spec(bad)


def test_compatible_servers_by_url_or_by_handoffs_base_url(clean_env):
    by_url = parse_spec("openai-compatible:http://localhost:11434/v1/?model=llama3.1")
    assert (by_url.base_url, by_url.model) == ("http://localhost:11434/v1", "llama3.1")
    clean_env.setenv("HANDOFFS_BASE_URL", "http://gpu-box:8000/v1")
    by_env = parse_spec("openai-compatible:Qwen/Qwen2.5-7B-Instruct")
    assert (by_env.base_url, by_env.model) == ("http://gpu-box:8000/v1", "Qwen/Qwen2.5-7B-Instruct")
    model = chat_model("openai-compatible:Qwen/Qwen2.5-7B-Instruct")
    assert model.openai_api_base == "http://gpu-box:8000/v1"
    client = model_client("openai-compatible:Qwen/Qwen2.5-7B-Instruct")
    assert client.model_info["function_calling"] is True and client.model_info["family"] == "unknown"


def test_an_openai_key_is_never_sent_to_another_server(clean_env):
    clean_env.setenv("OPENAI_API_KEY", SECRET)
    model = chat_model("openai-compatible:http://localhost:11434/v1?model=llama3.1")
    assert model.openai_api_key.get_secret_value() != SECRET
    clean_env.setenv("OPENAI_BASE_URL", "http://somewhere-else:8080/v1")  # read by the openai SDK if left open
    assert chat_model("openai:gpt-4o-mini").openai_api_base == "https://api.openai.com/v1"
    assert model_client("openai:gpt-4o-mini").dump_component().config["base_url"] == "https://api.openai.com/v1"
    clean_env.setenv("HANDOFFS_API_KEY", "room-token-1234")
    assert chat_model("openai-compatible:http://h:1/v1?model=m").openai_api_key.get_secret_value() == "room-token-1234"


def test_credentials_in_a_server_address_are_refused_without_being_echoed():
    with pytest.raises(ModelSetupError) as caught:
        parse_spec(f"openai-compatible:http://me:{SECRET}@gpu-box:8000/v1?model=m&extra=1")
    assert str(caught.value) == ("Put no user or password in the server address (in the spec argument): "
                                 "set HANDOFFS_API_KEY in your environment instead.")


def test_the_key_never_appears_in_reprs_descriptions_or_messages(clean_env):
    clean_env.setenv("OPENAI_API_KEY", SECRET)
    shown = [repr(chat_model("openai:gpt-4o-mini")), str(chat_model("openai:gpt-4o-mini")),
             repr(model_client("openai:gpt-4o-mini")), str(model_client("openai:gpt-4o-mini")),
             describe_model("openai:gpt-4o-mini"), repr(parse_spec("openai:gpt-4o-mini")),
             model_client("openai:gpt-4o-mini").dump_component().model_dump_json(),
             chat_model("openai:gpt-4o-mini").model_dump_json()]
    assert all(SECRET not in text and SECRET[:-4] not in text for text in shown)
    assert describe_model("openai:gpt-4o-mini") == "model 'gpt-4o-mini' at OpenAI, key from OPENAI_API_KEY …abcd"
    assert mask_secret(SECRET) == "…abcd" and mask_secret("short") == "…" and mask_secret(None) == "(none)"


def test_an_unreachable_server_is_one_sentence_from_both_clients(clean_env):
    url = f"http://127.0.0.1:{free_loopback_port()}/v1"
    clean_env.setenv("HANDOFFS_MODEL", f"openai-compatible:{url}?model=llama3.1")
    expected = f"Cannot reach the model server at {url}: start it, or fix HANDOFFS_MODEL."
    with pytest.raises(ModelCallError) as caught:
        chat_model(timeout=2, max_retries=0).invoke("Hello")
    assert str(caught.value) == expected and caught.value.kind == "unreachable"

    async def autogen_call() -> None:
        await model_client(timeout=2, max_retries=0).create([UserMessage(content="Hello", source="user")])

    with pytest.raises(ModelCallError) as caught:
        asyncio.run(autogen_call())
    assert str(caught.value) == expected


def test_openais_quota_error_and_other_refusals_are_explained():
    request = httpx2.Request("POST", "https://api.openai.com/v1/chat/completions")
    quota = openai.RateLimitError("quota", response=httpx2.Response(429, request=request),
                                  body={"error": {"code": "insufficient_quota", "message": "You exceeded your quota."}})
    assert explain_model_error(quota) == ("The account behind OPENAI_API_KEY has no credit left "
                                          "(429 insufficient_quota): add credit, or set HANDOFFS_MODEL=offline.")
    bad = openai.BadRequestError("bad", response=httpx2.Response(400, request=request),
                                 body={"error": {"message": "Invalid 'messages[1].role': 'wizard'.\nMore lines."}})
    assert explain_model_error(bad, base_url="http://h/v1") == (
        "The model server at http://h/v1 refused the request (400: Invalid 'messages[1].role': 'wizard'. More lines.); "
        "check the spec in HANDOFFS_MODEL.")
    assert explain_model_error(ModelSetupError(NO_KEY)) == NO_KEY


def test_in_a_notebook_the_error_is_one_line_not_a_traceback(clean_env):
    """A real kernel runs the cells a learner would; the error output holds the sentence and nothing else."""
    url = f"http://127.0.0.1:{free_loopback_port()}/v1"
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        nbformat.v4.new_code_cell("from handoffs.models import chat_model\nchat_model('openai:gpt-4o-mini')"),
        nbformat.v4.new_code_cell(
            "from handoffs.part1 import build_support_agent, ask\n"
            f"bot = build_support_agent(model=chat_model('openai-compatible:{url}?model=m', timeout=2, max_retries=0))\n"
            "ask(bot, 'I was charged twice')"),
    ]
    NotebookClient(notebook, kernel_name="python3", timeout=60, allow_errors=True).execute()
    [missing_key], [unreachable] = (cell.outputs for cell in notebook.cells)
    assert missing_key.traceback == [f"ModelSetupError: {NO_KEY}"]
    assert unreachable.traceback == [
        f"ModelCallError: Cannot reach the model server at {url}: start it, or fix the spec argument."]
