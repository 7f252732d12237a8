"""Part 1: seed-000 conversations — the kit's ``build_support_agent`` against a bare ``create_agent``.

The bare agent is ``create_agent`` with the same tools, the same two middlewares (``apply_step_config`` and the
step guard) and the same state schema, but a fixed-tool-call model (:func:`benchmarks.free_models.fixed_tool_call_model`:
it replays the offline model's answers for the same conversation, one dict lookup a call) and no recorder. The kit
runs as notebook 02 does: the offline model, a recorder. A third row shows the kit without its recorder, and a
diagnosis row the kit with the fixed model (the kit's own plumbing without the offline model's cost).

The offline model remembers what it read of a text (a reading per exact message, a profile per tool, as a real
model's prompt-prefix cache does), so three customer messages repeated a thousand times are read three times. The
"fresh messages" row is the kit (offline model, recorder) where every conversation's message is a text never seen
before (``"I was charged twice (order 00042)"``, numbered): nothing it read of one conversation serves the next. The
bare agent's cost does not depend on the text (a lookup), so both kit rows are set against the same bare row; that
ratio, though, adds the offline model's reading (the model's own work, which issue 23 bounds per decision: the
fresh-word p50 of :mod:`benchmarks.decisions`) to the kit's plumbing. So a last row runs the bare ``create_agent``
with the offline model itself on fresh messages too (no recorder, no kit layers): the kit's plumbing on never-seen
messages is the kit's fresh row set against that one, and the model's reading is that row minus the bare row.

All variants run in one child process on the same customer messages; each conversation is one ``invoke`` on a new
thread id (no checkpointer). Each repeat runs ``count`` conversations per variant in chunks of :data:`CHUNK`,
interleaved chunk by chunk (kit, bare, kit, bare, ...), so a busy neighbour on a shared machine slows every variant
alike; the ratios are of CPU-time medians (the steadier figure on a shared machine), wall time shown beside them.
A note gives each variant's garbage-collection CPU time a conversation (a ``gc.callbacks`` clock; a collection is
charged to the variant that was running): the bare agent keeps nothing between conversations, a recorder keeps its
events, and what is kept is what brings the collections round.
"""

from __future__ import annotations

import gc
import time
from typing import Any, Callable

from benchmarks.free_models import fixed_tool_call_model
from benchmarks.harness import Stats, Table, Verdict, ratio, run_child, seconds, times

CUSTOMER_MESSAGES = ("I was charged twice", "My app crashes every time I log in",
                     "I want to change my delivery address")
TARGET_RATIO = 1.1
CHUNK = 50  # conversations per variant before the next variant's turn
FRESH = ("kit, fresh messages", "bare, offline model, fresh messages")  # the variants given never-seen messages


def bare_agent(model: Any) -> Any:
    """``create_agent`` with seed 000's tools, middlewares and state, and nothing else."""
    from langchain.agents import create_agent

    from handoffs.part1.middleware import apply_step_config_for, step_guard_middleware
    from handoffs.part1.state import SupportState
    from handoffs.part1.steps import STEP_TABLE, all_tools

    return create_agent(model, tools=all_tools(STEP_TABLE), state_schema=SupportState,
                        middleware=[apply_step_config_for(STEP_TABLE), step_guard_middleware(STEP_TABLE)])


def _tool_path(state: dict) -> list[str]:
    return [call["name"] for m in state["messages"] if m.type == "ai" for call in m.tool_calls]


def fresh_message(text: str, number: int) -> str:
    """``text`` made a message never seen before, in words that do not change where it goes: ``"… (order 00042)"``."""
    return f"{text} (order {number:05d})"


def conversations(count: int, repeats: int) -> dict[str, Any]:
    """Child: ``count`` conversations per variant and repeat, interleaved; returns each variant's times."""
    from handoffs.models import OfflineChatModel
    from handoffs.recorder import RunRecorder
    from handoffs.part1 import ask, build_support_agent

    fixed = fixed_tool_call_model(inner=OfflineChatModel())
    learner = bare_agent(fixed)
    bare_paths = [_tool_path(ask(learner, text)) for text in CUSTOMER_MESSAGES]  # learns the answers
    fixed._inner = None
    kit_paths = [_tool_path(ask(build_support_agent(), text)) for text in CUSTOMER_MESSAGES]
    fresh_paths = [_tool_path(ask(build_support_agent(), fresh_message(text, 99999 - i)))
                   for i, text in enumerate(CUSTOMER_MESSAGES)]
    bare_fresh_paths = [_tool_path(ask(bare_agent(OfflineChatModel()), fresh_message(text, 99990 - i)))
                        for i, text in enumerate(CUSTOMER_MESSAGES)]

    builders: dict[str, Callable[[], Any]] = {
        "kit": lambda: build_support_agent(recorder=RunRecorder()),
        "kit, no recorder": lambda: build_support_agent(),
        "bare": lambda: bare_agent(fixed),
        "kit, fixed model": lambda: build_support_agent(fixed, recorder=RunRecorder()),
        "kit, fresh messages": lambda: build_support_agent(recorder=RunRecorder()),
        "bare, offline model, fresh messages": lambda: bare_agent(OfflineChatModel()),
    }
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in builders}
    number = 0
    collecting = _GcClock()
    gc.callbacks.append(collecting)
    for _repeat in range(repeats):
        agents = {name: build() for name, build in builders.items()}  # a new agent (and recorder) per repeat
        for name, agent in agents.items():  # warm every variant up (not kept)
            for i in range(3):
                ask(agent, CUSTOMER_MESSAGES[i], {"configurable": {"thread_id": f"warm{i}"}})
        totals = {name: {"seconds": 0.0, "cpu_seconds": 0.0, "gc_cpu_seconds": 0.0} for name in builders}
        for start in range(0, count, CHUNK):
            for name, agent in agents.items():
                wall, cpu, collected = time.perf_counter(), time.process_time(), collecting.cpu_seconds
                fresh = name in FRESH
                for i in range(start, min(count, start + CHUNK)):
                    number += 1
                    text = CUSTOMER_MESSAGES[i % len(CUSTOMER_MESSAGES)]
                    ask(agent, fresh_message(text, number) if fresh else text, {"configurable": {"thread_id": f"t{number}"}})
                totals[name]["seconds"] += time.perf_counter() - wall
                totals[name]["cpu_seconds"] += time.process_time() - cpu
                totals[name]["gc_cpu_seconds"] += collecting.cpu_seconds - collected
        for name in builders:
            runs[name].append(totals[name])
    gc.callbacks.remove(collecting)
    return {"runs": runs, "same_conversations": bare_paths == kit_paths == fresh_paths == bare_fresh_paths, "paths": kit_paths}


class _GcClock:
    """A ``gc.callbacks`` entry adding up the CPU time of garbage collections (the variant running pays for them)."""

    def __init__(self) -> None:
        self.cpu_seconds = 0.0
        self._started = 0.0

    def __call__(self, phase: str, _info: dict) -> None:
        if phase == "start":
            self._started = time.process_time()
        else:
            self.cpu_seconds += time.process_time() - self._started


def measure(conversations: int = 1000, repeats: int = 5,
            progress: Callable[[str], None] = print) -> tuple[list[Table], list[Verdict]]:
    progress(f"part1: {conversations:,} conversations x {repeats} repeats per variant, one child process")
    result = run_child("benchmarks.part1:conversations", count=conversations, repeats=repeats)
    runs = result["runs"]
    wall = {name: Stats.of([r["seconds"] for r in rs]) for name, rs in runs.items()}
    cpu = {name: Stats.of([r["cpu_seconds"] for r in rs]) for name, rs in runs.items()}
    table = Table(f"Part 1: {conversations:,} seed-000 conversations ({repeats} runs each, interleaved in chunks of "
                  f"{CHUNK})", ["variant", "time median", "CPU min", "CPU median", "CPU per conversation",
                                "kit / bare (CPU median)"])
    labels = {"kit": "kit (build_support_agent, offline model, recorder)",
              "kit, no recorder": "kit without the recorder",
              "bare": "bare create_agent (same tools+middleware, fixed model)",
              "kit, fixed model": "  diagnosis: kit with the bare fixed model",
              "kit, fresh messages": "kit, every message never seen before (offline model, recorder)",
              "bare, offline model, fresh messages": "  bare create_agent with the offline model, never-seen messages"}
    for name, label in labels.items():
        table.add(label, seconds(wall[name].median), seconds(cpu[name].min), seconds(cpu[name].median),
                  f"{cpu[name].median / conversations * 1000:.2f} ms",
                  times(ratio(cpu[name].median, cpu["bare"].median)))
    table.notes.append("same conversations (tool calls per customer message) in kit, bare and both rows on never-seen messages: "
                       + ("yes" if result["same_conversations"] else "NO") + f" — {result['paths']}")
    model_share = (cpu["kit"].median - cpu["kit, fixed model"].median) / conversations * 1000
    table.notes.append(f"the offline model's decisions (kit minus the diagnosis row): {model_share:.2f} ms a "
                       f"conversation" + (" (less than nothing: the offline model answers a remembered decision "
                                          "for less than the replaying model, since it writes its result objects "
                                          "directly where the replaying model's are validated)"
                                          if model_share < 0 else "")
                       + f"; the kit's own plumbing (diagnosis / bare): "
                       f"{ratio(cpu['kit, fixed model'].median, cpu['bare'].median):.2f}x")
    reading = (cpu["bare, offline model, fresh messages"].median - cpu["bare"].median) / conversations * 1000
    table.notes.append(f"never-seen messages: the offline model's reading of them (bare agent with the offline model "
                       f"minus the bare row) {reading:.2f} ms a conversation, the model's own work (its cost per "
                       f"decision is the fresh-word p50 of `bench decisions`); the kit's plumbing on them (kit on "
                       f"fresh messages / bare agent with the offline model on fresh messages): "
                       f"{ratio(cpu['kit, fresh messages'].median, cpu['bare, offline model, fresh messages'].median):.2f}x")
    collections = {name: Stats.of([r.get("gc_cpu_seconds", 0.0) for r in rs]).median for name, rs in runs.items()}
    table.notes.append("garbage collection a conversation (CPU median; every object a run keeps tracked adds to what a "
                       "full collection walks: the recorder keeps its rows end to end on one list, no object a row): "
                       + ", ".join(f"{name} {collections[name] / conversations * 1000:.2f} ms" for name in labels))
    verdicts = [Verdict("Part 1 kit (recorder on) / bare create_agent (CPU)",
                        ratio(cpu["kit"].median, cpu["bare"].median), TARGET_RATIO, "x"),
                Verdict("Part 1 kit without recorder / bare create_agent (CPU)",
                        ratio(cpu["kit, no recorder"].median, cpu["bare"].median), TARGET_RATIO, "x"),
                Verdict("Part 1 kit on never-seen messages / bare create_agent, same model, same messages (CPU)",
                        ratio(cpu["kit, fresh messages"].median, cpu["bare, offline model, fresh messages"].median),
                        TARGET_RATIO, "x")]
    return [table], verdicts
