"""Measure what the instructor's agenda rests on: how long each notebook takes to run, and how much there is to read.

``python -m handoffs.workshop.timings [NOTEBOOK...]`` executes each notebook (by default every notebook of both
editions, ``notebooks/`` and ``notebooks/ko/``) on a temporary copy (the committed file is never touched) with the
offline model, the way ``./kit execute`` does, and reads every cell's own execution time from the kernel's
timestamps (``metadata.execution``). It also counts the words of the markdown cells and the lines of code. It
prints one row per notebook plus the reading time at a stated pace (:data:`WORDS_PER_MINUTE`);
exercise time is not measured here, it is an assumption the guide states.

``--measure`` also keeps each notebook's run times in ``data/run_times.toml`` (with the date), and ``--write``
then rewrites the instructor guides' tables from them and the notebooks (:mod:`.guide_tables`):
``./kit timings`` = ``--write`` alone (counts only, seconds); ``./kit timings --measure [NOTEBOOK...]`` = both.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

from handoffs.kit.colab_cell import END as COLAB_END
from handoffs.kit.notebooks import all_notebooks, display_name, edition_notebooks

WORDS_PER_MINUTE = 150  # a careful reader of technical English, many of them not native speakers


def _seconds(cell) -> float:
    execution = cell.get("metadata", {}).get("execution", {})
    start, end = execution.get("iopub.execute_input"), execution.get("shell.execute_reply")
    if not (start and end):
        return 0.0
    parse = lambda text: datetime.fromisoformat(text.replace("Z", "+00:00"))  # noqa: E731
    return (parse(end) - parse(start)).total_seconds()


RUN_TIMES = Path(__file__).with_name("data") / "run_times.toml"


def counts(path: Path) -> dict:
    """What a notebook file says without running it: code cells, markdown words, code lines (the Colab install
    block of the first cell is not counted: nobody reads it in class)."""
    import json

    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    text = lambda cell: "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]  # noqa: E731
    code = [text(c) for c in cells if c["cell_type"] == "code"]
    code = [c.split(COLAB_END, 1)[-1].lstrip("\n") if "import google.colab" in c else c for c in code]  # not taught
    return {"cells": len(code), "code_lines": sum(len(c.splitlines()) for c in code),
            "words": sum(len(re.findall(r"\w+", text(c))) for c in cells if c["cell_type"] == "markdown")}


def stored_run_times() -> dict[str, dict]:
    """notebook stem -> {"run_s", "wall_s", "measured"} from the last ``--measure``."""
    import tomllib

    if not RUN_TIMES.exists():
        return {}
    return tomllib.loads(RUN_TIMES.read_text(encoding="utf-8")).get("notebooks", {})


def store_run_times(measured: list[dict]) -> None:
    """Merge new measurements (English notebooks only: the guides' tables follow that edition) into the file."""
    known = stored_run_times()
    today = time.strftime("%Y-%m-%d", time.gmtime())
    for row in measured:
        if "/" not in row["notebook"]:
            known[Path(row["notebook"]).stem] = {"run_s": round(row["run_s"], 1), "wall_s": round(row["wall_s"], 1),
                                                 "measured": today}
    lines = ["# Each notebook's run times with the offline model, as `./kit timings --measure` last measured them",
             "# (cells' own execution time, and wall = kernel start + cells + shutdown), on the machine it ran on.",
             "# The instructor guides' tables read them (handoffs.workshop.guide_tables); do not edit by hand.", ""]
    for name in sorted(known):
        row = known[name]
        lines.append(f'[notebooks."{name}"]')
        lines.append(f'run_s = {row["run_s"]}\nwall_s = {row["wall_s"]}\nmeasured = "{row["measured"]}"\n')
    RUN_TIMES.parent.mkdir(exist_ok=True)
    RUN_TIMES.write_text("\n".join(lines), encoding="utf-8")


def measure(path: Path) -> dict:
    """Execute a copy of one notebook; return its cells' total run time, wall time, words and code lines."""
    import nbformat
    from nbclient import NotebookClient

    node = nbformat.read(path, as_version=4)
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as scratch:  # the notebook's own working folder is a scratch copy
        client = NotebookClient(node, timeout=600, kernel_name="python3", record_timing=True,
                                resources={"metadata": {"path": scratch}})
        client.execute()
    wall = time.monotonic() - started
    code = [c for c in node.cells if c.cell_type == "code"]
    return {"notebook": display_name(path), **counts(path), "run_s": sum(_seconds(c) for c in code),
            "slowest_s": max((_seconds(c) for c in code), default=0.0), "wall_s": wall}


def main(argv: list[str]) -> int:
    from .guide_tables import write_guides

    write, keep = "--write" in argv, "--measure" in argv
    argv = [a for a in argv if a not in ("--write", "--measure")]
    if write and not keep and not argv:
        changed = write_guides()
        print(f"rewrote the timing blocks of {', '.join(changed)}" if changed else "the guides' timing blocks are "
              "up to date")
        return 0
    os.environ.update({"HANDOFFS_MODEL": "offline", "PYTHONHASHSEED": "0", "TZ": "UTC"})
    # --measure keeps the English edition's times (the guides' tables follow it); a plain run prints both editions
    paths = [Path(a) for a in argv] or (edition_notebooks("en") if keep else all_notebooks())
    measured = []
    print(f"{'notebook':<47}{'code cells':>11}{'cells run s':>12}{'slowest s':>10}{'wall s':>8}{'words':>7}"
          f"{'read min':>9}{'code lines':>11}")
    for path in paths:
        row = measure(path)
        measured.append(row)
        print(f"{row['notebook']:<47}{row['cells']:>11}{row['run_s']:>12.1f}{row['slowest_s']:>10.1f}"
              f"{row['wall_s']:>8.1f}{row['words']:>7}{row['words'] / WORDS_PER_MINUTE:>9.1f}{row['code_lines']:>11}",
              flush=True)
    print(f"(reading time at {WORDS_PER_MINUTE} words a minute; wall = kernel start + all cells + shutdown)")
    if keep:
        store_run_times(measured)
    if write:
        changed = write_guides()
        print(f"rewrote the timing blocks of {', '.join(changed)}" if changed else "the guides' timing blocks are "
              "up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
