"""Actions shared by several games, as small immutable values.

Each game accepts a union of these (and its own); the JSON form is
``{"type": ..., "seat": ..., ...}`` as in the conformance suite.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple, Protocol

from reference.core.cards import Card, card_name
from reference.core.jsontypes import JSON, JSONObject
from reference.core.seats import Seat


class Play(NamedTuple):
    """Play a card: a lead, a card to a trick, or a cover."""

    seat: Seat
    card: Card

    def to_json(self) -> JSONObject:
        return {"type": "play", "seat": self.seat, "card": card_name(self.card)}


class Take(NamedTuple):
    """Take the card (or cards) played at you instead of covering."""

    seat: Seat

    def to_json(self) -> JSONObject:
        return {"type": "take", "seat": self.seat}


class Pass(NamedTuple):
    """Pass ("пас")."""

    seat: Seat

    def to_json(self) -> JSONObject:
        return {"type": "pass", "seat": self.seat}


class Action(Protocol):
    """What every game's actions have: a JSON form."""

    def to_json(self) -> JSONObject: ...


def legal_json(actions: Iterable[Action]) -> list[JSON]:
    """The ``legal`` observable: the actions' JSON forms in one fixed order.

    The order is that of each object's Python text (its members in the order the action's
    ``to_json`` writes them); it only makes the reference's answer the same every time, for
    ``legal`` is compared as a set (docs/protocol.rst).
    """
    out: list[JSON] = [a.to_json() for a in actions]
    out.sort(key=str)
    return out
