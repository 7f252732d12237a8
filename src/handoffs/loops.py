"""Waking a coroutine that waits on another event loop — the one threading rule the panels need.

JupyterLab 4.6 with ipykernel 7.4 delivers later widget clicks on a kernel *subshell* thread that runs its own
asyncio loop, while the agents (and the runtime) wait on the main thread's loop. Setting a future or feeding a
queue of another loop from there does not wake that loop: the waiter sleeps forever. :func:`call_on_loop` runs
the action directly when we are already on the owner's loop, and through ``call_soon_threadsafe`` otherwise.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable


def call_on_loop(loop: asyncio.AbstractEventLoop | None, action: Callable[..., Any], *args: Any) -> None:
    """Run ``action(*args)`` on ``loop`` (the loop that owns the future or queue it touches)."""
    try:
        current = asyncio.get_running_loop()
    except RuntimeError:
        current = None
    if loop is None or loop is current or loop.is_closed():
        action(*args)
    else:
        loop.call_soon_threadsafe(action, *args)


def resolve(future: asyncio.Future, value: Any) -> None:
    """Set ``future``'s result from any thread, unless it is already done."""

    def _set() -> None:
        if not future.done():
            future.set_result(value)

    call_on_loop(future.get_loop(), _set)
