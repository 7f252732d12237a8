"""``full_collections_held()``: while many sessions run at once, the garbage collector leaves their state alone.

CPython's collector walks *every* live container object in a full (generation 2) collection, and starts one each
time the objects that survived into the old generation have grown by a quarter. Sessions that run at once keep
their agents, contexts and records alive until they end, so with 10,000 of them the old generation is 10 times
larger and each full collection walks 10 times more: measured on ``run_crowd`` (autogen-core 0.7, Python 3.11),
18 full collections walked 1,243 objects a session at 10,000 sessions against 3 walking 480 at 1,000, and their
CPU went from 0.2 to 0.8 ms a session (all collections: 0.34 to 1.1-1.2 ms, of 2.5 to 4.1 ms) — most of the growth
of a session's cost with the size of the crowd.
They found nothing to free: the sessions make no reference cycles (0 objects collected by all of them), their
objects are freed by reference counting as they go.

Inside ``with full_collections_held():`` the young generations are still collected as usual (a cycle made and
dropped during a turn — an exception's traceback, say — is freed as before); only the full collections wait until
the block ends, when the collector's own rule takes over again (the next young collection starts a full one if the
old generation has grown enough: one walk instead of one per quarter of growth). Nested or concurrent blocks keep
it held until the last one ends. The collector's thresholds are restored as they were; a disabled collector stays
disabled. What this is not: ``gc.disable()`` (cycles among young objects are still found) or ``gc.freeze()``.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator, Optional

HELD = 1 << 30
"""The third threshold while held: young collections between two full ones (never reached in one crowd)."""

_held = 0
_saved: Optional[tuple[int, int, int]] = None


@contextmanager
def full_collections_held() -> Iterator[None]:
    """Hold the collector's full collections for the duration of the block (see the module docstring)."""
    global _held, _saved
    if _held == 0:
        _saved = gc.get_threshold()
        gc.set_threshold(_saved[0], _saved[1], HELD)
    _held += 1
    try:
        yield
    finally:
        _held -= 1
        if _held == 0 and _saved is not None:
            current = gc.get_threshold()
            if current[2] == HELD:  # nobody changed the thresholds meanwhile: restore them
                gc.set_threshold(current[0], current[1], _saved[2])
            _saved = None
