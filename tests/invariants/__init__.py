"""Game-specific invariants for the stateful test, one module per game.

A module here defines ``GAME_ID`` (the game it checks) and ``check(state)``,
which asserts what must hold in every reachable state of that game. The
stateful test finds them by itself: adding a game means adding a module.

A game whose random games run long may also set ``STEPS`` (the steps of one
stateful example, default 400 under CI and 200 locally) and ``CI_EXAMPLES``
(default 160) so that the CI run still plays at least 500 games of it to the
end, and a local run at least 20. ``PARTS`` splits a long game's stateful test into
that many tests, each with its share of the examples and of the games to finish.
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


def ci_budget(name: str) -> dict[str, int]:
    """The games that ask for a larger stateful budget (``STEPS``, ``CI_EXAMPLES`` or
    ``PARTS``), by game id."""
    out: dict[str, int] = {}
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        value: int | None = getattr(module, name, None)
        if value is not None:
            out[str(module.GAME_ID)] = value
    return out
