"""gRPC cluster start: notebook 08's host and two workers, up (every process said READY) and down again.

The kit row times :class:`handoffs.part2.grpc_cluster.GrpcCluster` with notebook 08's workers
(``worker-1``: TriageAgent; ``worker-2``: SalesAgent, IssuesAndRepairsAgent): ``start()`` returns when all three
children serve, ``stop()`` when all exited. The bare row starts the same three processes with nothing of the kit:
AutoGen's ``GrpcWorkerAgentRuntimeHost`` and two ``GrpcWorkerAgentRuntime`` s that register seed 003's agent
classes (``benchmarks.bare_seed003``), host first, then both workers at once. Each run is a fresh child process.
"""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
import time
from typing import Any, Callable

from benchmarks.harness import ROOT, Stats, Table, Verdict, child_env, interleave, ratio, run_child, seconds, times

WORKERS = {"worker-1": ["TriageAgent"], "worker-2": ["SalesAgent", "IssuesAndRepairsAgent"]}
TARGET_S = 3.0


async def kit_cluster() -> dict[str, Any]:
    """Child: start and stop notebook 08's cluster."""
    from handoffs.part2.grpc_cluster import GrpcCluster

    cluster = GrpcCluster(WORKERS)
    started = time.perf_counter()
    await cluster.start()
    up = time.perf_counter()
    alive = cluster.alive()
    await cluster.stop()
    return {"seconds": up - started, "stop_seconds": time.perf_counter() - up, "alive": alive}


BARE_PROCESS = r"""
import asyncio, signal, sys
role, address = sys.argv[1], sys.argv[2]

async def main():
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        asyncio.get_running_loop().add_signal_handler(sig, stop.set)
    if role == "host":
        from autogen_ext.runtimes.grpc import GrpcWorkerAgentRuntimeHost
        host = GrpcWorkerAgentRuntimeHost(address=address)
        host.start()
        while True:
            try:
                _, writer = await asyncio.open_connection(*address.split(":"))
                writer.close()
                break
            except OSError:
                await asyncio.sleep(0.05)
        print("READY", flush=True)
        await stop.wait()
        await host.stop(grace=1)
        return
    from autogen_core import TypeSubscription
    from autogen_ext.runtimes.grpc import GrpcWorkerAgentRuntime
    from benchmarks import bare_seed003 as seed
    from benchmarks.free_models import FixedModelClient
    runtime = GrpcWorkerAgentRuntime(host_address=address)
    await runtime.start()
    client = FixedModelClient()
    for agent_type in sys.argv[3].split(","):
        await seed.AIAgent.register(runtime, agent_type, lambda: seed.AIAgent("bare", seed.SystemMessage(content=""),
                                    client, [], [], agent_type, "User"))
        await runtime.add_subscription(TypeSubscription(topic_type=agent_type, agent_type=agent_type))
    print("READY", flush=True)
    await stop.wait()
    await runtime.stop()

asyncio.run(main())
"""


async def bare_cluster() -> dict[str, Any]:
    """Child: the same three processes on bare AutoGen (no kit): host, then both workers at once."""
    from handoffs.ports import free_loopback_port

    address = f"127.0.0.1:{free_loopback_port()}"

    def launch(*args: str) -> subprocess.Popen[str]:
        return subprocess.Popen([sys.executable, "-c", BARE_PROCESS, *args], cwd=ROOT, env=child_env(),
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)

    async def ready(process: subprocess.Popen[str]) -> None:
        line = await asyncio.to_thread(process.stdout.readline)  # type: ignore[union-attr]
        if "READY" not in line:
            raise RuntimeError(f"a bare gRPC process did not start (exit code {process.poll()})")

    started = time.perf_counter()
    processes = [launch("host", address)]
    try:
        await ready(processes[0])
        processes += [launch("worker", address, ",".join(agents)) for agents in WORKERS.values()]
        await asyncio.gather(*(ready(p) for p in processes[1:]))
        up = time.perf_counter()
    finally:
        for process in reversed(processes):
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
    return {"seconds": up - started, "stop_seconds": time.perf_counter() - up}


def measure(repeats: int = 3, progress: Callable[[str], None] = print) -> tuple[list[Table], list[Verdict]]:
    runs = interleave({"kit": lambda: run_child("benchmarks.grpc_start:kit_cluster"),
                       "bare": lambda: run_child("benchmarks.grpc_start:bare_cluster")},
                      repeats, lambda text: progress(f"grpc: {text}"))
    table = Table(f"gRPC cluster start: a host and two workers on 127.0.0.1 ({repeats} runs each, interleaved)",
                  ["variant", "start min", "start median", "stop median"])
    stats = {}
    for name, label in (("kit", "kit: GrpcCluster (notebook 08's workers)"),
                        ("bare", "bare: AutoGen host + 2 workers (seed 003's agents)")):
        stats[name] = Stats.of([r["seconds"] for r in runs[name]])
        stop = Stats.of([r["stop_seconds"] for r in runs[name]])
        table.add(label, seconds(stats[name].min), seconds(stats[name].median), seconds(stop.median))
    table.add("ratio kit / bare", times(ratio(stats["kit"].min, stats["bare"].min)),
              times(ratio(stats["kit"].median, stats["bare"].median)), "")
    return [table], [Verdict("gRPC cluster up (kit)", stats["kit"].median, TARGET_S, "s")]

