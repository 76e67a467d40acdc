"""Actions shared by several games, as small immutable values.

Each game accepts a union of these (and its own); the JSON form is
``{"type": ..., "seat": ..., ...}`` as in the conformance suite.
"""

from __future__ import annotations

from typing import NamedTuple

from reference.core.cards import Card, card_name
from reference.core.jsontypes import JSONObject
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
