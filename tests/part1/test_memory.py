"""Memory between turns: a checkpointer + thread id, and a SQLite file that outlives the process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from handoffs.part1 import ask, build_support_agent, new_thread
from handoffs.part1.agent import sqlite_memory

SRC = Path(__file__).resolve().parents[2] / "src"
ENV = {**os.environ, "PYTHONPATH": f"{SRC}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}


def _turn_in_fresh_process(db: Path, thread: str, text: str) -> str:
    """One customer message through ``python -m handoffs.part1`` in a new interpreter; its output."""
    done = subprocess.run([sys.executable, "-m", "handoffs.part1", "--db", str(db), "--thread", thread, text],
                          capture_output=True, text=True, env=ENV, timeout=120, check=True)
    return done.stdout


def test_a_conversation_resumes_in_a_fresh_process_from_the_sqlite_file(tmp_path):
    """``python -m handoffs.part1`` starts a conversation in a new interpreter and a new file; this process's fresh
    agent continues it from the file. (The other way round, a fresh ``python -m handoffs.part1`` continuing a
    conversation another process wrote, is notebook 03's own cell under nbval, in both editions.)"""
    db = tmp_path / "support.sqlite"
    first = _turn_in_fresh_process(db, "customer-42", "Hello!")
    assert "so far: ['Hello!']" in first and "current_step='triage'" in first
    config = {"configurable": {"thread_id": "customer-42"}}
    second = ask(build_support_agent(checkpointer=sqlite_memory(db)), "I was charged twice", config)
    assert [m.content for m in second["messages"] if m.type == "human"] == ["Hello!", "I was charged twice"]
    assert (second["current_step"], second["issue_type"]) == ("done", "billing")
    saved = build_support_agent(checkpointer=sqlite_memory(db)).get_state(config)
    assert (saved.values["current_step"], saved.values["issue_type"]) == ("done", "billing")
    assert [m.content for m in saved.values["messages"] if m.type == "human"] == ["Hello!", "I was charged twice"]
    other = ask(build_support_agent(checkpointer=sqlite_memory(db)), "Hello", {"configurable": {"thread_id": "x"}})
    assert [m.content for m in other["messages"] if m.type == "human"] == ["Hello"]  # another thread, another talk


def test_the_command_line_refuses_an_empty_message(tmp_path, capsys):
    """The command's own ``main``, in this process (the test above runs ``python -m handoffs.part1``; another process
    would only re-import the kit to print one line): exit status 2, one sentence, no file made."""
    from handoffs.part1.__main__ import main

    with pytest.raises(SystemExit) as refused:
        main(["--db", str(tmp_path / "e.sqlite"), " "])
    assert refused.value.code == 2 and "the message is empty" in capsys.readouterr().err
    assert not (tmp_path / "e.sqlite").exists()


def test_a_fresh_agent_object_continues_from_the_same_file(tmp_path):
    config = new_thread()
    ask(build_support_agent(checkpointer=sqlite_memory(tmp_path / "m.sqlite")), "Hi there", config)
    again = build_support_agent(checkpointer=sqlite_memory(tmp_path / "m.sqlite"))
    assert len(again.get_state(config).values["messages"]) == 2
    state = ask(again, "My app crashes when I log in", config)
    assert (state["current_step"], state["issue_type"]) == ("done", "technical")


def test_without_a_checkpointer_each_invoke_starts_over():
    agent = build_support_agent()
    ask(agent, "I was charged twice")
    state = ask(agent, "Thanks!")
    assert [m.content for m in state["messages"] if m.type == "human"] == ["Thanks!"]
    assert state.get("current_step", "triage") == "triage"


def test_with_a_checkpointer_the_step_is_remembered_between_turns():
    agent, config = build_support_agent(checkpointer=InMemorySaver()), new_thread()
    ask(agent, "I was charged twice", config)
    state = ask(agent, "Thanks, bye!", config)
    assert state["current_step"] == "done"  # the second turn starts on the "done" step
    assert state["messages"][-1].type == "ai" and not state["messages"][-1].tool_calls
