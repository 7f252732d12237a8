"""Each benchmark runs at a tiny size and measures what it says: the same conversations on both sides, no crossed
message, real replies. These are not timing tests: no time is asserted anywhere (benchmarks print, they never
judge a run by its speed; see ``./kit bench``)."""

from __future__ import annotations

import pytest

from benchmarks import decisions, grpc_start, kernel, notebooks, part1, part2, part2_memory, server_isolation
from benchmarks.harness import Stats, Table, Verdict, percentile


def test_statistics_and_tables():
    assert Stats.of([3.0, 1.0, 2.0]) == Stats(min=1.0, median=2.0, count=3)
    assert percentile(list(range(1, 101)), 0.5) == 50 and percentile(list(range(1, 101)), 0.99) == 99
    assert Verdict("x", 1.2, 1.25).met and not Verdict("x", 1.3, 1.25).met
    table = Table("T", ["variant", "time"])
    table.add("kit", "1.00 s")
    assert table.render().splitlines() == ["## T", "variant    time", "-------  ------", "kit      1.00 s"]


async def test_part2_kit_and_bare_hold_the_same_conversations_and_nothing_crosses():
    kit = await part2.kit_sessions(count=6, check=True)
    assert kit["no_crossing"] and "sessions with a wrong turn: 0" in kit["crossing_report"]
    assert kit["peak_rss_kib"] > 0 and kit["rss_before_kib"] > 0
    free = await part2.kit_sessions(count=4, free_model=True)  # the replaying model answers every kit call
    assert free["seconds"] > 0
    bare = await part2.bare_sessions(count=6)  # the replay table holds every call of the bare agents too
    assert bare["seconds"] > 0 and bare["cpu_seconds"] > 0


async def test_part2_memory_table_reads_every_variant_alike():
    traced = {"kit": [await part2.kit_sessions(count=4, traced=True)],
              "bare": [await part2.bare_sessions(count=4, traced=True)]}
    assert traced["kit"][0]["traced_peak_kib"] > 0 and traced["bare"][0]["traced_peak_kib"] > 0
    run = {"peak_rss_kib": 1100, "rss_before_kib": 1000}  # 100 KiB at 10 sessions, 1,000 KiB at 100: 10 KiB each
    every = {"10|kit": [run], "10|bare": [run], "100|kit": [dict(run, peak_rss_kib=2000)],
             "100|bare": [dict(run, peak_rss_kib=2000)]}
    assert part2_memory.slopes(every["10|kit"], every["100|kit"], 10, 100) == [(10.0, 0.0)]
    text = part2_memory.memory_table(every, [10, 100], traced).render()
    assert "RSS a further session, 10 -> 100" in text and "10.0 KiB (10.0-10.0)" in text and "tracemalloc" in text


def test_part1_kit_and_bare_make_the_same_tool_calls():
    result = part1.conversations(count=3, repeats=1)
    assert result["same_conversations"]
    assert result["paths"][0] == ["record_issue", "resolve_billing", "end_conversation"]
    assert {name: len(runs) for name, runs in result["runs"].items()} == {
        "kit": 1, "kit, no recorder": 1, "bare": 1, "kit, fixed model": 1, "kit, fresh messages": 1,
        "bare, offline model, fresh messages": 1}


async def test_decisions_replay_the_walkthroughs_requests_through_both_adapters():
    result = await decisions.latencies(rounds=1)
    assert result["requests"]["langchain"] >= 9 and result["requests"]["autogen"] >= 12
    assert len(result["samples"]["autogen kit"]) == result["requests"]["autogen"]
    assert len(result["samples"]["langchain bare"]) == result["requests"]["langchain"]
    # the fresh rows time only first readings of a new customer message, and decide as the plain requests do
    assert 0 < len(result["samples"]["langchain kit, fresh words"]) < result["requests"]["langchain"]
    assert 0 < len(result["samples"]["autogen kit, fresh words"]) < result["requests"]["autogen"]
    total = result["requests"]["langchain"] + result["requests"]["autogen"]
    assert result["same_decisions"] == f"{total} of {total}"


def test_a_consent_reply_is_not_made_fresh_and_a_call_after_a_tool_result_is_not_timed_as_fresh():
    from langchain_core.messages import AIMessage, HumanMessage, ToolMessage

    asked = [HumanMessage("I want rocket skates"), AIMessage("Shall I order them?"), HumanMessage("yes")]
    assert decisions._with_fresh_words(asked, 7)[0].content == "I want rocket skates (order 00007)"
    assert decisions._with_fresh_words(asked, 7)[-1].content == "yes"
    assert not decisions._reads_new_words(asked)
    assert decisions._reads_new_words(asked[:1])
    assert not decisions._reads_new_words([*asked[:1], ToolMessage("done", tool_call_id="c1")])


def test_kernel_benchmark_gets_notebook_00s_first_reply():
    cells = kernel.first_reply_cells()
    assert "set_language(" in cells[0] and "report()" in cells[1] and ".invoke(" in cells[-1]  # as a learner runs them
    result = kernel.start_and_run(cells)
    assert result["ready_seconds"] > 0 and "billing" in " ".join(result["last_output"])


def test_notebooks_benchmark_runs_nbval_and_reads_each_notebooks_time(tmp_path):
    result = notebooks.run_nbval([notebooks.trivial_notebook(tmp_path)])
    assert result["passed"] and "1 passed" in result["summary"]
    assert len(result["per_notebook"]) == 1 and list(result["per_notebook"].values())[0] > 0


@pytest.mark.grpc
async def test_grpc_benchmark_starts_and_stops_both_clusters():
    kit = await grpc_start.kit_cluster()
    assert kit["alive"] == ["host", "worker-1", "worker-2"]
    bare = await grpc_start.bare_cluster()
    assert bare["seconds"] > 0 and bare["stop_seconds"] >= 0


def test_server_isolation_answers_every_valid_request_beside_each_expensive_one():
    tables, verdicts = server_isolation.measure(valid=12, progress=lambda text: None, budget_s=2.0,
                                                slow_path_budget_s=1.0)
    rows = tables[0].rows
    assert [row[:2] for row in rows] == [["workers", "pathological"], ["workers", "never-ending"],
                                         ["threads", "pathological"]]
    assert not any("not answered 200" in note for note in tables[0].notes)  # every valid request got its 200
    assert "422 decision_over_budget" in rows[1][-1]  # the never-ending decision was cut by its budget
    assert len(verdicts) == 2
