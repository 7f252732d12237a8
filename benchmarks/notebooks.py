"""Every notebook under nbval, as ``./kit test notebooks`` runs them: the total, and each notebook's share.

One pytest process runs all notebooks with the same options as ``./kit test notebooks``; a JUnit report gives
each notebook's time (its cells, its kernel's start and stop). The bare row is a one-cell notebook
(``print("hello")``) under the same command: pytest's start-up, a kernel and nbval, with nothing of the kit.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ElementTree
from collections import defaultdict
from pathlib import Path
from typing import Callable, Sequence

from benchmarks.harness import ROOT, Stats, Table, Verdict, child_env, seconds

TARGET_TOTAL_S = 60.0
NBVAL_OPTIONS = ["--nbval", "--nbval-sanitize-with", "tests/nbval_sanitize.cfg", "--nbval-cell-timeout=600",
                 "--ignore-glob=*/tests/*.ipynb", "-p", "no:cacheprovider", "-q"]


def all_notebooks() -> list[str]:
    return sorted(str(p.relative_to(ROOT)) for p in (ROOT / "notebooks").glob("*.ipynb"))


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
        command = [sys.executable, "-m", "pytest", *notebooks, *NBVAL_OPTIONS, *extra, f"--junitxml={report}"]
        started = time.perf_counter()
        done = subprocess.run(command, cwd=ROOT, env=child_env(), capture_output=True, text=True)
        wall = time.perf_counter() - started
        per_notebook: dict[str, float] = defaultdict(float)
        if report.exists():
            for case in ElementTree.parse(report).iter("testcase"):
                name = case.get("classname", "?").removeprefix("notebooks.").removesuffix(".ipynb")
                per_notebook[name] += float(case.get("time", 0))
    passed = done.returncode == 0
    return {"seconds": wall, "per_notebook": dict(per_notebook), "passed": passed,
            "summary": done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr[-500:]}


def measure(repeats: int = 1, only: Sequence[str] | None = None, extra: Sequence[str] = (),
            progress: Callable[[str], None] = print) -> tuple[list[Table], list[Verdict]]:
    notebooks = list(only) if only else all_notebooks()
    kit_runs, bare_runs = [], []
    with tempfile.TemporaryDirectory() as folder:
        trivial = trivial_notebook(Path(folder))
        for repeat in range(repeats):
            progress(f"notebooks: a one-cell notebook (run {repeat + 1} of {repeats})")
            bare_runs.append(run_nbval([trivial], extra))
            progress(f"notebooks: {len(notebooks)} notebooks under nbval (run {repeat + 1} of {repeats})")
            kit_runs.append(run_nbval(notebooks, extra))
    kit, bare = Stats.of([r["seconds"] for r in kit_runs]), Stats.of([r["seconds"] for r in bare_runs])
    options = " ".join(extra) or "as ./kit test notebooks"
    table = Table(f"Notebooks under nbval ({len(notebooks)} notebooks, one pytest process, {options}; "
                  f"{repeats} run(s))", ["what", "time min", "time median", "result"])
    table.add("all notebooks (wall, pytest start to end)", seconds(kit.min), seconds(kit.median),
              kit_runs[-1]["summary"])
    table.add("bare: a one-cell notebook under the same command", seconds(bare.min), seconds(bare.median),
              bare_runs[-1]["summary"])
    names = sorted({name for run in kit_runs for name in run["per_notebook"]})
    for name in names:
        values = [run["per_notebook"].get(name, 0.0) for run in kit_runs]
        table.add(f"  {name}", seconds(min(values)), seconds(sorted(values)[len(values) // 2]), "")
    table.notes.append("per-notebook times are nbval's test times (kernel start, cells, kernel stop); the wall "
                       "time adds pytest's start-up and collection")
    verdicts = [] if only else [Verdict("all notebooks under nbval (seconds, one process)", kit.median,
                                        TARGET_TOTAL_S, "s")]
    if not all(run["passed"] for run in kit_runs):
        table.notes.append("SOME NOTEBOOKS FAILED: the times above are not those of a green run")
    return [table], verdicts

