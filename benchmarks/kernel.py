"""Kernel start to first reply: what a learner waits for when they open notebook 00 and run its first cells.

A fresh kernel (``jupyter_client``, the python3 kernel of this interpreter, working directory ``notebooks/``) is
started, and the first code cells of ``notebooks/00_start_here.ipynb`` up to and including the first model reply
(the setup check, then the offline model's first answer) are run, read from the notebook file itself. The bare
row runs ``print("hello")`` instead: a kernel's own start-up and round trip. Each run is a fresh child process.
"""

from __future__ import annotations

import json
import time
from typing import Any, Callable

from benchmarks.harness import ROOT, Stats, Table, Verdict, interleave, ratio, run_child, seconds, times

NOTEBOOK = ROOT / "notebooks" / "00_start_here.ipynb"
TARGET_S = 2.0


def first_reply_cells() -> list[str]:
    """Notebook 00's code cells up to the first one that gets a reply from the model."""
    cells = [("".join(c["source"])) for c in json.loads(NOTEBOOK.read_text())["cells"] if c["cell_type"] == "code"]
    for number, source in enumerate(cells):
        if ".invoke(" in source or ".create(" in source:
            return cells[: number + 1]
    return cells[:1]


def start_and_run(cells: list[str]) -> dict[str, Any]:
    """Child: start a kernel, run ``cells``; return the seconds to ready and to the last cell's reply."""
    from jupyter_client.manager import KernelManager

    started = time.perf_counter()
    manager = KernelManager(kernel_name="python3")
    manager.start_kernel(cwd=str(ROOT / "notebooks"))
    client = manager.client()
    try:
        client.start_channels()
        client.wait_for_ready(timeout=60)
        ready = time.perf_counter()
        outputs: list[str] = []
        for source in cells:
            reply = client.execute_interactive(source, timeout=120, output_hook=lambda msg: outputs.append(
                str(msg.get("content", {}).get("text", ""))))
            if reply["content"]["status"] != "ok":
                raise RuntimeError(f"cell failed: {reply['content'].get('evalue')}")
        done = time.perf_counter()
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
    return {"seconds": done - started, "ready_seconds": ready - started, "cells_seconds": done - ready,
            "last_output": "".join(outputs).strip().splitlines()[-1:]}


def measure(repeats: int = 5, progress: Callable[[str], None] = print) -> tuple[list[Table], list[Verdict]]:
    cells = first_reply_cells()
    runs = interleave({
        "kit": lambda: run_child("benchmarks.kernel:start_and_run", cells=cells),
        "bare": lambda: run_child("benchmarks.kernel:start_and_run", cells=['print("hello")']),
    }, repeats, lambda text: progress(f"kernel: {text}"))
    table = Table(f"Kernel start to first reply ({repeats} runs each, interleaved; each a fresh kernel)",
                  ["variant", "total min", "total median", "kernel ready (median)", "cells (median)"])
    stats = {}
    for name, label in (("kit", f"kit: notebook 00's first {len(cells)} code cells (setup check, first reply)"),
                        ("bare", "bare: print(\"hello\")")):
        total = stats[name] = Stats.of([r["seconds"] for r in runs[name]])
        ready = Stats.of([r["ready_seconds"] for r in runs[name]])
        work = Stats.of([r["cells_seconds"] for r in runs[name]])
        table.add(label, seconds(total.min), seconds(total.median), seconds(ready.median), seconds(work.median))
    table.add("ratio kit / bare", times(ratio(stats["kit"].min, stats["bare"].min)),
              times(ratio(stats["kit"].median, stats["bare"].median)), "", "")
    table.notes.append(f"the kit's first reply said: {runs['kit'][-1]['last_output']}")
    return [table], [Verdict("kernel start to first reply (notebook 00)", stats["kit"].median, TARGET_S, "s")]
