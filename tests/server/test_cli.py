"""``python -m handoffs.server``: one command serves the offline model; a token guards it and is never printed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from server_helpers import TOKEN, closed_port, http

from handoffs.models import chat_model

SRC = str(Path(__file__).resolve().parents[2] / "src")


def server_command(*args: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([SRC, os.environ.get("PYTHONPATH", "")])}
    env.pop("HANDOFFS_SERVER_TOKEN", None)
    return subprocess.Popen([sys.executable, "-m", "handoffs.server", *args], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def wait_until_listening(url: str, process: subprocess.Popen, seconds: float = 20.0) -> int:
    """The status of the first answer from ``url`` (bounded wait; fails if the server process died)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert process.poll() is None, f"the server exited: {process.stderr.read()}"
        try:
            return http("GET", url)[0]
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"nothing answered at {url} within {seconds:g} s")


def test_one_command_serves_the_offline_model_behind_a_token(monkeypatch):
    port = closed_port()
    process = server_command("--port", str(port), "--token", TOKEN)
    try:
        banner = process.stdout.readline()  # printed once the app is built, just before uvicorn binds
        spec = f"openai-compatible:http://127.0.0.1:{port}/v1?model=handoffs-offline"
        assert f"HANDOFFS_MODEL={spec}" in banner and "token required" in banner and TOKEN not in banner
        models_url = f"http://127.0.0.1:{port}/v1/models"
        assert wait_until_listening(models_url, process) == 401
        status, _, body = http("GET", models_url, headers={"authorization": f"Bearer {TOKEN}"})
        assert status == 200 and json.loads(body)["data"][0]["id"] == "handoffs-offline"
        monkeypatch.setenv("HANDOFFS_API_KEY", TOKEN)
        monkeypatch.setenv("HANDOFFS_MODEL", spec)
        # the first decision may wait for the server's decision workers to warm up (seconds on a loaded machine;
        # the pool itself waits up to 60 s): the client's timeout is not what this test is about
        reply = chat_model(timeout=90, max_retries=0).invoke("Hello there")
        assert reply.response_metadata["model_name"] == "handoffs-offline" and reply.text
    finally:
        process.terminate()
        _, errors = process.communicate(timeout=60)  # bounded; ends in about a second, longer under load
    assert TOKEN not in errors


def test_serving_beyond_loopback_needs_a_token(monkeypatch, capsys):
    """The command's ``main`` in this process (the test above runs the command as a process of its own; one more
    would only re-import the kit to print one line). Were the refusal gone, it would serve: that fails here at once.

    (A room server's banner, served on every address with a token — the LAN address in the line learners copy,
    the key to set, never the token — is checked on the room server that
    tests/workshop/test_preflight.py::test_a_ready_laptop_is_told_so_line_by_line_and_the_room_servers_address_and_token_are_checked
    starts for the learners' preflight: one server process, not two.)"""
    from handoffs.server import __main__ as command

    def served(*_args, **_kwargs):
        raise AssertionError("served on 0.0.0.0 without a token")

    monkeypatch.delenv("HANDOFFS_SERVER_TOKEN", raising=False)
    monkeypatch.setattr(command.uvicorn, "run", served)
    host = "0.0.0.0"
    assert command.main(["--host", host, "--port", str(closed_port())]) == 2
    out, errors = capsys.readouterr()
    assert out == "" and errors.strip() == (f"Refusing to serve on {host} without a token: set "
                                            "HANDOFFS_SERVER_TOKEN (or --token), or keep --host 127.0.0.1.")


def test_the_room_banner_says_when_learners_cannot_reach_this_machine():
    from handoffs.server.__main__ import room_lines

    lines = room_lines("0.0.0.0", 8765, "handoffs-offline", token=True, address=None)
    assert "http://127.0.0.1:8765/v1?model=handoffs-offline" in lines[0]
    assert "only loopback" in lines[1] and "cannot reach it" in lines[1]
    lines = room_lines("10.1.2.3", 8765, "handoffs-offline", token=True, address=None)  # a host given by name
    assert lines == ["Serving handoffs-offline at http://10.1.2.3:8765/v1 (token required: learners set "
                     "HANDOFFS_API_KEY to it); use HANDOFFS_MODEL=openai-compatible:http://10.1.2.3:8765/v1"
                     "?model=handoffs-offline"]
