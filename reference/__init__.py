"""koloda's reference model of the card games of five Russian rule texts.

``games()`` maps each game id to its game (:class:`reference.core.game.AnyGame`).
The model is pure: no I/O, no global state, no randomness but the documented
seeded shuffle (:func:`reference.core.shuffle.shuffle`). ``build()`` says whether this
process runs the model compiled by mypyc (``KOLODA_COMPILE=1``, see ``hatch_build.py``) or
its source.
"""

from __future__ import annotations

import importlib
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
    "build",
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


#: One module of the core and one of the games: their files say which build runs.
_PROBES = ("reference.core.kernel", "reference.games.gorka")


def build() -> str:
    """Which build of the model this process runs: ``"compiled"`` (the extension modules
    mypyc made of ``reference/core`` and ``reference/games``), ``"interpreted"`` (their
    source), or ``"mixed: "`` and the files, if the two differ."""
    files = [str(importlib.import_module(name).__file__) for name in _PROBES]
    if all(f.endswith(".py") for f in files):
        return "interpreted"
    if all(f.endswith((".so", ".pyd")) for f in files):
        return "compiled"
    return "mixed: " + ", ".join(files)
