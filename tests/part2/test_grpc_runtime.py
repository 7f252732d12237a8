"""Seed 003's team across processes on AutoGen's gRPC runtime: loopback only, bounded in time, no child left behind."""

from __future__ import annotations

import asyncio
import os

import pytest
from customer_scripts import REFUND, SALES

from handoffs.part2 import OperatorDesk
from handoffs.part2.grpc_cluster import GrpcCluster, run_session_across_processes
from handoffs.part2.grpc_process import require_loopback
from handoffs.part2.tools import ITEM_ID

pytestmark = [pytest.mark.grpc, pytest.mark.slow]

WORKERS = {"worker-1": ["TriageAgent"], "worker-2": ["SalesAgent", "IssuesAndRepairsAgent"]}


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.fixture
async def cluster(tmp_path):
    grpc_cluster = GrpcCluster(WORKERS, workdir=str(tmp_path), startup_timeout=60, stop_timeout=5)
    try:
        await asyncio.wait_for(grpc_cluster.start(), 90)
        yield grpc_cluster
    finally:
        await grpc_cluster.stop()
        assert grpc_cluster.alive() == []


async def test_seed_003_scenario_and_an_escalation_to_this_processs_operator_cross_processes(cluster):
    """Seed 003's refund and sales sessions, then a request for a human, on one cluster (host and two workers: one
    start, not one per session kind): each agent answers from its own process, the order's y/n question and the
    escalation reach this process, and the operator's answer here goes back to the customer."""
    refund = await asyncio.wait_for(run_session_across_processes(cluster, REFUND, session_id="g-refund"), 60)
    sales = await asyncio.wait_for(run_session_across_processes(cluster, SALES, session_id="g-sales"), 60)
    assert refund.handled_by == ["IssuesAndRepairsAgent"] * 4
    assert sales.handled_by == ["SalesAgent"] * 4
    # the order's y/n question crossed from the sales agent's process to the customer's (this one)
    assert sales.confirmations and sales.confirmations[0][0].endswith("Confirm order? y/n")

    # an escalation from the triage worker reaches the operator desk in this process, and the answer goes back
    desk = OperatorDesk()
    session = asyncio.ensure_future(run_session_across_processes(
        cluster, ["I want to talk to a human"], session_id="g-human", operators=desk))
    try:
        request = await asyncio.wait_for(desk.next_request(), 60)
        assert (request.session_id, request.request) == ("g-human", "I want to talk to a human")
        desk.answer("g-human", "Ann here, from this process.")
        human = await asyncio.wait_for(session, 60)
    finally:
        session.cancel()
    assert human.handled_by == ["HumanAgent"] and human.turns[0].reply == "Ann here, from this process."

    reports = await cluster.stop()
    triage, specialists = reports["worker-1"], reports["worker-2"]
    assert len({os.getpid(), triage["pid"], specialists["pid"]}) == 3
    assert {c["agent"] for c in triage["model_calls"]} == {"TriageAgent"}
    assert [c["called"] for c in triage["model_calls"] if c["session"] == "g-human"] == [["escalate_to_human"]]
    assert {(c["agent"], c["session"]) for c in specialists["model_calls"]} == {
        ("IssuesAndRepairsAgent", "g-refund"), ("SalesAgent", "g-sales")}
    assert [(r["session_id"], r["item_id"]) for r in specialists["ledger"]["refunds"]] == [("g-refund", ITEM_ID)]
    assert [(o["session_id"], o["confirmed"]) for o in specialists["ledger"]["orders"]] == [("g-sales", True)]
    assert triage["ledger"] == {"orders": [], "refunds": [], "lookups": []}


async def test_children_are_killed_even_when_the_run_fails(tmp_path):
    grpc_cluster = GrpcCluster({"worker-1": ["TriageAgent"]}, workdir=str(tmp_path), stop_timeout=5)
    with pytest.raises(RuntimeError, match="the notebook cell failed"):
        async with grpc_cluster:
            pids = [process.pid for process in grpc_cluster.processes.values()]
            assert len(pids) == 2 and all(pid_alive(pid) for pid in pids)
            raise RuntimeError("the notebook cell failed")
    assert grpc_cluster.alive() == [] and not any(pid_alive(pid) for pid in pids)


async def test_a_worker_that_cannot_start_is_reported_and_nothing_is_left_running(tmp_path):
    grpc_cluster = GrpcCluster({"worker-1": ["NoSuchAgent"]}, workdir=str(tmp_path), stop_timeout=5)
    with pytest.raises(RuntimeError, match=r"worker-1 exited with code 1(.|\n)*Unknown agent type"):
        await asyncio.wait_for(grpc_cluster.start(), 90)
    assert grpc_cluster.alive() == []


@pytest.mark.parametrize("address", ["0.0.0.0:50051", "10.0.0.5:50051", "example.com:80", "127.0.0.1"])
def test_only_loopback_addresses_are_accepted(address):
    with pytest.raises(ValueError, match="not a loopback address"):
        require_loopback(address)
