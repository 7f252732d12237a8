"""Run the kit's endpoint inside this process, on a free loopback port, for as long as a ``with`` block.

Tests and notebooks use :func:`serve_in_background` to reach the offline model through real HTTP and the
real ``openai`` client stack without leaving anything running::

    with serve_in_background(token="s3cret") as server:
        model = chat_model(server.spec)      # "openai-compatible:http://127.0.0.1:<port>/v1?model=handoffs-offline"
        ...
    # the server is stopped here, even if the block raised

It runs ``uvicorn.Server`` in a daemon thread and stops it through ``should_exit``. It is not a way to run
a shared server for a room: use ``python -m handoffs.server`` for that.
"""

from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterator

import uvicorn
from fastapi import FastAPI

from handoffs.server.app import OFFLINE_MODEL_NAME, ServerStats, create_app

START_TIMEOUT_S = 10.0


@dataclass(frozen=True)
class RunningServer:
    """A server started by :func:`serve_in_background`: where it is, and what it has seen so far."""

    host: str
    port: int
    app: FastAPI

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}/v1"

    @property
    def stats(self) -> ServerStats:
        return self.app.state.stats

    def spec(self, model: str = OFFLINE_MODEL_NAME) -> str:
        """The ``HANDOFFS_MODEL`` spec that reaches this server."""
        return f"openai-compatible:{self.base_url}?model={model}"


@contextmanager
def serve_in_background(app: FastAPI | None = None, *, host: str = "127.0.0.1", port: int = 0,
                        **app_options: Any) -> Iterator[RunningServer]:
    """Serve ``app`` (or ``create_app(**app_options)``) until the block ends; ``port=0`` picks a free one. A notebook
    passes ``workers=0`` (it is its server's only client and waits for each answer: the decisions run in a thread
    of its own kernel, which has the model loaded already, instead of a worker process that would load it again)."""
    app = app if app is not None else create_app(**app_options)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", lifespan="off",
                            timeout_graceful_shutdown=1, access_log=False)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="handoffs-server", daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError(f"The kit's model server did not start on {host}:{port}.")
            time.sleep(0.01)
        bound_port = server.servers[0].sockets[0].getsockname()[1]
        yield RunningServer(host, bound_port, app)
    finally:
        server.should_exit = True
        thread.join(timeout=5)
