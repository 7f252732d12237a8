"""``python kit.py preflight`` answers "is this laptop ready?" in plain words, through the Python entry point with
no bash on PATH — the Windows and macOS learner's path.
"""

from __future__ import annotations

import socket
import urllib.error

from handoffs.ports import free_loopback_port
from workshop_helpers import REPO, no_bash_path, run_kit


def test_an_unreachable_room_endpoint_and_a_busy_port_are_named(tmp_path):
    with socket.socket() as busy:
        try:
            busy.bind(("127.0.0.1", 8765))  # as if another program held the room endpoint's port
        except OSError:
            pass  # something already holds it: the check must report that just the same
        result = run_kit(REPO, "preflight", path=no_bash_path(tmp_path), env={
            "HANDOFFS_MODEL": "openai-compatible:http://127.0.0.1:9/v1?model=handoffs-offline"})
    assert result.returncode == 1
    fixes = [line for line in result.stdout.splitlines() if line.startswith("FIX")]
    assert len(fixes) == 1 and "Cannot reach the model server at http://127.0.0.1:9/v1" in fixes[0]
    assert any(line.startswith("note") and "Port 8765" in line and "in use" in line
               for line in result.stdout.splitlines())
    assert "Not ready yet: fix the 1 line(s) marked FIX" in result.stdout


def test_the_kit_commands_need_no_bash(tmp_path):
    path = no_bash_path(tmp_path)
    help_text = run_kit(REPO, "help", path=path)
    assert help_text.returncode == 0
    for command in ("lab", "preflight", "reset", "slides", "test", "execute"):
        assert f"  {command} " in help_text.stdout
    unknown = run_kit(REPO, "teleport", path=path)
    assert unknown.returncode == 2 and "unknown command 'teleport'" in unknown.stderr
    bad_group = run_kit(REPO, "test", "no_such_group", path=path)
    assert bad_group.returncode == 2 and "Unknown test group or path 'no_such_group'" in bad_group.stderr


def test_a_ready_laptop_is_told_so_line_by_line_and_the_room_servers_address_and_token_are_checked(tmp_path):
    """The instructor's room server (served on every address with a token, as in a room; contacted here on
    loopback only): its banner names this machine's LAN address (not 127.0.0.1) in the HANDOFFS_MODEL line learners
    copy, says which key to set and to run preflight, and never prints the token. With that line and the right
    token, preflight says, line by line, that this laptop is ready and that the model answers there, and never
    prints the token either. (The default offline model's ready laptop is the Korean run of
    tests/i18n/test_printouts_ko.py: one preflight per case, each ~5 s of CPU. A wrong token is not one more
    preflight: a model that does not answer is one FIX line and "Not ready yet" — the unreachable endpoint above —
    and what a 401 says, naming HANDOFFS_API_KEY and never the key, is
    tests/server/test_error_sentences.py::test_wrong_token_is_401_named_by_its_setting_and_not_retried.)"""
    import os
    import subprocess
    import sys
    import time
    import urllib.request

    from handoffs.server.__main__ import lan_address

    port = free_loopback_port()
    env = {**os.environ, "PYTHONPATH": str(REPO / "src"), "HANDOFFS_SERVER_TOKEN": "room-secret-1234"}
    server = subprocess.Popen([sys.executable, "-m", "handoffs.server", "--host", "0.0.0.0", "--port", str(port)],
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        banner = [server.stdout.readline()]
        while banner[-1] and not ("preflight" in banner[-1] or "start the server again" in banner[-1]):
            banner.append(server.stdout.readline())  # the banner's last line (EOF: the server died)
        deadline = time.monotonic() + 90  # bounded; a server starts in seconds, more on a loaded machine
        while True:
            assert server.poll() is None and time.monotonic() < deadline, "the room server did not start listening"
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/models", timeout=10)
            except urllib.error.HTTPError:  # 401: listening, and guarded
                break
            except OSError:
                time.sleep(0.2)
        # The room's server is warm before learners arrive; a fresh one's first answer waits for its decision
        # workers to warm up, longer than preflight's 10 s for a model answer on a loaded machine. Warm it first.
        warm_up = urllib.request.Request(
            f"http://127.0.0.1:{port}/v1/chat/completions", method="POST",
            data=b'{"model": "handoffs-offline", "messages": [{"role": "user", "content": "hello"}]}',
            headers={"content-type": "application/json", "authorization": "Bearer room-secret-1234"})
        with urllib.request.urlopen(warm_up, timeout=90) as answer:
            assert answer.status == 200
        spec = f"openai-compatible:http://127.0.0.1:{port}/v1?model=handoffs-offline"
        path = no_bash_path(tmp_path)
        right = run_kit(REPO, "preflight", path=path,
                        env={"HANDOFFS_MODEL": spec, "HANDOFFS_API_KEY": "room-secret-1234"})
    finally:
        server.terminate()
        _, errors = server.communicate(timeout=60)
    text = "".join(banner)
    address = lan_address()
    shown = address or "127.0.0.1"
    assert f"    HANDOFFS_MODEL=openai-compatible:http://{shown}:{port}/v1?model=handoffs-offline\n" in banner \
        or f"use HANDOFFS_MODEL=openai-compatible:http://{shown}:{port}/v1?model=handoffs-offline" in text, text
    if address:  # a machine on a network: the learners' address, the key to set, and where to check it
        assert "127.0.0.1" not in text and f"this machine's address, {address}" in text
        assert "HANDOFFS_API_KEY=<the token you chose>" in text and "./kit preflight" in text
    assert "room-secret-1234" not in text + errors
    assert right.returncode == 0, right.stdout + right.stderr
    lines = right.stdout.splitlines()
    for expected in ("Python 3.1", "installed in .venv and up to date", "GB free", "import, in their tested versions",
                     "A Jupyter kernel starts and runs code", "routed \"I was charged twice\" to record_issue"):
        assert any(expected in line and line.startswith("ok") for line in lines), (expected, right.stdout)
    assert not any(line.startswith("FIX") for line in lines)
    assert "Your laptop is ready for the workshop" in right.stdout
    model_line = next(line for line in right.stdout.splitlines() if "The model answers" in line)
    assert model_line.startswith("ok") and f"127.0.0.1:{port}" in model_line, right.stdout
    assert "room-secret-1234" not in right.stdout + right.stderr
