"""Part 2: many concurrent seed-003 sessions — the kit against seed 003's agents on bare autogen-core.

Each run is a fresh child process. The kit runs :func:`handoffs.part2.crowd.run_crowd` exactly as notebook
08 does (offline model, recorder on); the baseline runs :mod:`benchmarks.bare_seed003` (the seed's agent classes,
a free model replaying the same conversations, no recorder). Both time from the first login until the runtime is
idle, plus one full garbage collection right after (the kit holds its full collections while its sessions run and
owes that one; see :func:`closing_collection_seconds`), after a warm-up session of each kind. Memory per session
is (peak RSS - RSS before the sessions) / sessions, measured in the child (the targets'); :mod:`benchmarks.part2_memory` prints it beside the RSS of a further session and tracemalloc's count, for both variants alike. At the largest size the kit's run is also checked for crossed messages with the checks
notebook 08 prints (:func:`handoffs.part2.crowd.find_crossings`).
"""

from __future__ import annotations

import gc
import time
import tracemalloc
from typing import Any, Callable, Sequence

from benchmarks.child import current_rss_kib, peak_rss_kib
from benchmarks.part2_memory import memory_table
from benchmarks.harness import Stats, Table, Verdict, interleave, mib, ratio, run_child, seconds, times, values

TARGET_RATIO = 1.25
TARGET_LINEARITY = 1.1
TARGET_MEMORY_RATIO = 1.5


async def kit_sessions(count: int, check: bool = False, free_model: bool = False,
                       traced: bool = False) -> dict[str, Any]:
    """Child: ``count`` crowd sessions through the kit (the offline model, a recorder), as notebook 08 runs them.

    ``free_model``: the baseline's replaying model instead of the offline model (to tell the model's cost from the
    kit's plumbing; not a target). ``traced``: Python's own count of the memory the sessions took at their peak
    (:func:`traced_peak`; tracemalloc slows the run and adds its own memory, so such a run's times and RSS mean
    nothing)."""
    from benchmarks.free_models import FixedModelClient
    from handoffs.models import model_client
    from handoffs.part2.crowd import crowd_scripts, find_crossings, run_crowd
    from handoffs.recorder import RunRecorder

    client = FixedModelClient(inner=model_client()) if free_model else model_client()
    await run_crowd(crowd_scripts(2), model_client=client, recorder=RunRecorder())  # warm-up (and learning)
    if free_model:
        client.inner = None
    scripts = crowd_scripts(count)
    gc.collect()
    if traced:
        return await traced_peak(lambda: run_crowd(scripts, model_client=client, recorder=RunRecorder()))
    before, cpu = current_rss_kib(), time.process_time()
    run = await run_crowd(scripts, model_client=client, recorder=RunRecorder())
    collection = closing_collection_seconds()  # the run still alive, as notebook 08 keeps it for its checks
    result: dict[str, Any] = {"seconds": run.seconds + collection, "cpu_seconds": time.process_time() - cpu,
                              "rss_before_kib": before, "peak_rss_kib": peak_rss_kib(),
                              "full_collection_after_seconds": collection}
    if check:
        crossings = find_crossings(run, scripts)
        result.update(no_crossing=crossings.none, crossing_report=crossings.describe())
    return result


async def bare_sessions(count: int, quiet: bool = False, traced: bool = False) -> dict[str, Any]:
    """Child: the same ``count`` conversations on seed 003's agents on bare autogen-core (a free model).

    ``quiet``: on the kit's QuietRuntime instead of AutoGen's (a diagnosis: how much of the difference is the
    runtime's; not a target). ``traced``: as for :func:`kit_sessions`."""
    from autogen_core import SingleThreadedAgentRuntime

    from benchmarks.bare_seed003 import run_bare_sessions
    from benchmarks.free_models import FixedModelClient
    from handoffs.models import model_client
    from handoffs.part2.crowd import crowd_scripts
    from handoffs.part2.quiet_runtime import QuietRuntime

    runtime_class = QuietRuntime if quiet else SingleThreadedAgentRuntime
    client = FixedModelClient(inner=model_client())
    await run_bare_sessions(crowd_scripts(2), client, runtime_class)  # learns the answers, warms up like the kit
    client.inner = None
    scripts = crowd_scripts(count)
    gc.collect()
    if traced:
        return await traced_peak(lambda: run_bare_sessions(scripts, client, runtime_class))
    before, cpu = current_rss_kib(), time.process_time()
    elapsed = await run_bare_sessions(scripts, client, runtime_class)
    collection = closing_collection_seconds()
    return {"seconds": elapsed + collection, "cpu_seconds": time.process_time() - cpu, "rss_before_kib": before,
            "peak_rss_kib": peak_rss_kib(), "full_collection_after_seconds": collection}


async def traced_peak(sessions: Callable[[], Any]) -> dict[str, Any]:
    """Await ``sessions()`` with tracemalloc on; the most memory Python's allocators held for it at once, in KiB.

    Counted in bytes asked for, not in pages touched: no rounding to pages, no free room left in the allocator's
    arenas by the imports and the warm-up (which an RSS difference counts as free), no thread arenas, and the same
    figure whenever it is read (the peak is kept by tracemalloc, whenever it came). Memory allocated outside
    Python's allocators (a C library's own malloc) is not in it."""
    tracemalloc.start()
    try:
        await sessions()
        return {"traced_peak_kib": tracemalloc.get_traced_memory()[1] / 1024}
    finally:
        tracemalloc.stop()


def closing_collection_seconds() -> float:
    """Wall seconds of one full collection right after a child's timed sessions; both variants' times include it.

    The kit holds full collections while its sessions run (:mod:`handoffs.part2.collector`), so the walk of the heap
    its run still owes comes when the sessions end: it is the kit's cost, and counted as such. The baseline pays
    its full collections as they come, during its sessions; the one it runs here is its share of the same rule
    (whatever it still holds when its sessions end), so both times end at the same point."""
    started = time.perf_counter()
    gc.collect()
    return time.perf_counter() - started


def growths(small_runs: Sequence[dict[str, Any]], large_runs: Sequence[dict[str, Any]], small: int,
            large: int) -> list[float]:
    """Each repeat's wall time per session at ``large`` over its time per session at ``small`` (the two sizes of one
    repeat run minutes apart at most, where the medians of all repeats of each size may be a machine's mood apart)."""
    return [ratio(big["seconds"] / large, little["seconds"] / small) for little, big in zip(small_runs, large_runs)]


def per_session_kib(run: dict[str, Any], count: int) -> float:
    return (run["peak_rss_kib"] - run["rss_before_kib"]) / count


def measure(sizes: Sequence[int] = (1000, 10000), repeats: int = 3,
            progress: Callable[[str], None] = print) -> tuple[list[Table], list[Verdict]]:
    """Run the kit and the baseline at each size, interleaved; return the tables and the verdicts."""
    tables, verdicts = [], []
    largest, smallest = max(sizes), min(sizes)
    variants: dict[str, Callable[[], dict[str, Any]]] = {}
    for count in sizes:  # every size in every repeat: a growth is a ratio of two sizes, measured side by side too
        variants[f"{count}|kit"] = (lambda n: lambda: run_child("benchmarks.part2:kit_sessions", count=n,
                                                                check=n == largest))(count)
        variants[f"{count}|bare"] = (lambda n: lambda: run_child("benchmarks.part2:bare_sessions", count=n))(count)
        if count == smallest:
            variants[f"{count}|kit, free model"] = (lambda n: lambda: run_child(
                "benchmarks.part2:kit_sessions", count=n, free_model=True))(count)
            variants[f"{count}|bare, quiet runtime"] = (lambda n: lambda: run_child(
                "benchmarks.part2:bare_sessions", count=n, quiet=True))(count)
    every = interleave(variants, repeats, lambda text: progress(
        "part2 {:,} sessions: {}".format(int(text.split("|")[0]), text.split("|", 1)[1])))
    traced = interleave({  # Python's own count of the peak: one run each is enough (no pages, no arenas, no timing)
        "kit": lambda: run_child("benchmarks.part2:kit_sessions", count=smallest, traced=True),
        "bare": lambda: run_child("benchmarks.part2:bare_sessions", count=smallest, traced=True)}, 1,
        lambda text: progress(f"part2 {smallest:,} sessions, tracemalloc: {text}"))
    for count in sizes:
        runs = {key.split("|", 1)[1]: found for key, found in every.items() if key.startswith(f"{count}|")}
        kit, bare = Stats.of(values(runs["kit"], "seconds")), Stats.of(values(runs["bare"], "seconds"))
        kit_cpu, bare_cpu = Stats.of(values(runs["kit"], "cpu_seconds")), Stats.of(values(runs["bare"], "cpu_seconds"))
        kit_mem = Stats.of([per_session_kib(r, count) for r in runs["kit"]])
        bare_mem = Stats.of([per_session_kib(r, count) for r in runs["bare"]])
        kit_peak = Stats.of(values(runs["kit"], "peak_rss_kib"))
        bare_peak = Stats.of(values(runs["bare"], "peak_rss_kib"))
        table = Table(f"Part 2: {count:,} concurrent seed-003 sessions, one runtime ({repeats} runs each, interleaved)",
                      ["variant", "time min", "time median", "CPU median", "per session", "sessions/s",
                       "memory/session", "peak RSS"])
        for name, stats, cpu, mem, peak in (
                ("kit (offline model, recorder on)", kit, kit_cpu, kit_mem, kit_peak),
                ("bare autogen-core (seed 003, free model)", bare, bare_cpu, bare_mem, bare_peak)):
            table.add(name, seconds(stats.min), seconds(stats.median), seconds(cpu.median),
                      f"{stats.median / count * 1000:.2f} ms", f"{count / stats.median:,.0f}", f"{mem.median:.1f} KiB",
                      mib(peak.median))
        table.add("ratio kit / bare", times(ratio(kit.min, bare.min)), times(ratio(kit.median, bare.median)),
                  times(ratio(kit_cpu.median, bare_cpu.median)), "", "", times(ratio(kit_mem.median, bare_mem.median)),
                  "")
        if "kit, free model" in runs:
            for name, label in (("kit, free model", "  diagnosis: kit with the baseline's free model"),
                                ("bare, quiet runtime", "  diagnosis: bare on the kit's QuietRuntime")):
                wall = Stats.of(values(runs[name], "seconds"))
                cpu = Stats.of(values(runs[name], "cpu_seconds"))
                table.add(label, seconds(wall.min), seconds(wall.median), seconds(cpu.median), "", "", "", "")
                table.add("    ratio to bare", times(ratio(wall.min, bare.min)), times(ratio(wall.median, bare.median)),
                          times(ratio(cpu.median, bare_cpu.median)), "", "", "", "")
            table.notes.append("diagnosis rows (not targets): the kit with the baseline's replaying model is the "
                               "kit's own plumbing without the offline model's cost; the baseline on QuietRuntime "
                               "shows how much of AutoGen's runtime cost the kit's runtime avoids for both")
        after = {name: Stats.of(values(runs[name], "full_collection_after_seconds")).median for name in ("kit", "bare")}
        table.notes.append(f"the kit holds full collections while its sessions run (handoffs.part2.collector); each "
                           f"variant's time includes one full collection when its sessions end: kit "
                           f"{seconds(after['kit'])} ({after['kit'] / count * 1000:.2f} ms a session, the one its "
                           f"run owes), bare {seconds(after['bare'])}")
        for run in runs["kit"]:
            if "no_crossing" in run:
                table.notes.append(f"crossing check of the kit's {count:,} sessions (notebook 08's checks): "
                                   + ("no message crossed" if run["no_crossing"] else "MESSAGES CROSSED"))
                table.notes.append("  " + run["crossing_report"].replace("\n", "\n    "))
                break
        tables.append(table)
        verdicts.append(Verdict(f"Part 2 kit/bare time at {count:,} sessions", ratio(kit.median, bare.median),
                                TARGET_RATIO, "x"))
        verdicts.append(Verdict(f"Part 2 kit/bare memory per session at {count:,}",
                                ratio(kit_mem.median, bare_mem.median), TARGET_MEMORY_RATIO, "x"))
        if count == largest:
            crossed = [r for r in runs["kit"] if "no_crossing" in r and not r["no_crossing"]]
            verdicts.append(Verdict(f"Part 2 runs of {count:,} sessions with a crossed message", len(crossed), 0))
    small, large = smallest, largest
    if small != large:
        ratios = {name: growths(every[f"{small}|{name}"], every[f"{large}|{name}"], small, large)
                  for name in ("kit", "bare")}
        growth = {name: Stats.of(found) for name, found in ratios.items()}
        table = Table(f"Part 2: cost per session at {large:,} / at {small:,} sessions (median of each repeat's "
                      f"ratio: both sizes run in every repeat)", ["variant", "per session growth", "least"])
        table.add("kit", times(growth["kit"].median), times(growth["kit"].min))
        table.add("bare autogen-core", times(growth["bare"].median), times(growth["bare"].min))
        own = Stats.of([kit / bare for kit, bare in zip(ratios["kit"], ratios["bare"])])
        table.add("  diagnosis: kit growth / bare growth, same repeat", times(own.median), times(own.min))
        table.notes.append("the diagnosis row is the kit's growth over the bare framework's in the same repeat (not a "
                           "target): what a larger crowd costs any code on this machine cancels in it, since a "
                           "session's machine instructions do not grow with the crowd (CONTRIBUTING, Part 2 growth)")
        tables.append(table)
        verdicts.append(Verdict(f"Part 2 kit per-session cost at {large:,} / at {small:,}", growth["kit"].median,
                                TARGET_LINEARITY, "x"))
    tables.append(memory_table(every, sizes, traced))
    return tables, verdicts
