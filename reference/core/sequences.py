"""Building sequences by suit: runs that climb one rank at a time in one suit.

Shared by the games whose play builds upward in a suit (Michigan, and later
Lenturlu): the next card of a run and whether a run can go on. Cards are the
ints of :mod:`reference.core.cards` (``suit * 13 + rank - 2``), so the next
card up is simply ``card + 1`` below the ace.
"""

from __future__ import annotations

from collections.abc import Sequence

# SUIT_OF is used by the contracts in the docstrings (CrossHair evaluates them here).
from reference.core.cards import ACE, RANK_OF, SUIT_OF, Card  # noqa: F401


def next_up(c: Card) -> Card | None:
    """The card one rank above ``c`` in its suit, or None above the ace.

    pre: 0 <= c < 52
    post: (__return__ is None) == (RANK_OF[c] == 14)
    post: __return__ is None or SUIT_OF[__return__] == SUIT_OF[c]
    post: __return__ is None or RANK_OF[__return__] == RANK_OF[c] + 1
    """
    if RANK_OF[c] == ACE:
        return None
    return c + 1


def run_stops(last: Card, gone: Sequence[Card]) -> bool:
    """Whether a run whose last card is ``last`` can go no further.

    ``gone`` are the cards that can no longer be played: those in dead hands
    and those played already. The run stops at the ace, or when the next card
    up is one of them (every other card is in a live hand, so the run can go on).

    pre: 0 <= last < 52
    pre: len(gone) <= 52 and all(0 <= c < 52 for c in gone)
    post: __return__ == (RANK_OF[last] == 14 or (last + 1) in gone)
    post: __return__ or (next_up(last) is not None and next_up(last) not in gone)
    """
    nxt = next_up(last)
    return nxt is None or nxt in gone
