"""Memory between turns: a checkpointer + thread id, and a SQLite file that outlives the process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from langgraph.checkpoint.memory import InMemorySaver

from handoffs.single_agent import ask, build_support_agent, new_thread
from handoffs.single_agent.agent import sqlite_memory

SRC = Path(__file__).resolve().parents[2] / "src"

TURN = textwrap.dedent("""
    import json, sys
    from handoffs.single_agent import ask, build_support_agent
    from handoffs.single_agent.agent import sqlite_memory
    path, thread, text = sys.argv[1:4]
    agent = build_support_agent(checkpointer=sqlite_memory(path))
    state = ask(agent, text, {"configurable": {"thread_id": thread}})
    print(json.dumps({"step": state.get("current_step", "triage"), "issue_type": state.get("issue_type"),
                      "said": [m.content for m in state["messages"] if m.type == "human"]}))
""")


def _turn_in_fresh_process(db: Path, thread: str, text: str) -> dict:
    env = {**os.environ, "PYTHONPATH": f"{SRC}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    done = subprocess.run([sys.executable, "-c", TURN, str(db), thread, text], capture_output=True, text=True,
                          env=env, timeout=120, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_conversation_resumes_in_a_fresh_process_from_the_sqlite_file(tmp_path):
    db = tmp_path / "support.sqlite"
    first = _turn_in_fresh_process(db, "customer-42", "Hello!")
    assert first == {"step": "triage", "issue_type": None, "said": ["Hello!"]}
    second = _turn_in_fresh_process(db, "customer-42", "I was charged twice")
    assert second["step"] == "done" and second["issue_type"] == "billing"
    assert second["said"] == ["Hello!", "I was charged twice"]  # the first turn was remembered
    other = ask(build_support_agent(checkpointer=sqlite_memory(db)), "Hello", {"configurable": {"thread_id": "x"}})
    assert [m.content for m in other["messages"] if m.type == "human"] == ["Hello"]  # another thread, another talk


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
    assert state["current_step"] == "done"  # the second turn starts on the "done" page
    assert state["messages"][-1].type == "ai" and not state["messages"][-1].tool_calls
