"""Part 1: seed-000 conversations — the kit's ``build_support_agent`` against a bare ``create_agent``.

The bare agent is ``create_agent`` with the same tools, the same two middlewares (``apply_step_config`` and the
step guard) and the same state schema, but a fixed-tool-call model (:func:`benchmarks.free_models.fixed_tool_call_model`:
it replays the offline model's answers for the same conversation, one dict lookup a call) and no recorder. The kit
runs as notebook 02 does: the offline model, a recorder. A third row shows the kit without its recorder, and a
diagnosis row the kit with the fixed model (the kit's own plumbing without the offline model's cost).

All variants run in one child process, interleaved, on the same customer messages; each conversation is one
``invoke`` on a new thread id (no checkpointer).
"""

from __future__ import annotations

import time
from typing import Any, Callable

from benchmarks.free_models import fixed_tool_call_model
from benchmarks.harness import Stats, Table, Verdict, ratio, run_child, seconds, times

CUSTOMER_MESSAGES = ("I was charged twice", "My app crashes every time I log in",
                     "I want to change my delivery address")
TARGET_RATIO = 1.1


def bare_agent(model: Any) -> Any:
    """``create_agent`` with seed 000's tools, middlewares and state, and nothing else."""
    from langchain.agents import create_agent

    from handoffs.single_agent.middleware import apply_step_config_for, step_guard_middleware
    from handoffs.single_agent.state import SupportState
    from handoffs.single_agent.steps import STEP_TABLE, all_tools

    return create_agent(model, tools=all_tools(STEP_TABLE), state_schema=SupportState,
                        middleware=[apply_step_config_for(STEP_TABLE), step_guard_middleware(STEP_TABLE)])


def _tool_path(state: dict) -> list[str]:
    return [call["name"] for m in state["messages"] if m.type == "ai" for call in m.tool_calls]


def conversations(count: int, repeats: int) -> dict[str, Any]:
    """Child: ``count`` conversations per variant and repeat, interleaved; returns each variant's times."""
    from handoffs.models import OfflineChatModel
    from handoffs.recorder import RunRecorder
    from handoffs.single_agent import ask, build_support_agent

    fixed = fixed_tool_call_model(inner=OfflineChatModel())
    learner = bare_agent(fixed)
    bare_paths = [_tool_path(ask(learner, text)) for text in CUSTOMER_MESSAGES]  # learns the answers
    fixed._inner = None
    kit_paths = [_tool_path(ask(build_support_agent(), text)) for text in CUSTOMER_MESSAGES]

    builders: dict[str, Callable[[], Any]] = {
        "kit": lambda: build_support_agent(recorder=RunRecorder()),
        "kit, no recorder": lambda: build_support_agent(),
        "bare": lambda: bare_agent(fixed),
        "kit, fixed model": lambda: build_support_agent(fixed, recorder=RunRecorder()),
    }
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in builders}
    for repeat in range(repeats + 1):  # the first round warms every variant up and is not kept
        for name, build in builders.items():
            agent = build()
            wall, cpu = time.perf_counter(), time.process_time()
            for i in range(count if repeat else 3):
                ask(agent, CUSTOMER_MESSAGES[i % len(CUSTOMER_MESSAGES)], {"configurable": {"thread_id": f"t{i}"}})
            if repeat:
                runs[name].append({"seconds": time.perf_counter() - wall, "cpu_seconds": time.process_time() - cpu})
    return {"runs": runs, "same_conversations": bare_paths == kit_paths, "paths": kit_paths}


def measure(conversations: int = 1000, repeats: int = 5,
            progress: Callable[[str], None] = print) -> tuple[list[Table], list[Verdict]]:
    progress(f"part1: {conversations:,} conversations x {repeats} repeats per variant, one child process")
    result = run_child("benchmarks.part1:conversations", count=conversations, repeats=repeats)
    runs = result["runs"]
    wall = {name: Stats.of([r["seconds"] for r in rs]) for name, rs in runs.items()}
    cpu = {name: Stats.of([r["cpu_seconds"] for r in rs]) for name, rs in runs.items()}
    table = Table(f"Part 1: {conversations:,} seed-000 conversations ({repeats} runs each, interleaved)",
                  ["variant", "time min", "time median", "CPU median", "per conversation", "kit / bare (median)"])
    labels = {"kit": "kit (build_support_agent, offline model, recorder)",
              "kit, no recorder": "kit without the recorder",
              "bare": "bare create_agent (same tools+middleware, fixed model)",
              "kit, fixed model": "  diagnosis: kit with the bare fixed model"}
    for name, label in labels.items():
        table.add(label, seconds(wall[name].min), seconds(wall[name].median), seconds(cpu[name].median),
                  f"{wall[name].median / conversations * 1000:.2f} ms",
                  times(ratio(wall[name].median, wall["bare"].median)))
    table.notes.append("same conversations (tool calls per customer message) in kit and bare: "
                       + ("yes" if result["same_conversations"] else "NO") + f" — {result['paths']}")
    verdicts = [Verdict("Part 1 kit (recorder on) / bare create_agent", ratio(wall["kit"].median,
                                                                              wall["bare"].median), TARGET_RATIO, "x"),
                Verdict("Part 1 kit without recorder / bare create_agent",
                        ratio(wall["kit, no recorder"].median, wall["bare"].median), TARGET_RATIO, "x")]
    return [table], verdicts
