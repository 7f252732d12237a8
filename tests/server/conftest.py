"""Fixtures for the kit's OpenAI-compatible server: one in-process server per test module, and a clean model environment.

Every server here listens on 127.0.0.1 on a port the OS picks, and is stopped when its ``with`` block ends,
even when a test fails. Keys in these tests are made up.
"""

from __future__ import annotations

from typing import Iterator

import pytest

from server_helpers import TOKEN

from handoffs.server import RunningServer, serve_in_background


@pytest.fixture(scope="module")
def server() -> Iterator[RunningServer]:
    """The offline model behind OpenAI's API, no token."""
    with serve_in_background() as running:
        yield running


@pytest.fixture(scope="module")
def guarded_server() -> Iterator[RunningServer]:
    """The same, guarded by a bearer token (:data:`TOKEN`)."""
    with serve_in_background(token=TOKEN) as running:
        yield running


@pytest.fixture()
def no_model_env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """No model settings from the machine running the tests leak in."""
    for name in ("HANDOFFS_MODEL", "HANDOFFS_BASE_URL", "HANDOFFS_API_KEY", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch
