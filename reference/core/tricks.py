"""Trick-taking mechanics shared by the trick games.

The obligations are given as data (a game says whether a void player must
trump) and the functions are pure, so each game states its rule once and the
code that enforces it is the same everywhere.
"""

from __future__ import annotations

from collections.abc import Sequence

from reference.core.cards import RANK_OF, SUIT_OF, Card, RankOrder, Suit


def of_suit(hand: Sequence[Card], suit: Suit) -> tuple[Card, ...]:
    """The cards of ``hand`` in ``suit``."""
    return tuple([c for c in hand if SUIT_OF[c] == suit])


def playable(
    hand: Sequence[Card], led: Suit | None, trump: Suit | None, must_trump: bool
) -> tuple[Card, ...]:
    """The cards a player may put on a trick.

    On a lead (``led`` is None) any card. Otherwise a card of the suit led if
    he has one; failing that, when ``must_trump``, a trump if he has one;
    failing that, any card.

    pre: len(hand) <= 12 and all(0 <= c < 52 for c in hand)
    pre: led is None or 0 <= led <= 3
    pre: trump is None or 0 <= trump <= 3
    post: set(__return__) <= set(hand)
    post: (len(__return__) > 0) == (len(hand) > 0)
    """
    if led is None:
        return tuple(hand)
    same = of_suit(hand, led)
    if same:
        return same
    if must_trump and trump is not None:
        trumps = of_suit(hand, trump)
        if trumps:
            return trumps
    return tuple(hand)


def trick_winner(cards: Sequence[Card], trump: Suit | None, order: RankOrder) -> int:
    """The index in ``cards`` (in play order, the lead first) of the card that takes the trick.

    The highest trump if any trump was played, otherwise the highest card of
    the suit led; other cards never win. Equal cards (two packs) go to the
    first played.

    pre: 1 <= len(cards) <= 10 and all(0 <= c < 52 for c in cards)
    pre: trump is None or 0 <= trump <= 3
    pre: len(order) == 15
    post: 0 <= __return__ < len(cards)
    post: SUIT_OF[cards[__return__]] in (SUIT_OF[cards[0]], trump)
    """
    best = 0
    best_card = cards[0]
    for i in range(1, len(cards)):
        c = cards[i]
        if beats_in_trick(c, best_card, cards[0], trump, order):
            best, best_card = i, c
    return best


def beats_in_trick(
    challenger: Card, holder: Card, lead: Card, trump: Suit | None, order: RankOrder
) -> bool:
    """Whether ``challenger`` takes the trick from the card now holding it.

    pre: 0 <= challenger < 52 and 0 <= holder < 52 and 0 <= lead < 52
    pre: trump is None or 0 <= trump <= 3
    pre: SUIT_OF[holder] in (SUIT_OF[lead], trump)
    pre: len(order) == 15
    post: not (__return__ and SUIT_OF[challenger] not in (SUIT_OF[lead], trump))
    """
    cs, hs = SUIT_OF[challenger], SUIT_OF[holder]
    if cs == hs:
        return order[RANK_OF[challenger]] > order[RANK_OF[holder]]
    return trump is not None and cs == trump
