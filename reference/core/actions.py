"""Actions shared by several games, as small immutable values.

Each game accepts a union of these (and its own); the JSON form is
``{"type": ..., "seat": ..., ...}`` as in the conformance suite. Every action class names its
``type`` (``KIND``) and reads the rest of its JSON form (``from_json``), so that
:func:`read_action` reads any game's actions from the list of its action classes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar, NamedTuple, Protocol, Self, TypeVar

from mypy_extensions import mypyc_attr

from reference.core.cards import Card, card_name
from reference.core.errors import FormatError
from reference.core.jsontypes import (
    JSON,
    JSONObject,
    as_card,
    as_cards,
    as_int,
    as_object,
    as_str,
    field,
)
from reference.core.seats import Seat

# --- the shapes of action: a game's action is a subclass naming its ``KIND`` ----------------
#
# A game declares ``class Raise(SeatAction): """Go up the hill."""; __slots__ = (); KIND =
# "raise"``: the fields, the JSON form and the immutability come from the shape. (The shapes
# are NamedTuples, so an action is a small tuple and a subclass adds no field, only its kind.)


class _Seat(NamedTuple):
    seat: Seat


@mypyc_attr(native_class=False)
class SeatAction(_Seat):
    """An action that names only the seat taking it: ``{"type": KIND, "seat": ...}``."""

    __slots__ = ()
    KIND: ClassVar[str]

    def to_json(self) -> JSONObject:
        return {"type": self.KIND, "seat": self.seat}

    @classmethod
    def from_json(cls, seat: Seat, o: JSONObject) -> Self:
        return cls(seat)


class _SeatCard(NamedTuple):
    seat: Seat
    card: Card


@mypyc_attr(native_class=False)
class CardAction(_SeatCard):
    """An action with one card: ``{"type": KIND, "seat": ..., "card": "QS"}``."""

    __slots__ = ()
    KIND: ClassVar[str]

    def to_json(self) -> JSONObject:
        return {"type": self.KIND, "seat": self.seat, "card": card_name(self.card)}

    @classmethod
    def from_json(cls, seat: Seat, o: JSONObject) -> Self:
        return cls(seat, as_card(field(o, "card", "action"), "action/card"))


class _SeatCards(NamedTuple):
    seat: Seat
    cards: tuple[Card, ...]


@mypyc_attr(native_class=False)
class CardsAction(_SeatCards):
    """An action with several cards, written in canonical card order:
    ``{"type": KIND, "seat": ..., "cards": ["QS", "QH"]}``."""

    __slots__ = ()
    KIND: ClassVar[str]

    def to_json(self) -> JSONObject:
        cards: list[JSON] = [card_name(c) for c in sorted(self.cards)]
        return {"type": self.KIND, "seat": self.seat, "cards": cards}

    @classmethod
    def from_json(cls, seat: Seat, o: JSONObject) -> Self:
        return cls(seat, tuple(sorted(as_cards(field(o, "cards", "action"), "action/cards"))))


class _SeatAmount(NamedTuple):
    seat: Seat
    amount: int


@mypyc_attr(native_class=False)
class AmountAction(_SeatAmount):
    """An action with an amount of chips: ``{"type": KIND, "seat": ..., "amount": 5}``."""

    __slots__ = ()
    KIND: ClassVar[str]

    def to_json(self) -> JSONObject:
        return {"type": self.KIND, "seat": self.seat, "amount": self.amount}

    @classmethod
    def from_json(cls, seat: Seat, o: JSONObject) -> Self:
        return cls(seat, as_int(field(o, "amount", "action"), "action/amount"))


# --- the actions several games share -----------------------------------------------------


@mypyc_attr(native_class=False)
class Play(CardAction):
    """Play a card: a lead, a card to a trick, or a cover."""

    __slots__ = ()
    KIND: ClassVar[str] = "play"


@mypyc_attr(native_class=False)
class Take(SeatAction):
    """Take the card (or cards) played at you instead of covering."""

    __slots__ = ()
    KIND: ClassVar[str] = "take"


@mypyc_attr(native_class=False)
class Pass(SeatAction):
    """Pass ("пас")."""

    __slots__ = ()
    KIND: ClassVar[str] = "pass"


@mypyc_attr(native_class=False)
class Buy(SeatAction):
    """Buy the top card of the stock ("прикупить")."""

    __slots__ = ()
    KIND: ClassVar[str] = "buy"


class Action(Protocol):
    """What every game's actions have: a JSON form."""

    def to_json(self) -> JSONObject: ...


class Readable(Protocol):
    """An action class: the ``type`` of its JSON form, and how the rest of that form is read
    (a :class:`FormatError` naming the field that is wrong)."""

    KIND: ClassVar[str]

    @classmethod
    def from_json(cls, seat: Seat, o: JSONObject) -> Self: ...


R = TypeVar("R", bound=Readable)


def read_action(obj: JSON, game: str, actions: Sequence[type[R]], seats: int | None = None) -> R:
    """The action of one of ``actions`` (a game's action classes) from its JSON form.

    The form is an object with ``type`` (the ``KIND`` of one of the classes) and ``seat``;
    the class reads the rest. With ``seats``, a seat no table of the game has (one from 0 to
    ``seats - 1``) is malformed; without, any seat is well formed, and apply refuses a seat
    the table lacks as out of turn (core/out-of-turn). Every fault is a :class:`FormatError`
    naming the field.
    """
    o = as_object(obj, "action")
    kind = as_str(field(o, "type", "action"), "action/type")
    seat = as_int(field(o, "seat", "action"), "action/seat")
    if seats is not None and not 0 <= seat < seats:
        raise FormatError(f"action/seat: {seat} is not a seat of this game")
    for cls in actions:
        if kind == cls.KIND:
            return cls.from_json(seat, o)
    kinds = ", ".join(cls.KIND for cls in actions)
    raise FormatError(f"action/type: {kind!r} is not an action of {game} ({kinds})")


def legal_json(actions: Iterable[Action]) -> list[JSON]:
    """The ``legal`` observable: the actions' JSON forms in one fixed order.

    The order is that of each object's Python text (its members in the order the action's
    ``to_json`` writes them); it only makes the reference's answer the same every time, for
    ``legal`` is compared as a set (docs/protocol.rst).
    """
    out: list[JSON] = [a.to_json() for a in actions]
    out.sort(key=str)
    return out
