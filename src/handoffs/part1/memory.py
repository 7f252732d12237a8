"""SQLite memory that two processes can share without losing a turn: LangGraph's ``SqliteSaver``, guarded.

Two processes (two terminals running ``python -m handoffs.part1``, two kernels, a notebook and a script) on
one SQLite file and one thread id each read the conversation, answer, and write a new checkpoint whose parent is the
one they read. When both read the same checkpoint, LangGraph keeps *both* children — a fork — and the thread's
latest checkpoint is whichever came last: the other turn is silently gone (measured: 31 turns acknowledged, 29 kept).
Two guards close that:

* **serialize** — :func:`turn_lock` is a lock file next to the database (``support.sqlite.lock``, beside the real
  file when the path is a symbolic link), locked per thread id (a byte range of it, so other conversations are not held up); :func:`handoffs.part1.ask` holds it for a
  whole turn, so the second writer waits, then reads the first one's turn and continues from it;
* **refuse loudly** — :class:`GuardedSqliteSaver` checks, in the same SQLite write transaction, that a new
  checkpoint's parent is still the thread's latest; if another process wrote in between (someone called
  ``agent.invoke`` without the lock) it raises :class:`ConcurrentTurnError`, one sentence naming what this process
  called (``ask()`` or ``agent.invoke``), instead of forking.
  A run started on purpose from an older checkpoint (LangGraph's time travel: a ``checkpoint_id`` in the config)
  still forks, as LangGraph intends.

The checkpoints stay LangGraph's own (same tables, same format): this module adds no store of its own.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import threading
import time
from collections import Counter
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from langgraph.checkpoint.sqlite import SqliteSaver

from handoffs.i18n import Texts

LOCK_WAIT_S = 120.0
LOCK_SLOTS = 2**20  # byte offsets of the lock file: one per thread id (hashed)
SETUP_ATTEMPTS = 100
TEXTS = Texts({  # what a learner reads, in English and Korean
    "forked_invoke": {
        "en": "Another process saved a turn of conversation {thread!r} in {db} while this agent.invoke ran, so this "
              "turn's answer was not saved: send the message again, with ask() in both processes (ask() takes "
              "turns; agent.invoke does not).",
        "ko": "이 agent.invoke가 도는 동안 다른 프로세스가 {db}의 대화 {thread!r}에 턴을 저장해서 이 턴의 답은 "
              "저장되지 않았어요: 메시지를 다시 보내되, 두 프로세스 모두 ask()를 쓰세요(ask()는 차례를 지키고 "
              "agent.invoke는 지키지 않아요)."},
    "forked_ask": {
        "en": "Another process saved a turn of conversation {thread!r} in {db} without waiting its turn while this "
              "ask() ran, so this turn's answer was not saved: send the message again, and have the other process "
              "use ask() too (agent.invoke does not take turns).",
        "ko": "이 ask()가 도는 동안 다른 프로세스가 차례를 기다리지 않고 {db}의 대화 {thread!r}에 턴을 저장해서 이 "
              "턴의 답은 저장되지 않았어요: 메시지를 다시 보내고, 다른 프로세스도 ask()를 쓰게 하세요"
              "(agent.invoke는 차례를 지키지 않아요)."},
    "busy": {
        "en": "Conversation {thread!r} in {db} has been busy in another process for {seconds:g} s: wait for that "
              "turn to finish, or use another thread id.",
        "ko": "{db}의 대화 {thread!r}이(가) 다른 프로세스에서 {seconds:g}초째 쓰이고 있어요: 그 턴이 끝나기를 "
              "기다리거나 다른 thread id를 쓰세요."},
})


class ConcurrentTurnError(RuntimeError):
    """Another process wrote to the same conversation during this turn; this turn was not saved."""


class GuardedSqliteSaver(SqliteSaver):
    """``SqliteSaver`` that refuses to fork a thread (see the module docstring); ``path`` names the database file."""

    def __init__(self, conn: sqlite3.Connection, path: str | Path, **kwargs: Any) -> None:
        super().__init__(conn, **kwargs)
        self.path = Path(path)
        self.lock = threading.RLock()  # re-entrant: put() below holds it around SqliteSaver.put, which takes it too
        self._time_travel: set[tuple[str, str, str]] = set()  # checkpoints a run was asked to start from, by id
        self._turns_held: Counter[str] = Counter()  # thread ids whose turn this process holds (ask() is running)

    def get_tuple(self, config: Any) -> Any:
        """As ``SqliteSaver``; a run started from an explicit ``checkpoint_id`` (LangGraph's time travel) may fork."""
        wanted = config["configurable"].get("checkpoint_id")
        if wanted:
            self._time_travel.add((str(config["configurable"]["thread_id"]),
                                   config["configurable"].get("checkpoint_ns", ""), wanted))
        return super().get_tuple(config)

    def setup(self) -> None:
        """Create LangGraph's tables once — one process at a time. Two processes opening a new file at once both run
        ``PRAGMA journal_mode=WAL``; SQLite answers the second "database is locked" at once, whatever the timeout."""
        if self.is_setup:
            return
        # Not under turn_lock: POSIX drops every lock a process holds on a file when any handle to it closes, so a
        # lock taken and released here would release the turn that ask() is holding. Retrying is enough.
        for attempt in range(SETUP_ATTEMPTS):
            try:
                super().setup()
                return
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) or attempt == SETUP_ATTEMPTS - 1:
                    raise
                time.sleep(0.05)

    def put(self, config: Any, checkpoint: Any, metadata: Any, new_versions: Any) -> Any:
        thread_id = str(config["configurable"]["thread_id"])
        namespace = config["configurable"].get("checkpoint_ns", "")
        parent = config["configurable"].get("checkpoint_id")
        with self.lock:
            self.setup()
            self.conn.execute("BEGIN IMMEDIATE")  # SQLite's write lock, held until SqliteSaver.put commits
            try:
                latest = self.conn.execute(
                    "SELECT checkpoint_id FROM checkpoints WHERE thread_id = ? AND checkpoint_ns = ? "
                    "ORDER BY checkpoint_id DESC LIMIT 1", (thread_id, namespace)).fetchone()
                forking_on_purpose = (thread_id, namespace, parent) in self._time_travel
                self._time_travel.discard((thread_id, namespace, parent))
                if latest is not None and latest[0] not in (parent, checkpoint["id"]) and not forking_on_purpose:
                    called = "forked_ask" if self._turns_held[thread_id] else "forked_invoke"  # what *we* ran
                    raise ConcurrentTurnError(TEXTS[called].format(thread=thread_id, db=self.path.name))
                return super().put(config, checkpoint, metadata, new_versions)  # inserts, then commits
            except BaseException:
                if self.conn.in_transaction:
                    self.conn.rollback()
                raise

    @contextmanager
    def turn(self, thread_id: str, wait_s: float = LOCK_WAIT_S) -> Iterator[None]:
        """Hold this database's lock for ``thread_id`` (other processes' turns on it wait)."""
        with turn_lock(self.path, thread_id, wait_s):
            self._turns_held[thread_id] += 1
            try:
                yield
            finally:
                self._turns_held[thread_id] -= 1


def _lock_offset(thread_id: str) -> int:
    return int.from_bytes(hashlib.sha256(thread_id.encode("utf-8", "backslashreplace")).digest()[:8], "big") % LOCK_SLOTS


@contextmanager
def turn_lock(db: str | Path, thread_id: str, wait_s: float = LOCK_WAIT_S) -> Iterator[None]:
    """An inter-process lock for one conversation of one database file (POSIX ``lockf`` / Windows ``locking``).

    The lock file sits next to the file the path *resolves* to: two processes reaching one database through a
    symbolic link (or a relative path from another folder) still take turns on the same lock."""
    path = Path(os.path.realpath(db) + ".lock")
    offset = _lock_offset(str(thread_id))
    with open(path, "a+b") as handle:
        deadline = time.monotonic() + wait_s
        while not _try_lock(handle, offset):
            if time.monotonic() > deadline:
                raise ConcurrentTurnError(TEXTS["busy"].format(thread=str(thread_id), db=Path(db).name,
                                                               seconds=wait_s))
            time.sleep(0.02)
        try:
            yield
        finally:
            _unlock(handle, offset)


def _try_lock(handle: Any, offset: int) -> bool:
    if os.name == "nt":  # pragma: no cover - the kit's CI is Linux
        import msvcrt

        handle.seek(offset)
        try:
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.lockf(handle, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, offset)
    except OSError:
        return False
    return True


def _unlock(handle: Any, offset: int) -> None:
    if os.name == "nt":  # pragma: no cover
        import msvcrt

        handle.seek(offset)
        msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)
        return
    import fcntl

    fcntl.lockf(handle, fcntl.LOCK_UN, 1, offset)


def sqlite_memory(path: str | Path) -> GuardedSqliteSaver:
    """A checkpointer keeping every conversation in a SQLite file, so it survives a kernel restart — and is shared
    safely by several processes (see the module docstring). A fresh agent on the same file continues a thread."""
    return GuardedSqliteSaver(sqlite3.connect(str(path), check_same_thread=False, timeout=30), path)
