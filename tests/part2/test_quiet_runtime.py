"""QuietRuntime routes exactly like AutoGen's runtime, and serialises and traces again as soon as someone listens."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from autogen_core import SingleThreadedAgentRuntime
from customer_scripts import REFUND, SALES
from opentelemetry import trace

from handoffs.models import OfflineModelClient
from handoffs.part2 import build_team, new_runtime, run_scripted_session
from handoffs.part2.quiet_runtime import QuietRuntime
from handoffs.recorder import RunRecorder


async def _run(runtime_class: type, script: list[str], recorder: RunRecorder, **options) -> tuple[str, list]:
    """One scripted session on a fresh runtime of ``runtime_class``; returns its story and any loop errors."""
    runtime = runtime_class(intervention_handlers=[recorder.autogen_intervention_handler()], **options)
    loop_errors: list = []
    loop = asyncio.get_running_loop()
    previous = loop.get_exception_handler()
    loop.set_exception_handler(lambda _loop, context: loop_errors.append(context))
    try:
        team = await build_team(runtime, OfflineModelClient(), recorder=recorder)
        runtime.start()
        result = await run_scripted_session(script, team=team, session_id="s", timeout=30)
        await runtime.stop_when_idle()
    finally:
        loop.set_exception_handler(previous)
    return result.describe() + "\n" + recorder.describe("s", width=400), loop_errors


async def test_new_runtime_is_quiet():
    assert isinstance(new_runtime(), QuietRuntime)


async def test_same_conversations_and_records_as_autogens_runtime():
    for script in (SALES, REFUND):
        stock, _ = await _run(SingleThreadedAgentRuntime, script, RunRecorder())
        quiet, loop_errors = await _run(QuietRuntime, script, RunRecorder())
        assert quiet == stock
        assert "order:" in quiet or "refund:" in quiet
        assert loop_errors == []  # e.g. no "task_done() called too many times" from a background task


async def test_serialises_nothing_while_nobody_listens_and_everything_once_someone_does(monkeypatch, caplog):
    payloads: list[str] = []
    original = SingleThreadedAgentRuntime._try_serialize

    def counting(self, message):
        payload = original(self, message)
        payloads.append(payload)
        return payload

    monkeypatch.setattr(SingleThreadedAgentRuntime, "_try_serialize", counting)
    await _run(QuietRuntime, SALES, RunRecorder())
    assert payloads == []

    with caplog.at_level(logging.INFO, logger="autogen_core.events"):
        await _run(QuietRuntime, SALES, RunRecorder())
    assert any("Roadrunners keep escaping" in p for p in payloads)  # the customer's words, in the event log's JSON
    assert any("Roadrunners keep escaping" in r.getMessage() for r in caplog.records)


class _RecordingTracer(trace.NoOpTracer):
    def __init__(self, names: list[str]) -> None:
        self.names = names

    @contextlib.contextmanager
    def start_as_current_span(self, name, *args, **kwargs):
        self.names.append(name)
        yield trace.INVALID_SPAN


class _RecordingProvider(trace.TracerProvider):
    def __init__(self) -> None:
        self.names: list[str] = []

    def get_tracer(self, *args, **kwargs):
        return _RecordingTracer(self.names)


async def test_opens_spans_when_a_tracer_provider_is_configured():
    provider = _RecordingProvider()
    story, _ = await _run(QuietRuntime, REFUND, RunRecorder(), tracer_provider=provider)
    assert "refund:" in story
    assert "autogen publish User.(s)-T" in provider.names  # AutoGen's span names: operation, topic (type, source)
    assert "autogen process IssuesAndRepairsAgent.(s)-A" in provider.names


async def test_opens_spans_when_a_tracer_provider_is_installed_globally(monkeypatch):
    provider = _RecordingProvider()
    monkeypatch.setattr(trace, "_TRACER_PROVIDER", provider)  # what trace.set_tracer_provider() does, undone after
    story, _ = await _run(QuietRuntime, SALES, RunRecorder())
    assert "order:" in story and "autogen process SalesAgent.(s)-A" in provider.names
