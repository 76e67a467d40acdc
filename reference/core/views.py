"""What each seat may see (design §2): a game's view, declared field by field.

A player at the table knows his own hand, every card lying face up, how many cards each
face-down pile holds, what was said aloud (a declaration, a bid, a pass) and what was shown;
the rest is face down. A bystander (``None``) sees what lies face up and what is said, and no
hand. A game declares its view as a tuple of :class:`Shown`, one field each with what a viewer
sees of it; the kernel makes of it ``view(state, seat)`` and the observables ``view.<seat>``
and ``view.public``. What each field holds, to whom it is shown and from when is stated in the
game's interface file (its ``view`` member), with the ruling that draws the line where the text
does not.

The view is canonical JSON, an object of the fields: cards held or laid aside, a multiset, in
canonical card order; cards in a sequence in the order of the sequence; per-seat values in a
list by seat, seat 0 first; a value the viewer may not see is ``null``.

The helpers here are the fields several games share, each written once:

- :func:`public`: an observable that every seat and a bystander see as it is (the table, the
  trump, the chips, the stock's size, whose turn it is);
- :func:`own`: a per-seat observable that only its own seat sees (the hand; its own discards),
  ``null`` to everyone else;
- :func:`every_seat`: a per-seat observable every seat sees for every seat (the cards each
  seat has turned face up, the tricks each has taken), a list by seat;
- :data:`HAND` and :data:`HAND_SIZES`: the viewer's own hand, and how many cards each hand
  holds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol, TypeVar

from reference.core.cards import CARD_NAMES, Card
from reference.core.jsontypes import JSON
from reference.core.kernel import Observable, PerSeat, Shown, Viewer

S = TypeVar("S")


class Seated(Protocol):
    @property
    def players(self) -> int: ...


SeatedT = TypeVar("SeatedT", bound=Seated)


def public(o: Observable[S], name: str | None = None) -> Shown[S]:
    """An observable every seat, and a bystander, sees as it is (under ``name``, else its own)."""
    read = o.value

    def value(s: S, viewer: Viewer) -> JSON:
        return read(s)

    return Shown(name or o.name, value)


def own(o: PerSeat[S], name: str | None = None) -> Shown[S]:
    """A per-seat observable only its own seat sees: the viewer's value, ``null`` for a
    bystander (under ``name``, else the observable's)."""
    read = o.value

    def value(s: S, viewer: Viewer) -> JSON:
        return None if viewer is None else read(s, viewer)

    return Shown(name or o.name, value)


def every_seat(o: PerSeat[SeatedT], name: str | None = None) -> Shown[SeatedT]:
    """A per-seat observable every seat sees for every seat: a list by seat, seat 0 first
    (under ``name``, else the observable's)."""
    read = o.value

    def value(s: SeatedT, viewer: Viewer) -> JSON:
        out: list[JSON] = [read(s, p) for p in range(s.players)]
        return out

    return Shown(name or o.name, value)


class _Hands(Protocol):
    @property
    def hands(self) -> Sequence[Sequence[Card]]: ...


def _hand(s: _Hands, viewer: Viewer) -> JSON:
    if viewer is None:
        return None
    out: list[JSON] = [CARD_NAMES[c] for c in sorted(s.hands[viewer])]
    return out


def _hand_sizes(s: _Hands, viewer: Viewer) -> JSON:
    out: list[JSON] = [len(h) for h in s.hands]
    return out


#: The viewer's own hand, in canonical card order (``null`` for a bystander).
HAND: Final = Shown("hand", _hand)
#: How many cards each hand holds, by seat (the backs of the cards are seen).
HAND_SIZES: Final = Shown("hand_sizes", _hand_sizes)


# --- piles taken and cards laid aside: face up, their owner's, or face down ---------------------
#
# What is seen of them is a ruling of each game that has them (an option: ``face-up``, ``own``,
# ``face-down``); their sizes are always seen (the backs of the cards).


def pile_sizes(piles: Sequence[Sequence[Card]]) -> JSON:
    """How many cards each seat's pile holds, by seat."""
    out: list[JSON] = [len(p) for p in piles]
    return out


def piles_seen(piles: Sequence[Sequence[Card]], shown: str, viewer: Viewer) -> JSON:
    """Each seat's pile, by seat, in canonical card order where ``viewer`` may see it (every
    pile when ``shown`` is ``face-up``, his own when it is ``own``), else null."""
    out: list[JSON] = [
        [CARD_NAMES[c] for c in sorted(p)]
        if shown == "face-up" or (shown == "own" and seat == viewer)
        else None
        for seat, p in enumerate(piles)
    ]
    return out


def laid_aside(cards: Sequence[Card], shown: str) -> JSON:
    """Cards laid aside, in canonical card order where they lie face up (``shown`` is
    ``face-up``), else null."""
    if shown != "face-up":
        return None
    out: list[JSON] = [CARD_NAMES[c] for c in sorted(cards)]
    return out
