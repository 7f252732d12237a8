"""Seed 003's team with AutoGen's ``OpenAIChatCompletionClient`` — reached through the kit's switch — talking to
the kit's server: the real client path (``autogen-ext`` -> ``openai`` SDK -> HTTP) with the offline model at the
other end. The team is Part 2's ``build_team``; what happened is read from the recorder and the team's ledger.
"""

from __future__ import annotations

from typing import Any

from autogen_core.models import CreateResult
from autogen_ext.models.openai import OpenAIChatCompletionClient

from handoffs.models import OfflineModelClient, model_client
from handoffs.part2 import build_team, new_runtime, run_many_sessions, run_scripted_session
from handoffs.recorder import RunRecorder

SALES = ["I want to buy something", "Roadrunners keep escaping from me", "That sounds great, I'm in", "yes"]
REFUND = ["I want a refund", "My rocket skates broke after one day", "No, that did not help", "Yes, please refund me"]


async def session(client: Any, turns: list[str]):
    """Run one scripted session on a fresh team; the client is closed afterwards (its HTTP pool with it)."""
    recorder = RunRecorder()
    try:
        result = await run_scripted_session(turns, model_client=client, recorder=recorder, session_id="s", timeout=30)
    finally:
        await client.close()
    return result, recorder


async def test_openai_client_completes_seed_003s_sales_path(server):
    client = model_client(server.spec())
    assert isinstance(client, OpenAIChatCompletionClient)
    before = server.stats.chat_requests
    result, recorder = await session(client, SALES)
    assert result.handled_by == ["SalesAgent"] * 4
    assert recorder.handoffs("s") == [("TriageAgent", "SalesAgent")]
    assert recorder.tools_run("s") == ["transfer_to_sales_agent", "execute_order"]
    assert [(o.confirmed, o.session_id) for o in result.orders] == [(True, "s")]
    assert "caveat" in result.turns[-1].reply
    assert server.stats.chat_requests - before == len(recorder.model_calls("s"))  # every model call crossed the wire
    assert client.total_usage().prompt_tokens > 0 and client.total_usage().completion_tokens > 0


async def test_over_the_wire_the_team_does_what_it_does_offline(server):
    for turns in (SALES, REFUND):
        remote, remote_rec = await session(model_client(server.spec()), turns)
        local, local_rec = await session(OfflineModelClient(), turns)
        assert remote.describe() == local.describe()
        assert remote_rec.tools_run("s") == local_rec.tools_run("s")
        # The model's reason crosses the wire for text replies (as ``reasoning_content``, which AutoGen's client
        # reads into ``CreateResult.thought``); for tool calls that client does not read it, so it is lost.
        def text_reasons(rec: RunRecorder) -> list[str]:
            return [c.reason for c in rec.model_calls("s") if not c.tool_calls]

        assert text_reasons(remote_rec) == text_reasons(local_rec) and all(text_reasons(remote_rec))
        assert all(c.reason == "" for c in remote_rec.model_calls("s") if c.tool_calls)


class StreamingOnly:
    """Answers every ``create`` by consuming ``create_stream`` (with usage), so the team runs on streamed replies."""

    def __init__(self, client: Any) -> None:
        self.client, self.text_chunks, self.results = client, 0, []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.client, name)

    async def create(self, messages, **kwargs) -> CreateResult:
        final = None
        async for item in self.client.create_stream(messages, include_usage=True, **kwargs):
            if isinstance(item, CreateResult):
                final = item
            else:
                self.text_chunks += 1
        self.results.append(final)
        return final


async def test_the_sales_path_also_runs_on_streamed_replies_with_usage(server):
    client = StreamingOnly(model_client(server.spec()))
    result, _ = await session(client, SALES)
    assert [o.confirmed for o in result.orders] == [True]
    assert result.handled_by == ["SalesAgent"] * 4
    assert client.text_chunks > 4 * len(result.turns)  # replies arrived word by word
    tool_results = [r for r in client.results if r.finish_reason == "function_calls"]
    assert [c.name for r in tool_results for c in r.content] == ["transfer_to_sales_agent", "execute_order"]
    assert all(r.usage.prompt_tokens > 0 and r.usage.completion_tokens > 0 for r in client.results)


async def test_handoffs_model_switches_part_2_with_no_code_change(server, monkeypatch):
    monkeypatch.setenv("HANDOFFS_MODEL", server.spec())
    before = server.stats.chat_requests
    result = await run_scripted_session(SALES, session_id="s", timeout=30)  # no model_client: the kit's default
    assert [o.confirmed for o in result.orders] == [True]
    assert server.stats.chat_requests - before == 6


async def test_one_endpoint_serves_a_room_of_concurrent_sessions(server):
    """A workshop room: many customers at once on one team, every model call through the one endpoint."""
    client, recorder, before = model_client(server.spec()), RunRecorder(), server.stats.chat_requests
    runtime = new_runtime(recorder)
    team = await build_team(runtime, client, recorder=recorder)
    runtime.start()
    try:
        scripts = {f"learner-{n}": (SALES if n % 2 else REFUND) for n in range(6)}
        results = await run_many_sessions(team, scripts, timeout=60)
    finally:
        await runtime.stop()
        await client.close()
    for name, result in results.items():
        expected_agent = "SalesAgent" if int(name.split("-")[1]) % 2 else "IssuesAndRepairsAgent"
        assert result.handled_by == [expected_agent] * 4
        assert len(result.orders) + len(result.refunds) == 1  # each session did its own one thing
    calls = sum(len(recorder.model_calls(name)) for name in results)
    assert server.stats.chat_requests - before == calls > 6 * 4
