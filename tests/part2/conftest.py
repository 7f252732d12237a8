"""Fixtures for part 2: a started team on a fresh runtime (always stopped afterwards) and the walk-through scripts."""

from __future__ import annotations

from typing import Any, AsyncIterator, Awaitable, Callable

import pytest

from handoffs.models import OfflineModelClient
from handoffs.part2 import Team, build_team, new_runtime
from handoffs.recorder import RunRecorder



@pytest.fixture
def recorder() -> RunRecorder:
    return RunRecorder()


@pytest.fixture
async def start_team(recorder: RunRecorder) -> AsyncIterator[Callable[..., Awaitable[Team]]]:
    """``await start_team(model_client=None, **build_team_options)``: a started team with the recorder attached."""
    runtimes: list[Any] = []

    async def start(model_client: Any = None, **options: Any) -> Team:
        runtime = new_runtime(recorder)
        team = await build_team(runtime, model_client or OfflineModelClient(), recorder=recorder, **options)
        runtime.start()
        runtimes.append(runtime)
        return team

    yield start
    for runtime in runtimes:
        await runtime.stop()
