"""A child process that dies with its parent — on SIGTERM, on SIGKILL, on a crash — and a shared folder that the
last process to leave removes.

Processes started with ``subprocess`` outlive a parent that is killed: they are re-parented to init, keep their
ports open and their temporary folder on disk, and ``atexit`` never runs in a killed parent. So the tie is made
from the *child's* side, two ways, whichever notices first:

1. **a pipe**: the parent keeps the write end of the child's stdin. The kernel closes it when the parent *process*
   ends, however it ends (all its threads), and a thread in the child reading stdin gets end-of-file. The parent
   also uses it to ask for a stop on purpose: it writes :data:`STOP_LINE`;
2. **the parent's pid**: a thread checks every :data:`POLL_S` seconds that the child's parent is still the process
   that started it (re-parenting changes it) — for a child whose stdin is not that pipe.

Not Linux's parent-death signal (``PR_SET_PDEATHSIG``): it fires when the *thread* that spawned the child exits,
not the process — a parent that ran a gRPC session has threads that come and go, and its children were told to stop
while it lived. Children are also started in their own session (:func:`lifeline_popen_options`), so a signal to the
parent's process group (a Jupyter kernel restart sends SIGKILL to the whole group) leaves them alive long enough to
see the pipe close, stop, and clean up.

**The folder** (:class:`SharedFolder`): the parent and every child hold a shared ``flock`` on a file in it while they
run. Leaving, a process drops its hold and removes the folder if it can then lock the file exclusively — it was the
last one. A process killed with SIGKILL leaves no code running, but the kernel drops its lock, so whoever leaves
after it cleans up. A child that was *not* asked to stop by its parent (the parent died, or anything else stopped it)
waits a little for the exclusive lock, so a parent in the middle of dying is not counted as staying. This module
starts no process itself.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable

POLL_S = 0.5
PARENT_PID_ARGUMENT = "--parent-pid"
CLEANUP_ARGUMENT = "--cleanup-dir"
STOP_LINE = b"stop\n"
HOLDERS_FILE = ".holders"


def lifeline_popen_options() -> dict[str, Any]:
    """``subprocess.Popen`` options for a child tied to this process: its stdin is a pipe only we write to, and it
    is in a session of its own (a signal to our process group does not reach it; its lifeline does)."""
    options: dict[str, Any] = {"stdin": subprocess.PIPE, "close_fds": True}
    if os.name == "posix":
        options["start_new_session"] = True
    return options


def ask_to_stop(process: "subprocess.Popen[bytes]") -> bool:
    """Ask a child started with :func:`lifeline_popen_options` to stop (it then knows the parent stays); False if its
    pipe is already closed."""
    try:
        assert process.stdin is not None
        process.stdin.write(STOP_LINE)
        process.stdin.flush()
        return True
    except (OSError, ValueError, AssertionError):
        return False


class SharedFolder:
    """A folder several processes use; the last one to :meth:`leave` removes it (see the module docstring)."""

    def __init__(self, path: str | Path, *, create_holders_file: bool = False) -> None:
        self.path = Path(path)
        self._fd: int | None = None
        self._lock = threading.Lock()
        self._unlocked = os.name != "posix"  # no flock: a child that was not asked to stop removes the folder
        if self._unlocked:  # pragma: no cover - the kit's CI is Linux
            return
        import fcntl

        flags = os.O_RDONLY | (os.O_CREAT if create_holders_file else 0)
        try:
            self._fd = os.open(self.path / HOLDERS_FILE, flags, 0o600)
            fcntl.flock(self._fd, fcntl.LOCK_SH)
        except OSError:  # the folder is already gone (removed by the last one out): nothing to hold
            self._fd = None

    def leave(self, wait_s: float = 0.0) -> bool:
        """Drop this process's hold; remove the folder if nobody else holds it (waiting up to ``wait_s`` for the
        others to go). True if this call removed it. Safe to call more than once, from any thread."""
        with self._lock:
            fd, self._fd = self._fd, None
            unlocked, self._unlocked = self._unlocked, False
        if unlocked and wait_s > 0:  # pragma: no cover - Windows
            shutil.rmtree(self.path, ignore_errors=True)
            return True
        if fd is None:
            return False
        import fcntl

        try:
            fcntl.flock(fd, fcntl.LOCK_UN)
            deadline = time.monotonic() + wait_s
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except OSError:
                    if time.monotonic() >= deadline:
                        return False  # someone still uses it: they remove it when they leave
                    time.sleep(0.05)
            shutil.rmtree(self.path, ignore_errors=True)
            return True
        finally:
            os.close(fd)


class Lifeline:
    """The child's view of its parent: whether it asked us to stop, whether it is gone, what to do then."""

    def __init__(self, parent_pid: int, on_stop: Callable[[], None], folder: SharedFolder | None = None,
                 grace_s: float = 5.0) -> None:
        self.parent_pid = parent_pid
        self.folder = folder
        self.grace_s = grace_s
        self.parent_asked = False
        self._on_stop = on_stop
        self._stopping = threading.Event()

    @property
    def stopping(self) -> bool:
        """True once the parent asked for a stop or is gone."""
        return self._stopping.is_set()

    @property
    def orphaned(self) -> bool:
        """True once the parent is gone (this process was re-parented, or the pipe closed without a stop line)."""
        return (self._stopping.is_set() and not self.parent_asked) or os.getppid() != self.parent_pid

    def stop(self, asked: bool = False) -> None:
        """React once: ask the child to stop, and make sure it exits within ``grace_s`` even if stopping hangs."""
        if self._stopping.is_set():
            return
        self.parent_asked = asked
        self._stopping.set()
        threading.Thread(target=self._exit_after_grace, name="lifeline-deadline", daemon=True).start()
        self._on_stop()

    def leave(self) -> None:
        """This process is about to end: drop its hold on the folder (removing it if it is the last one out)."""
        if self.folder is not None:
            self.folder.leave(wait_s=0.0 if self.parent_asked else self.grace_s)

    def _exit_after_grace(self) -> None:
        time.sleep(self.grace_s)
        if self.folder is not None:
            self.folder.leave(wait_s=1.0)
        os._exit(1)

    def _watch_stdin(self) -> None:
        pending = b""
        try:
            while True:
                chunk = os.read(sys.stdin.fileno(), 4096)
                if not chunk:
                    break
                pending = (pending + chunk)[-64:]
                if STOP_LINE in pending:
                    self.stop(asked=True)
        except (OSError, ValueError):
            return  # no usable stdin: the pid watch covers it
        self.stop()

    def _watch_pid(self) -> None:
        while not self._stopping.is_set():
            if os.getppid() != self.parent_pid:
                self.stop()
                return
            time.sleep(POLL_S)


def tie_to_parent(parent_pid: int | None, on_stop: Callable[[], None], *, folder: SharedFolder | None = None,
                  grace_s: float = 5.0, watch_stdin: bool = True) -> Lifeline | None:
    """Start watching the parent (see the module docstring); ``on_stop`` is called once, from a thread, when the
    parent asks for a stop or is gone (``Lifeline.parent_asked`` says which).

    ``parent_pid=None`` (a process started by hand) ties nothing and returns None.
    """
    if parent_pid is None:
        return None
    if os.name != "posix":  # Windows' venv python.exe is a launcher between us and the parent: watch it instead
        parent_pid = os.getppid()
    line = Lifeline(parent_pid, on_stop, folder, grace_s)
    if watch_stdin and sys.stdin is not None and not sys.stdin.isatty():
        threading.Thread(target=line._watch_stdin, name="lifeline-stdin", daemon=True).start()
    threading.Thread(target=line._watch_pid, name="lifeline-pid", daemon=True).start()
    if os.getppid() != parent_pid:  # the parent died before the watches started
        line.stop()
    return line
