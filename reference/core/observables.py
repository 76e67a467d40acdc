"""The observables several games share, each written once: a game lists them in its table.

Each reads fields of the state by the names the games give them (``hands``, ``table``,
``stock``, ``last_winner``, …); a game whose state has those fields uses the observable as it
is, and mypy checks the fields where the game lists it. What a value means in a game (which
cards a hand holds in which phase, when the stock is empty) is that game's, in its interface
file (``conformance/interface/<game>.json``); the JSON form and the canonical order are these:

- cards held, laid aside or out of play, a multiset: card names in canonical order
  (:func:`~reference.core.cards.names`): ``hand.<seat>``, ``pile.<seat>``, ``discard``;
- cards in a sequence: card names in the order of the sequence: ``table`` (in the order
  played), ``stock`` (top card first);
- a seat that may be none: the seat, or null (``trick_winner``; a state writes none as -1).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol

from reference.core.cards import CARD_NAMES, Card, suit_letter
from reference.core.jsontypes import JSON
from reference.core.kernel import Observable, PerSeat
from reference.core.ledger import Ledger
from reference.core.seats import Seat


class _Hands(Protocol):
    @property
    def hands(self) -> Sequence[Sequence[Card]]: ...


class _Piles(Protocol):
    @property
    def piles(self) -> Sequence[Sequence[Card]]: ...


class _Table(Protocol):
    @property
    def table(self) -> Sequence[Card]: ...


class _Stock(Protocol):
    @property
    def stock(self) -> Sequence[Card]: ...


class _Discard(Protocol):
    @property
    def discard(self) -> Sequence[Card]: ...


class _Trump(Protocol):
    @property
    def trump(self) -> int: ...


class _TrumpCard(Protocol):
    @property
    def trump_card(self) -> Card: ...


class _LastWinner(Protocol):
    @property
    def last_winner(self) -> Seat: ...


class _Tricks(Protocol):
    @property
    def tricks(self) -> Sequence[int]: ...


class _Purses(Protocol):
    @property
    def players(self) -> int: ...
    @property
    def ledger(self) -> Ledger: ...


def _hand(s: _Hands, p: Seat) -> JSON:
    out: list[JSON] = [CARD_NAMES[c] for c in sorted(s.hands[p])]  # canonical order (names)
    return out


def _pile(s: _Piles, p: Seat) -> JSON:
    out: list[JSON] = [CARD_NAMES[c] for c in sorted(s.piles[p])]  # canonical order (names)
    return out


def _table(s: _Table) -> JSON:
    out: list[JSON] = [CARD_NAMES[c] for c in s.table]
    return out


def _stock_size(s: _Stock) -> JSON:
    return len(s.stock)


def _stock(s: _Stock) -> JSON:
    out: list[JSON] = [CARD_NAMES[c] for c in s.stock]
    return out


def _discard(s: _Discard) -> JSON:
    out: list[JSON] = [CARD_NAMES[c] for c in sorted(s.discard)]  # canonical order (names)
    return out


def _trump(s: _Trump) -> JSON:
    return suit_letter(s.trump)


def _trump_card(s: _TrumpCard) -> JSON:
    return None if s.trump_card < 0 else CARD_NAMES[s.trump_card]


def _trick_winner(s: _LastWinner) -> JSON:
    return None if s.last_winner < 0 else s.last_winner


def _tricks(s: _Tricks) -> JSON:
    out: list[JSON] = list(s.tricks)
    return out


def _chips(s: _Purses) -> JSON:
    out: list[JSON] = list(s.ledger.balances[: s.players])
    return out


#: The cards in a seat's hand, a multiset.
HAND: Final = PerSeat("hand", _hand)
#: The cards a seat has taken or set aside (his tricks, his pile), a multiset.
PILE: Final = PerSeat("pile", _pile)
#: The cards on the table, in the order played.
TABLE: Final = Observable("table", _table)
#: How many cards the stock holds.
STOCK_SIZE: Final = Observable("stock_size", _stock_size)
#: The stock, top card first (what is drawn or bought next comes first).
STOCK: Final = Observable("stock", _stock)
#: The cards out of play, a multiset.
DISCARD: Final = Observable("discard", _discard)
#: The trump suit, by its letter.
TRUMP: Final = Observable("trump", _trump)
#: The card turned up for trump, or null where none is.
TRUMP_CARD: Final = Observable("trump_card", _trump_card)
#: The seat that took the last trick, or null before the first.
TRICK_WINNER: Final = Observable("trick_winner", _trick_winner)
#: The tricks each seat has taken, by seat.
TRICKS: Final = Observable("tricks", _tricks)
#: Each seat's chips (its balance in the ledger), by seat.
CHIPS: Final = Observable("chips", _chips)
