"""``python -m benchmarks [NAME ...] [--repeats N] [--sizes 1000,10000] [--quick]`` (what ``./kit bench`` runs).

NAME is one or more of: part2, part1, decisions, notebooks, kernel, grpc, server (default: all of them, in that order).
Each prints the kit and the bare framework doing the same work in one run, interleaved, with min/median and
the ratio; at the end every target of issue 23 is listed as met or not. ``--quick`` runs tiny sizes (a smoke run
that checks the benchmarks work; its figures mean nothing).
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from typing import Callable

from benchmarks.harness import Table, Verdict

NAMES = ("part2", "part1", "decisions", "notebooks", "kernel", "grpc", "server")


def progress(text: str) -> None:
    print(f"  ... {text}", file=sys.stderr, flush=True)


def benchmark(name: str, args: argparse.Namespace) -> tuple[list[Table], list[Verdict]]:
    quick = args.quick
    if name == "part2":
        from benchmarks import part2

        sizes = [int(s) for s in args.sizes.split(",")] if args.sizes else ([20, 60] if quick else [1000, 10000])
        return part2.measure(sizes, repeats=args.repeats or (1 if quick else 3), progress=progress)
    if name == "part1":
        from benchmarks import part1

        return part1.measure(conversations=20 if quick else 1000, repeats=args.repeats or (1 if quick else 3),
                             progress=progress)
    if name == "decisions":
        from benchmarks import decisions

        return decisions.measure(rounds=5 if quick else 200, progress=progress)
    if name == "notebooks":
        from benchmarks import notebooks

        only = args.notebooks or (["notebooks/01_the_idea_without_a_framework.ipynb"] if quick else None)
        return notebooks.measure(repeats=args.repeats or 1, only=only, progress=progress)
    if name == "kernel":
        from benchmarks import kernel

        return kernel.measure(repeats=args.repeats or (1 if quick else 5), progress=progress)
    if name == "grpc":
        from benchmarks import grpc_start

        return grpc_start.measure(repeats=args.repeats or (1 if quick else 3), progress=progress)
    if name == "server":
        from benchmarks import server_isolation

        return server_isolation.measure(valid=20 if quick else 200, progress=progress,
                                        budget_s=2.0 if quick else 10.0, slow_path_budget_s=1.0 if quick else 3.0)
    raise SystemExit(f"Unknown benchmark {name!r}: choose from {', '.join(NAMES)}.")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="./kit bench", description=__doc__.split("\n\n")[1])
    parser.add_argument("names", nargs="*", metavar="NAME", help=f"one or more of: {', '.join(NAMES)} (default: all)")
    parser.add_argument("--repeats", type=int, default=0, help="runs per variant (default: per benchmark)")
    parser.add_argument("--sizes", default="", help="part2 session counts, e.g. 1000,10000")
    parser.add_argument("--notebooks", nargs="*", default=None, help="notebooks benchmark: only these notebooks")
    parser.add_argument("--quick", action="store_true", help="tiny sizes: checks that the benchmarks run")
    args = parser.parse_args(argv)
    unknown = [n for n in args.names if n not in NAMES]
    if unknown:
        parser.error(f"unknown benchmark {', '.join(unknown)}: choose from {', '.join(NAMES)}")
    print(f"# ./kit bench {' '.join(args.names) or '(all)'}  ·  python {platform.python_version()}, "
          f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f} at start")
    verdicts: list[Verdict] = []
    for name in args.names or NAMES:
        started = time.perf_counter()
        tables, found = benchmark(name, args)
        for table in tables:
            print()
            print(table.render(), flush=True)
        print(f"  ({name} took {time.perf_counter() - started:.0f} s)")
        verdicts += found
    if args.quick:
        print("\n(--quick: tiny sizes, to check that the benchmarks run; the figures are not measurements)")
    elif verdicts:
        print("\n## Targets (issues 15, 23 and 24)")
        for verdict in verdicts:
            print(verdict.line())
    return 0


if __name__ == "__main__":
    sys.exit(main())
