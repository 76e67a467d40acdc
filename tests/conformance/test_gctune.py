"""The collector settings of the long-running loops are undone after them."""

from __future__ import annotations

import gc

from conformance import gctune


def test_throughput_settings_hold_inside_and_are_undone_after() -> None:
    before = gc.get_threshold()
    with gctune.throughput():
        assert gc.get_threshold()[0] == gctune.YOUNG_THRESHOLD
        assert gc.get_freeze_count() > 0
        assert gc.isenabled()  # cycles are still freed
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0
