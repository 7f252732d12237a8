"""Fault catalogue, part 6: a mistyped address or port, a session that times out, is one sentence naming what to do
(README rows X1-X5).

The dead gRPC host and the killed worker (rows P5, P6) are in ``test_process_faults.py``, next to the processes.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from handoffs.models import chat_model, model_client
from handoffs.models.errors import ModelSetupError
from handoffs.models.switch import parse_spec

SRC = str(Path(__file__).resolve().parents[2] / "src")
HOW = "write it as http://host:port/v1 in"


@pytest.fixture(autouse=True)
def clean_env(monkeypatch):
    for name in ("HANDOFFS_MODEL", "HANDOFFS_BASE_URL", "HANDOFFS_API_KEY", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def one_sentence(error: BaseException) -> str:
    message = str(error)
    assert "\n" not in message and message.endswith(".") and (message[0].isupper() or message[0] == "'"), message
    assert error.__cause__ is None and (error.__context__ is None or error.__suppress_context__)  # no chained traceback
    return message


BAD_ADDRESSES = {  # row X1 and X2: the address -> what the sentence says is wrong
    "http://[::1/v1": "its [IPv6] address is malformed",
    "http://[fe80::1%eth0/v1": "its [IPv6] address is malformed",
    "http://::1:8000/v1": "its port is not a number from 1 to 65535",
    "http://localhost:eleven/v1": "its port is not a number from 1 to 65535",
    "http://localhost:99999/v1": "its port is not a number from 1 to 65535",
    "http://localhost:-1/v1": "its port is not a number from 1 to 65535",
    "http://localhost:0/v1": "its port is not a number from 1 to 65535",
    "http://localhost:/v1": "its port is not a number from 1 to 65535",
    "http:///v1": "not a server address",
    "localhost:8000/v1": "looks like a server address without http://",
    "127.0.0.1:8765": "looks like a server address without http://",
}


@pytest.mark.parametrize("address", sorted(BAD_ADDRESSES))
def test_x1_x2_a_malformed_address_in_the_spec_is_one_sentence(address):
    with pytest.raises(ModelSetupError) as caught:
        parse_spec(f"openai-compatible:{address}?model=m" if "://" in address else f"openai-compatible:{address}")
    message = one_sentence(caught.value)
    assert BAD_ADDRESSES[address] in message


@pytest.mark.parametrize("address", [a for a in sorted(BAD_ADDRESSES) if "://" in a])
def test_x1_x2_the_same_in_handoffs_base_url_names_that_variable(clean_env, address):
    clean_env.setenv("HANDOFFS_BASE_URL", address)
    for build in (chat_model, model_client):
        with pytest.raises(ModelSetupError) as caught:
            build("openai-compatible:llama3.1")
        message = one_sentence(caught.value)
        assert BAD_ADDRESSES[address] in message and f"{HOW} HANDOFFS_BASE_URL" in message


@pytest.mark.parametrize("port, says", [("99999", "99999 is out of range: use a port from 1 to 65535"),
                                        ("http", "'http' is not a port number: use a number from 1 to 65535"),
                                        ("0", "0 is out of range: use a port from 1 to 65535")])
def test_x3_the_servers_command_line_refuses_a_bad_port_in_one_line(port, says, capsys):
    """The first bad port through ``python -m handoffs.server`` in a process of its own (exit status 2, the sentence
    last, no traceback); the others through the same command's ``main`` here (a process each would only re-import
    the kit to print one line)."""
    if port == "99999":
        env = {**os.environ, "PYTHONPATH": SRC}
        done = subprocess.run([sys.executable, "-m", "handoffs.server", "--port", port], env=env, capture_output=True,
                              text=True, timeout=60)
        status, errors = done.returncode, done.stderr
    else:
        from handoffs.server.__main__ import main

        with pytest.raises(SystemExit) as refused:
            main(["--port", port])
        status, errors = refused.value.code, capsys.readouterr().err
    assert status == 2 and errors.strip().splitlines()[-1].endswith(says)
    assert "Traceback" not in errors


@pytest.mark.parametrize("spec, model", [
    ("openai-compatible:localhost:11434/v1?model=x", "x"),
    ("openai-compatible:127.0.0.1:8765/v1?model=handoffs-offline", "handoffs-offline"),
    ("openai-compatible:localhost:11434?model=llama3.1:8b", "llama3.1:8b"),
    ("openai-compatible:[::1]:8000/v1?model=qwen2.5", "qwen2.5"),
    ("openai-compatible:localhost/v1?model=x", "x"),
    ("openai-compatible:http//localhost:11434/v1?model=x", "x"),
    ("openai-compatible:http:/127.0.0.1:8765/v1?model=handoffs-offline", "handoffs-offline"),
    ("openai-compatible:localhost:11434/v1", None),
    ("openai-compatible:http//localhost:11434/v1", None),
    ("openai-compatible:localhost:11434/v1?model=a&model=b", None),
])
def test_x4_an_address_without_http_suggests_a_spec_that_works(spec, model):
    """Issue 24: the suggestion for a spec without http:// was '…?model=x?model=<model>'. Now it is the spec the
    learner meant — their own model kept — and, with a real model name in it, the switch accepts it as written."""
    with pytest.raises(ModelSetupError) as caught:
        chat_model(spec)
    message = one_sentence(caught.value)
    suggestion = message.split(" write ", 1)[1].split(" in the spec argument", 1)[0]
    assert suggestion.count("?") == 1 and suggestion.startswith("openai-compatible:http://")
    assert "http//" not in suggestion.removeprefix("openai-compatible:http://")
    if model is None:
        assert suggestion.endswith("?model=<model>")
    else:
        parsed = parse_spec(suggestion)
        assert parsed.model == model and parsed.base_url.startswith("http://")


TIMES_OUT = """
import asyncio, sys
import handoffs
from handoffs.part2.sessions import SessionTimeout, run_scripted_session

async def main():
    for number, language in enumerate(sys.argv[1:]):
        handoffs.set_language(language)
        try:
            # the deadline must outlast the hand-over to the operator: 0.6 s at load 7 in a fresh process (the
            # model's first decisions), 0.02 s after; 2 s left too little on a loaded 2-core machine for the first
            await run_scripted_session(["I want to talk to a human"], timeout=4 if number == 0 else 2)
        except SessionTimeout as error:
            print("SENTENCE", language, error)

asyncio.run(main())
"""
EXPECTED = {"en": "no operator has answered yet — answer on the Operator desk.",
            "ko": "아직 상담원이 답하지 않았어요 — 상담원 데스크에서 답하세요."}


def test_x5_a_session_timing_out_on_the_operator_is_one_sentence_and_a_quiet_shutdown():
    """Issue 24: after the timeout's sentence, shutting the runtime down printed a ValueError('task_done() called
    too many times') traceback (the waiting handler ended on the runtime's *new* queue). Now: the sentence only —
    in English, then (the same process, the kit switched to Korean) in Korean."""
    env = {**os.environ, "PYTHONPATH": SRC, "HANDOFFS_LANG": "en", "HANDOFFS_MODEL": "offline"}
    done = subprocess.run([sys.executable, "-c", TIMES_OUT, "en", "ko"], env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and done.stderr.strip() == "", done.stderr[-2000:]
    said = done.stdout.strip().splitlines()
    assert [line.split()[:2] for line in said] == [["SENTENCE", "en"], ["SENTENCE", "ko"]], said
    for line, language in zip(said, EXPECTED):
        assert "'session-1'" in line and line.endswith(EXPECTED[language]), line
