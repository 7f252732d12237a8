"""Start the team across processes on AutoGen's gRPC runtime — and always stop them again.

:class:`GrpcCluster` starts, with ``subprocess``, a gRPC host on a free port of 127.0.0.1 and one worker process
per entry of ``workers`` (each hosting the agent types listed for it; see
:mod:`handoffs.part2.grpc_process`) — all at once: workers wait for the host themselves, so the cluster is up
in about one interpreter start-up (``startup_seconds`` says how long it took). It waits for each to print ``READY``
(bounded by ``startup_timeout``) and stops them by asking (a line on their lifeline pipe), then SIGKILL after
``stop_timeout``. Use it as
``async with GrpcCluster(...)`` or call :meth:`GrpcCluster.kill` in a ``finally``.

Children die with this process however it ends — a clean exit, SIGTERM, SIGKILL, a kernel restart (SIGKILL to
the kernel's process group), a crash — and whatever threads it ran, without relying on ``atexit``: each child holds
a lifeline to it (:mod:`handoffs.part2.lifeline`: a pipe only this *process* holds, its pid; the children are
in their own session) and, once orphaned, stops and frees its port. The temporary folder is held by every process of
the cluster and removed by whichever leaves last, so no way of ending leaves it on disk.

:func:`run_session_across_processes` then joins the cluster from *this* process as one more worker that hosts the
customer's ``UserAgent`` (and the ``HumanAgent``, whose operator sits here), runs a scripted session and leaves (one
session at a time: the host lets one process host those agents). Its ``timeout`` holds even while a handler here
waits for a person, a worker that dies mid-session is named at once, a worker that is stopped (SIGSTOP, a debugger)
is named when the timeout ends, and cancelling it (one Ctrl-C) stops it within seconds and leaves the cluster ready
for the next session. Failures are one sentence (:class:`ClusterError`, :class:`~.sessions.SessionTimeout`;
:mod:`~handoffs.part2.failure_text` holds them in English and Korean).
Children's output goes to log files in ``workdir``; their reports (JSON) are read back by :meth:`GrpcCluster.stop`,
which also removes ``workdir`` if the cluster made it (a temporary folder).
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Iterable, Mapping, Optional, Sequence

from ..ports import free_loopback_port
from .grpc_process import stop_runtime
from .lifeline import CLEANUP_ARGUMENT, PARENT_PID_ARGUMENT, SharedFolder, ask_to_stop, lifeline_popen_options
from .people import ScriptedCustomer
from .failure_text import SAY
from .sessions import SessionResult, SessionTimeout, last_heard, result_of, stall_message, wait_until_finished

HERE_AGENTS = ("User", "HumanAgent")
"""The agent types the notebook's own worker hosts: the customer's proxy and the human operator's."""

CONNECT_TIMEOUT_S = 15.0
WATCH_S = 0.01
"""How often the cluster looks at a child it waits for (READY in its log, its exit): a poll() and a small file read,
so often enough that a notebook does not wait on the interval (at 0.05 s, stopping waited 25-50 ms more per group)."""
LEAVE_GRACE_S = 2.0
CANCEL_GRACE_S = 0.1
"""A session that did not finish has handlers still waiting here (e.g. on the operator): they are cancelled after
this, and if even that does not stop the runtime in time, it is let go (see :func:`.grpc_process.stop_runtime`)."""


class ClusterError(RuntimeError):
    """Something about the cluster's processes failed; the message is one sentence saying what to do."""


def _child_env() -> dict[str, str]:
    src = str(Path(__file__).resolve().parents[2])  # .../src, so children import this very package
    env = dict(os.environ)
    env["PYTHONPATH"] = src + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


def _last_error_line(log: str) -> str:
    """The line of a child's log that says what went wrong (its last exception line, else its last line)."""
    lines = [line.strip() for line in log.splitlines() if line.strip()]
    errors = [line for line in lines if line.split(":", 1)[0].endswith(("Error", "Exception", "Exit"))]
    return (errors or lines or ["(no output)"])[-1][:300]


def _process_state(pid: int) -> str:
    """The one-letter state Linux shows for ``pid`` (``T``: stopped), or '' where /proc cannot tell."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return ""


def cluster_stall_message(cluster: "GrpcCluster", customer: Any, timeout: float) -> str:
    """Why a session across processes did not finish: the operator here, a stopped child, or silent workers."""
    waited = SAY["waited"].format(session=customer.session_id, timeout=timeout)
    if customer.waiting_for_operator:
        return stall_message(customer, timeout)
    for name in cluster.frozen():
        return SAY["frozen"].format(waited=waited, name=name, hosted=cluster.hosted(name),
                                    pid=cluster.processes[name].pid)
    hosted = "; ".join(f"{name}: {cluster.hosted(name)}" for name in cluster.workers)
    return SAY["silent_workers"].format(waited=waited, heard=last_heard(customer), hosted=hosted)


class GrpcCluster:
    """A gRPC host and worker processes on loopback; ``workers`` maps a worker's name to its agent types."""

    def __init__(self, workers: Mapping[str, Sequence[str]], *, workdir: Optional[str] = None,
                 startup_timeout: float = 60.0, stop_timeout: float = 10.0) -> None:
        if not workers:
            raise ValueError("A cluster needs at least one worker, e.g. {'worker-1': ['TriageAgent']}.")
        self.workers = {name: list(agents) for name, agents in workers.items()}
        self._own_workdir = workdir is None  # a temporary folder we made is removed by stop() (or by orphans)
        self.workdir = Path(workdir) if workdir else None
        self.startup_timeout = startup_timeout
        self.stop_timeout = stop_timeout
        self.address = f"127.0.0.1:{free_loopback_port()}"
        self.processes: dict[str, subprocess.Popen[bytes]] = {}
        self.reports: dict[str, dict[str, Any]] = {}
        self.startup_seconds: float | None = None
        self._folder: SharedFolder | None = None

    async def start(self) -> "GrpcCluster":
        """Start the host and every worker at once; return when all said READY (kill everything if one does not)."""
        began = time.monotonic()
        if self.workdir is None:
            self.workdir = Path(tempfile.mkdtemp(prefix="handoffs-grpc-"))
            self._folder = SharedFolder(self.workdir, create_holders_file=True)  # before any child: they join it
        try:
            self._launch("host", ["host", "--address", self.address])
            for name, agents in self.workers.items():
                self._launch(name, ["worker", "--host", self.address, "--agents", ",".join(agents),
                                    "--name", name, "--report", str(self.workdir / f"{name}.json")])
            deadline = time.monotonic() + self.startup_timeout
            await asyncio.gather(*(self._until_ready(name, deadline) for name in self.processes))
        except BaseException:
            self.kill()
            self._remove_own_workdir()
            raise
        self.startup_seconds = time.monotonic() - began
        return self

    def _launch(self, name: str, args: list[str]) -> None:
        assert self.workdir is not None
        lifeline = [PARENT_PID_ARGUMENT, str(os.getpid())]
        if self._own_workdir:
            lifeline += [CLEANUP_ARGUMENT, str(self.workdir)]
        with open(self.workdir / f"{name}.log", "wb") as log:
            self.processes[name] = subprocess.Popen(
                [sys.executable, "-m", "handoffs.part2.grpc_process", *args, *lifeline],
                stdout=log, stderr=subprocess.STDOUT, env=_child_env(), **lifeline_popen_options())

    async def _until_ready(self, name: str, deadline: float) -> None:
        process = self.processes[name]
        while b"READY" not in self._log_bytes(name):
            if process.poll() is not None:
                raise ClusterError(SAY["exited_starting"].format(name=name, code=process.returncode,
                                                                 line=_last_error_line(self.log(name))))
            if time.monotonic() > deadline:
                raise ClusterError(SAY["slow_start"].format(name=name, timeout=self.startup_timeout,
                                                            line=_last_error_line(self.log(name))))
            await asyncio.sleep(WATCH_S)

    def _log_bytes(self, name: str) -> bytes:
        path = (self.workdir or Path(".")) / f"{name}.log"
        return path.read_bytes() if path.exists() else b""

    def log(self, name: str, last: int = 2000) -> str:
        """The last characters a child wrote (for error messages)."""
        return self._log_bytes(name).decode(errors="replace")[-last:] or "(no log)"

    async def stop(self) -> dict[str, dict[str, Any]]:
        """Stop workers, then the host (SIGTERM, SIGKILL if slow), each group at once; return the workers' reports."""
        try:
            await self._terminate([n for n in self.workers if n in self.processes])
            await self._terminate(["host"] if "host" in self.processes else [])
        finally:
            self.kill()
        for name in self.workers:
            report = (self.workdir or Path(".")) / f"{name}.json"
            if self.workdir is not None and report.exists():
                self.reports[name] = json.loads(report.read_text())
        self._remove_own_workdir()
        return self.reports

    async def _terminate(self, names: list[str]) -> None:
        running = [self.processes[n] for n in names if self.processes[n].poll() is None]
        for process in running:
            if not ask_to_stop(process):
                process.terminate()
        deadline = time.monotonic() + self.stop_timeout
        while any(p.poll() is None for p in running) and time.monotonic() < deadline:
            await asyncio.sleep(WATCH_S)

    def kill(self) -> None:
        """Kill every child still alive, at once, and close their lifelines (safe to call any number of times)."""
        for process in self.processes.values():
            if process.poll() is None:
                process.kill()
        for process in self.processes.values():
            try:
                process.wait(timeout=self.stop_timeout)
            except subprocess.TimeoutExpired:
                pass
            if process.stdin is not None and not process.stdin.closed:
                process.stdin.close()

    def _remove_own_workdir(self) -> None:
        if self._folder is not None:
            self._folder.leave()
        if self._own_workdir and self.workdir is not None:
            shutil.rmtree(self.workdir, ignore_errors=True)  # the children were killed: nobody else uses it

    def alive(self) -> list[str]:
        """Names of the children still running."""
        return [name for name, process in self.processes.items() if process.poll() is None]

    def hosted(self, name: str) -> str:
        """What a child does: the agent types a worker hosts, or the host's message routing."""
        return ", ".join(self.workers[name]) if name in self.workers else SAY["routing"]

    def frozen(self) -> list[str]:
        """Names of the children that are alive but stopped (SIGSTOP, Ctrl-Z, a debugger): they answer nothing."""
        return [name for name, process in self.processes.items()
                if process.poll() is None and _process_state(process.pid) in ("T", "t")]

    def check_running(self, during: str = "") -> None:
        """Raise :class:`ClusterError` naming the first child that is no longer running (and what it hosted);
        ``during`` is a phrase of :data:`~handoffs.part2.failure_text.SAY` (with its leading space) or ''."""
        for name, process in self.processes.items():
            if process.poll() is not None:
                raise ClusterError(SAY["gone"].format(name=name, hosted=self.hosted(name), code=process.returncode,
                                                      during=during))

    async def __aenter__(self) -> "GrpcCluster":
        return await self.start()

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()


async def join_cluster(cluster: GrpcCluster, timeout: float = CONNECT_TIMEOUT_S) -> Any:
    """A started ``GrpcWorkerAgentRuntime`` connected to the cluster's host, or one sentence saying why not."""
    import grpc
    from autogen_ext.runtimes.grpc import GrpcWorkerAgentRuntime

    from .team import team_serializers

    if cluster.processes:
        cluster.check_running(SAY["so_cannot_join"])
    runtime = GrpcWorkerAgentRuntime(host_address=cluster.address)
    runtime.add_message_serializer(team_serializers())
    try:
        await asyncio.wait_for(runtime.start(), timeout)
    except (grpc.RpcError, OSError, asyncio.TimeoutError) as error:
        code = getattr(error, "code", lambda: None)()
        reason = getattr(code, "name", None) or type(error).__name__
        raise ClusterError(SAY["unreachable"].format(address=cluster.address, reason=reason)) from None
    return runtime


async def _host_here(runtime: Any, operators: Any, session_id: str) -> Any:
    """Register this process's agents (:data:`HERE_AGENTS`) on a joined runtime; the host refuses a type another
    connected process still hosts (a session still running): one sentence, not the host's ``AioRpcError``."""
    import grpc

    from .team import build_team

    try:
        return await build_team(runtime, None, agents=HERE_AGENTS, operators=operators)
    except grpc.RpcError as error:
        code = getattr(error, "code", lambda: None)()
        if code == grpc.StatusCode.INVALID_ARGUMENT and "already registered" in str(error.details()):
            customer, operator = HERE_AGENTS
            raise ClusterError(SAY["one_at_a_time"].format(session=session_id, customer=customer,
                                                           operator=operator)) from None
        raise


async def run_session_across_processes(cluster: GrpcCluster, turns: Iterable[str], *, session_id: str = "session-1",
                                       confirmations: Iterable[str] = ("y",), timeout: float = 60.0,
                                       operators: Any = None) -> SessionResult:
    """Join ``cluster`` as a worker hosting the customer's side, run one scripted session, and leave.

    Raises :class:`~handoffs.part2.sessions.SessionTimeout` after ``timeout`` seconds (also while the human
    operator here has not answered) and :class:`ClusterError` as soon as a child of the cluster dies, or at once if
    another session is still connected to the cluster (one joined process at a time hosts the customer's side).
    """
    customer = ScriptedCustomer(session_id, turns, confirmations)
    runtime = await join_cluster(cluster)
    try:
        team = await _host_here(runtime, operators, session_id)
        await team.open_session(customer)
        try:
            await wait_until_finished(customer, timeout, check=lambda: cluster.check_running(
                SAY["while_session"].format(session=session_id)))
        except SessionTimeout:
            raise SessionTimeout(cluster_stall_message(cluster, customer, timeout)) from None
        return result_of(team, customer)
    finally:  # a session that did not finish has handlers waiting here (e.g. on the operator): cancel them at once
        grace = LEAVE_GRACE_S if customer.finished.is_set() else CANCEL_GRACE_S
        await asyncio.shield(stop_runtime(runtime, grace_s=grace))
