"""Holdings by seat (hands, piles, stores) as tuples of tuples, changed without mutation.

Small helpers the games that pass cards between seats share: take a card out
of a holding, replace one seat's holding, count cards per seat.
"""

from __future__ import annotations

from reference.core.cards import Card
from reference.core.seats import Seat

Holdings = tuple[tuple[Card, ...], ...]


def without(hand: tuple[Card, ...], c: Card) -> tuple[Card, ...]:
    """``hand`` with one copy of ``c`` removed (``ValueError`` if it is not there).

    pre: len(hand) <= 52
    pre: c in hand
    post: len(__return__) == len(hand) - 1
    """
    i = hand.index(c)
    return hand[:i] + hand[i + 1 :]


def put(holdings: Holdings, seat: Seat, hand: tuple[Card, ...]) -> Holdings:
    """``holdings`` with the holding of ``seat`` replaced by ``hand``.

    pre: 0 <= seat < len(holdings) <= 16
    post: len(__return__) == len(holdings) and __return__[seat] == hand
    """
    return holdings[:seat] + (hand,) + holdings[seat + 1 :]


def counts(holdings: Holdings) -> tuple[int, ...]:
    """The number of cards each seat holds."""
    return tuple(map(len, holdings))


def holders(holdings: Holdings) -> tuple[Seat, ...]:
    """The seats holding at least one card, in seat order."""
    return tuple([p for p, h in enumerate(holdings) if h])
