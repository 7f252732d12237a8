"""The child side of :func:`benchmarks.harness.run_child`: run one measurement in this fresh process.

``python -m benchmarks.child module:function '{"kwarg": value}'`` calls the function (awaiting it if it is a
coroutine function), adds this process's peak RSS in KiB (``peak_rss_kib``, from ``resource.getrusage``) unless
the function reported its own, and prints the result as one JSON line, the last line of standard output.
"""

from __future__ import annotations

import asyncio
import importlib
import inspect
import json
import resource
import sys


def current_rss_kib() -> int:
    """This process's resident set size right now, in KiB (Linux ``/proc``; 0 where that does not exist)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            pages = int(statm.read().split()[1])
    except OSError:
        return 0
    return pages * resource.getpagesize() // 1024


def peak_rss_kib() -> int:
    """This process's peak resident set size so far, in KiB."""
    return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)


def main(argv: list[str]) -> int:
    target, arguments = argv[0], json.loads(argv[1]) if len(argv) > 1 else {}
    module_name, _, function_name = target.partition(":")
    function = getattr(importlib.import_module(module_name), function_name)
    if inspect.iscoroutinefunction(function):
        result = asyncio.run(function(**arguments))
    else:
        result = function(**arguments)
    result.setdefault("peak_rss_kib", peak_rss_kib())
    print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
