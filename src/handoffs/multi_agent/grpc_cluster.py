"""Start the team across processes on AutoGen's gRPC runtime — and always stop them again.

:class:`GrpcCluster` starts, with ``subprocess``, a gRPC host on a free port of 127.0.0.1 and one worker process
per entry of ``workers`` (each hosting the agent types listed for it; see
:mod:`handoffs.multi_agent.grpc_process`). It waits for each to print ``READY`` (bounded by ``startup_timeout``),
and stops them with SIGTERM, then SIGKILL after ``stop_timeout``. Use it as ``async with GrpcCluster(...)`` or
call :meth:`GrpcCluster.kill` in a ``finally``: no child outlives the block, even when something inside fails.

:func:`run_session_across_processes` then joins the cluster from *this* process as one more worker that hosts the
customer's ``UserAgent`` (and the ``HumanAgent``, whose operator sits here), runs a scripted session and leaves.
Children's output goes to log files in ``workdir``; their reports (JSON) are read back by :meth:`GrpcCluster.stop`,
which also removes ``workdir`` if the cluster made it (a temporary folder).
"""

from __future__ import annotations

import asyncio
import atexit
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Iterable, Mapping, Optional, Sequence

from .people import ScriptedCustomer
from .sessions import SessionResult, result_of, wait_until_finished

HERE_AGENTS = ("User", "HumanAgent")
"""The agent types the notebook's own worker hosts: the customer's proxy and the human operator's."""


def free_loopback_port() -> int:
    """A TCP port that is free on 127.0.0.1 right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _child_env() -> dict[str, str]:
    src = str(Path(__file__).resolve().parents[2])  # .../src, so children import this very package
    env = dict(os.environ)
    env["PYTHONPATH"] = src + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


class GrpcCluster:
    """A gRPC host and worker processes on loopback; ``workers`` maps a worker's name to its agent types."""

    def __init__(self, workers: Mapping[str, Sequence[str]], *, workdir: Optional[str] = None,
                 startup_timeout: float = 60.0, stop_timeout: float = 10.0) -> None:
        if not workers:
            raise ValueError("A cluster needs at least one worker, e.g. {'worker-1': ['TriageAgent']}.")
        self.workers = {name: list(agents) for name, agents in workers.items()}
        self._own_workdir = workdir is None  # a temporary folder we made is removed by stop()
        self.workdir = Path(workdir or tempfile.mkdtemp(prefix="handoffs-grpc-"))
        self.startup_timeout = startup_timeout
        self.stop_timeout = stop_timeout
        self.address = f"127.0.0.1:{free_loopback_port()}"
        self.processes: dict[str, subprocess.Popen[bytes]] = {}
        self.reports: dict[str, dict[str, Any]] = {}

    async def start(self) -> "GrpcCluster":
        """Start the host, then every worker; return when all said READY (kill everything if one does not)."""
        atexit.register(self.kill)  # last line of defence: even if nobody calls stop(), no child outlives Python
        try:
            await self._launch("host", ["host", "--address", self.address])
            for name, agents in self.workers.items():
                await self._launch(name, ["worker", "--host", self.address, "--agents", ",".join(agents),
                                          "--name", name, "--report", str(self.workdir / f"{name}.json")])
        except BaseException:
            self.kill()
            raise
        return self

    async def _launch(self, name: str, args: list[str]) -> None:
        log = open(self.workdir / f"{name}.log", "wb")
        try:
            self.processes[name] = subprocess.Popen(
                [sys.executable, "-m", "handoffs.multi_agent.grpc_process", *args],
                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=_child_env())
        finally:
            log.close()
        deadline = time.monotonic() + self.startup_timeout
        while b"READY" not in (self.workdir / f"{name}.log").read_bytes():
            if self.processes[name].poll() is not None:
                raise RuntimeError(f"{name} exited with code {self.processes[name].returncode}:\n{self.log(name)}")
            if time.monotonic() > deadline:
                raise TimeoutError(f"{name} did not start within {self.startup_timeout:g} s:\n{self.log(name)}")
            await asyncio.sleep(0.1)

    def log(self, name: str, last: int = 2000) -> str:
        """The last characters a child wrote (for error messages)."""
        path = self.workdir / f"{name}.log"
        return path.read_text(errors="replace")[-last:] if path.exists() else "(no log)"

    async def stop(self) -> dict[str, dict[str, Any]]:
        """Stop workers first, then the host (SIGTERM, SIGKILL if slow); return the workers' reports."""
        try:
            for name in [*self.workers, "host"]:
                process = self.processes.get(name)
                if process is not None and process.poll() is None:
                    process.terminate()
                    deadline = time.monotonic() + self.stop_timeout
                    while process.poll() is None and time.monotonic() < deadline:
                        await asyncio.sleep(0.05)
        finally:
            self.kill()
            atexit.unregister(self.kill)
        for name in self.workers:
            report = self.workdir / f"{name}.json"
            if report.exists():
                self.reports[name] = json.loads(report.read_text())
        if self._own_workdir:
            shutil.rmtree(self.workdir, ignore_errors=True)
        return self.reports

    def kill(self) -> None:
        """Kill every child that is still alive, at once (safe to call any number of times)."""
        for process in self.processes.values():
            if process.poll() is None:
                process.kill()
            try:
                process.wait(timeout=self.stop_timeout)
            except subprocess.TimeoutExpired:
                pass

    def alive(self) -> list[str]:
        """Names of the children still running."""
        return [name for name, process in self.processes.items() if process.poll() is None]

    async def __aenter__(self) -> "GrpcCluster":
        return await self.start()

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()


async def run_session_across_processes(cluster: GrpcCluster, turns: Iterable[str], *, session_id: str = "session-1",
                                       confirmations: Iterable[str] = ("y",), timeout: float = 60.0,
                                       operators: Any = None) -> SessionResult:
    """Join ``cluster`` as a worker hosting the customer's side, run one scripted session, and leave."""
    from autogen_ext.runtimes.grpc import GrpcWorkerAgentRuntime

    from .messages import team_serializers
    from .team import build_team

    runtime = GrpcWorkerAgentRuntime(host_address=cluster.address)
    runtime.add_message_serializer(team_serializers())
    await runtime.start()
    try:
        team = await build_team(runtime, None, agents=HERE_AGENTS, operators=operators)
        customer = await team.open_session(ScriptedCustomer(session_id, turns, confirmations))
        await wait_until_finished(customer, timeout)
        return result_of(team, customer)
    finally:
        await runtime.stop()
