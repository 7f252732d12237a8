"""The programs a gRPC run starts in child processes: the host, and workers that host some of the team's agents.

Run as ``python -m handoffs.part2.grpc_process host --address 127.0.0.1:PORT`` or
``python -m handoffs.part2.grpc_process worker --host 127.0.0.1:PORT --agents TriageAgent,SalesAgent
--name worker-1 --report FILE``. Each prints ``READY`` once it serves, and stops cleanly on SIGTERM/SIGINT.
On stopping, a worker writes a JSON report to ``--report``: its name and process id, the agents it hosted,
the ledger of orders/refunds its tools made and which agent called the model for which session — so the
process that started it can show that the conversation really crossed processes. A worker waits until the host
listens before it connects, so host and workers can be started at the same time.

With ``--parent-pid PID`` (and optionally ``--cleanup-dir DIR``) the process stops when that parent asks (a line on
stdin) or is gone, however it ended; it holds ``DIR`` while it runs and, on every way out, removes it if it is the
last process holding it (see :mod:`handoffs.part2.lifeline`). A worker writes its report only when the parent
asked it to stop (otherwise nobody is left to read it).

Only loopback addresses are accepted (the kit never opens a port to the network). Starting, waiting for and
stopping these processes is :mod:`handoffs.part2.grpc_cluster`'s job.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import signal
import sys
import threading
from typing import Callable, Sequence

from .lifeline import CLEANUP_ARGUMENT, PARENT_PID_ARGUMENT, Lifeline, SharedFolder, tie_to_parent

LOOPBACK_PREFIXES = ("127.0.0.1:", "localhost:", "[::1]:")


def require_loopback(address: str) -> str:
    """``address`` if it is host:port on the loopback interface, else a clear ``ValueError``."""
    if not address.startswith(LOOPBACK_PREFIXES) or not address.rsplit(":", 1)[1].isdigit():
        raise ValueError(f"{address!r} is not a loopback address like 127.0.0.1:50051; the kit only listens locally.")
    return address


class Stopper:
    """Where this process's lifeline sends "stop": while the process is still starting (importing, waiting for the
    host, connecting), straight out — leave the folder and exit, nothing to stop gracefully yet; once it serves, to
    its event loop (:func:`_wait_for_stop`), which stops it gracefully."""

    def __init__(self, folder: SharedFolder | None = None) -> None:
        self.folder = folder
        self.lifeline: Lifeline | None = None
        self._wake: Callable[[], None] | None = None
        self._lock = threading.Lock()

    def __call__(self) -> None:  # called once, from a lifeline thread
        with self._lock:
            wake = self._wake
        if wake is not None:
            wake()
            return
        if self.lifeline is not None:
            self.lifeline.leave()
        elif self.folder is not None:  # the parent was gone before the lifeline was even returned to us
            self.folder.leave(wait_s=5.0)
        os._exit(0)

    def serving(self, wake: Callable[[], None]) -> None:
        with self._lock:
            self._wake = wake
        if self.lifeline is not None and self.lifeline.stopping:  # the stop came while registering
            wake()


async def _wait_for_stop(stopper: Stopper) -> Lifeline | None:
    """Wait for SIGTERM/SIGINT, the parent's stop line or its death; return the lifeline (None without a parent)."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):  # Windows: the lifeline's pipe still stops us
            pass
    stopper.serving(lambda: loop.call_soon_threadsafe(stop.set))
    await stop.wait()
    return stopper.lifeline


async def _until_listening(address: str, timeout: float = 30.0) -> None:
    """Return once a TCP connection to ``address`` succeeds (the host serves), or raise after ``timeout``."""
    host, port = address.rsplit(":", 1)
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        try:
            _, writer = await asyncio.open_connection(host.strip("[]"), int(port))
        except OSError:
            if asyncio.get_running_loop().time() > deadline:
                raise TimeoutError(f"the gRPC host is not listening on {address} after {timeout:g} s") from None
            await asyncio.sleep(0.05)
            continue
        writer.close()
        return


async def run_host(address: str, stopper: Stopper | None = None) -> None:
    """Serve the gRPC host on ``address`` until a stop signal (or the parent's stop line, or its death)."""
    from autogen_ext.runtimes.grpc import GrpcWorkerAgentRuntimeHost

    host = GrpcWorkerAgentRuntimeHost(address=require_loopback(address))
    host.start()
    await _until_listening(address)
    print("READY", flush=True)
    await _wait_for_stop(stopper or Stopper())
    await host.stop(grace=1)


async def run_worker(host_address: str, agents: Sequence[str], name: str, report: str,
                     stopper: Stopper | None = None) -> None:
    """Host ``agents`` of the team on a worker connected to ``host_address`` until a stop signal."""
    from autogen_ext.runtimes.grpc import GrpcWorkerAgentRuntime

    from handoffs.recorder import ModelCallEvent, RunRecorder

    from .team import team_serializers
    from .sessions import default_model_client
    from .team import build_team

    runtime = GrpcWorkerAgentRuntime(host_address=require_loopback(host_address))
    runtime.add_message_serializer(team_serializers())
    await _until_listening(host_address)  # started together with the host: wait until it serves
    await runtime.start()
    recorder = RunRecorder()
    team = await build_team(runtime, default_model_client(), recorder=recorder, agents=agents)
    print("READY", flush=True)
    lifeline = None
    try:
        lifeline = await _wait_for_stop(stopper or Stopper())
    finally:
        asked = lifeline is None or lifeline.parent_asked  # by hand (SIGTERM) or by the parent: someone reads it
        await stop_runtime(runtime, grace_s=5.0 if asked else 1.0)
        if asked:
            calls = [{"agent": e.actor, "session": e.conversation, "called": [c.name for c in e.tool_calls] or "text"}
                     for e in recorder.events if isinstance(e, ModelCallEvent)]
            try:
                with open(report, "w", encoding="utf-8") as out:
                    json.dump({"name": name, "pid": os.getpid(), "agents": team.agent_types,
                               "ledger": team.ledger.as_dict(), "model_calls": calls}, out, indent=1)
            except OSError as error:
                logging.getLogger(__name__).warning("could not write the report %s: %s", report, error)


async def stop_runtime(runtime: object, grace_s: float = 5.0) -> None:
    """Stop a ``GrpcWorkerAgentRuntime`` within about ``grace_s`` seconds (four times that at most), printing nothing.

    Its ``stop()`` first waits for every message handler still running — forever, if one awaits a person who never
    answers. After ``grace_s`` the handlers still running are cancelled. If ``stop()`` still has not finished after
    another ``grace_s`` (a loaded machine, a handler slow to cancel), the runtime is let go (:func:`_let_go`): its
    channel to the host is closed, so the host forgets its agents, and every task it leaves is cancelled and has its
    outcome taken — no "Task exception was never retrieved" ``AioRpcError`` at exit. A host that is already gone
    makes ``stop()`` fail with a many-line ``AioRpcError``: that is not printed (whoever noticed the host's death
    says so in one sentence); any other failure is one log line.
    """
    stopping = asyncio.ensure_future(runtime.stop())  # type: ignore[attr-defined]
    stopping.add_done_callback(_take_outcome)  # whenever it ends, even after we stopped waiting for it
    done, _ = await asyncio.wait({stopping}, timeout=grace_s)
    if not done:
        from .sessions import quiet_about_cancelled_handlers

        quiet_about_cancelled_handlers()
        for task in list(getattr(runtime, "_background_tasks", ())):
            task.cancel()
        done, _ = await asyncio.wait({stopping}, timeout=grace_s)
    if not done:
        stopping.cancel()
        await _let_go(runtime, grace_s)
        return
    error = None if stopping.cancelled() else stopping.exception()
    if error is not None and not _is_rpc_error(error):  # an RpcError: the host is gone, and the caller says so
        first_line = (str(error).strip().splitlines() or [""])[0][:200]
        logging.getLogger(__name__).warning("stopping the gRPC worker runtime failed: %s: %s",
                                            type(error).__name__, first_line)


async def _let_go(runtime: object, grace_s: float) -> None:
    """Drop a worker runtime whose ``stop()`` did not finish: close its channel (which ends its calls, so the host
    sees this worker leave and forgets its agents), cancel the tasks it still runs — its read loops and handlers —
    and take whatever each ends with, so nothing is printed when they end later or are collected."""
    connection = getattr(runtime, "_host_connection", None)
    channel = getattr(connection, "_channel", None)
    if channel is not None:
        closing = asyncio.ensure_future(channel.close())
        closing.add_done_callback(_take_outcome)
        await asyncio.wait({closing}, timeout=grace_s)
    left = [getattr(runtime, "_read_task", None), getattr(connection, "_connection_task", None),
            *list(getattr(runtime, "_background_tasks", ()))]
    tasks = {task for task in left if isinstance(task, asyncio.Future)}
    for task in tasks:
        task.cancel()
        task.add_done_callback(_take_outcome)
    if tasks:
        await asyncio.wait(tasks, timeout=grace_s)


def _take_outcome(task: "asyncio.Future[object]") -> None:
    """A done callback that reads a task's exception, so asyncio does not print it as never retrieved."""
    if not task.cancelled():
        task.exception()


def _is_rpc_error(error: BaseException) -> bool:
    """True for gRPC's own errors (``AioRpcError`` prints as many lines; the cluster's one sentence says more)."""
    try:
        import grpc
    except ImportError:  # pragma: no cover - the gRPC runtime needs it
        return False
    return isinstance(error, grpc.RpcError)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m handoffs.part2.grpc_process")
    sub = parser.add_subparsers(dest="role", required=True)
    host = sub.add_parser("host", help="serve the gRPC host")
    host.add_argument("--address", required=True)
    worker = sub.add_parser("worker", help="host some of the team's agents")
    worker.add_argument("--host", required=True)
    worker.add_argument("--agents", required=True, help="comma-separated agent types, e.g. TriageAgent,SalesAgent")
    worker.add_argument("--name", required=True)
    worker.add_argument("--report", required=True, help="where to write the JSON report when stopping")
    for role in (host, worker):
        role.add_argument(PARENT_PID_ARGUMENT, type=int, default=None, help="die with this process")
        role.add_argument(CLEANUP_ARGUMENT, default=None, help="folder to remove if the parent dies first")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    folder = SharedFolder(args.cleanup_dir) if args.cleanup_dir else None  # held from the start, left at the end
    stopper = Stopper(folder)  # tied to the parent from the start: a parent gone while we start up is noticed too
    stopper.lifeline = tie_to_parent(args.parent_pid, stopper, folder=folder)
    try:
        if args.role == "host":
            asyncio.run(run_host(args.address, stopper))
        else:
            agents = [a.strip() for a in args.agents.split(",") if a.strip()]
            asyncio.run(run_worker(args.host, agents, args.name, args.report, stopper))
    finally:  # every way out that runs code: the last process holding the folder removes it
        if stopper.lifeline is not None:
            stopper.lifeline.leave()
        elif folder is not None:
            folder.leave(wait_s=5.0)
    return 0


if __name__ == "__main__":
    from handoffs.quick_exit import exit_code

    sys.exit(exit_code(main()))  # no final garbage collections over gRPC and the model: see handoffs.quick_exit
