"""Actions shared by several games, as small immutable values.

Each game accepts a union of these (and its own); the JSON form is
``{"type": ..., "seat": ..., ...}`` as in the conformance suite.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, NamedTuple, Protocol

from reference.core.cards import Card, card_name
from reference.core.jsontypes import JSON, JSONObject
from reference.core.seats import Seat

# --- the shapes of action: a game's action is a subclass naming its ``KIND`` ----------------
#
# A game declares ``class Raise(SeatAction): """Go up the hill."""; __slots__ = (); KIND =
# "raise"``: the fields, the JSON form and the immutability come from the shape. (The shapes
# are NamedTuples, so an action is a small tuple and a subclass adds no field, only its kind.)


class _Seat(NamedTuple):
    seat: Seat


class SeatAction(_Seat):
    """An action that names only the seat taking it: ``{"type": KIND, "seat": ...}``."""

    __slots__ = ()
    KIND: ClassVar[str]

    def to_json(self) -> JSONObject:
        return {"type": self.KIND, "seat": self.seat}


class _SeatCard(NamedTuple):
    seat: Seat
    card: Card


class CardAction(_SeatCard):
    """An action with one card: ``{"type": KIND, "seat": ..., "card": "QS"}``."""

    __slots__ = ()
    KIND: ClassVar[str]

    def to_json(self) -> JSONObject:
        return {"type": self.KIND, "seat": self.seat, "card": card_name(self.card)}


class _SeatCards(NamedTuple):
    seat: Seat
    cards: tuple[Card, ...]


class CardsAction(_SeatCards):
    """An action with several cards, written in canonical card order:
    ``{"type": KIND, "seat": ..., "cards": ["QS", "QH"]}``."""

    __slots__ = ()
    KIND: ClassVar[str]

    def to_json(self) -> JSONObject:
        cards: list[JSON] = [card_name(c) for c in sorted(self.cards)]
        return {"type": self.KIND, "seat": self.seat, "cards": cards}


class _SeatAmount(NamedTuple):
    seat: Seat
    amount: int


class AmountAction(_SeatAmount):
    """An action with an amount of chips: ``{"type": KIND, "seat": ..., "amount": 5}``."""

    __slots__ = ()
    KIND: ClassVar[str]

    def to_json(self) -> JSONObject:
        return {"type": self.KIND, "seat": self.seat, "amount": self.amount}


# --- the actions several games share -----------------------------------------------------


class Play(CardAction):
    """Play a card: a lead, a card to a trick, or a cover."""

    __slots__ = ()
    KIND = "play"


class Take(SeatAction):
    """Take the card (or cards) played at you instead of covering."""

    __slots__ = ()
    KIND = "take"


class Pass(SeatAction):
    """Pass ("пас")."""

    __slots__ = ()
    KIND = "pass"


class Buy(SeatAction):
    """Buy the top card of the stock ("прикупить")."""

    __slots__ = ()
    KIND = "buy"


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
