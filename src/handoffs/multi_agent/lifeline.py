"""A child process that dies with its parent — on SIGTERM, on SIGKILL, on a crash — and cleans up after itself.

Processes started with ``subprocess`` outlive a parent that is killed: they are re-parented to init, keep their
ports open and their temporary folder on disk, and ``atexit`` never runs in a killed parent. So the tie is made
from the *child's* side, three ways, whichever notices first:

1. **a pipe that closes**: the parent keeps the write end of the child's stdin; the kernel closes it when the
   parent process ends, however it ends, and a thread in the child reading stdin gets end-of-file;
2. **the parent's pid**: a thread checks every :data:`POLL_S` seconds that the child's parent is still the process
   that started it (re-parenting changes it) — for a child whose stdin is not that pipe;
3. **Linux's parent-death signal** (``prctl(PR_SET_PDEATHSIG, SIGTERM)`` through ``ctypes``), where available.

The child then stops gracefully (its own stop routine), removes the folder it was told to clean, and, if stopping
hangs, exits anyway after ``grace_s``. :func:`tie_to_parent` is the child's side; :data:`PARENT_PID_ARGUMENT` and
:func:`lifeline_popen_options` are the parent's. This module starts no process itself.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from typing import Any, Callable

POLL_S = 0.5
PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>
PARENT_PID_ARGUMENT = "--parent-pid"
CLEANUP_ARGUMENT = "--cleanup-dir"


def lifeline_popen_options() -> dict[str, Any]:
    """``subprocess.Popen`` options for a child tied to this process: its stdin is a pipe only we write to."""
    return {"stdin": subprocess.PIPE, "close_fds": True}


def set_parent_death_signal(sig: int = signal.SIGTERM) -> bool:
    """Ask Linux to send ``sig`` to this process when its parent dies; False where that is not available."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        return libc.prctl(PR_SET_PDEATHSIG, int(sig), 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


class Lifeline:
    """The child's view of its parent: whether it is gone, and what to do when it goes."""

    def __init__(self, parent_pid: int, on_parent_gone: Callable[[], None], cleanup_dir: str | None = None,
                 grace_s: float = 5.0) -> None:
        self.parent_pid = parent_pid
        self.cleanup_dir = cleanup_dir
        self.grace_s = grace_s
        self._on_parent_gone = on_parent_gone
        self._gone = threading.Event()

    @property
    def orphaned(self) -> bool:
        """True once the parent is gone (this process was re-parented, or the pipe closed)."""
        return self._gone.is_set() or os.getppid() != self.parent_pid

    def parent_gone(self) -> None:
        """React once: ask the child to stop, and make sure it exits within ``grace_s`` even if stopping hangs."""
        if self._gone.is_set():
            return
        self._gone.set()
        threading.Thread(target=self._exit_after_grace, name="lifeline-deadline", daemon=True).start()
        self._on_parent_gone()

    def clean_up(self) -> None:
        """Remove the folder this child was told to clean (only when the parent is gone: then nobody else will)."""
        if self.cleanup_dir and self.orphaned:
            shutil.rmtree(self.cleanup_dir, ignore_errors=True)

    def _exit_after_grace(self) -> None:
        time.sleep(self.grace_s)
        self.clean_up()
        os._exit(1)

    def _watch_stdin(self) -> None:
        try:
            while os.read(sys.stdin.fileno(), 4096):
                pass  # the parent never writes; any bytes are ignored
        except (OSError, ValueError):
            return  # no usable stdin: the pid watch covers it
        self.parent_gone()

    def _watch_pid(self) -> None:
        while not self._gone.is_set():
            if os.getppid() != self.parent_pid:
                self.parent_gone()
                return
            time.sleep(POLL_S)


def tie_to_parent(parent_pid: int | None, on_parent_gone: Callable[[], None], *, cleanup_dir: str | None = None,
                  grace_s: float = 5.0, watch_stdin: bool = True) -> Lifeline | None:
    """Start watching the parent (see the module docstring); ``on_parent_gone`` is called once, from a thread.

    ``parent_pid=None`` (a process started by hand) ties nothing and returns None.
    """
    if parent_pid is None:
        return None
    if os.name != "posix":  # Windows' venv python.exe is a launcher between us and the parent: watch it instead
        parent_pid = os.getppid()
    line = Lifeline(parent_pid, on_parent_gone, cleanup_dir, grace_s)
    set_parent_death_signal(signal.SIGTERM)
    if watch_stdin and sys.stdin is not None and not sys.stdin.isatty():
        threading.Thread(target=line._watch_stdin, name="lifeline-stdin", daemon=True).start()
    threading.Thread(target=line._watch_pid, name="lifeline-pid", daemon=True).start()
    if os.getppid() != parent_pid:  # the parent died before the watches started
        line.parent_gone()
    return line
