"""One decision worker process seen from the server: start it, ask it, lower its priority, kill it — and the frames
both sides write (a 4-byte length, then a pickle).

:class:`WorkerProcess` starts ``python -m handoffs.server.decision_worker`` with two pipes, in a session of its own,
and asks it one request at a time with a deadline (``select`` on its stdout: the waiting thread does not hold the
GIL). A request on which the worker has spent :data:`YIELD_AFTER_S` of CPU time drops the worker to the lowest CPU
priority — CPU time, where the system says it (Linux: ``/proc``), else wall time: a worker that only waited for a
busy core (other notebooks, other programs) is not slow, and lowering it then would starve a quick request. Choosing a
worker, replacing one, budgets: :mod:`handoffs.server.decision_pool`. The worker's own side:
:mod:`handoffs.server.decision_worker`. POSIX only.
"""

from __future__ import annotations

import os
import pickle
import select
import struct
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HEADER = struct.Struct(">I")
YIELD_AFTER_S = 0.2
"""A request that has cost its worker this much CPU time (seconds) lowers the worker's CPU priority, so the cores go
to the quick ones."""
LOWEST_PRIORITY = 19


class WorkerFailed(Exception):
    """A decision worker died or could not be started (the message says how)."""


def write_frame(stream: Any, value: Any) -> None:
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(HEADER.pack(len(data)) + data)
    stream.flush()


def _read_exactly(fd: int, size: int, deadline: float | None) -> bytes:
    """``size`` bytes from ``fd``; :class:`TimeoutError` at ``deadline``, :class:`EOFError` if the pipe closes."""
    chunks, got = [], 0
    while got < size:
        if deadline is not None:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not select.select([fd], [], [], remaining)[0]:
                raise TimeoutError
        chunk = os.read(fd, min(size - got, 1 << 20))
        if not chunk:
            raise EOFError
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


def read_frame(fd: int, deadline: float | None = None) -> Any:
    (size,) = HEADER.unpack(_read_exactly(fd, HEADER.size, deadline))
    return pickle.loads(_read_exactly(fd, size, deadline))


def _set_niceness(pid: int, value: int) -> bool:
    try:
        os.setpriority(os.PRIO_PROCESS, pid, value)
    except (AttributeError, OSError):  # Windows has no setpriority; lowering niceness may need privileges
        return False
    return True


def _cpu_seconds(pid: int) -> float | None:
    """The CPU time process ``pid`` has used so far (user + system), or None where ``/proc`` does not say it."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()  # after "pid (command)": state, ppid, ...
        return (int(fields[11]) + int(fields[12])) / _CLOCK_TICKS  # utime, stime
    except (OSError, IndexError, ValueError, ZeroDivisionError):
        return None


try:
    _CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
except (AttributeError, ValueError, OSError):  # pragma: no cover - not POSIX
    _CLOCK_TICKS = 0


def _child_env() -> dict[str, str]:
    src = str(Path(__file__).resolve().parents[2])  # .../src: the worker imports this very package
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([src, *(p or os.getcwd() for p in sys.path)])  # and all we can import
    return env


class WorkerProcess:
    """One worker process and its two pipes."""

    def __init__(self, decide_spec: str | None, settings: tuple[str, str] | None = None) -> None:
        """Start the worker; it warms up with ``decide_spec``'s model under ``settings`` (the server's language and
        token counter, so its first request loads nothing)."""
        self.process = subprocess.Popen(
            [sys.executable, "-m", "handoffs.server.decision_worker", "--parent-pid", str(os.getpid())],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=_child_env(), close_fds=True, start_new_session=True)
        assert self.process.stdin is not None and self.process.stdout is not None
        self.fd = self.process.stdout.fileno()
        self.niced = False
        write_frame(self.process.stdin, (decide_spec, settings))

    def wait_ready(self, timeout: float) -> None:
        try:
            status = read_frame(self.fd, time.monotonic() + timeout)
        except (TimeoutError, EOFError, OSError, pickle.UnpicklingError, struct.error):
            self.kill()
            raise WorkerFailed(f"a decision worker did not start within {timeout:g} s (exit code "
                               f"{self.process.poll()})") from None
        if status != "ready":
            self.kill()
            raise WorkerFailed(f"a decision worker could not start: {status}")

    def ask(self, request: Any, budget_s: float, on_slow: Any = None) -> Any:
        """The worker's reply within ``budget_s`` seconds; once the request has cost :data:`YIELD_AFTER_S` of CPU
        time, the worker runs at the lowest CPU priority and ``on_slow()`` is called (see below)."""
        assert self.process.stdin is not None
        began = time.monotonic()
        spent_before = _cpu_seconds(self.process.pid)
        write_frame(self.process.stdin, request)
        wait = min(YIELD_AFTER_S, budget_s)
        while not select.select([self.fd], [], [], wait)[0] and time.monotonic() < began + budget_s:
            spent_now = _cpu_seconds(self.process.pid) if spent_before is not None else None
            spent = spent_now - spent_before if spent_now is not None else time.monotonic() - began
            if spent >= YIELD_AFTER_S:  # deciding, not waiting for a core: the slow kind
                self.niced = _set_niceness(self.process.pid, LOWEST_PRIORITY) or self.niced
                if on_slow is not None:
                    on_slow()
                break
            wait = max(0.01, YIELD_AFTER_S - spent)  # it cannot have spent that much CPU sooner
        return read_frame(self.fd, began + budget_s)

    def restore_priority(self) -> bool:
        """Back to normal CPU priority after a slow request; False where the system does not allow it."""
        if not self.niced:
            return True
        self.niced = not _set_niceness(self.process.pid, 0)
        return not self.niced

    def kill_after(self, seconds: float) -> None:
        try:
            self.process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            pass
        self.kill()

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL is not refused
            pass
        for pipe in (self.process.stdin, self.process.stdout):
            try:
                if pipe is not None:
                    pipe.close()
            except OSError:
                pass
