"""What the leak test needs of a position: its cards, and the same position with some cards
renamed.

A game's oracle (``tests/views/seen_<game>.py``, the game id with ``_`` for ``-``) states,
from the text and its rulings and apart from the game's ``view``, which cards a seat (or a
bystander, ``None``) may see at a position: a function ``seen(pos, seat) -> set[str]`` of card
names. Every other card of the position is hidden from that seat.

Renaming the hidden cards among themselves gives a position that differs only in what the seat
may not see (the same cards are hidden, in other places); renaming a seen card and a hidden one
into each other gives a position that differs in what it may see.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import cast

from reference.core.cards import CARD_NAMES
from reference.core.jsontypes import JSON, JSONObject

Oracle = Callable[[JSONObject, int | None], set[str]]

CARDS = frozenset(CARD_NAMES)


def oracle(game_id: str) -> Oracle | None:
    """The game's oracle, or None where it has none."""
    name = f"tests.views.seen_{game_id.replace('-', '_')}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name == name:
            return None
        raise
    return cast(Oracle, module.seen)


def cards_in(value: JSON) -> set[str]:
    """Every card name that stands as a string value anywhere in ``value`` (keys not counted)."""
    if isinstance(value, str):
        return {value} if value in CARDS else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    return set()


def renamed(value: JSON, names: Mapping[str, str]) -> JSON:
    """``value`` with every card name that is a string value renamed by ``names``."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [renamed(v, names) for v in value]
    if isinstance(value, dict):
        return {k: renamed(v, names) for k, v in value.items()}
    return value
