"""Garbage-collector settings for the long-running JSON-lines loops (adapter, fuzzer).

Both loops allocate many short-lived containers (decoded requests, states,
observations) and almost never make reference cycles. With CPython's default
thresholds the collector runs every 700 allocations and, now and then, scans
every object alive, including the modules and tables loaded at start; on the
short games that costs about a third of the time of a fuzz game. The settings
below keep the collector on (cycles are still freed) but run it less often and
never rescan what existed before the loop started.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Final

#: Allocations between two young collections (CPython's default is 700).
YOUNG_THRESHOLD: Final = 20_000


def for_throughput() -> None:
    """Freeze the objects alive now out of the collector's sight and collect less often (for a
    process that does nothing else, such as a worker of the fuzzer's process pool)."""
    gc.collect()
    gc.freeze()
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, older, oldest)


@contextmanager
def throughput() -> Iterator[None]:
    """:func:`for_throughput` for the time of a ``with`` block; the settings before it after."""
    before = gc.get_threshold()
    for_throughput()
    try:
        yield
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
