"""Durak-style covering ("крыть", "отбиться"): what beats a card played at you."""

from __future__ import annotations

from collections.abc import Sequence

from reference.core.cards import RANK_OF, SUIT_OF, Card, RankOrder, Suit


def covers(attack: Card, defence: Card, trump: Suit | None, order: RankOrder) -> bool:
    """Whether ``defence`` beats ``attack`` as in Durak.

    A higher card of the same suit beats; a trump beats any card of another
    suit; a trump is beaten only by a higher trump.

    pre: 0 <= attack < 52 and 0 <= defence < 52
    pre: trump is None or 0 <= trump <= 3
    pre: len(order) == 15
    post: not (__return__ and covers(defence, attack, trump, order))
    post: not (attack == defence and __return__)
    """
    if SUIT_OF[defence] == SUIT_OF[attack]:
        return order[RANK_OF[defence]] > order[RANK_OF[attack]]
    return trump is not None and SUIT_OF[defence] == trump


def covering_cards(
    attack: Card, hand: Sequence[Card], trump: Suit | None, order: RankOrder
) -> tuple[Card, ...]:
    """The cards of ``hand`` that beat ``attack``.

    pre: 0 <= attack < 52 and all(0 <= c < 52 for c in hand)
    pre: trump is None or 0 <= trump <= 3
    pre: len(hand) <= 12
    pre: len(order) == 15
    post: all(covers(attack, c, trump, order) for c in __return__)
    """
    return tuple([c for c in hand if covers(attack, c, trump, order)])
