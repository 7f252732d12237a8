"""Fault catalogue, part 4: two processes writing one conversation to one SQLite file (README rows M1-M6).

Two writer processes start together (each waits for a "go" line) and send their turns to the same thread id of the
same file as fast as they can. Before the fix, turns were acknowledged and then silently lost to a forked
checkpoint. Now ``ask`` takes turns (nothing lost) and a bare ``agent.invoke`` that collides is refused with one
sentence (never silently dropped).
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from handoffs.part1 import ask, build_support_agent
from handoffs.part1.agent import sqlite_memory
from handoffs.part1.memory import TEXTS, ConcurrentTurnError, turn_lock

pytestmark = pytest.mark.slow

SRC = str(Path(__file__).resolve().parents[2] / "src")
TURNS = 12
#: one writer process: for each round (a file and how to call), "READY", wait for "go", send its turns, "DONE"
WRITER = textwrap.dedent("""
    import sys
    from handoffs.part1 import ask, build_support_agent
    from handoffs.part1.agent import sqlite_memory
    from handoffs.part1.memory import ConcurrentTurnError

    name, turns, rounds = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    for db, how in zip(rounds[::2], rounds[1::2]):
        agent = build_support_agent(checkpointer=sqlite_memory(db))
        config = {"configurable": {"thread_id": "shared"}}
        print("READY", flush=True)
        sys.stdin.readline()
        for number in range(turns):
            text = f"{name} says {number}"
            try:
                if how == "ask":
                    ask(agent, text, config)
                else:
                    agent.invoke({"messages": [{"role": "user", "content": text}]}, config)
                print("SAVED", text, flush=True)
            except ConcurrentTurnError as error:
                print("REFUSED", text, "|", error, flush=True)
        print("DONE", flush=True)
""")


def two_writers(folder: Path, rounds: list[dict]) -> list[tuple[list[str], list[str], list[str]]]:
    """Two writer processes, started once, write each round at once (both wait for a "go"): for each round, (the
    acknowledged turns, the refusal lines, the customer messages kept in the thread). A round is
    ``{"db": file, "how": "ask" or "invoke"}``; its right-hand writer may call something else (``right_how``) or
    reach the file by another path (``right_db``). One pair of processes for every round: each start re-imports
    the kit and LangChain (~3 s of CPU), and a round starts only once both writers finished the one before."""
    script = folder / "writer.py"
    script.write_text(WRITER)
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    plans = {"left": [(r["db"], r["how"]) for r in rounds],
             "right": [(r.get("right_db", r["db"]), r.get("right_how", r["how"])) for r in rounds]}
    writers = [subprocess.Popen([sys.executable, str(script), name, str(TURNS),
                                 *[str(part) for db, how in plan for part in (db, how)]],
                                env=env, text=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
               for name, plan in plans.items()]
    results = []
    try:
        for plan in rounds:
            for writer in writers:
                assert writer.stdout.readline().strip() == "READY"
            for writer in writers:
                writer.stdin.write("go\n")
                writer.stdin.flush()
            lines = []
            for writer in writers:
                for line in iter(writer.stdout.readline, ""):
                    if line.strip() == "DONE":
                        break
                    lines.append(line.rstrip("\n"))
            saved = [line.removeprefix("SAVED ") for line in lines if line.startswith("SAVED ")]
            refused = [line for line in lines if line.startswith("REFUSED ")]
            state = build_support_agent(checkpointer=sqlite_memory(plan["db"])).get_state(
                {"configurable": {"thread_id": "shared"}})
            results.append((saved, refused, [m.content for m in state.values["messages"] if m.type == "human"]))
        for writer in writers:
            writer.communicate(timeout=240)
    finally:
        for writer in writers:
            if writer.poll() is None:
                writer.kill()
                writer.wait()
    return results


@pytest.fixture(scope="module")
def writer_rounds(tmp_path_factory):
    """M2's round (bare invokes on one file), then M1/M5's (ask(), the right-hand writer through a symlink from
    another folder), written by the same two writer processes."""
    folder = tmp_path_factory.mktemp("writers")
    (folder / "m2").mkdir()
    (folder / "m1").mkdir()
    elsewhere = folder / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "linked.sqlite").symlink_to(folder / "m1" / "support.sqlite")
    m2, m1_m5 = two_writers(folder, [{"db": folder / "m2" / "support.sqlite", "how": "invoke"},
                                     {"db": folder / "m1" / "support.sqlite", "how": "ask",
                                      "right_db": elsewhere / "linked.sqlite"}])
    return {"m2": m2, "m1_m5": m1_m5}


def test_m2_bare_invokes_that_collide_are_refused_loudly_never_lost(writer_rounds):
    saved, refused, kept = writer_rounds["m2"]
    assert len(saved) + len(refused) == 2 * TURNS
    assert set(saved) <= set(kept)  # nothing acknowledged was lost
    for line in refused:
        message = line.split(" | ", 1)[1]
        assert message.startswith("Another process saved a turn of conversation 'shared' in support.sqlite")


def test_m3_a_turn_stuck_behind_another_process_is_one_sentence_then_goes_on(tmp_path):
    db = tmp_path / "support.sqlite"
    agent = build_support_agent(checkpointer=sqlite_memory(db))
    config = {"configurable": {"thread_id": "busy"}}
    with turn_lock(db, "busy"):  # another process's turn in progress (a lock is per process, so hold it elsewhere)
        holder = threading.Event()

        def other_process_turn() -> None:
            code = ("import sys; from handoffs.part1.memory import turn_lock\n"
                    "with turn_lock(sys.argv[1], 'busy', wait_s=0.5): pass")
            env = {**os.environ, "PYTHONPATH": SRC}
            done = subprocess.run([sys.executable, "-c", code, str(db)], env=env, capture_output=True, text=True)
            holder.result = done  # type: ignore[attr-defined]
            holder.set()

        threading.Thread(target=other_process_turn).start()
        assert holder.wait(60)
    stuck = holder.result.stderr.strip().splitlines()[-1]  # type: ignore[attr-defined]
    assert stuck == "handoffs.part1.memory.ConcurrentTurnError: " + TEXTS["busy"].format(
        thread="busy", db="support.sqlite", seconds=0.5)
    assert ask(agent, "I was charged twice", config)["current_step"] == "done"  # the lock was released


def test_m4_time_travel_from_an_older_checkpoint_still_forks_on_purpose(tmp_path):
    agent = build_support_agent(checkpointer=sqlite_memory(tmp_path / "support.sqlite"))
    config = {"configurable": {"thread_id": "travel"}}
    ask(agent, "Hello!", config)
    earlier = agent.get_state(config).config  # names the checkpoint after "Hello!"
    ask(agent, "I was charged twice", config)
    forked = agent.invoke({"messages": [{"role": "user", "content": "My app crashes when I log in"}]}, earlier)
    assert [m.content for m in forked["messages"] if m.type == "human"] == ["Hello!", "My app crashes when I log in"]


def test_m1_m5_two_processes_asking_on_one_thread_keep_every_turn_also_through_a_symlink(writer_rounds):
    """Two writers ask() on one file and thread at once: they take turns, nothing refused, every acknowledged turn
    kept once (M1). Issue 24 (M5): the right-hand one opens it through a symbolic link from another folder — the
    lock is taken beside the real file, so the writer using the file's own path is M1's writer."""
    saved, refused, kept = writer_rounds["m1_m5"]
    assert refused == [] and len(saved) == 2 * TURNS
    assert sorted(saved) == sorted(kept)  # every acknowledged turn is in the conversation, once


def test_m6_a_refused_turn_names_what_this_process_called(tmp_path):
    """Another writer moves the thread on while this turn runs. Inside ask() (the turn lock held) the refusal says
    the *other* process did not wait its turn; in a bare agent.invoke it says agent.invoke does not take turns."""
    from langgraph.checkpoint.base import empty_checkpoint

    db = tmp_path / "support.sqlite"
    agent = build_support_agent(checkpointer=sqlite_memory(db))
    config = {"configurable": {"thread_id": "shared"}}
    ask(agent, "Hello!", config)
    read_by_this_turn = agent.get_state(config).config  # the checkpoint this turn started from
    other = build_support_agent(checkpointer=sqlite_memory(db))  # the other process's writer
    ask(other, "I was charged twice", config)
    saver = agent.checkpointer
    for inside_ask, text in ((True, "forked_ask"), (False, "forked_invoke")):
        with pytest.raises(ConcurrentTurnError) as caught:
            if inside_ask:
                with saver.turn("shared"):
                    saver.put(read_by_this_turn, empty_checkpoint(), {"source": "loop", "step": 9}, {})
            else:
                saver.put(read_by_this_turn, empty_checkpoint(), {"source": "loop", "step": 9}, {})
        assert str(caught.value) == TEXTS[text].format(thread="shared", db="support.sqlite")
    assert "ask()" in TEXTS["forked_ask"] and "agent.invoke ran" in TEXTS["forked_invoke"]
    kept = [m.content for m in agent.get_state(config).values["messages"] if m.type == "human"]
    assert kept == ["Hello!", "I was charged twice"]  # the refused writes changed nothing
