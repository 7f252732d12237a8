"""Measure what the instructor's agenda rests on: how long each notebook takes to run, and how much there is to read.

``python -m handoffs.workshop.timings [NOTEBOOK...]`` executes each notebook (by default every notebook of both
editions, ``notebooks/`` and ``notebooks/ko/``) on a temporary copy (the committed file is never touched) with the
offline model, the way ``./kit execute`` does, and reads every cell's own execution time from the kernel's
timestamps (``metadata.execution``). It also counts the words of the markdown cells and the lines of code. It
prints one row per notebook plus the reading time at a stated pace (:data:`WORDS_PER_MINUTE`);
exercise time is not measured here, it is an assumption the guide states.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

from handoffs.kit.notebooks import all_notebooks, display_name

WORDS_PER_MINUTE = 150  # a careful reader of technical English, many of them not native speakers


def _seconds(cell) -> float:
    execution = cell.get("metadata", {}).get("execution", {})
    start, end = execution.get("iopub.execute_input"), execution.get("shell.execute_reply")
    if not (start and end):
        return 0.0
    parse = lambda text: datetime.fromisoformat(text.replace("Z", "+00:00"))  # noqa: E731
    return (parse(end) - parse(start)).total_seconds()


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
    words = sum(len(re.findall(r"\w+", c.source)) for c in node.cells if c.cell_type == "markdown")
    return {"notebook": display_name(path), "cells": len(code), "run_s": sum(_seconds(c) for c in code),
            "slowest_s": max((_seconds(c) for c in code), default=0.0), "wall_s": wall, "words": words,
            "code_lines": sum(len(c.source.splitlines()) for c in code)}


def main(argv: list[str]) -> int:
    os.environ.update({"HANDOFFS_MODEL": "offline", "PYTHONHASHSEED": "0", "TZ": "UTC"})
    paths = [Path(a) for a in argv] or all_notebooks()  # both editions: notebooks/ and notebooks/ko/
    print(f"{'notebook':<47}{'code cells':>11}{'cells run s':>12}{'slowest s':>10}{'wall s':>8}{'words':>7}"
          f"{'read min':>9}{'code lines':>11}")
    for path in paths:
        row = measure(path)
        print(f"{row['notebook']:<47}{row['cells']:>11}{row['run_s']:>12.1f}{row['slowest_s']:>10.1f}"
              f"{row['wall_s']:>8.1f}{row['words']:>7}{row['words'] / WORDS_PER_MINUTE:>9.1f}{row['code_lines']:>11}",
              flush=True)
    print(f"(reading time at {WORDS_PER_MINUTE} words a minute; wall = kernel start + all cells + shutdown)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
