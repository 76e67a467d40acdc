"""Game-specific invariants for the stateful test, one module per game.

A module here defines ``GAME_ID`` (the game it checks) and ``check(state)``,
which asserts what must hold in every reachable state of that game. The
stateful test finds them by itself: adding a game means adding a module.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable


def discover() -> dict[str, Callable[[object], None]]:
    """Every game's invariant check, by game id."""
    out: dict[str, Callable[[object], None]] = {}
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        game_id: str = module.GAME_ID
        check: Callable[[object], None] = module.check
        out[game_id] = check
    return out
