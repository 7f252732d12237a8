"""Helpers for Part 1's tests: counting real tool executions, and running one conversation with a recorder."""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any, Mapping

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from handoffs.recorder import RunRecorder
from handoffs.part1 import STEP_TABLE, ask, build_support_agent


def counted(step_table: Mapping[str, Any]) -> tuple[dict[str, Any], Counter]:
    """A copy of ``step_table`` whose tools add 1 to ``runs[tool_name]`` each time their body executes.

    The counter is a side effect inside the tool function itself, so it counts executions, not calls asked for.
    """
    runs: Counter = Counter()
    copies: dict[str, Any] = {}

    def copy_of(tool):
        if tool.name not in copies:
            original = tool.func

            @functools.wraps(original)
            def body(*args, **kwargs):
                runs[tool.name] += 1
                return original(*args, **kwargs)

            copies[tool.name] = tool.model_copy(update={"func": body})
        return copies[tool.name]

    new = {step: {**entry, "tools": [copy_of(t) for t in entry["tools"]]} for step, entry in step_table.items()}
    return new, runs


class Conversation:
    """One conversation (one thread, remembered between ``say`` calls) with its recorder and tool counter."""

    def __init__(self, model: Any = None, *, step_table: Mapping[str, Any] = STEP_TABLE, guard: bool = True):
        self.step_table, self.runs = counted(step_table)
        self.recorder = RunRecorder()
        self.agent = build_support_agent(model, recorder=self.recorder, step_table=self.step_table, guard=guard,
                                         checkpointer=InMemorySaver())
        self.state: dict[str, Any] = {}

    def say(self, text: str, **start_state: Any) -> dict[str, Any]:
        payload = {"messages": [{"role": "user", "content": text}], **start_state}
        if start_state:
            self.state = self.agent.invoke(payload, {"configurable": {"thread_id": "t"}})
        else:
            self.state = ask(self.agent, text, {"configurable": {"thread_id": "t"}})
        return self.state


@pytest.fixture
def conversation():
    return Conversation
