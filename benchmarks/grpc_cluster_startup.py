"""How long the gRPC cluster of notebook 08 takes to come up: workers started together vs one after another.

    .venv/bin/python benchmarks/grpc_cluster_startup.py [ROUNDS]

Each round starts (and stops) the notebook's cluster — a host and two workers on 127.0.0.1 — twice, side by side:
once as :class:`GrpcCluster` does (host and workers launched at once, workers waiting for the host themselves),
once the old way (host, wait for READY, then each worker, waiting for each). It prints the time until every process
said READY, the medians and their ratio. Wall-clock numbers depend on the machine and its load; the ratio, measured
in one run, is the claim.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time

from handoffs.part2.grpc_cluster import GrpcCluster

WORKERS = {"worker-1": ["TriageAgent"], "worker-2": ["SalesAgent", "IssuesAndRepairsAgent"]}


class OneAfterAnother(GrpcCluster):
    """The cluster as it used to start: each process launched only when the one before it said READY."""

    async def start(self) -> "OneAfterAnother":
        import tempfile
        from pathlib import Path

        began = time.monotonic()
        self.workdir = Path(tempfile.mkdtemp(prefix="handoffs-grpc-"))
        try:
            deadline = time.monotonic() + self.startup_timeout
            self._launch("host", ["host", "--address", self.address])
            await self._until_ready("host", deadline)
            for name, agents in self.workers.items():
                self._launch(name, ["worker", "--host", self.address, "--agents", ",".join(agents),
                                    "--name", name, "--report", str(self.workdir / f"{name}.json")])
                await self._until_ready(name, deadline)
        except BaseException:
            self.kill()
            raise
        self.startup_seconds = time.monotonic() - began
        return self


async def time_to_ready(kind: type[GrpcCluster]) -> float:
    cluster = kind(WORKERS)
    async with cluster:
        pass
    assert cluster.startup_seconds is not None
    return cluster.startup_seconds


async def main(rounds: int) -> None:
    together, in_turn = [], []
    for number in range(1, rounds + 1):
        together.append(await time_to_ready(GrpcCluster))
        in_turn.append(await time_to_ready(OneAfterAnother))
        print(f"round {number}: together {together[-1]:.2f} s, one after another {in_turn[-1]:.2f} s", flush=True)
    fast, slow = statistics.median(together), statistics.median(in_turn)
    print(f"median time until host + 2 workers are READY: together {fast:.2f} s, one after another {slow:.2f} s "
          f"({slow / fast:.2f}x)")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 5))
