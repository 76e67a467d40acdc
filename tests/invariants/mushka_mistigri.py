"""mushka-mistigri: the invariants of every мушка (tests/invariants/mushka.py)."""

from __future__ import annotations

from tests.invariants.mushka import check

GAME_ID = "mushka-mistigri"

__all__ = ["GAME_ID", "check"]
