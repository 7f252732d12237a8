"""Each edition's notebooks under nbval, as ``./kit test notebooks`` runs them: the edition's time, each notebook's.

One pytest run per edition (``notebooks/``, then ``notebooks/ko/``) with the same options as ``./kit test
notebooks``, its notebooks shared between the same pytest-xdist workers (``-n N --dist loadscope``, N as
``./kit test`` chooses: one per core, at most 4; a notebook's cells stay on one worker). The time is the wall
time from pytest's start to its end: what a workshop waits for on that machine. A JUnit report gives each
notebook's own time (its kernel's start, its cells, its kernel's stop). The bare row is a one-cell notebook
(``print("hello")``) under the same command: pytest's start-up, the workers, a kernel and nbval, nothing of the kit.
It lives in a temporary folder, so the command names the repository's configuration (``-c pyproject.toml``: its
``addopts``, the plugins it leaves out): without it pytest would run the bare notebook without them.

Beside each wall time, the CPU seconds the run cost (``getrusage`` of the children: pytest, its workers, the kernels;
not the processes a notebook starts that outlive their parent, e.g. its server's decision workers). On a shared
machine the wall time follows the load; the CPU seconds less, but they move too (one English edition, same code:
177 s wall and 95 s CPU at load 9, 83 s wall and 115 s CPU at load 2): compare two versions in back-to-back runs.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ElementTree
from collections import defaultdict
from pathlib import Path
from typing import Callable, Sequence

from benchmarks.harness import ROOT, Stats, Table, Verdict, child_env, seconds

TARGET_EDITION_S = 45.0
EDITIONS = {"en": "notebooks", "ko": "notebooks/ko"}


def nbval_options() -> list[str]:
    """nbval's options as ``./kit test notebooks`` gives them, without pytest's cache (its last-failed entries, the
    scheduler's unit seconds: a benchmark leaves no trace), quiet."""
    from handoffs.kit.testing import nbval_arguments

    return [*nbval_arguments(notebooks_only=True), "-p", "no:cacheprovider", "-q"]


def edition_notebooks(edition: str) -> list[str]:
    return sorted(str(p.relative_to(ROOT)) for p in (ROOT / EDITIONS[edition]).glob("*.ipynb") if ".mine-" not in p.name)


def parallel_options() -> list[str]:
    """The pytest-xdist options ``./kit test notebooks`` adds on this machine."""
    from handoffs.kit.testing import parallel_arguments

    return parallel_arguments("notebooks", [])


def trivial_notebook(folder: Path) -> str:
    """A one-cell notebook whose committed output matches what the cell prints."""
    cell = {"cell_type": "code", "execution_count": 1, "id": "hello", "metadata": {}, "source": ['print("hello")'],
            "outputs": [{"name": "stdout", "output_type": "stream", "text": ["hello\n"]}]}
    notebook = {"cells": [cell], "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                                             "name": "python3"}},
                "nbformat": 4, "nbformat_minor": 5}
    path = folder / "trivial.ipynb"
    path.write_text(json.dumps(notebook))
    return str(path)


def run_nbval(notebooks: Sequence[str], extra: Sequence[str] = ()) -> dict:
    """Run nbval over ``notebooks`` in one pytest process; return the wall time and each notebook's time."""
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "junit.xml"
        configuration = ["-c", str(ROOT / "pyproject.toml"), "--rootdir", str(ROOT)]  # also for notebooks elsewhere
        command = [sys.executable, "-m", "pytest", *notebooks, *nbval_options(), *configuration, *extra,
                   f"--junitxml={report}"]
        started, cpu_before = time.perf_counter(), _children_cpu()
        done = subprocess.run(command, cwd=ROOT, env=child_env(), capture_output=True, text=True)
        wall, cpu = time.perf_counter() - started, _children_cpu() - cpu_before
        per_notebook: dict[str, float] = defaultdict(float)
        if report.exists():
            for case in ElementTree.parse(report).iter("testcase"):
                name = case.get("classname", "?").removeprefix("notebooks.").removesuffix(".ipynb").replace("ko.", "ko/")
                per_notebook[name] += float(case.get("time", 0))
    passed = done.returncode == 0
    return {"seconds": wall, "cpu": cpu, "per_notebook": dict(per_notebook), "passed": passed,
            "summary": done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr[-500:]}


def _children_cpu() -> float:
    """CPU seconds (user + system) of this process's children that have ended, and of theirs that they waited for."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def measure(repeats: int = 1, only: Sequence[str] | None = None, extra: Sequence[str] | None = None,
            progress: Callable[[str], None] = print) -> tuple[list[Table], list[Verdict]]:
    """Each edition (or just ``only``) under nbval; ``extra`` replaces the parallel options (``[]``: one process)."""
    from handoffs.kit.testing import compile_sources

    options = parallel_options() if extra is None else list(extra)
    compile_sources(Path(sys.executable))  # as ./kit test does before pytest starts (not in the times)
    runs_of = {"given": list(only)} if only else {edition: edition_notebooks(edition) for edition in EDITIONS}
    kit_runs: dict[str, list[dict]] = {name: [] for name in runs_of}
    bare_runs = []
    with tempfile.TemporaryDirectory() as folder:
        trivial = trivial_notebook(Path(folder))
        for repeat in range(repeats):
            progress(f"notebooks: a one-cell notebook (run {repeat + 1} of {repeats})")
            bare_runs.append(run_nbval([trivial], options))
            for name, notebooks in runs_of.items():
                progress(f"notebooks: {name}: {len(notebooks)} notebooks under nbval (run {repeat + 1} of {repeats})")
                kit_runs[name].append(run_nbval(notebooks, options))
    bare = Stats.of([r["seconds"] for r in bare_runs])
    shown = " ".join(options) or "one process"
    table = Table(f"Notebooks under nbval, one pytest run per edition ({shown}; {repeats} run(s))",
                  ["what", "time min", "time median", "CPU median", "result"])
    verdicts = []
    for name, runs in kit_runs.items():
        stats = Stats.of([r["seconds"] for r in runs])
        label = {"en": "English edition", "ko": "Korean edition"}.get(name, "the given notebooks")
        cpu = Stats.of([r["cpu"] for r in runs])
        table.add(f"{label}: {len(runs_of[name])} notebooks (wall, pytest start to end)", seconds(stats.min),
                  seconds(stats.median), seconds(cpu.median), runs[-1]["summary"])
        if not only:
            verdicts.append(Verdict(f"{label} notebooks under nbval (seconds, {shown})", stats.median,
                                    TARGET_EDITION_S, "s"))
        if not all(run["passed"] for run in runs):
            table.notes.append(f"{label}: SOME NOTEBOOKS FAILED: its times are not those of a green run")
    table.add("bare: a one-cell notebook under the same command", seconds(bare.min), seconds(bare.median),
              seconds(Stats.of([r["cpu"] for r in bare_runs]).median), bare_runs[-1]["summary"])
    for name, runs in kit_runs.items():
        names = sorted({notebook for run in runs for notebook in run["per_notebook"]})
        for notebook in names:
            values = [run["per_notebook"].get(notebook, 0.0) for run in runs]
            table.add(f"  {notebook}", seconds(min(values)), seconds(sorted(values)[len(values) // 2]), "", "")
    table.notes.append("per-notebook times are nbval's test times (kernel start, cells, kernel stop), summed over a "
                       "notebook's cells; with workers they overlap, so they add up to more than the wall time")
    return [table], verdicts
