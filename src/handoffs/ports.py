"""A loopback TCP port that is free now and stays free until the caller binds it.

"Bind port 0, read the number, close" is racy: the number comes from the kernel's *ephemeral* range, the same
range every outgoing connection and every other port-0 bind draws from (a Jupyter kernel's five ZMQ sockets, a
browser's connections). Between the close and the real bind another process can take it: seen in CI, where
JupyterLab found its port taken and moved to the next one. A port chosen at random *below* that range is never
handed out by the kernel on its own, so only another explicit choice could collide, and each candidate is checked.

Used by the gRPC cluster (its host's address) and by the tests that start servers. Not a port allocator: nothing is
reserved, so the caller binds promptly.
"""

from __future__ import annotations

import random
import socket
from pathlib import Path

EPHEMERAL_RANGE = Path("/proc/sys/net/ipv4/ip_local_port_range")
DEFAULT_EPHEMERAL_LOW = 32768  # Linux's default; other systems start theirs at 49152 or above
LOWEST = 20000  # below this lie ports that services are configured on
TRIES = 64
_CHOOSER = random.SystemRandom()  # not the global generator: a notebook's random.seed() must not pick our ports


def _ephemeral_low() -> int:
    try:
        return int(EPHEMERAL_RANGE.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return DEFAULT_EPHEMERAL_LOW


def _bindable(port: int, host: str) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind((host, port))
        except OSError:
            return False
        return True


def free_loopback_port(host: str = "127.0.0.1") -> int:
    """A TCP port free on ``host`` right now, outside the range the kernel hands to port-0 binds and connections."""
    high = _ephemeral_low() - 1
    if high > LOWEST:
        for port in _CHOOSER.sample(range(LOWEST, high + 1), TRIES):
            if _bindable(port, host):
                return port
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:  # every candidate taken: the kernel's choice
        probe.bind((host, 0))
        return int(probe.getsockname()[1])
