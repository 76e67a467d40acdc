"""koloda's reference model of the card games of five Russian rule texts.

``games()`` maps each game id to its game (:class:`reference.core.game.AnyGame`).
The model is pure: no I/O, no global state, no randomness but the documented
seeded shuffle (:func:`reference.core.shuffle.shuffle`).
"""

from __future__ import annotations

from collections.abc import Mapping

from reference.core.errors import FormatError, IllegalAction, SetupError
from reference.core.game import AnyGame, Dealt, DeckOrder, Outcome, Table
from reference.core.shuffle import shuffle
from reference.games import REGISTRY as _REGISTRY

__all__ = [
    "AnyGame",
    "Dealt",
    "DeckOrder",
    "FormatError",
    "IllegalAction",
    "Outcome",
    "SetupError",
    "Table",
    "games",
    "shuffle",
]
__version__ = "0.1.0"


# The function is defined after the import above on purpose: importing the
# subpackage ``reference.games`` binds that name on this package, and this
# definition takes the public name back for the registry function.
def games() -> Mapping[str, AnyGame]:
    """Every registered game by its id."""
    return _REGISTRY
