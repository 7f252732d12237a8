"""The end of the kit's child programs: exit without CPython's last garbage collections over everything imported.

When an interpreter ends, it clears every module and runs full garbage collections over every object still alive.
After LangChain, LangGraph, AutoGen's gRPC runtime or the offline model are imported that walk takes 0.3-0.9 s of
CPU (measured on the kit's machine: ``python -m handoffs.part1`` ended 0.79-0.87 s after printing its answer, 0.04-0.07
s with this; a gRPC worker of notebook 08 0.5 s after it had stopped), and whoever waits for the process (a notebook
cell running ``!python -m handoffs.part1``, :meth:`GrpcCluster.stop <handoffs.part2.grpc_cluster.GrpcCluster.stop>`)
waits that long for nothing.

:func:`exit_code` freezes the collector (``gc.freeze()``: every live object moves to the generation no collection
walks) just before the program returns its exit code. Everything else about exiting stays: ``atexit`` callbacks,
flushing stdout and stderr, and each object freed by reference counting as its module is cleared (files closed,
connections closed). Only objects that nothing but a reference cycle keeps alive are left to the operating system,
which reclaims a process's memory, files and sockets anyway. For a process's last line only, never in a kernel or a
library call (a frozen collector stays frozen).
"""

from __future__ import annotations

import gc


def exit_code(code: int) -> int:
    """``code``, with the collector frozen so the interpreter's teardown is quick: ``sys.exit(exit_code(main()))``."""
    gc.freeze()
    return code
