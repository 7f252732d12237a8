"""Part 2's memory a session, three ways, for the kit and the baseline alike (``./kit bench part2``'s memory table).

The targets compare the first (:func:`benchmarks.part2.per_session_kib`): (peak RSS - RSS before the sessions) /
sessions, in a fresh child. It is what the operating system gave the process, but it is read in pages, and it
counts as free whatever room the imports and the warm-up left in the allocator's arenas (used first, so a fixed sum
is missing at every size), and whatever the run's bounded caches take (a fixed sum too, counted in full at 1,000
sessions and a tenth of it at 10,000). So beside it:

* **a further session**: the slope of (peak RSS - RSS before) between the smallest and the largest size, from the two
  runs of one repeat (what one more session costs: fixed sums cancel), and the fixed part it leaves (MiB);
* **Python's own count**: tracemalloc's peak of the memory the sessions took from Python's allocators, in a run of
  its own at the smallest size (bytes asked for, no pages, no arenas; the same in every run of the same code).

None of these replaces the others, and none is a target: they say which part of the figure is the sessions'.
"""

from __future__ import annotations

import statistics
from typing import Any, Mapping, Sequence

from benchmarks.harness import Table, ratio, times


def rss_kib(run: Mapping[str, Any]) -> float:
    return run["peak_rss_kib"] - run["rss_before_kib"]


def slopes(small_runs: Sequence[Mapping[str, Any]], large_runs: Sequence[Mapping[str, Any]], small: int,
           large: int) -> list[tuple[float, float]]:
    """Each repeat's (KiB a further session, fixed KiB) from its runs at ``small`` and ``large`` sessions."""
    found = []
    for little, big in zip(small_runs, large_runs):
        slope = (rss_kib(big) - rss_kib(little)) / (large - small)
        found.append((slope, rss_kib(little) - slope * small))
    return found


def spread(values: Sequence[float]) -> str:
    return f"{statistics.median(values):.1f} KiB ({min(values):.1f}-{max(values):.1f})"


def memory_table(every: Mapping[str, Sequence[Mapping[str, Any]]], sizes: Sequence[int],
                 traced: Mapping[str, Sequence[Mapping[str, Any]]]) -> Table:
    """The table: ``every`` holds the runs by ``"{count}|kit"`` / ``"{count}|bare"``, ``traced`` the tracemalloc runs
    by ``"kit"`` / ``"bare"`` (at the smallest size)."""
    small, large = min(sizes), max(sizes)
    table = Table("Part 2: memory a session, three ways (median of the runs; least-most in brackets)",
                  ["measure", "kit", "bare autogen-core", "kit / bare"])
    for count in sorted(sizes):
        kit = [rss_kib(r) / count for r in every[f"{count}|kit"]]
        bare = [rss_kib(r) / count for r in every[f"{count}|bare"]]
        table.add(f"RSS (peak - before) / sessions at {count:,} (the target's)", spread(kit), spread(bare),
                  times(ratio(statistics.median(kit), statistics.median(bare))))
    free = every.get(f"{small}|kit, free model")
    if free:
        kit, bare = [rss_kib(r) / small for r in free], [rss_kib(r) / small for r in every[f"{small}|bare"]]
        table.add(f"  diagnosis: kit with the baseline's free model at {small:,}", spread(kit), "",
                  times(ratio(statistics.median(kit), statistics.median(bare))))
    if small != large:
        found = {name: slopes(every[f"{small}|{name}"], every[f"{large}|{name}"], small, large)
                 for name in ("kit", "bare")}
        kit, bare = ([s for s, _ in found[name]] for name in ("kit", "bare"))
        table.add(f"RSS a further session, {small:,} -> {large:,}", spread(kit), spread(bare),
                  times(ratio(statistics.median(kit), statistics.median(bare))))
        fixed = {name: statistics.median(f for _, f in found[name]) / 1024 for name in ("kit", "bare")}
        table.add("  the fixed part it leaves", f"{fixed['kit']:.1f} MiB", f"{fixed['bare']:.1f} MiB", "")
    if traced:
        kit = [r["traced_peak_kib"] / small for r in traced["kit"]]
        bare = [r["traced_peak_kib"] / small for r in traced["bare"]]
        table.add(f"Python memory at the peak (tracemalloc) at {small:,}", spread(kit), spread(bare),
                  times(ratio(statistics.median(kit), statistics.median(bare))))
    table.notes.append("the diagnosis row is the kit without the offline model's cost (its bounded caches, and the "
                       "objects each of its answers makes, where the free model hands every session the same ones)")
    table.notes.append("the targets compare the first rows, as before; a further session's RSS is the slope between "
                       "the sizes of one repeat (fixed sums cancel: room left free in the allocator by the warm-up, "
                       "the kit's bounded caches); tracemalloc counts the bytes the sessions asked Python for at "
                       "their peak, in a run of its own (no pages, no arenas; C libraries' own malloc not counted)")
    return table
