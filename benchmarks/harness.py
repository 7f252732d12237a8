"""What every benchmark shares: child processes, interleaved repeats, statistics, tables and target verdicts.

* :func:`run_child` runs ``module:function(**kwargs)`` in a fresh Python process (``benchmarks.child``) and
  returns the dict it returned, plus that process's own peak RSS (``resource.getrusage``), so memory is measured
  per process, never guessed.
* :func:`interleave` runs every variant once per repeat, in turn (kit, bare, kit, bare, ...), so a noisy
  neighbour slows both alike; ratios are taken of medians (and of minimums, shown beside them).
* :class:`Table` prints aligned rows; :class:`Verdict` records a target and whether the measurement met it.

Benchmarks are not tests: nothing here asserts a time.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

ROOT = Path(__file__).resolve().parents[1]
CHILD_TIMEOUT_S = 3600


class BenchmarkFailed(RuntimeError):
    """A child process failed; the message carries the end of its error output."""


def child_env(**extra: str) -> dict[str, str]:
    """The environment of every child: the offline model, a fixed hash seed, this checkout's ``src`` first."""
    env = dict(os.environ)
    env.update(HANDOFFS_MODEL="offline", PYTHONHASHSEED="0", TZ="UTC")
    src = str(ROOT / "src")
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), src, *filter(None, [env.get("PYTHONPATH")])])
    env.update(extra)
    return env


def run_child(target: str, **kwargs: Any) -> dict[str, Any]:
    """Run ``target`` (``"benchmarks.part2:kit_sessions"``) with ``kwargs`` in a new process; return its dict."""
    command = [sys.executable, "-m", "benchmarks.child", target, json.dumps(kwargs)]
    done = subprocess.run(command, cwd=ROOT, env=child_env(), capture_output=True, text=True,
                          timeout=CHILD_TIMEOUT_S, stdin=subprocess.DEVNULL)
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        raise BenchmarkFailed(f"{target}({kwargs}) failed with code {done.returncode}:\n{done.stderr[-3000:]}")
    return json.loads(lines[-1])


def interleave(variants: dict[str, Callable[[], dict[str, Any]]], repeats: int,
               progress: Callable[[str], None] = lambda text: None) -> dict[str, list[dict[str, Any]]]:
    """Run each variant ``repeats`` times, alternating between variants; return each variant's runs in order."""
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in variants}
    for repeat in range(repeats):
        for name, measure in variants.items():
            progress(f"{name} (run {repeat + 1} of {repeats})")
            runs[name].append(measure())
    return runs


def values(runs: Iterable[dict[str, Any]], key: str) -> list[float]:
    return [float(run[key]) for run in runs]


@dataclass(frozen=True)
class Stats:
    """Minimum and median of repeated measurements (the minimum is the least disturbed run)."""

    min: float
    median: float
    count: int

    @classmethod
    def of(cls, samples: Sequence[float]) -> "Stats":
        if not samples:
            raise ValueError("no samples to summarise")
        return cls(min(samples), statistics.median(samples), len(samples))


def percentile(samples: Sequence[float], fraction: float) -> float:
    """The ``fraction`` percentile (0..1) by nearest rank."""
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))
    return ordered[index]


def ratio(kit: float, bare: float) -> float:
    return kit / bare if bare else float("inf")


@dataclass
class Verdict:
    """One target of issue 15 and what the benchmark measured for it."""

    what: str
    measured: float
    limit: float
    unit: str = ""

    @property
    def met(self) -> bool:
        return self.measured <= self.limit

    def line(self) -> str:
        mark = "met" if self.met else "NOT MET"
        return f"{self.what:<58} {self.measured:>8.2f}{self.unit:<3} target <= {self.limit:g}{self.unit}  {mark}"


@dataclass
class Table:
    """Rows of text cells, printed with aligned columns (first column left, the rest right-aligned)."""

    title: str
    header: Sequence[str]
    rows: list[Sequence[str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def add(self, *cells: Any) -> None:
        self.rows.append([str(c) for c in cells])

    def render(self) -> str:
        table = [list(self.header), *self.rows]
        widths = [max(len(row[i]) if i < len(row) else 0 for row in table) for i in range(len(self.header))]
        lines = [f"## {self.title}"]
        for number, row in enumerate(table):
            cells = [row[i].ljust(widths[i]) if i == 0 else row[i].rjust(widths[i])
                     for i in range(len(row))]
            lines.append("  ".join(cells).rstrip())
            if number == 0:
                lines.append("  ".join("-" * w for w in widths))
        lines += [f"  {note}" for note in self.notes]
        return "\n".join(lines)


def seconds(value: float) -> str:
    return f"{value:.2f} s" if value >= 1 else f"{value * 1000:.1f} ms"


def mib(kib: float) -> str:
    return f"{kib / 1024:.0f} MiB"


def times(value: float) -> str:
    return f"{value:.2f}x"
