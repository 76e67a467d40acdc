"""Cards, suits, ranks, decks and rank orders.

A card is a small integer, ``suit * 13 + (rank - 2)``, so tables indexed by
card are fast and a card is its own hash. Suits are numbered in the notation's
order ``S H D C`` (spades 0, hearts 1, diamonds 2, clubs 3) and ranks run
from 2 to 14 (ace). The notation of the conformance suite writes a card as
rank then suit: ``QS`` is the queen of spades, ``TD`` the ten of diamonds.

Two packs (as in the lottery) simply hold each card twice: the model counts
cards as a multiset.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

#: A card is a plain ``int`` (0..51) so tables index it directly and the
#: symbolic checker (CrossHair) can reason about hands of cards.
Card = int
Suit = int
Rank = int

SPADES: Final = 0
HEARTS: Final = 1
DIAMONDS: Final = 2
CLUBS: Final = 3
SUIT_LETTERS: Final = "SHDC"
SUIT_SYMBOLS: Final = "♠♥♦♣"
RANK_LETTERS: Final = "23456789TJQKA"

JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13
ACE: Final = 14

#: ``SUIT_OF[card]`` and ``RANK_OF[card]``: table look-ups for speed.
SUIT_OF: Final[tuple[Suit, ...]] = tuple(c // 13 for c in range(52))
RANK_OF: Final[tuple[Rank, ...]] = tuple(c % 13 + 2 for c in range(52))


def card(rank: Rank, suit: Suit) -> Card:
    """The card of that rank (2..14) and suit (0..3).

    pre: 2 <= rank <= 14
    pre: 0 <= suit <= 3
    post: SUIT_OF[__return__] == suit and RANK_OF[__return__] == rank
    """
    return suit * 13 + rank - 2


#: ``CARD_NAMES[c]``: the notation of card ``c`` (see :func:`card_name`).
CARD_NAMES: Final = tuple(RANK_LETTERS[c % 13] + SUIT_LETTERS[c // 13] for c in range(52))


def card_name(c: Card) -> str:
    """The notation of a card: ``QS`` for the queen of spades."""
    return CARD_NAMES[c]


def card_symbol(c: Card) -> str:
    """The card with a suit symbol, for people: ``Q♠``."""
    return RANK_LETTERS[c % 13].replace("T", "10") + SUIT_SYMBOLS[c // 13]


#: ``CARDS_BY_NAME[name]``: the card a notation names (see :func:`parse_card`).
CARDS_BY_NAME: Final[dict[str, Card]] = {card_name(c): c for c in range(52)}


def parse_card(text: str) -> Card:
    """The card a notation names, or ``ValueError`` saying what a card looks like."""
    found = CARDS_BY_NAME.get(text)
    if found is None:
        raise ValueError(
            f"{text!r} is not a card: write rank ({' '.join(RANK_LETTERS)}) then suit "
            f"({' '.join(SUIT_LETTERS)}), e.g. 'QS' for the queen of spades"
        )
    return found


def parse_cards(texts: Iterable[str]) -> tuple[Card, ...]:
    """Several cards from their notation."""
    return tuple(parse_card(t) for t in texts)


def names(cards: Iterable[Card]) -> list[str]:
    """The notation of cards in canonical order (a multiset written as a list)."""
    return [CARD_NAMES[c] for c in sorted(cards)]


def suit_letter(s: Suit) -> str:
    """``S``, ``H``, ``D`` or ``C``."""
    return SUIT_LETTERS[s]


def parse_suit(text: str) -> Suit:
    """A suit from its letter, or ``ValueError``."""
    if len(text) != 1 or text not in SUIT_LETTERS:
        raise ValueError(f"{text!r} is not a suit: one of S H D C")
    return SUIT_LETTERS.index(text)


# --- decks -----------------------------------------------------------------


def deck(lowest: Rank = 2) -> tuple[Card, ...]:
    """A full pack from ``lowest`` up to the ace in each suit, in canonical order.

    ``deck(2)`` is the 52-card pack, ``deck(6)`` the 36-card pack and
    ``deck(7)`` the 32-card ("piquet", "преферансная") pack.
    """
    return tuple(card(r, s) for s in range(4) for r in range(lowest, ACE + 1))


DECK_52: Final = deck(2)
DECK_36: Final = deck(6)
DECK_32: Final = deck(7)
TWO_PACKS_52: Final = DECK_52 + DECK_52


# --- rank orders -------------------------------------------------------------

#: A rank order gives each rank (index 0..14, only 2..14 used) a strength;
#: a higher number is a higher card. Games that rank differently pass their own.
RankOrder = tuple[int, ...]

#: Two low, ace high: the usual order.
ACE_HIGH: Final[RankOrder] = tuple(range(15))


def strength(c: Card, order: RankOrder) -> int:
    """The strength of a card's rank under an order."""
    return order[RANK_OF[c]]
