"""The server's decisions in a few warm worker processes, each request under a time budget.

Why processes: Python's ``re`` holds the GIL while it matches, and so does any pure-Python loop. A request whose
text makes the offline model slow (a backtracking pattern on a few KB of Korean, say) would stall every thread
and every asyncio task of the process that decides it — in the server, every other client. A thread is not
enough; another process is. :class:`DecisionPool` keeps ``size`` worker processes
(``python -m handoffs.server.decision_worker``), started and warmed (they import the model and answer one
request) before the first request arrives. :meth:`DecisionPool.answer` hands one raw body to an idle worker and
waits for its reply *without the GIL* (a blocking ``select`` in one of the server's threads), so the event loop and
the other workers go on. Results are the same as in-process ones: the same deterministic code decides, with this
process's settings (language, token counter: :func:`settings_here`) sent along with each request.

A request that has cost its worker :data:`YIELD_AFTER_S` of CPU time is the slow kind (a worker that only waited for
a busy core is not): its worker drops to the lowest CPU priority (``nice 19``), so on a machine with few cores the
quick requests of the other clients are not slowed by it; the worker gets its normal priority back afterwards (or, where that needs privileges, is replaced by a fresh one). If no worker
is idle then, one more is started (up to :data:`SURGE_WORKERS` beyond ``size``; they retire once idle), so a few
slow requests at once do not hold up the quick ones either.

The **budget**: a worker that has not answered within ``budget_s`` seconds is killed (whatever it was doing:
a slow path of the model, a loop that never ends) and replaced by a fresh warm one;
:meth:`~DecisionPool.answer` raises :class:`OverBudget`, which the app turns into one sentence in OpenAI's error
shape. A worker that dies otherwise raises :class:`WorkerFailed`. Time spent waiting for an idle worker is not
charged to a request's budget.

Workers die with the server however it ends: they read requests from a pipe whose other end only this process
holds (end of file = the server is gone), a thread checks the parent's pid, and they are in their own session, so a
Jupyter kernel restart (which kills the kernel's whole process group) does not take them with it before they see
the pipe close (one worker, seen from here: :mod:`handoffs.server.worker_process`). No state is shared between
requests. POSIX only (it waits on pipes with ``select``): elsewhere the
app decides in threads. This module knows nothing about HTTP.
"""

from __future__ import annotations

import atexit
import logging
import os
import pickle
import queue
import struct
import subprocess
import threading
import time
from typing import Any, Sequence

from handoffs.server.worker_process import YIELD_AFTER_S, WorkerFailed, WorkerProcess

__all__ = ["DEFAULT_BUDGET_S", "DecisionPool", "OverBudget", "WorkerFailed", "YIELD_AFTER_S", "shared_pool"]

DEFAULT_BUDGET_S = 10.0
"""Wall-clock seconds one request may take in a worker (a normal decision takes milliseconds)."""
START_TIMEOUT_S = 60.0
SURGE_WORKERS = 2
"""Workers started beyond ``size`` while every worker is busy with a slow request (they retire when idle again)."""
log = logging.getLogger("handoffs.server")


class OverBudget(Exception):
    """A decision took longer than the budget; its worker was killed and replaced."""


def default_size() -> int:
    """One worker per core, at least 2 (one slow request always leaves one free), at most 4."""
    return max(2, min(4, os.cpu_count() or 2))


def settings_here() -> tuple[str, str]:
    """What this process chose that changes an answer: the kit's language (the model's reasons) and the token
    counter (``usage``). Sent with every request, so a worker answers as this process would."""
    from handoffs.i18n import language
    from handoffs.models.tokens import counter_name

    return language(), counter_name()


class DecisionPool:
    """``size`` warm decision workers; :meth:`answer` runs one request in one of them under a budget."""

    def __init__(self, size: int | None = None, decide_spec: str | None = None) -> None:
        self.size = size or default_size()
        self.max_size = self.size + SURGE_WORKERS
        self._pending = 0  # workers being started, not yet in _workers
        self.decide_spec = decide_spec
        self._idle: queue.Queue[WorkerProcess] = queue.Queue()
        self._workers: set[WorkerProcess] = set()
        self._lock = threading.Lock()
        self._closed = False
        self.failure: str | None = None  # why workers cannot be started, once that is known
        self.replaced = 0  # workers killed over budget or lost, and replaced
        for _ in range(self.size):
            self._start_one()

    def _start_one(self) -> None:
        """Start a worker in a background thread; it joins the idle queue once warm."""
        with self._lock:
            self._pending += 1
        threading.Thread(target=self._bring_up, name="handoffs-decision-worker-start", daemon=True).start()

    def _bring_up(self) -> None:
        worker = None
        try:
            try:
                worker = WorkerProcess(self.decide_spec, settings_here())
            finally:
                with self._lock:
                    self._pending -= 1
            with self._lock:
                if self._closed:
                    worker.kill()
                    return
                self._workers.add(worker)
            worker.wait_ready(START_TIMEOUT_S)
        except (OSError, ValueError, WorkerFailed) as error:
            if self._closed:  # killed by close() while it warmed up: not a failure to report
                if worker is not None:
                    worker.kill()
                return
            self.failure = str(error)
            log.warning("the server's decision worker failed to start: %s", error)
            if worker is not None:
                worker.kill()
                with self._lock:
                    self._workers.discard(worker)  # no worker left at all: the app decides in threads instead
            return
        self._idle.put(worker)

    def answer(self, raw: bytes, models: Sequence[str], budget_s: float = DEFAULT_BUDGET_S) -> Any:
        """What :func:`handoffs.server.replies.answer` returns for ``raw``, computed in a worker (blocking).

        Raises :class:`OverBudget` after ``budget_s`` seconds of work, :class:`WorkerFailed` if no worker can answer,
        and re-raises the :class:`~handoffs.server.request_checks.BadRequest` the worker reported.
        """
        worker = self._acquire()
        try:
            outcome = worker.ask((raw, tuple(models), settings_here()), budget_s, on_slow=self._surge)
        except TimeoutError:
            self._replace(worker)
            raise OverBudget from None
        except (EOFError, OSError, pickle.UnpicklingError, struct.error):
            code = worker.process.poll()
            self._replace(worker)
            raise WorkerFailed(f"the decision worker stopped (exit code {code})") from None
        if not worker.restore_priority():  # stuck at low priority: a fresh worker serves the next one at full speed
            self._replace(worker)
        elif len(self._workers) > self.size and not self._idle.empty():  # a surge worker no longer needed
            self._retire(worker)
        else:
            self._idle.put(worker)
        kind, value = outcome
        if kind == "bad":
            from handoffs.server.request_checks import BadRequest

            raise BadRequest(*value)
        return value

    def _acquire(self) -> WorkerProcess:
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            try:
                worker = self._idle.get(timeout=0.2)
            except queue.Empty:
                if self._closed:
                    raise WorkerFailed("the decision pool is closed") from None
                if self.unusable:
                    raise WorkerFailed(self.failure or "no decision worker") from None
                if time.monotonic() > deadline:
                    raise WorkerFailed(f"no decision worker was free within {START_TIMEOUT_S:g} s") from None
                continue
            if worker.process.poll() is None:
                return worker
            self._replace(worker)  # died while idle (killed from outside): start another, try the next one

    def _surge(self) -> None:
        """A request turned out slow: if no worker is idle, start one more (up to ``max_size``), so the quick
        requests of other clients do not queue behind a few slow ones."""
        with self._lock:
            if self._closed or not self._idle.empty() or len(self._workers) + self._pending >= self.max_size:
                return
        self._start_one()

    def _retire(self, worker: WorkerProcess) -> None:
        with self._lock:
            self._workers.discard(worker)
        try:
            if worker.process.stdin is not None:
                worker.process.stdin.close()  # end of file: it exits
        except OSError:
            pass
        threading.Thread(target=worker.kill_after, args=(2.0,), daemon=True).start()

    def _replace(self, worker: WorkerProcess) -> None:
        worker.kill()
        with self._lock:
            self._workers.discard(worker)
            self.replaced += 1
            closed = self._closed
        if not closed:
            self._start_one()

    @property
    def unusable(self) -> bool:
        """True once no worker could be started and none is left or starting (then decide in threads)."""
        with self._lock:
            return bool(self.failure) and not self._workers and not self._pending

    def pids(self) -> list[int]:
        """Process ids of the workers (started or starting)."""
        with self._lock:
            return [w.process.pid for w in self._workers]

    def close(self) -> None:
        """Stop every worker (closing its pipe is enough; the ones that do not exit at once are killed)."""
        with self._lock:
            self._closed = True
            workers = list(self._workers)
            self._workers.clear()
        for worker in workers:
            try:
                if worker.process.stdin is not None:
                    worker.process.stdin.close()
            except OSError:
                pass
        for worker in workers:
            try:
                worker.process.wait(timeout=2)
            except subprocess.TimeoutExpired:
                pass
            worker.kill()


_shared: dict[Any, DecisionPool] = {}  # decide_spec, or (decide_spec, size) for a chosen size
_shared_lock = threading.Lock()


def shared_pool(decide_spec: str | None = None, size: int | None = None) -> DecisionPool:
    """The process-wide pool for ``decide_spec`` (every app in this process shares it), started on first use.

    ``size``: how many warm workers (default :func:`default_size`); a pool of a chosen size is shared only by the
    apps that chose the same size (a notebook's own server, its only client, needs one: :func:`create_app`)."""
    if size is not None and size < 1:
        raise ValueError("A decision pool needs at least one worker (workers >= 1).")
    key = decide_spec if size is None else (decide_spec, size)
    with _shared_lock:
        pool = _shared.get(key)
        if pool is None or pool._closed:
            pool = _shared[key] = DecisionPool(size, decide_spec=decide_spec)
        return pool


@atexit.register
def close_shared_pools() -> None:
    with _shared_lock:
        pools = list(_shared.values())
        _shared.clear()
    for pool in pools:
        pool.close()
