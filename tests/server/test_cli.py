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
        reply = chat_model(timeout=10, max_retries=0).invoke("Hello there")
        assert reply.response_metadata["model_name"] == "handoffs-offline" and reply.text
    finally:
        process.terminate()
        _, errors = process.communicate(timeout=10)
    assert TOKEN not in errors


def test_serving_beyond_loopback_needs_a_token():
    host = "0.0.0.0"
    process = server_command("--host", host, "--port", str(closed_port()))
    out, errors = process.communicate(timeout=30)
    assert process.returncode == 2 and out == ""
    assert errors.strip() == (f"Refusing to serve on {host} without a token: set HANDOFFS_SERVER_TOKEN (or --token), "
                              "or keep --host 127.0.0.1.")
