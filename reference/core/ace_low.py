"""Sequences with the ace low and the king high: ace, two, three, … queen, king.

Shared by games that build runs upward from the ace to the king (Lenturlu,
seed 001). Cards are the ints of :mod:`reference.core.cards` (``suit * 13 +
rank - 2``, the ace being rank 14), so the ace sits at the top of its suit's
block: the card after the ace is the two of the same suit, ``card - 12``, and
the king has no card after it. :mod:`reference.core.sequences` (ace high) is
left as it is.
"""

from __future__ import annotations

from typing import Final

# SUIT_OF is used by the contracts in the docstrings (CrossHair evaluates them here).
from reference.core.cards import ACE, KING, RANK_OF, SUIT_OF, Card  # noqa: F401

#: ``LOW_RANK[card]``: the rank with the ace low, 1 (ace) to 13 (king).
LOW_RANK: Final[tuple[int, ...]] = tuple(1 if RANK_OF[c] == ACE else RANK_OF[c] for c in range(52))


def next_up_low(c: Card) -> Card | None:
    """The card one rank above ``c`` in its suit with the ace low, or None above the king.

    pre: 0 <= c < 52
    post: (__return__ is None) == (RANK_OF[c] == 13)
    post: __return__ is None or SUIT_OF[__return__] == SUIT_OF[c]
    post: __return__ is None or LOW_RANK[__return__] == LOW_RANK[c] + 1
    """
    r = RANK_OF[c]
    if r == KING:
        return None
    if r == ACE:
        return c - 12
    return c + 1


def cards_of_low_rank(low: int) -> tuple[Card, ...]:
    """The four cards (S H D C) of an ace-low rank 1..13.

    pre: 1 <= low <= 13
    post: len(__return__) == 4 and all(LOW_RANK[c] == low for c in __return__)
    post: tuple(SUIT_OF[c] for c in __return__) == (0, 1, 2, 3)
    """
    rank = ACE if low == 1 else low
    return tuple(s * 13 + rank - 2 for s in range(4))
