"""Мушка and its variants, as told in seed 001 (chapter XVI): ``mushka``, ``mushka-mistigri``,
``mushka-pamfil`` and ``mushka-shutikha``.

The text says the variants "differ from one another only in the value of the suits and of
some court cards" (001:P10.S1), so there is ONE state machine, parameterised by a frozen
:class:`Variant`: the rank order, the card that plays the role of the ace of spades (the
"мушка" card), a fixed trump suit, and the special powers (Памфил, paid flushes, four of a
suit with the king of clubs). Each game is a kernel over one variant (:func:`mushka_game`).

A game is ONE deal (ruling AMB-MUSHKA-12): the score sheet of the partie (column A, the
tricks; column B, the remises; 30 above the arc) is part of the position, so a partie is a
sequence of games, each starting from the sheet the last one left, and a game ends with the
winner of the мушка when a player's column A less his remises reaches 30 (001:P27.S1; under
thirty=exactly, when it is exactly 30).

The phases of a deal: (``trump``: only in Памфил, when the dealer turns up the jack of clubs)
``declare`` (play or pass, in turn from the dealer's left), ``exchange`` (the players who
play stand or discard and draw), then the мушка (five of a suit) is shown or the tricks are
played (``play``, with ``gather`` after each trick under gather=claim), and ``over``.

Each rule is declared with the sentences it comes from and named again, by its id, where the
code enforces it. A rule shared by the four games has one id per game (``mushka/follow-suit``,
``mushka-mistigri/follow-suit``, ...), all named at the one point of enforcement.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from itertools import combinations
from typing import ClassVar, Final, NamedTuple, Self, TypeVar

from mypy_extensions import mypyc_attr

from reference.core import observables as obs
from reference.core import views
from reference.core.actions import CardsAction, Pass, Play, SeatAction, Take, read_action
from reference.core.cards import (
    ACE_HIGH,
    DECK_32,
    DECK_36,
    DECK_52,
    RANK_OF,
    SPADES,
    SUIT_OF,
    Card,
    RankOrder,
    card_name,
    names,
    parse_suit,
    suit_letter,
)
from reference.core.errors import FormatError, IllegalAction, SetupError
from reference.core.game import DeckOrder, Outcome, Table
from reference.core.holdings import put, without
from reference.core.jsontypes import (
    JSON,
    JSONObject,
    as_card,
    as_cards,
    as_int,
    as_list,
    as_object,
    as_str,
    card_lists,
    field,
)
from reference.core.kernel import GameOptions, Kernel, Observable, PerSeat, Shown, Viewer, option
from reference.core.ledger import Ledger
from reference.core.options import OptionSpec
from reference.core.positions import Notation
from reference.core.rules import CORE_RULES, Rule
from reference.core.seats import Seat
from reference.core.states import named_updates

HAND: Final = 5
TARGET: Final = 30
MAX_PLAYERS: Final = 10

AS: Final = 12  # ace of spades
QS: Final = 10  # queen of spades
KS: Final = 11  # king of spades
JC: Final = 3 * 13 + 9  # jack of clubs, Памфил
KC: Final = 3 * 13 + 11  # king of clubs

#: The kinds of variant, an index into the tables of the decision functions.
BASE: Final = 0
MISTIGRI: Final = 1
PAMFIL: Final = 2
SHUTIKHA: Final = 3

#: Mistigri: the king high, the ace between the ten and the jack (001:P28.S4-S5).
MISTIGRI_ORDER: Final[RankOrder] = (0, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14, 11)
#: Shutikha: only a king beats the queen of spades (001:P46.S2), so the queen stands above
#: the ace and below the king (ruling AMB-MUSHKASHUTIKHA-02).
SHUTIKHA_ORDER: Final[RankOrder] = (0, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 14, 15, 13)
#: The rank order of each kind (shutikha's own order is for the spades only).
ORDERS: Final = (ACE_HIGH, MISTIGRI_ORDER, ACE_HIGH, ACE_HIGH)
#: The card in the role of the ace of spades ("мушка"), per kind; -1: none.
TOPS: Final = (AS, KC, -1, QS)

#: Points of a card for comparing two flushes of one suit (001:P33-P38, 001:P46.S3):
#: king 5, queen 4, jack 2, ace 1, others face value; in shutikha the queen of spades 8.
POINTS: Final = (0, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 2, 4, 5, 1)
#: Precedence of the suits of flushes shown at once (001:P32.S1): hearts, diamonds, clubs,
#: spades. ``SUIT_PRECEDENCE[suit]``, higher wins.
SUIT_PRECEDENCE: Final = (0, 3, 2, 1)
R10: Final = range(10)


# --- the pure decision functions (CrossHair contracts) ---------------------------------


def effective_suit(c: int, trump: int, kind: int) -> int:
    """The suit a card counts as in play: Памфил is always a trump (001:P41.S1).

    pre: 0 <= c < 52 and 0 <= trump <= 3 and 0 <= kind <= 3
    post: 0 <= __return__ <= 3
    post: __return__ == SUIT_OF[c] or (kind == PAMFIL and c == JC and __return__ == trump)
    """
    if kind == PAMFIL and c == JC:  # AMB-MUSHKAPAMFIL-08: a trump in following as in taking
        return trump
    return SUIT_OF[c]


def in_trick_suits(c: int, lead: int, trump: int, kind: int) -> bool:
    """Whether a card can take a trick: a trump, of the suit led, or the мушка card.

    pre: 0 <= c < 52 and 0 <= lead < 52 and 0 <= trump <= 3 and 0 <= kind <= 3
    """
    suit = effective_suit(c, trump, kind)
    return c == TOPS[kind] or suit == trump or suit == effective_suit(lead, trump, kind)


def top_plain(c: int, lead: int, trump: int, kind: int, when_led: bool) -> bool:
    """Whether the мушка card ``c`` is, in this trick, a plain card of its suit that a trump
    beats (mushka/top-trumped, mushka-mistigri/king-of-clubs).

    A player without the suit may trump the ace of spades led (001:P20.S2); rule 8
    (001:P21.S1) has him trump it when spades are led and it has to follow, and in mistigri
    "за неимением трефовой масти короля треф можно бить козырем" (001:P29.S2). Under
    top_trumped=suit-led (AMB-MUSHKA-18, AMB-MUSHKAMISTIGRI-06) the card is plain in any
    trick led in its suit; under top_trumped=when-led only when it is led itself. Of the
    trump suit it is never plain: it is the highest trump.

    pre: 0 <= c < 52 and 0 <= lead < 52 and 0 <= trump <= 3 and 0 <= kind <= 3
    post: not __return__ or SUIT_OF[c] != trump
    post: not (__return__ and when_led) or c == lead
    """
    suit = SUIT_OF[c]
    if suit == trump:
        return False
    if when_led:  # AMB-MUSHKA-18/b, AMB-MUSHKAMISTIGRI-06/b
        return c == lead
    return effective_suit(lead, trump, kind) == suit  # AMB-MUSHKA-18/a


def card_key(  # noqa: PLR0917 (positional, as the tables call it)
    c: int, lead: int, trump: int, kind: int, when_led: bool = False, any_lead: bool = False
) -> int:
    """The strength of a card in a trick with ``lead`` led: a higher key takes the trick.

    mushka-mistigri/rank-order: the orders are ORDERS[kind]; mushka-mistigri/king-of-clubs and
    mushka-shutikha/queen-of-spades: the мушка card is TOPS[kind]; in shutikha the queen of
    spades is a trump beaten only by the king (SHUTIKHA_ORDER), or by any king under
    queen_beaten_by=any-king (:func:`beats`). mushka-pamfil/pamfil-top-trump: Памфил is 500.

    The мушка card (TOPS[kind]) is above everything, except in a trick led in its suit when
    that suit is not trump (only when it is led itself, under when_led): then it is a plain card
    of its suit and a trump beats it (:func:`top_plain`; 001:P20.S2, 001:P21.S1, 001:P29.S2).
    Памфил is the highest trump (001:P41.S1). A card neither trump nor of the suit led is 0.

    pre: 0 <= c < 52 and 0 <= lead < 52 and 0 <= trump <= 3 and 0 <= kind <= 3
    pre: kind != SHUTIKHA or trump == 0
    post: __return__ >= 0
    post: (__return__ == 0) == (not in_trick_suits(c, lead, trump, kind))
    """
    top = TOPS[kind]
    suit = effective_suit(c, trump, kind)
    if c == top and kind != SHUTIKHA and not top_plain(c, lead, trump, kind, when_led):
        # AMB-MUSHKA-18/d, AMB-MUSHKAMISTIGRI-06: under top_trumped=any-lead (``any_lead``) the
        # highest plain card, which a trump beats in any trick not led in trumps
        if any_lead and SUIT_OF[c] != trump and effective_suit(lead, trump, kind) != trump:
            return 199
        return 1000
    if kind == PAMFIL and c == JC:
        return 500
    order = SHUTIKHA_ORDER if kind == SHUTIKHA and SUIT_OF[c] == 0 else ORDERS[kind]
    if suit == trump:
        return 200 + order[RANK_OF[c]]
    if suit == effective_suit(lead, trump, kind):
        return 100 + order[RANK_OF[c]]
    return 0


def stronger(  # noqa: PLR0917 (positional, to keep the contract of beats on one line)
    a: int, b: int, lead: int, trump: int, kind: int, when_led: bool = False
) -> bool:
    """Whether card ``a`` has a higher key than card ``b`` in a trick with ``lead`` led.

    pre: 0 <= a < 52 and 0 <= b < 52 and 0 <= lead < 52 and 0 <= trump <= 3 and 0 <= kind <= 3
    pre: kind != SHUTIKHA or trump == 0
    """
    return card_key(a, lead, trump, kind, when_led) > card_key(b, lead, trump, kind, when_led)


def beats(
    challenger: int,
    holder: int,
    lead: int,
    trump: int,
    kind: int,
    *,
    any_king: bool,
    when_led: bool = False,
) -> bool:
    """Whether ``challenger`` takes the trick from the card now holding it.

    Under any_king (shutikha), any king takes a trick the queen of spades holds (001:P46.S2).

    pre: 0 <= challenger < 52 and 0 <= holder < 52 and 0 <= lead < 52
    pre: challenger != holder
    pre: 0 <= trump <= 3 and 0 <= kind <= 3
    pre: kind != SHUTIKHA or trump == 0
    post: __return__ == stronger(challenger, holder, lead, trump, kind, when_led) or holder == QS
    """
    if kind == SHUTIKHA and any_king and holder == QS:  # mushka-shutikha/queen-of-spades
        return RANK_OF[challenger] == 13
    return card_key(challenger, lead, trump, kind, when_led) > card_key(
        holder, lead, trump, kind, when_led
    )


def beats_best(  # noqa: PLR0917 (positional, to keep trick_winner's contract on one line)
    cards: tuple[int, ...],
    best: int,
    i: int,
    trump: int,
    kind: int,
    any_king: bool,
    when_led: bool = False,
) -> bool:
    """Whether a card played after ``best`` would have beaten it (for the trick contract)."""
    return best < i < len(cards) and beats(
        cards[i], cards[best], cards[0], trump, kind, any_king=any_king, when_led=when_led
    )


def trick_winner(
    cards: tuple[int, ...], trump: int, kind: int, any_king: bool, when_led: bool = False
) -> int:
    """The index (in play order, the lead first) of the card that takes the trick.

    pre: 1 <= len(cards) <= 10
    pre: all(0 <= c < 52 for c in cards) and len(set(cards)) == len(cards)
    pre: 0 <= trump <= 3 and 0 <= kind <= 3
    pre: kind != SHUTIKHA or trump == 0
    post: 0 <= __return__ < len(cards)
    post: not any(beats_best(cards, __return__, i, trump, kind, any_king, when_led) for i in R10)
    """
    best = 0
    for i in range(1, len(cards)):
        if beats(
            cards[i], cards[best], cards[0], trump, kind, any_king=any_king, when_led=when_led
        ):
            best = i
    return best


#: The trump king rule (001:P22.S1, AMB-MUSHKA-19): king_lead=free, must, trumps-first.
KING_FREE: Final = 0
KING_MUST: Final = 1
KING_TRUMPS_FIRST: Final = 2
KING_RULES: Final = {"free": KING_FREE, "must": KING_MUST, "trumps-first": KING_TRUMPS_FIRST}


def lead_choices(hand: tuple[int, ...], trump: int, kind: int, rule: int) -> tuple[int, ...]:
    """The cards a player on lead may lead: rule 9, "находясь в руке, имеющий козырного
    короля обязан с него козырять" (001:P22.S1; mushka/king-lead).

    Under king_lead=must (AMB-MUSHKA-19/a) a player on lead who holds the king of trumps
    leads it; under trumps-first (b) he may lead any card but a trump other than that king;
    under free (c) any card.

    pre: 1 <= len(hand) <= 5 and all(0 <= c < 52 for c in hand) and len(set(hand)) == len(hand)
    pre: 0 <= trump <= 3 and 0 <= kind <= 3 and 0 <= rule <= 2
    post: len(__return__) >= 1 and all(c in hand for c in __return__)
    post: rule == KING_FREE or trump * 13 + 11 in hand or __return__ == hand
    post: rule != KING_MUST or trump * 13 + 11 not in hand or __return__ == (trump * 13 + 11,)
    """
    king = trump * 13 + 11
    if rule == KING_FREE or king not in hand:
        return hand
    if rule == KING_MUST:
        return (king,)
    return tuple([c for c in hand if c == king or effective_suit(c, trump, kind) != trump])


def trick_points(tricks: int, holds_top: bool, top_is_trump: bool) -> int:
    """What a player writes in column A for his tricks of a deal (001:P19).

    A trick is one; the holder of the мушка card counts his first trick six and the others
    one each, or ten and two each when that card is a trump.

    pre: 0 <= tricks <= 5
    post: __return__ >= tricks
    post: tricks > 0 or __return__ == 0
    post: holds_top or __return__ == tricks
    """
    if tricks == 0:
        return 0
    if not holds_top:
        return tricks
    if top_is_trump:
        return 10 + 2 * (tricks - 1)
    return 6 + (tricks - 1)


def remise_amount(tricks: int, top_beaten_here: bool, shielded: bool) -> int:
    """The remise written in column B for a deal's tricks (001:P19.S5-S6, 001:P42.S1).

    pre: 0 <= tricks <= 5
    post: __return__ in (0, 5, 10)
    post: tricks == 0 or __return__ == 0
    """
    if tricks > 0 or shielded:  # AMB-MUSHKA-38/a: only a player with no trick is remised
        return 0
    # AMB-MUSHKA-63/a: 5 or 10 whatever the trump (001:P19.S7 doubles the tricks only)
    return 10 if top_beaten_here else 5


def flush_suit(hand: tuple[int, ...], kind: int) -> int:
    """The suit of a мушка (five cards of one suit, 001:P15.S1), or -1. Памфил never makes one
    (001:P44.S1, mushka-pamfil/four-and-pamfil).

    pre: len(hand) == 5 and all(0 <= c < 52 for c in hand)
    pre: 0 <= kind <= 3
    post: __return__ == -1 or all(SUIT_OF[c] == __return__ for c in hand)
    """
    if kind == PAMFIL and JC in hand:  # AMB-MUSHKAPAMFIL-05
        return -1
    s = SUIT_OF[hand[0]]
    for c in hand:
        if SUIT_OF[c] != s:
            return -1
    return s


def flush_points(hand: tuple[int, ...], kind: int) -> int:
    """The points of a hand for the tie-break of flushes (001:P33-P38; 001:P46.S3):
    mushka-mistigri/flush-points, mushka-shutikha/flush-points.

    pre: len(hand) <= 5 and all(0 <= c < 52 for c in hand)
    pre: 0 <= kind <= 3
    post: __return__ >= 0
    """
    total = 0
    for c in hand:
        # AMB-MUSHKASHUTIKHA-04: the queen of spades 8, the rest as in mistigri
        total += 8 if kind == SHUTIKHA and c == QS else POINTS[RANK_OF[c]]
    return total


def flush_key(hand: tuple[int, ...], kind: int) -> int:
    """Precedence of a flush: suit first (hearts, diamonds, clubs, spades), then points.

    pre: len(hand) == 5 and all(0 <= c < 52 for c in hand)
    pre: 0 <= kind <= 3
    post: __return__ >= 0
    post: __return__ == 0 or __return__ // 100 == SUIT_PRECEDENCE[SUIT_OF[hand[0]]]
    """
    s = flush_suit(hand, kind)
    if s < 0:
        return 0
    return SUIT_PRECEDENCE[s] * 100 + flush_points(hand, kind)


def four_and_top(hand: tuple[int, ...]) -> bool:
    """Mistigri: four cards of one suit and the king of clubs (001:P39.S1).

    pre: len(hand) == 5 and all(0 <= c < 52 for c in hand)
    post: not __return__ or KC in hand
    """
    if KC not in hand:
        return False
    counts = [0, 0, 0, 0]
    for c in hand:
        if c != KC:
            counts[SUIT_OF[c]] += 1
    return max(counts) == 4


#: :func:`card_key` as a table, the strength of each card in each trick:
#: ``KEYS[mode][kind][trump][lead][card]``, the mode that of top_trumped (:data:`TRUMPED`:
#: suit-led, when-led, any-lead).
KEYS: Final = tuple(
    tuple(
        tuple(
            tuple(tuple(card_key(c, lead, t, k, w, a) for c in range(52)) for lead in range(52))
            for t in range(4)
        )
        for k in range(4)
    )
    for w, a in ((False, False), (True, False), (False, True))
)
#: The index of :data:`KEYS` for each value of top_trumped (AMB-MUSHKA-18).
TRUMPED: Final = {"suit-led": 0, "when-led": 1, "any-lead": 2}


def pamfil_ace_key(c: int, lead: int, trump: int, above: bool = False) -> int:
    """:func:`card_key` in Памфил under ace_of_spades=keeps-conditions (AMB-MUSHKAPAMFIL-01/e):
    the ace of spades keeps its base power (mushka/top-card) below Памфил alone, the highest
    trump (001:P41.S1): above every other card, except in a trick led in spades when spades are
    not trump, where it is a plain spade that a trump beats (:func:`top_plain`, the base game's
    default top_trumped=suit-led). Under ace_of_spades=above-pamfil (``above``,
    AMB-MUSHKAPAMFIL-01/f) it stands above Памфил too while spades are not trump, being then
    no trump and beating the trumps (001:P20.S3), and just below it when they are.

    pre: 0 <= c < 52 and 0 <= lead < 52 and 0 <= trump <= 3
    post: __return__ >= 0
    post: c != AS or __return__ > 0
    post: __return__ < card_key(JC, lead, trump, PAMFIL) or c == JC or (above and trump != SPADES)
    """
    if c == AS and not top_plain(c, lead, trump, PAMFIL, False):
        if above and trump != SPADES:  # AMB-MUSHKAPAMFIL-01/f: no trump, above the trumps
            return 600  # above Памфил's 500, clear of it (a shift of one keeps the order)
        return 499  # just below Памфил's 500, the highest trump (001:P41.S1)
    return card_key(c, lead, trump, PAMFIL)


#: :func:`pamfil_ace_key` as a table, ``ACE_KEYS[above][trump][lead][card]``.
ACE_KEYS: Final = tuple(
    tuple(
        tuple(tuple(pamfil_ace_key(c, lead, t, above) for c in range(52)) for lead in range(52))
        for t in range(4)
    )
    for above in (False, True)
)


# --- variants ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Variant:
    """What distinguishes one мушка from another (001:P10.S1)."""

    id: str
    kind: int
    title: str
    top: Card
    fixed_trump: int


MUSHKA: Final = Variant("mushka", BASE, "Обыкновенная мушка (seed 001, глава XVI)", AS, -1)
MUSHKA_MISTIGRI: Final = Variant(
    "mushka-mistigri", MISTIGRI, "Мушка мистигри (seed 001, глава XVI)", KC, -1
)
MUSHKA_PAMFIL: Final = Variant(
    "mushka-pamfil", PAMFIL, "Мушка Памфил (seed 001, глава XVI)", -1, -1
)
MUSHKA_SHUTIKHA: Final = Variant(
    "mushka-shutikha", SHUTIKHA, "Мушка шутиха (seed 001, глава XVI)", QS, 0
)
VARIANTS: Final = {v.id: v for v in (MUSHKA, MUSHKA_MISTIGRI, MUSHKA_PAMFIL, MUSHKA_SHUTIKHA)}


def rid(v: Variant, slug: str) -> str:
    """The id of a shared rule in a variant's namespace."""
    return f"{v.id}/{slug}"


# --- rules ------------------------------------------------------------------------------

#: The rules every мушка shares, as the base game states them: (id, cites, statement). A
#: variant has them in its own namespace (its ids listed where the variant is declared).
SHARED: Final = (
    (
        "mushka/players",
        ("001:P11.S2", "AMB-MUSHKA-01"),
        "Three to ten play.",
    ),
    (
        "mushka/deck",
        ("001:P11.S3", "001:P18.S2", "AMB-MUSHKA-02"),
        "Three play with the 32-card pack (seven to ace), more with the 52-card pack; under "
        "deck=36 up to seven play with the 36-card pack (six to ace), more with the 52.",
    ),
    (
        "mushka/dealer-by-lot",
        ("001:P13.S1",),
        "The first dealer is chosen by lot: the table names his seat.",
    ),
    (
        "mushka/deal-five",
        ("001:P13.S1", "AMB-MUSHKA-03"),
        "Each player is dealt five cards from the dealer's left, one at a time (or five at "
        "once under deal_packet=5).",
    ),
    (
        "mushka/misdeal",
        ("001:P25.S1",),
        "A deal that gives a hand other than five cards or shows a card besides the trump "
        "card is a misdeal: it is refused and must be dealt again.",
    ),
    (
        "mushka/trump-turned",
        ("001:P13.S2", "AMB-MUSHKA-04"),
        "The next card is turned up and its suit is trump; it lies out of play (or at the "
        "bottom of the stock, drawn last, under trump_card=under-stock; on top of the stock, "
        "drawn first, under trump_card=top-of-stock).",
    ),
    (
        "mushka/declare",
        ("001:P14.S1", "AMB-MUSHKA-05"),
        "Each player in turn from the dealer's left says play or pass.",
    ),
    (
        "mushka/top-may-not-pass",
        ("001:P20.S1", "001:P30.S1"),
        "The holder of the мушка card (the ace of spades; its stand-in in a variant) may not pass.",
    ),
    (
        "mushka/lone-player",
        ("001:P14.S2", "001:P16.S1", "AMB-MUSHKA-11"),
        "A player who alone plays (every other passed) plays the deal alone and takes the five "
        "tricks; under lone=void the deal is void and nothing is written.",
    ),
    (
        "mushka/all-pass",
        ("001:P14.S2", "AMB-MUSHKA-06"),
        "If nobody plays, the deal is void: nothing is written.",
    ),
    (
        "mushka/exchange",
        ("001:P14.S2", "001:P14.S3", "001:P14.S4", "001:P14.S5", "AMB-MUSHKA-05", "AMB-MUSHKA-64"),
        'Each player who plays, in turn from the dealer\'s left, stands ("иду на своих") or '
        "discards one to five cards and draws as many from the top of the stock.",
    ),
    (
        "mushka/stock-limit",
        ("001:P14.S4", "AMB-MUSHKA-07"),
        "Nobody discards more cards than the stock holds; under stock_short=discards, when "
        "the stock runs short the earlier discards, in the order discarded, become the stock.",
    ),
    (
        "mushka/passers-out",
        ("001:P14.S2", "001:P16.S1", "AMB-MUSHKA-08"),
        "A player who passed takes no part in the exchange or the play.",
    ),
    (
        "mushka/flush-shown",
        ("001:P15.S1", "001:P15.S2", "AMB-MUSHKA-09", "AMB-MUSHKA-62"),
        "Once all have exchanged, a player who plays and holds five cards of one suit (a "
        "мушка; under ace_flush=four-and-ace also four of a suit and the ace of spades) shows "
        "it and the deal is settled as the flush option says.",
    ),
    (
        "mushka/flush-precedence",
        ("001:P15.S1", "001:P32.S1", "001:P33.S1", "AMB-MUSHKA-10"),
        "Of several flushes shown at once the higher suit wins (hearts, diamonds, clubs, "
        "spades; under flush_precedence=trump-first the trump suit above them), and of two in "
        "one suit the one with more points.",
    ),
    (
        "mushka/first-player-leads",
        ("001:P16.S1", "AMB-MUSHKA-11"),
        "Without a мушка the first player (from the dealer's left) who plays leads any card; "
        "the others who play follow in turn to the left.",
    ),
    (
        "mushka/winner-leads",
        ("001:P16.S1", "AMB-MUSHKA-11"),
        "The taker of a trick leads to the next.",
    ),
    (
        "mushka/follow-suit",
        ("001:P16.S2", "AMB-MUSHKA-13", "AMB-MUSHKA-60"),
        "A player must play a card of the suit led if he has one (under "
        "follow_or_trump=either he may beat it with a trump instead).",
    ),
    (
        "mushka/must-trump",
        ("001:P16.S2", "001:P20.S2", "AMB-MUSHKA-13", "AMB-MUSHKA-23"),
        "Without the suit led a player must play a trump if he has one (the мушка card or a "
        "trump then); without either, any card (under top_forced=forced the мушка card alone "
        "counts as a trump he must play).",
    ),
    (
        "mushka/must-beat",
        ("001:P16.S2", "001:P16.S3", "AMB-MUSHKA-14"),
        "Among the cards he may play, a player must play one that takes the trick if he has "
        "one (not under must_beat=false).",
    ),
    (
        "mushka/revoke-remise",
        ("001:P16.S3", "AMB-MUSHKA-15"),
        "Under revoke=penalise a player may break the obligations to follow, trump or beat; "
        "the card stands and a remise is written in his column B.",
    ),
    (
        "mushka/top-card",
        ("001:P12.S1", "001:P18.S1", "001:P20.S2", "001:P20.S3"),
        "The мушка card is the highest card of the game: it takes any trick, a trump ace led "
        "included, except in a trick led in its own suit when that suit is not trump, where a "
        "trump beats it (mushka/top-trumped).",
    ),
    (
        "mushka/top-trumped",
        ("001:P20.S2", "001:P21.S1", "AMB-MUSHKA-18"),
        "A player without the suit may trump the мушка card in a trick led in its suit, led or "
        "following (only when it is led under top_trumped=when-led).",
    ),
    (
        "mushka/king-lead",
        ("001:P22.S1", "AMB-MUSHKA-19", "AMB-MUSHKA-61"),
        "A player on lead who holds the king of trumps must lead it (under "
        "king_lead=trumps-first he may lead no other trump; free: no obligation); a play "
        "against it is refused, whatever the revoke option. Under king_ruff=must a player who "
        "trumps a lead he cannot follow, and holds that king, trumps with it.",
    ),
    (
        "mushka/trick-winner",
        ("001:P12.S1", "001:P18.S1", "001:P16.S1"),
        "Otherwise the highest trump takes the trick, or without a trump the highest card of "
        "the suit led.",
    ),
    (
        "mushka/score-sheet",
        ("001:P17.S1", "001:P17.S2", "001:P19.S1", "001:P19.S2", "AMB-MUSHKA-12"),
        "Each player's sheet has 30 above the arc, column A (tricks) and column B (remises); "
        "at the end of the deal each writes his tricks in A, one each.",
    ),
    (
        "mushka/top-holder-points",
        ("001:P19.S3", "001:P19.S4", "001:P19.S7", "001:P19.S8", "001:P30.S1", "AMB-MUSHKA-26"),
        "The holder of the мушка card counts his first trick six, the others one each; when "
        "that card is a trump, ten and two each (under top_trick=card the six, or ten, only "
        "if his мушка card took a trick).",
    ),
    (
        "mushka/no-trick-remise",
        ("001:P19.S5", "001:P19.S6", "AMB-MUSHKA-16", "AMB-MUSHKA-63"),
        "A player who plays and takes no trick writes a remise of 5 in B; 10 if he held the "
        "мушка card and it was beaten.",
    ),
    (
        "mushka/claim-trick",
        ("001:P26.S1", "AMB-MUSHKA-17"),
        "Under gather=claim the players of a trick, from its leader, each take it or pass; "
        "the trick goes to its winner, but a player who takes a trick not his loses what he "
        "would have written this deal and starts his sheet again from 30.",
    ),
    (
        "mushka/win-at-30",
        ("001:P27.S1", "001:P26.S1", "AMB-MUSHKA-12"),
        "A player whose column A less column B reaches 30 wins the мушка (the game ends; of "
        "several, the highest); under thirty=exactly only at 30 itself, and under "
        "thirty=exactly-reset a player past 30 starts his sheet again from 30.",
    ),
)

RULES_BASE: Final = CORE_RULES + tuple(Rule(i, c, t) for i, c, t in SHARED)


def _variant_rules(v: Variant, ids: tuple[str, ...], own: tuple[Rule, ...]) -> tuple[Rule, ...]:
    """A variant's rules: the shared ones under the ids it lists (same cites and statement as
    the base game's), then its own."""
    by_slug = {i.split("/")[1]: (c, t) for i, c, t in SHARED}
    shared = []
    for i in ids:
        slug = i.split("/")[1]
        assert i == rid(v, slug) and slug in by_slug, i
        shared.append(Rule(i, *by_slug[slug]))
    return CORE_RULES + tuple(shared) + own


# --- options -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MushkaOptions(GameOptions):
    """The options of the four мушки, each declared once: the base game's, then those of a
    variant's own powers. A game offers those with an object in it (:func:`offered`); an option
    a game does not offer keeps its default."""

    deck: str = option(
        "by-count",
        "The pack: 32 cards for three players and 52 for more (by-count), or 36 cards, six "
        "to ace, for three to seven players and 52 for more (36), or the 52-card pack for any "
        "number of players (52).",
        ("by-count", "36", "52"),
        ruling="AMB-MUSHKA-02",
    )
    deal_packet: int = option(
        1,
        "Cards given at a time while dealing: 1 (one by one) or 5 (all five at once).",
        (1, 5),
        ruling="AMB-MUSHKA-03",
    )
    trump_card: str = option(
        "out-of-play",
        "The turned trump card lies out of play, or goes under the stock and is drawn last "
        "(under-stock), or stays face up on top of the stock and is drawn first (top-of-stock).",
        ("out-of-play", "under-stock", "top-of-stock"),
        ruling="AMB-MUSHKA-04",
    )
    must_beat: bool = option(
        True,
        "Whether a player must take the trick when a card he may play can take it.",
        (True, False),
        ruling="AMB-MUSHKA-14",
    )
    overtrump: bool = option(
        True,
        "Under must_beat=true, whether a player without the suit led must also trump high "
        "enough to take the trick (true), or may play any trump (false: he must beat only "
        "in the suit led).",
        (True, False),
        ruling="AMB-MUSHKA-14",
    )
    must_head: bool = option(
        False,
        "Under must_beat, a player who follows suit and cannot take the trick (it is trumped) "
        "must still head the highest card of the suit led if he can (true), or may play any "
        "card of the suit (false).",
        (False, True),
        ruling="AMB-MUSHKA-14",
    )
    follow_or_trump: str = option(
        "follow",
        "A player who holds the suit led must play it (follow), or may play it or a trump "
        'instead (either: "бросать или бить требуемую масть" met by either one).',
        ("follow", "either"),
        ruling="AMB-MUSHKA-60",
    )
    ace_flush: str = option(
        "five",
        "What a мушка is: five cards of one suit only (five), or also four of a suit and the "
        "ace of spades, a мушка of the four's suit, the ace counted as that suit's ace "
        "(four-and-ace).",
        ("five", "four-and-ace"),
        ruling="AMB-MUSHKA-62",
    )
    top_follows: str = option(
        "both",
        "The мушка card follows its own suit and also counts as a trump when trumps are led "
        "(both), or follows only its own suit (own-suit).",
        ("both", "own-suit"),
        ruling="AMB-MUSHKA-13",
    )
    top_forced: str = option(
        "free",
        "A player with neither the suit led nor a trump but with the мушка card plays any "
        "card (free: 001:P16.S2 frees him), or must play the мушка card, which counts as a "
        "trump for the duty to trump (forced).",
        ("free", "forced"),
        ruling="AMB-MUSHKA-23",
    )
    revoke: str = option(
        "refuse",
        "A play that breaks the obligations is refused (refuse), or stands and costs a "
        "remise (penalise).",
        ("refuse", "penalise"),
        ruling="AMB-MUSHKA-15",
    )
    revoke_remise: int = option(
        5,
        "The remise written in B for a revoke under revoke=penalise.",
        minimum=1,
        maximum=100,
        ruling="AMB-MUSHKA-15",
    )
    top_trick: str = option(
        "first",
        "Which trick of the holder of the мушка card counts 6 (10 when it is a trump): the "
        "first he takes (first), or the trick his мушка card takes; if it is beaten, none, "
        "and each of his tricks counts 1 (2 when it is a trump) (card).",
        ("first", "card"),
        ruling="AMB-MUSHKA-26",
    )
    remise_ten: str = option(
        "holder",
        "Who writes 10 for no trick when the мушка card was beaten: its holder (holder) or "
        "every player who took no trick in that deal (all).",
        ("holder", "all"),
        ruling="AMB-MUSHKA-16",
    )
    gather: str = option(
        "auto",
        "A trick goes to its winner by itself (auto), or is claimed by the players (claim), "
        "so that rule 13 can arise.",
        ("auto", "claim"),
        ruling="AMB-MUSHKA-17",
    )
    king_lead: str = option(
        "must",
        "Rule 9: a player on lead who holds the king of trumps must lead it (must), may lead "
        "no other trump while he holds it (trumps-first), or leads as he likes (free).",
        ("must", "trumps-first", "free"),
        ruling="AMB-MUSHKA-19",
    )
    king_ruff: str = option(
        "free",
        'Rule 9\'s "обязан с него козырять" binds the lead only (free: a player who trumps a '
        "lead he cannot follow plays any trump), or also the ruff: a player who trumps a lead "
        "he cannot follow, and holds the king of trumps, trumps with it (must).",
        ("free", "must"),
        ruling="AMB-MUSHKA-61",
    )
    thirty: str = option(
        "or-more",
        "Who has won the мушка after a deal: column A less the remises at 30 or more, of "
        "several the highest (or-more), or at exactly 30 (exactly: a player past 30 has not "
        "and goes on; exactly-reset: a player past 30 starts his sheet again from 30).",
        ("or-more", "exactly", "exactly-reset"),
        ruling="AMB-MUSHKA-12",
    )
    all_pass: str = option(
        "void",
        "When every player before the dealer has passed: the dealer may pass too and the "
        "deal is void (void), or the dealer, the last to speak, must play (dealer-plays).",
        ("void", "dealer-plays"),
        ruling="AMB-MUSHKA-06",
    )
    lone: str = option(
        "plays",
        "When every other player passes and one player alone plays: he plays the deal alone "
        "and takes the five tricks (plays), or the deal is void and nothing is written (void).",
        ("plays", "void"),
        ruling="AMB-MUSHKA-11",
    )
    stock_short: str = option(
        "refuse",
        "A discard larger than the stock is refused (refuse), or the player draws what the "
        "stock holds and then from the earlier discards of the deal, turned over to become "
        "the stock in the order they were discarded (discards).",
        ("refuse", "discards"),
        ruling="AMB-MUSHKA-07",
    )
    flush: str = option(
        "wins",
        "What a shown мушка does: its holder wins the мушка outright (wins); or the deal is not "
        "played, he writes the five tricks (5) and the others who play a remise of 5 (remise), "
        "or the same with his five tricks counted as tricks are, 10 or 18 with the мушка card "
        "(remise-counted); or he writes the five tricks and the others nothing (five); or the "
        "deal is void and nothing is written (void).",
        ("wins", "remise", "remise-counted", "five", "void"),
        ruling="AMB-MUSHKA-09",
    )
    flush_precedence: str = option(
        "suit-points",
        "Of several мушки shown at once: the higher suit, then more points, as in mistigri "
        "(suit-points), the trump suit first and then as in mistigri (trump-first), or the "
        "first from the dealer's left (first).",
        ("suit-points", "trump-first", "first"),
        ruling="AMB-MUSHKA-10",
    )
    tricks_seen: str = option(
        "last",
        "What is seen of the tricks taken: each is turned face down as it is gathered, but the "
        "last may be looked at until the next is gathered (last), or every trick stays face up "
        "before the player who took it (all). Changes only what each seat sees.",
        ("last", "all"),
        ruling="AMB-MUSHKA-21",
    )
    revokes_seen: str = option(
        "end",
        "Under revoke=penalise, when a revoke is known to the others: at the end of the deal, "
        "when its remise is written (end; its player knows it at once), or as it is played "
        "(at-once). Changes only what each seat sees.",
        ("end", "at-once"),
        ruling="AMB-MUSHKA-22",
    )
    #: Mistigri offers it under its own ruling (AMB-MUSHKAMISTIGRI-06).
    top_trumped: str = option(
        "suit-led",
        "When a player without the suit may trump the мушка card: in any trick led in its "
        "suit, also when it follows (suit-led), or only when it is itself led (when-led); or in "
        "any trick not led in trumps, the card being the highest plain card only (any-lead).",
        ("suit-led", "when-led", "any-lead"),
        ruling="AMB-MUSHKA-18",
    )
    top_ruff: str = option(
        "must",
        "A player without the suit when the мушка card is led (its suit not trump) must trump "
        "it if he holds a trump, as in any trick (must), or may trump it or discard (may).",
        ("must", "may"),
        ruling="AMB-MUSHKA-37",
    )
    # mistigri's paid flush (001:P31.S1)
    flush_fee: int = option(
        1,
        'What every other player pays the holder of five cards of one suit ("плата, '
        'которая будет условлена ранее"); it does not enter the record.',
        minimum=0,
        maximum=1000,
        ruling="AMB-MUSHKAMISTIGRI-03",
    )
    flush_deal: str = option(
        "continue",
        "After a paid flush the deal is played and written as usual (continue), or is not "
        "written at all (unscored).",
        ("continue", "unscored"),
        ruling="AMB-MUSHKAMISTIGRI-03",
    )
    flush_payers: str = option(
        "all",
        'Who pays for five cards of one suit ("взять ту плату со всех"): every other player '
        "at the table (all) or only the others who play (playing).",
        ("all", "playing"),
        ruling="AMB-MUSHKAMISTIGRI-03",
    )
    king_conditions: str = option(
        "all",
        "The holder of the king of clubs is under every condition of the holder of the ace of "
        "spades (all: may not pass, 6 or 10 for his first trick, 10 remise), or under the "
        "obligation only (obligations: he may not pass, and counts his tricks and remise as "
        "any player).",
        ("all", "obligations"),
        ruling="AMB-MUSHKAMISTIGRI-11",
    )
    four_king_pay: str = option(
        "none",
        'What "берет с игроков все их оставшиеся записи" moves besides the sheets cleared: '
        "nothing (none), or every other player pays the winner, in chips, what remains on his "
        "sheet, column A less column B when that is above 0 (sheets), or what he still lacks "
        "to 30, 30 less column A plus column B when that is above 0 (shortfall).",
        ("none", "sheets", "shortfall"),
        ruling="AMB-MUSHKAMISTIGRI-07",
    )
    flush_tie: str = option(
        "seat",
        "Two мушки of one suit with equal points: the first from the dealer's left has the "
        "privilege (seat), or the one with the highest card, then the next highest, in "
        "mistigri's order (high-card).",
        ("seat", "high-card"),
        ruling="AMB-MUSHKAMISTIGRI-04",
    )
    four_king_flush: str = option(
        "four-and-king",
        "Five clubs with the king of clubs: four of a suit and the king of clubs, which win "
        "the мушка (four-and-king), or a paid flush of five cards of one suit only (flush).",
        ("four-and-king", "flush"),
        ruling="AMB-MUSHKAMISTIGRI-08",
    )
    # Памфил (001:P41-P44)
    pamfil_fee: int = option(
        1,
        'What every other player pays the player who declares Памфил ("заранее '
        'обусловленная плата").',
        minimum=0,
        maximum=1000,
        ruling="AMB-MUSHKAPAMFIL-03",
    )
    pamfil_declare: str = option(
        "choice",
        "The holder of Памфил may declare it before play and be paid, or keep silent "
        "(choice); or he is paid without a word (automatic).",
        ("choice", "automatic"),
        ruling="AMB-MUSHKAPAMFIL-06",
    )
    pamfil_ask: str = option(
        "holder",
        "Under pamfil_declare=choice, who is asked before play: the holder of Памфил alone, so "
        "the table sees who holds it (holder); or every player who plays, in turn from the "
        "dealer's left, each declaring only if he holds it, else passing, so that a silent "
        "holder is not known (each).",
        ("holder", "each"),
        ruling="AMB-MUSHKAPAMFIL-07",
    )
    pamfil_shield: str = option(
        "no-trick",
        'What "обеспечен от ремиза" covers: the remise for taking no trick (no-trick), or '
        "every remise, those for revokes under revoke=penalise included (every).",
        ("no-trick", "every"),
        ruling="AMB-MUSHKAPAMFIL-02",
    )
    pamfil_payers: str = option(
        "all",
        'Who pays for Памфил ("с каждого партнера"): every other player at the table (all) '
        "or only the others who play (playing).",
        ("all", "playing"),
        ruling="AMB-MUSHKAPAMFIL-03",
    )
    pamfil_shield_on: str = option(
        "holding",
        'When the holder of Памфил is "обеспечен от ремиза": whenever he holds it (holding), '
        "or only when he has declared it before play, as he must to be paid (declaring).",
        ("holding", "declaring"),
        ruling="AMB-MUSHKAPAMFIL-06",
    )
    pamfil_flush: str = option(
        "never",
        "Which hand with Памфил is a мушка: none (never); five clubs, Памфил counted as the "
        "club it is (clubs); four trumps and Памфил, five trumps (trumps); either (either).",
        ("never", "clubs", "trumps", "either"),
        ruling="AMB-MUSHKAPAMFIL-05",
    )
    pamfil_when: str = option(
        "play",
        "When Памфил is declared (and paid, under pamfil_declare=automatic): once the exchange "
        "is over, by the player who then plays with it (play); or as soon as the players are "
        "known, before the exchange, by the player dealt it (exchange).",
        ("play", "exchange"),
        ruling="AMB-MUSHKAPAMFIL-09",
    )
    ace_of_spades: str = option(
        "ordinary",
        "The ace of spades in Памфил: an ordinary ace (ordinary), or the мушка card of the base "
        "game beside Памфил, just below it: above every other card (a plain spade in a trick led "
        "in spades when spades are not trump), its holder may not pass, counts 6 (10 when "
        "spades are trump) for his first trick and writes 10 when it is beaten and he takes no "
        "trick (keeps-conditions); or as keeps-conditions, but above Памфил while spades are "
        "not trump, the ace being then no trump and beating the trumps (above-pamfil).",
        ("ordinary", "keeps-conditions", "above-pamfil"),
        ruling="AMB-MUSHKAPAMFIL-01",
    )
    pamfil_turned: str = option(
        "out-of-play",
        "A Памфил the dealer turns up lies out of play like every turned card (out-of-play), "
        "or the dealer takes it into his hand, discarding a card face down, before he names "
        "trumps (dealer-takes).",
        ("out-of-play", "dealer-takes"),
        ruling="AMB-MUSHKAPAMFIL-04",
    )
    # shutikha's queen of spades (001:P46)
    queen_beaten_by: str = option(
        "king-of-spades",
        "Which king takes a trick the queen of spades covers: the king of spades only, or "
        "any king.",
        ("king-of-spades", "any-king"),
        ruling="AMB-MUSHKASHUTIKHA-02",
    )
    queen_conditions: str = option(
        "all",
        "The holder of the queen of spades is under every condition of the holder of the "
        "ace of spades (all: may not pass, 10 and 2 a trick, 10 remise), or the queen "
        "only takes over the ace's power in the tricks (tricks-only), or only that power and "
        "the holder of the ace of spades keeps his conditions (ace), or the holders of both "
        "are under the conditions, each writing 10 when his own card is beaten (both).",
        ("all", "tricks-only", "ace", "both"),
        ruling="AMB-MUSHKASHUTIKHA-03",
    )
    queen_points: str = option(
        "flush",
        'Where "ее считают за 8, а его за 5 очков" counts: in comparing two мушки of one suit '
        "(flush), or also in column A: a trick the queen of spades takes counts 8 and one the "
        "king of spades takes 5, in place of its count as a trick (tricks); or the holders' "
        "first tricks, as the ace's holder's counts 6: the holder of the queen of spades counts "
        "his first trick 8, the holder of the king of spades his 5, the others one each "
        "(holder).",
        ("flush", "tricks", "holder"),
        ruling="AMB-MUSHKASHUTIKHA-04",
    )


#: Every option of the four games, by name, in the order declared.
SPECS: Final = MushkaOptions.specs()

#: The options of a variant's own powers, by kind; and the base game's options that only it and
#: mistigri (whose "закон и правила ... те же", 001:P28.S2) offer: follow_or_trump
#: (AMB-MUSHKA-60), king_ruff (AMB-MUSHKA-61/b); and ace_flush (AMB-MUSHKA-62), the base game's
#: alone (mistigri has its own four and king of clubs, 001:P39.S1).
_OWN: Final = {
    BASE: frozenset({"follow_or_trump", "king_ruff", "ace_flush"}),
    MISTIGRI: frozenset(
        {
            "follow_or_trump",
            "king_ruff",
            "flush_tie",
            "flush_fee",
            "flush_payers",
            "flush_deal",
            "king_conditions",
            "four_king_pay",
            "four_king_flush",
        }
    ),
    PAMFIL: frozenset(
        {
            "pamfil_fee",
            "pamfil_declare",
            "pamfil_ask",
            "pamfil_shield",
            "pamfil_payers",
            "pamfil_shield_on",
            "pamfil_flush",
            "pamfil_when",
            "pamfil_turned",
            "ace_of_spades",
        }
    ),
    SHUTIKHA: frozenset({"queen_beaten_by", "queen_conditions", "queen_points"}),
}

#: The base game's options a variant offers: those with an object in it. Mistigri has its own
#: paid flush and its own precedence of flushes (no flush, flush_precedence); Памфил no мушка
#: card (no top_follows, top_forced, top_trick, remise_ten, top_trumped, top_ruff); shutikha
#: counts points to compare flushes (001:P46.S3: no flush_precedence), turns no card and its queen
#: of spades is always a trump (no trump_card, top_follows, top_forced, top_trumped, top_ruff).
#: AMB-MUSHKAMISTIGRI-01,
#: AMB-MUSHKAPAMFIL-01, AMB-MUSHKASHUTIKHA-01.
_NO_OBJECT: Final = {
    BASE: frozenset[str](),
    MISTIGRI: frozenset({"flush", "flush_precedence"}),
    PAMFIL: frozenset(
        {"top_follows", "top_forced", "top_trick", "remise_ten", "top_trumped", "top_ruff"}
    ),
    SHUTIKHA: frozenset(
        {"trump_card", "top_follows", "top_forced", "top_trumped", "top_ruff", "flush_precedence"}
    ),
}


def offered(kind: int, top_trumped: str = "") -> dict[str, OptionSpec]:
    """The options a game offers, in the order declared: the base game's that have an object
    in it (same values, defaults and rulings; top_trumped under the variant's own ruling, when
    given), then the variant's own."""
    base = frozenset(SPECS).difference(*_OWN.values())
    keep = base.difference(_NO_OBJECT[kind]).union(_OWN[kind])
    out = {name: spec for name, spec in SPECS.items() if name in keep}
    if top_trumped:
        out["top_trumped"] = dataclasses.replace(out["top_trumped"], ruling=top_trumped)
    return out


OPTIONS_BASE: Final = offered(BASE)


# --- actions ---------------------------------------------------------------------------


@mypyc_attr(native_class=False)
class Go(SeatAction):
    """Declare play: "играю" / "иду"."""

    __slots__ = ()
    KIND: ClassVar[str] = "go"


@mypyc_attr(native_class=False)
class Stand(SeatAction):
    """Keep the hand: "иду на своих"."""

    __slots__ = ()
    KIND: ClassVar[str] = "stand"


@mypyc_attr(native_class=False)
class Exchange(CardsAction):
    """Discard one to five cards and draw as many (cards in canonical order)."""

    __slots__ = ()
    KIND: ClassVar[str] = "exchange"


class _ChooseTrump(NamedTuple):
    seat: Seat
    suit: int


@mypyc_attr(native_class=False)
class ChooseTrump(_ChooseTrump):
    """Памфил: the dealer who turned up the jack of clubs names the trump suit."""

    __slots__ = ()
    KIND: ClassVar[str] = "trump"

    def to_json(self) -> JSONObject:
        return {"type": self.KIND, "seat": self.seat, "suit": suit_letter(self.suit)}

    @classmethod
    def from_json(cls, seat: Seat, o: JSONObject) -> Self:
        text = as_str(field(o, "suit", "action"), "action/suit")
        try:
            return cls(seat, parse_suit(text))
        except ValueError as e:
            raise FormatError(f"action/suit: {e}") from None


@mypyc_attr(native_class=False)
class DeclarePamfil(SeatAction):
    """Памфил: the player who plays with the jack of clubs declares it before play
    ("по заявлении им до начала игры о том, что у него трефовый валет")."""

    __slots__ = ()
    KIND: ClassVar[str] = "declare"


Action = Play | Pass | Take | Go | Stand | Exchange | ChooseTrump | DeclarePamfil
ACTIONS: Final[tuple[type[Action], ...]] = (
    Play,
    Pass,
    Take,
    Go,
    Stand,
    Exchange,
    ChooseTrump,
    DeclarePamfil,
)
#: The actions of Памфил alone: naming trumps (mushka-pamfil/dealer-names-trump) and
#: declaring Памфил (mushka-pamfil/pamfil-paid). The other variants have no such move, so
#: they read an action of these types as malformed, as their interfaces say.
PAMFIL_ONLY: Final[tuple[type[Action], ...]] = (ChooseTrump, DeclarePamfil)


def actions_of(v: Variant) -> tuple[type[Action], ...]:
    """The action classes of the variant ``v``: every one for Памфил, for the others all but
    :data:`PAMFIL_ONLY`."""
    return ACTIONS if v.kind == PAMFIL else tuple(a for a in ACTIONS if a not in PAMFIL_ONLY)


PLAYS: Final = tuple(tuple(Play(seat, c) for c in range(52)) for seat in range(MAX_PLAYERS))
GOS: Final = tuple(Go(seat) for seat in range(MAX_PLAYERS))
PASSES: Final = tuple(Pass(seat) for seat in range(MAX_PLAYERS))
TAKES: Final = tuple(Take(seat) for seat in range(MAX_PLAYERS))
STANDS: Final = tuple(Stand(seat) for seat in range(MAX_PLAYERS))
#: Each seat's exchange of one card, by the card.
EXCHANGE_ONE: Final = tuple(
    tuple(Exchange(seat, (c,)) for c in DECK_52) for seat in range(MAX_PLAYERS)
)

# --- state -------------------------------------------------------------------------------

TRUMP: Final = 1
DECLARE: Final = 2
EXCHANGE: Final = 3
PLAY: Final = 4
GATHER: Final = 5
ANNOUNCE: Final = 6
OVER: Final = 0
PHASES: Final = {
    TRUMP: "trump",
    DECLARE: "declare",
    EXCHANGE: "exchange",
    ANNOUNCE: "announce",
    PLAY: "play",
    GATHER: "gather",
    OVER: "over",
}
UNDECIDED: Final = -1
PASSED: Final = 0
PLAYING: Final = 1
DECLARED: Final = {UNDECIDED: None, PASSED: "pass", PLAYING: "play"}

Hands = tuple[tuple[Card, ...], ...]
#: A value kept per seat (a count, a flag).
V = TypeVar("V")


@named_updates
class MushkaState(NamedTuple):
    """A position of a deal. Immutable; derived from the deal and the actions.

    ``sheet_a``/``sheet_b`` are the score sheet of the partie (columns A and B) as they stand;
    ``tricks`` the tricks of this deal; ``holder`` the seat holding the мушка card when play
    began (-1: nobody who plays); ``held`` the other cards whose holders a reading puts under
    conditions or counts (:func:`held_cards`), each with the seat that plays and held it when
    play began, in card order. ``table``/``table_seats`` the trick in progress, ``claims``
    the number of players who passed on claiming the trick just completed (gather=claim).
    ``chips`` the ledger balances by seat (paid flushes, Памфил). ``result`` says how the deal
    ended ("" until then); ``winners`` who won the мушка. ``legal`` the plays open to the
    player to move in play (what :func:`legal_actions` answers; empty in the other phases),
    carried so that :func:`apply` checks a play by membership.
    """

    variant: Variant
    opts: MushkaOptions
    players: int
    dealer: Seat
    phase: int
    turn: Seat
    hands: Hands
    stock: tuple[Card, ...]
    trump: int
    trump_card: Card
    up: tuple[Card, ...]
    aside: tuple[Card, ...]
    discard: tuple[Card, ...]
    discarded: Hands
    declared: tuple[int, ...]
    exchanged: tuple[bool, ...]
    holder: Seat
    held: tuple[tuple[Card, Seat], ...]
    table: tuple[Card, ...]
    table_seats: tuple[Seat, ...]
    claims: int
    tricks: tuple[int, ...]
    piles: Hands
    top_beaten: bool
    revokes: tuple[int, ...]
    forfeit: tuple[bool, ...]
    last_winner: Seat
    last_trick: tuple[Card, ...]
    sheet_a: tuple[int, ...]
    sheet_b: tuple[int, ...]
    chips: tuple[int, ...]
    flush_seat: Seat
    shown: Hands
    pamfil: Seat
    result: str
    winners: tuple[Seat, ...]
    legal: tuple[Play, ...]


#: The seats of ``n`` players from the left of dealer ``d``, in turn: ``FROM_LEFT[n][d]``.
FROM_LEFT: Final = tuple(
    tuple(tuple((d + k) % n for k in range(1, n + 1)) for d in range(n))
    for n in range(MAX_PLAYERS + 1)
)


def _without(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """``hand`` less the cards of ``cards``, in the order of the hand."""
    return tuple([c for c in hand if c not in cards])


def _set(values: tuple[V, ...], seat: Seat, value: V) -> tuple[V, ...]:
    """``values``, one per seat, with ``seat``'s changed to ``value``."""
    changed = list(values)
    changed[seat] = value
    return tuple(changed)


# --- the deal (001:P11, P13) ---------------------------------------------------------------


def pack_for(players: int, opts: MushkaOptions) -> tuple[Card, ...]:
    """The pack in use: 32 cards for three, 52 for more (001:P11.S3); under deck=36 the
    36-card pack wherever it can serve (up to seven players), else the 52-card pack; under
    deck=52 the 52-card pack for three too."""
    # mushka/deck mushka-mistigri/deck mushka-pamfil/deck mushka-shutikha/deck
    if opts.deck == "36" and players <= 7:  # AMB-MUSHKA-02/b
        return DECK_36
    if opts.deck == "52":  # AMB-MUSHKA-02/c, AMB-MUSHKAMISTIGRI-02: "от двойки" names the pack
        return DECK_52
    return DECK_32 if players == 3 else DECK_52


#: The cards of each pack, by size.
PACK_SETS: Final = {len(p): frozenset(p) for p in (DECK_32, DECK_36, DECK_52)}


def _check_players(v: Variant, players: int) -> None:
    if not 3 <= players <= MAX_PLAYERS:  # AMB-MUSHKA-01: "и более" stops at ten
        # mushka/players mushka-mistigri/players mushka-pamfil/players mushka-shutikha/players
        raise SetupError(
            f"{v.id}: {players} players; three to {MAX_PLAYERS} play (the 52-card pack deals "
            f"five cards to ten and turns up a trump card)",
            rid(v, "players"),
        )


def _check_pack(v: Variant, cards: tuple[Card, ...], pack: tuple[Card, ...], where: str) -> None:
    # each card of the pack once: as many cards, and the same set (PACK_SETS, by the size)
    if len(cards) != len(pack) or frozenset(cards) != PACK_SETS[len(pack)]:
        missing = sorted(set(pack) - set(cards))
        extra = sorted(c for c in set(cards) if cards.count(c) > 1 or c not in pack)
        raise SetupError(
            f"{v.id}: {where} must hold the {len(pack)}-card pack exactly once "
            f"(missing {names(missing)}, duplicated or foreign {names(extra)})",
            rid(v, "deck"),
        )


def deal_hands(players: int, dealer: Seat, order: tuple[Card, ...], packet: int) -> Hands:
    """Five cards each from the dealer's left, ``packet`` at a time: one by one, the k-th
    player from the dealer's left gets the cards k, k + n, k + 2n, … of the order; all five at
    once, the k-th five."""
    dealt = HAND * players
    hands: list[tuple[Card, ...]] = [()] * players
    # AMB-MUSHKA-03: ``packet`` cards at a time, from the dealer's left; AMB-MUSHKA-36/a: the
    # dealer deals himself in, last
    for k, seat in enumerate(FROM_LEFT[players][dealer]):  # mushka/deal-five
        # mushka-mistigri/deal-five mushka-pamfil/deal-five mushka-shutikha/deal-five
        if packet == 1:
            hands[seat] = order[k:dealt:players]
        else:  # five at once
            hands[seat] = order[k * HAND : k * HAND + HAND]
    return tuple(hands)


def setup_game(
    v: Variant, specs: Mapping[str, OptionSpec], defaults: MushkaOptions, table: Table
) -> MushkaState:
    """The position after the deal. ``defaults``: the options of a table that gives none
    (``MushkaOptions.of`` over no option, made once with the game: the options are frozen)."""
    given = table.options
    opts = MushkaOptions.of(v.id, specs, given) if given else defaults
    n = table.players
    _check_players(v, n)
    # mushka/dealer-by-lot mushka-mistigri/dealer-by-lot mushka-pamfil/dealer-by-lot
    # mushka-shutikha/dealer-by-lot: the table names the seat the lot chose
    if not 0 <= table.dealer < n:
        raise SetupError(
            f"{v.id}: dealer seat {table.dealer} is not a seat of {n} players",
            rid(v, "dealer-by-lot"),
        )
    pack = pack_for(n, opts)
    turned = v.fixed_trump < 0
    deal = table.deal
    aside: tuple[Card, ...] = ()
    if isinstance(deal, DeckOrder):
        order = deal.cards
        if len(order) == 52 and len(pack) < 52:
            _check_pack(v, order, DECK_52, "the deck order")
            keep = PACK_SETS[len(pack)]
            aside = tuple([c for c in order if c not in keep])
            order = tuple([c for c in order if c in keep])
        else:
            _check_pack(v, order, pack, "the deck order")
        hands = deal_hands(n, table.dealer, order, opts.deal_packet)
        rest = order[HAND * n :]
        up = rest[:1] if turned else ()
        stock = rest[1:] if turned else rest
    else:
        if len(deal.hands) != n or any(len(h) != HAND for h in deal.hands):
            # mushka/misdeal mushka-mistigri/misdeal mushka-pamfil/misdeal mushka-shutikha/misdeal
            # AMB-MUSHKA-33: refused; the same dealer deals again, with no other penalty
            raise SetupError(f"{v.id}: misdeal: {n} hands of five cards", rid(v, "misdeal"))
        if len(deal.up) != (1 if turned else 0):
            raise SetupError(  # mushka/misdeal: a card shown that is not the trump card
                f"{v.id}: misdeal: the deal turns up {'one card' if turned else 'no card'}",
                rid(v, "misdeal"),
            )
        hands = deal.hands
        up = deal.up
        stock = deal.stock
        _check_pack(v, tuple(c for h in hands for c in h) + stock + up, pack, "the deal")
    if turned:  # mushka/trump-turned mushka-mistigri/trump-turned mushka-pamfil/trump-turned
        trump_card = up[0]
        trump = SUIT_OF[trump_card]
        # AMB-MUSHKA-04/b (else out of play, /a; a turned мушка card too: nobody holds it)
        if opts.trump_card == "under-stock":
            stock = stock + up
            up = ()
        elif opts.trump_card == "top-of-stock":  # AMB-MUSHKA-04/e: the first card bought
            stock = up + stock
            up = ()
    else:  # mushka-shutikha/spades-trump: no card is turned (AMB-MUSHKASHUTIKHA-01)
        trump_card, trump = -1, v.fixed_trump
    phase = DECLARE
    # mushka/declare mushka-mistigri/declare mushka-pamfil/declare mushka-shutikha/declare
    turn = (table.dealer + 1) % n
    if (
        v.kind == PAMFIL and trump_card == JC
    ):  # mushka-pamfil/dealer-names-trump, AMB-MUSHKAPAMFIL-04
        phase, turn = TRUMP, table.dealer
    zeros = (0,) * n
    empty: Hands = ((),) * n  # no card for any seat
    return MushkaState(
        variant=v,
        opts=opts,
        players=n,
        dealer=table.dealer,
        phase=phase,
        turn=turn,
        hands=hands,
        stock=stock,
        trump=trump,
        trump_card=trump_card,
        up=up,
        aside=aside,
        discard=(),
        discarded=empty,
        declared=(UNDECIDED,) * n,
        exchanged=(False,) * n,
        holder=-1,
        held=(),
        table=(),
        table_seats=(),
        claims=0,
        tricks=zeros,
        piles=empty,
        top_beaten=False,
        revokes=zeros,
        forfeit=(False,) * n,
        last_winner=-1,
        last_trick=(),
        sheet_a=zeros,
        sheet_b=zeros,
        chips=zeros,
        flush_seat=-1,
        shown=empty,
        pamfil=-1,
        result="",
        winners=(),
        legal=(),
    )


# --- declaring and exchanging (001:P14, P15, P20.S1) ---------------------------------------


def top_conditions(s: MushkaState) -> bool:
    """Whether the holder of the мушка card is under the conditions of the ace of spades (may
    not pass, counts 6 or 10 for his first trick, 10 remise): not in Памфил (AMB-MUSHKAPAMFIL-01)
    unless the ace of spades keeps them there (ace_of_spades=keeps-conditions, /e), nor in
    shutikha under queen_conditions=tricks-only (AMB-MUSHKASHUTIKHA-03/b)."""
    kind = s.variant.kind
    if kind == SHUTIKHA:
        return s.opts.queen_conditions != "tricks-only"
    if kind == MISTIGRI:  # AMB-MUSHKAMISTIGRI-11/b: under obligations, no scoring of the king
        return s.opts.king_conditions == "all"
    return kind != PAMFIL or _ace_keeps(kind, s.opts)


def conditions_card(s: MushkaState) -> Card:
    """The card whose holder is under the conditions of the ace of spades (:func:`top_conditions`):
    the мушка card of the variant, or in shutikha under queen_conditions=ace the ace of spades
    itself, the queen taking over only its power in the tricks (AMB-MUSHKASHUTIKHA-03/c), or
    in Памфил under ace_of_spades=keeps-conditions the ace of spades (AMB-MUSHKAPAMFIL-01/e).
    Under queen_conditions=both the queen's, the ace's holder being under them beside her
    holder's (:func:`conditions_cards`)."""
    v = s.variant
    if v.kind == SHUTIKHA and s.opts.queen_conditions == "ace":  # AMB-MUSHKASHUTIKHA-03/c
        return AS
    if _ace_keeps(v.kind, s.opts):  # AMB-MUSHKAPAMFIL-01/e
        return AS
    return v.top


def conditions_cards(s: MushkaState) -> tuple[Card, ...]:
    """Every card whose holder is under the conditions of the ace of spades: the one of
    :func:`conditions_card`, and under queen_conditions=both the ace of spades beside the
    queen (AMB-MUSHKASHUTIKHA-03/d)."""
    if s.variant.kind == SHUTIKHA and s.opts.queen_conditions == "both":  # AMB-MUSHKASHUTIKHA-03/d
        return (QS, AS)
    return (conditions_card(s),)


def held_cards(v: Variant, opts: MushkaOptions) -> tuple[Card, ...]:
    """The cards besides the one of ``holder`` whose holders the game must know once play
    begins, in card order: the ace of spades beside Памфил under ace_of_spades=keeps-conditions
    (AMB-MUSHKAPAMFIL-01/e) and beside the queen under queen_conditions=both
    (AMB-MUSHKASHUTIKHA-03/d); the queen and the king of spades under queen_points=holder
    (AMB-MUSHKASHUTIKHA-04/c)."""
    cards: set[Card] = set()
    if _ace_keeps(v.kind, opts):  # AMB-MUSHKAPAMFIL-01/e: Памфил's holder is ``holder``
        cards.add(AS)
    if v.kind == SHUTIKHA and opts.queen_conditions == "both":  # AMB-MUSHKASHUTIKHA-03/d
        cards.add(AS)
    if v.kind == SHUTIKHA and opts.queen_points == "holder":  # AMB-MUSHKASHUTIKHA-04/c
        cards.update((QS, KS))
    return tuple(sorted(cards))


#: The cards :func:`held_cards` can name in each kind of game, under one option or another.
HELD_CARDS: Final = ((), (), (AS,), (QS, KS, AS))


def _held_by(s: MushkaState, card: Card) -> Seat:
    """The seat that plays and held ``card`` when play began (``held``), or -1."""
    for c, seat in s.held:
        if c == card:
            return seat
    return -1


def _bound_cards(s: MushkaState, seat: Seat) -> tuple[Card, ...]:
    """The cards in ``seat``'s hand whose holder may not pass: mushka/top-may-not-pass."""
    # AMB-MUSHKAMISTIGRI-11/b: the king of clubs' holder may not pass without its scoring
    bound = top_conditions(s) or s.opts.king_conditions == "obligations"
    hand = s.hands[seat]
    # AMB-MUSHKASHUTIKHA-03/d: the queen or the ace of spades (none, -1, is never held)
    return tuple([top for top in conditions_cards(s) if bound and top in hand])


def _must_play(s: MushkaState, seat: Seat) -> bool:
    return bool(_bound_cards(s, seat))


def _dealer_must_play(s: MushkaState, seat: Seat) -> bool:
    """Under all_pass=dealer-plays: the dealer, the last to speak, may not pass when every
    other player has passed (AMB-MUSHKA-06/b)."""
    if s.opts.all_pass != "dealer-plays" or seat != s.dealer:
        return False
    return all(d == PASSED for p, d in enumerate(s.declared) if p != seat)


def _playing(s: MushkaState) -> tuple[Seat, ...]:
    """The seats that play, from the dealer's left (those who passed are out of the deal)."""
    # mushka/passers-out mushka-mistigri/passers-out mushka-pamfil/passers-out
    # mushka-shutikha/passers-out
    return tuple([p for p in FROM_LEFT[s.players][s.dealer] if s.declared[p] == PLAYING])


def _declare(s: MushkaState, a: Action) -> MushkaState:
    if isinstance(a, Pass):
        if _must_play(s, a.seat):  # AMB-MUSHKA-34/a: the pass is refused, not penalised
            v = s.variant
            raise IllegalAction(  # mushka/top-may-not-pass mushka-mistigri/top-may-not-pass
                rid(v, "top-may-not-pass"),  # mushka-shutikha/top-may-not-pass
                # mushka-pamfil/top-may-not-pass (AMB-MUSHKAPAMFIL-01/e: the ace of spades)
                f"seat {a.seat} holds {card_name(_bound_cards(s, a.seat)[0])} and may not pass",
            )
        if _dealer_must_play(s, a.seat):  # AMB-MUSHKA-06/b: the dealer must play
            raise IllegalAction(  # mushka/all-pass mushka-mistigri/all-pass
                rid(s.variant, "all-pass"),  # mushka-pamfil/all-pass mushka-shutikha/all-pass
                f"every other player has passed: the dealer (seat {a.seat}) must play",
            )
        value = PASSED
    elif isinstance(a, Go):
        value = PLAYING
    else:
        raise IllegalAction("core/wrong-action", "each player in turn says play (go) or pass")
    seat = a.seat
    declared = _set(s.declared, seat, value)
    if UNDECIDED in declared:  # AMB-MUSHKA-05: in turn to the left
        return s._replace(declared=declared, turn=(seat + 1) % s.players)
    if s.opts.lone == "void" and declared.count(PLAYING) == 1:  # AMB-MUSHKA-11/b
        # mushka/lone-player mushka-mistigri/lone-player mushka-pamfil/lone-player
        # mushka-shutikha/lone-player: nobody to play against, the deal is void
        return s._replace(declared=declared, phase=OVER, turn=-1, result="lone-void")
    for p in FROM_LEFT[s.players][s.dealer]:  # the first who plays, from the dealer's left
        if declared[p] == PLAYING:
            return _pamfil_before_exchange(s._replace(declared=declared, phase=EXCHANGE, turn=p))
    # AMB-MUSHKA-06/a: nobody plays, the deal is void (under /b the dealer cannot pass here)
    # mushka/all-pass mushka-mistigri/all-pass mushka-pamfil/all-pass mushka-shutikha/all-pass
    return s._replace(declared=declared, phase=OVER, turn=-1, result="all-passed")


def _drawable(s: MushkaState) -> tuple[Card, ...]:
    """The cards a player who discards draws from, top first: the stock; under
    stock_short=discards, once the stock is spent, the earlier discards of the deal, turned
    over so that they come in the order they were discarded (AMB-MUSHKA-07/b)."""
    if s.opts.stock_short == "discards":  # AMB-MUSHKA-07/b
        return s.stock + s.discard
    return s.stock


def _exchange_choices(s: MushkaState, seat: Seat) -> tuple[Action, ...]:
    """Stand, or discard any one to five cards of the hand, no more than can be drawn: every
    set of cards once, by size, each in canonical order."""
    hand = sorted(s.hands[seat])
    most = min(HAND, len(_drawable(s)))  # mushka/stock-limit (AMB-MUSHKA-07)
    # AMB-MUSHKA-35/a: "играю" or "иду", he may stand; AMB-MUSHKA-64/a: but not pass any more
    choices: list[Action] = [STANDS[seat]]
    if most:  # each exchange of one card from the table of them
        choices += [EXCHANGE_ONE[seat][c] for c in hand]
    for size in range(2, most + 1):
        choices += [Exchange(seat, cards) for cards in combinations(hand, size)]
    return tuple(choices)


def _draw(
    s: MushkaState, seat: Seat, cards: tuple[Card, ...]
) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
    """What ``seat`` discarding ``cards`` face down and drawing as many from the top of the stock
    leaves: his hand, the stock and the discard pile (under stock_short=discards, once the stock
    is spent, he draws from the earlier discards: :func:`_drawable`)."""
    v = s.variant
    hand = s.hands[seat]
    if not cards or len(cards) > HAND or len(set(cards)) != len(cards):
        raise IllegalAction(  # mushka/exchange mushka-mistigri/exchange
            rid(v, "exchange"),  # mushka-pamfil/exchange mushka-shutikha/exchange
            "a player discards one to five different cards",
        )
    for c in cards:
        if c not in hand:
            raise IllegalAction("core/not-held", f"seat {seat} does not hold {card_name(c)}")
    k = len(cards)
    pool = _drawable(s)
    if k > len(pool):
        raise IllegalAction(  # mushka/stock-limit mushka-mistigri/stock-limit
            rid(v, "stock-limit"),  # mushka-pamfil/stock-limit mushka-shutikha/stock-limit
            f"the stock holds {len(pool)} cards, fewer than {k}",
        )
    kept = _without(hand, cards) + pool[:k]
    if k > len(s.stock):  # AMB-MUSHKA-07/b: the earlier discards became the stock
        return kept, pool[k:], tuple(sorted(cards))
    return kept, s.stock[k:], s.discard + tuple(sorted(cards))


def _exchange(s: MushkaState, a: Action) -> MushkaState:
    """A player who plays stands or discards and draws (mushka/exchange); then the next who
    plays and has not exchanged, from the dealer's left; once all have, :func:`_after_exchange`."""
    seat = a.seat
    exchanged = _set(s.exchanged, seat, True)
    # the next to exchange: the first who plays and has not, from the dealer's left
    waiting = [p for p in _playing(s) if not exchanged[p]]
    turn = waiting[0] if waiting else seat
    if isinstance(a, Exchange):
        hand, stock, discard = _draw(s, seat, a.cards)
        s = s._replace(
            hands=put(s.hands, seat, hand),
            stock=stock,
            discard=discard,
            # his own discards, which he alone has seen (the view's discarded, AMB-MUSHKA-20)
            discarded=put(s.discarded, seat, tuple(sorted(a.cards))),
            exchanged=exchanged,
            turn=turn,
        )
    elif isinstance(a, Stand):
        s = s._replace(exchanged=exchanged, turn=turn)
    else:
        raise IllegalAction(
            "core/wrong-action", "a player who plays stands or exchanges one to five cards"
        )
    return s if waiting else _after_exchange(s, _playing(s))


def _flush_written(s: MushkaState, best: Seat, playing: tuple[Seat, ...]) -> MushkaState:
    """Under flush=remise: the holder adds the five tricks to his own column A, every other
    player who plays a remise of 5 to his column B (mushka/flush-shown, AMB-MUSHKA-09/b);
    under remise-counted the five tricks are counted as tricks are (AMB-MUSHKA-09/c); under
    five the holder writes the five tricks and the others nothing (AMB-MUSHKA-09/e)."""
    five = HAND
    if s.opts.flush == "remise-counted":  # AMB-MUSHKA-09/c: 6 + 4, or 10 + 8, with the top
        top = conditions_card(s)  # AMB-MUSHKASHUTIKHA-03/c: the ace of spades
        # AMB-MUSHKASHUTIKHA-03/d: the queen's or the ace's holder
        holds = top_conditions(s) and any(c in s.hands[best] for c in conditions_cards(s))
        five = trick_points(HAND, holds, holds and SUIT_OF[top] == s.trump)
    a = _set(s.sheet_a, best, s.sheet_a[best] + five)
    b = s.sheet_b
    for p in playing if s.opts.flush != "five" else ():  # AMB-MUSHKA-09/e: no remise
        if p != best:
            b = _set(b, p, b[p] + 5)
    a, b = _past_thirty(a, b, s.opts.thirty)  # AMB-MUSHKA-12/c
    return s._replace(sheet_a=a, sheet_b=b)


def _collect(
    chips: tuple[int, ...], payee: Seat, fee: int, payers: tuple[Seat, ...] | None = None
) -> tuple[int, ...]:
    """Every other seat (of ``payers``, if given) pays ``fee`` to ``payee``, through the
    ledger (total conserved)."""
    accounts = tuple(str(p) for p in range(len(chips)))
    to = str(payee)
    seats = range(len(chips)) if payers is None else payers
    return (
        Ledger(accounts, chips).transfers([(str(p), to, fee) for p in seats if p != payee]).balances
    )


def _five_clubs_flush(s: MushkaState, p: Seat) -> bool:
    """Whether seat ``p``'s five clubs with the king are a flush only, under
    four_king_flush=flush (AMB-MUSHKAMISTIGRI-08/b)."""
    return s.opts.four_king_flush == "flush" and flush_suit(s.hands[p], s.variant.kind) >= 0


def _sheets_taken(s: MushkaState, winner: Seat) -> tuple[int, ...]:
    """The chips after four and the king of clubs: unchanged (four_king_pay=none,
    AMB-MUSHKAMISTIGRI-07/a), or every other player pays the winner what remains on his sheet,
    column A less column B when above 0 (sheets, AMB-MUSHKAMISTIGRI-07/b), or what he still lacks
    to 30, 30 less column A plus column B when above 0 (shortfall, AMB-MUSHKAMISTIGRI-07/c),
    through the ledger."""
    pay = s.opts.four_king_pay
    if pay == "none":
        return s.chips
    accounts = tuple(str(p) for p in range(s.players))
    owed = [s.sheet_a[p] - s.sheet_b[p] for p in range(s.players)]  # AMB-MUSHKAMISTIGRI-07/b
    if pay == "shortfall":  # AMB-MUSHKAMISTIGRI-07/c: "оставшиеся" = what remains to make
        owed = [TARGET - net for net in owed]
    moves = [
        (str(p), str(winner), owed[p]) for p in range(s.players) if p != winner and owed[p] > 0
    ]
    return Ledger(accounts, s.chips).transfers(moves).balances


def _after_exchange(s: MushkaState, playing: tuple[Seat, ...]) -> MushkaState:
    """Once all who play (``playing``) have exchanged: four and the king of clubs, the flushes
    shown, Памфил, else the first lead."""
    v = s.variant
    opts = s.opts
    if v.kind == MISTIGRI:  # AMB-MUSHKAMISTIGRI-05: checked first, once all have exchanged
        for p in playing:
            if four_and_top(s.hands[p]) and not _five_clubs_flush(s, p):
                return s._replace(  # mushka-mistigri/four-and-king
                    phase=OVER,
                    turn=-1,
                    result="four-and-king",
                    shown=put(s.shown, p, s.hands[p]),  # shown to claim the мушка
                    winners=(p,),
                    sheet_a=(0,) * s.players,
                    sheet_b=(0,) * s.players,
                    chips=_sheets_taken(s, p),
                )
    # mushka/flush-shown mushka-pamfil/flush-shown mushka-shutikha/flush-shown
    # mushka/flush-precedence mushka-mistigri/flush-precedence
    # mushka-pamfil/flush-precedence mushka-shutikha/flush-precedence
    shown = [p for p in playing if _flush_suit_of(s, s.hands[p]) >= 0]
    if shown:
        best = shown[0]
        # AMB-MUSHKA-10/b: under flush_precedence=first the first from the dealer's left
        for p in shown[1:] if opts.flush_precedence != "first" else ():
            # AMB-MUSHKA-10, AMB-MUSHKAMISTIGRI-04: equal keys, the first from the dealer's left
            # (in mistigri under flush_tie=high-card, the higher cards: _higher_cards)
            rank, best_rank = _flush_rank(s, p), _flush_rank(s, best)
            if rank > best_rank or (rank == best_rank and _higher_cards(s, p, best)):
                best = p
        # mushka/flush-shown: every player with a мушка opens it (001:P15.S2, 001:P32.S1);
        # AMB-MUSHKAMISTIGRI-10/a: opening is compulsory ("должен открыть"), so no choice
        opened = s.shown
        for p in shown:
            opened = put(opened, p, s.hands[p])
        s = s._replace(flush_seat=best, shown=opened)
        if v.kind == MISTIGRI:  # mushka-mistigri/flush-paid
            # AMB-MUSHKAMISTIGRI-03: every other player (all), or the others who play (playing)
            payers = playing if opts.flush_payers == "playing" else None
            s = s._replace(chips=_collect(s.chips, best, opts.flush_fee, payers))
            if opts.flush_deal == "unscored":  # mushka-mistigri/flush-paid, AMB-MUSHKAMISTIGRI-03
                return s._replace(phase=OVER, turn=-1, result="flush-unscored")
        elif opts.flush == "wins":  # AMB-MUSHKA-09/a
            return s._replace(phase=OVER, turn=-1, result="flush", winners=(best,))
        elif opts.flush == "void":  # AMB-MUSHKA-09/d: shown, and nothing is written
            return s._replace(phase=OVER, turn=-1, result="flush")
        else:  # AMB-MUSHKA-09/b
            s = _flush_written(s, best, playing)
            return s._replace(
                phase=OVER,
                turn=-1,
                result="flush",
                winners=_winners(s.sheet_a, s.sheet_b, s.opts.thirty),
            )
    holder = -1
    top = conditions_card(s) if v.kind != PAMFIL else JC  # AMB-MUSHKASHUTIKHA-03/c: the ace
    for p in playing:  # AMB-MUSHKAPAMFIL-03: only a player who plays holds it for payment
        if top in s.hands[p]:
            holder = p
    # AMB-MUSHKAPAMFIL-01/e, AMB-MUSHKASHUTIKHA-03/d, AMB-MUSHKASHUTIKHA-04/c: the other
    # holders the reading names, each a player who plays
    held = tuple([(c, p) for c in held_cards(v, opts) for p in playing if c in s.hands[p]])
    # AMB-MUSHKAPAMFIL-09/a: Памфил is declared now (under /b it was, before the exchange)
    late = v.kind == PAMFIL and opts.pamfil_when == "play"
    if late and _ask_each(s):  # AMB-MUSHKAPAMFIL-07/b: every player is asked
        return s._replace(phase=ANNOUNCE, turn=playing[0], holder=holder, held=held)
    if late and holder >= 0:  # mushka-pamfil/pamfil-paid
        # AMB-MUSHKAPAMFIL-06/a: he may declare or not; AMB-MUSHKAPAMFIL-07/a: he alone is asked
        if opts.pamfil_declare == "choice":
            return s._replace(phase=ANNOUNCE, turn=holder, holder=holder, held=held)
        # AMB-MUSHKAPAMFIL-06/b: paid without a word, in sight of all
        s = s._replace(
            chips=_collect(s.chips, holder, opts.pamfil_fee, _pamfil_payers(s)), pamfil=holder
        )
    # mushka/first-player-leads mushka-mistigri/first-player-leads
    # mushka-pamfil/first-player-leads mushka-shutikha/first-player-leads (AMB-MUSHKA-11)
    first = playing[0]
    return s._replace(
        phase=PLAY,
        turn=first,
        holder=holder,
        held=held,
        legal=_open_plays(s, first, s.hands[first], ()),
    )


def _flush_rank(s: MushkaState, p: Seat) -> int:
    """The precedence of seat ``p``'s мушка: :func:`flush_key`, the trump suit above every
    other under flush_precedence=trump-first (AMB-MUSHKA-10/c)."""
    hand = s.hands[p]
    kind = s.variant.kind
    if kind == PAMFIL and JC in hand:  # AMB-MUSHKAPAMFIL-05/b-d: Памфил as a jack of the suit
        hand, kind = _pamfil_flush(s, hand), BASE
    if kind == BASE and s.opts.ace_flush == "four-and-ace":  # AMB-MUSHKA-62/b
        hand = _ace_flush(hand) or hand
    trump_first = s.opts.flush_precedence == "trump-first" and SUIT_OF[hand[0]] == s.trump
    return flush_key(hand, kind) + (1000 if trump_first else 0)


def _higher_cards(s: MushkaState, p: Seat, other: Seat) -> bool:
    """Whether seat ``p``'s мушка beats ``other``'s of equal points on its cards: in mistigri
    under flush_tie=high-card, the highest card first, then the next, in mistigri's order
    (AMB-MUSHKAMISTIGRI-04/g); else never, the first from the dealer's left keeping it (/a)."""
    if s.variant.kind != MISTIGRI or s.opts.flush_tie != "high-card":
        return False
    mine = sorted([MISTIGRI_ORDER[RANK_OF[c]] for c in s.hands[p]], reverse=True)
    theirs = sorted([MISTIGRI_ORDER[RANK_OF[c]] for c in s.hands[other]], reverse=True)
    return mine > theirs


def _flush_suit_of(s: MushkaState, hand: tuple[Card, ...]) -> int:
    """The suit of the мушка ``hand`` makes in the game of ``s``, or -1 (:func:`flush_suit`;
    with Памфил, :func:`_pamfil_flush`)."""
    pamfil = s.variant.kind == PAMFIL and JC in hand  # mushka-pamfil/four-and-pamfil
    if pamfil and s.opts.pamfil_flush != "never":  # AMB-MUSHKAPAMFIL-05/b-d
        judged = _pamfil_flush(s, hand)
        return SUIT_OF[judged[0]] if judged else -1
    if s.variant.kind == BASE and s.opts.ace_flush == "four-and-ace":  # AMB-MUSHKA-62/b
        four = _ace_flush(hand)
        if four:
            return SUIT_OF[four[0]]
    return flush_suit(hand, s.variant.kind)


def _ace_flush(hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """Under ace_flush=four-and-ace, the мушка four of a suit and the ace of spades make, the
    ace written as the ace of the four's suit (for its suit and points), or () (AMB-MUSHKA-62/b).
    """
    if AS not in hand:
        return ()
    suits = {SUIT_OF[c] for c in hand if c != AS}
    if len(suits) != 1:
        return ()
    ace = suits.pop() * 13 + 12
    return tuple([ace if c == AS else c for c in hand])


def _pamfil_flush(s: MushkaState, hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """The мушка a hand holding Памфил makes, Памфил written as the jack of its suit, or ().

    mushka-pamfil/four-and-pamfil: under pamfil_flush=never none (AMB-MUSHKAPAMFIL-05/a);
    under clubs five clubs, Памфил counted as the club it is (/b); under trumps four trumps
    and Памфил, five trumps (/c); under either, one or the other (/d).
    """
    rule = s.opts.pamfil_flush
    if rule in ("clubs", "either") and flush_suit(hand, BASE) == SUIT_OF[JC]:
        return hand  # AMB-MUSHKAPAMFIL-05/b: five clubs
    if rule in ("trumps", "either"):  # AMB-MUSHKAPAMFIL-05/c: Памфил is a trump
        as_trump = tuple([s.trump * 13 + 9 if c == JC else c for c in hand])
        if flush_suit(as_trump, BASE) == s.trump:
            return as_trump
    return ()


def _pamfil_payers(s: MushkaState) -> tuple[Seat, ...] | None:
    """Who pays for Памфил: every partner at the table (AMB-MUSHKAPAMFIL-03/a), or only the
    others who play (pamfil_payers=playing, /b)."""
    return _playing(s) if s.opts.pamfil_payers == "playing" else None


def _pamfil_before_exchange(s: MushkaState) -> MushkaState:
    """``s``, the players known and the exchange about to begin; under pamfil_when=exchange
    (AMB-MUSHKAPAMFIL-09/b) the player dealt Памфил is asked to declare it first (every
    player who plays, under pamfil_ask=each), or is paid at once (pamfil_declare=automatic)."""
    if s.variant.kind != PAMFIL or s.opts.pamfil_when != "exchange":
        return s
    playing = _playing(s)
    if _ask_each(s):  # AMB-MUSHKAPAMFIL-07/b: every player is asked
        return s._replace(phase=ANNOUNCE, turn=playing[0])
    dealt = [p for p in playing if JC in s.hands[p]]
    if not dealt:
        return s
    if s.opts.pamfil_declare == "choice":  # mushka-pamfil/pamfil-paid, AMB-MUSHKAPAMFIL-06/a
        return s._replace(phase=ANNOUNCE, turn=dealt[0])
    # AMB-MUSHKAPAMFIL-06/b: paid without a word
    payers = _pamfil_payers(s)
    return s._replace(chips=_collect(s.chips, dealt[0], s.opts.pamfil_fee, payers), pamfil=dealt[0])


def _pamfil_shielded(s: MushkaState, p: Seat) -> bool:
    """Whether the holder of Памфил, seat ``p``, is safe from the remise: whenever he holds it
    (AMB-MUSHKAPAMFIL-06/a, "обеспечен от ремиза и кроме того"), or, under
    pamfil_shield_on=declaring, only once he has declared it (/c: "по заявлении им" read over
    both benefits)."""
    return s.opts.pamfil_shield_on == "holding" or s.pamfil == p


def _ask_each(s: MushkaState) -> bool:
    """Whether every player who plays is asked to declare Памфил (AMB-MUSHKAPAMFIL-07/b)."""
    return s.opts.pamfil_declare == "choice" and s.opts.pamfil_ask == "each"


def _announce(s: MushkaState, a: Action) -> MushkaState:
    """The holder of Памфил declares it (and is paid) or keeps silent; then play begins. Under
    pamfil_ask=each every player who plays is asked in turn (AMB-MUSHKAPAMFIL-07/b)."""
    if isinstance(a, DeclarePamfil) and JC not in s.hands[a.seat]:
        raise IllegalAction(  # mushka-pamfil/pamfil-paid: "что у него трефовый валет"
            rid(s.variant, "pamfil-paid"), "only the holder of Памфил may declare it"
        )
    if isinstance(a, DeclarePamfil):  # mushka-pamfil/pamfil-paid
        s = s._replace(
            chips=_collect(s.chips, a.seat, s.opts.pamfil_fee, _pamfil_payers(s)), pamfil=a.seat
        )
    elif not isinstance(a, Pass):
        raise IllegalAction(
            "core/wrong-action", "the holder of Памфил declares it (declare) or not (pass)"
        )
    playing = _playing(s)
    if _ask_each(s) and a.seat != playing[-1]:  # AMB-MUSHKAPAMFIL-07/b: the next is asked
        return s._replace(turn=playing[playing.index(a.seat) + 1])
    if not any(s.exchanged):  # AMB-MUSHKAPAMFIL-09/b: declared before the exchange, now made
        return s._replace(phase=EXCHANGE, turn=playing[0])
    return _in_play(s._replace(phase=PLAY, turn=playing[0]))


# --- the tricks (001:P16, P18, P20) ---------------------------------------------------------


def follow_choices(
    v: Variant,
    opts: MushkaOptions,
    trump: int,
    table: tuple[Card, ...],
    hand: tuple[Card, ...],
    *,
    must_beat: bool,
) -> tuple[Card, ...]:
    """The cards of ``hand`` the obligations allow on the trick in progress, ``table``."""
    kind = v.kind
    if not table:
        # mushka/king-lead mushka-mistigri/king-lead mushka-pamfil/king-lead
        # mushka-shutikha/king-lead
        return lead_choices(hand, trump, kind, KING_RULES[opts.king_lead])
    lead = table[0]
    led = effective_suit(lead, trump, kind)
    # AMB-MUSHKAPAMFIL-01/e: beside Памфил the ace of spades plays the part of the мушка card
    top = AS if _ace_keeps(kind, opts) else v.top
    # AMB-MUSHKA-13: the мушка card follows a lead in trumps too, under top_follows=both
    top_follows_trumps = led == trump and opts.top_follows == "both"
    # each list in the order of the hand: the cards that follow the suit led, else the trumps
    # and the мушка card
    follow: list[Card] = []
    ruff: list[Card] = []
    for c in hand:
        suit = effective_suit(c, trump, kind)
        if suit == led or (c == top and top_follows_trumps):
            follow.append(c)
        elif suit == trump or c == top:
            ruff.append(c)
    # mushka/follow-suit mushka-mistigri/follow-suit mushka-pamfil/follow-suit
    # mushka-shutikha/follow-suit
    allowed = follow
    # AMB-MUSHKA-60/b: he may beat with a trump instead (only with a card outside the suit)
    if follow and len(follow) < len(hand) and opts.follow_or_trump == "either":
        return _follow_or_trump(v, opts, trump, table, hand, follow=follow, must_beat=must_beat)
    if not allowed:
        # AMB-MUSHKA-37/b: "могут бить его козырем" (001:P20.S2) read as leave, not duty
        if opts.top_ruff == "may" and lead == v.top and SUIT_OF[lead] != trump:
            return hand
        # mushka/must-trump mushka-mistigri/must-trump mushka-pamfil/must-trump
        # mushka-shutikha/must-trump
        allowed = ruff
        if not allowed:
            return hand
        if (  # AMB-MUSHKA-23/a: "разве только нет этой масти и козыря": the мушка card alone
            opts.top_forced == "free"  # is not a trump that obliges him (001:P16.S2)
            and len(ruff) == 1
            and ruff[0] == top
            and SUIT_OF[top] != trump
        ):
            return hand
        king = trump * 13 + 11
        if opts.king_ruff == "must" and king in ruff:  # AMB-MUSHKA-61/b: "с него козырять"
            return (king,)  # mushka/king-lead mushka-mistigri/king-lead
        if not opts.overtrump:  # AMB-MUSHKA-14/c: any trump will do
            return tuple(allowed)
    if must_beat:  # AMB-MUSHKA-14
        # mushka/must-beat mushka-mistigri/must-beat mushka-pamfil/must-beat
        # mushka-shutikha/must-beat
        if kind == SHUTIKHA and opts.queen_beaten_by == "any-king":  # AMB-MUSHKASHUTIKHA-02/b
            best = table[trick_winner(table, trump, kind, True)]
            winning = [c for c in allowed if beats(c, best, lead, trump, kind, any_king=True)]
        else:
            keys = _trick_keys(opts, kind, trump, lead)
            high = max([keys[c] for c in table])  # the card now holding the trick
            winning = [c for c in allowed if keys[c] > high]
        if winning:
            return tuple(winning)
        if opts.must_head and follow:  # AMB-MUSHKA-14/e: "бить требуемую масть", the suit
            heading = _heading(follow, table, _trick_keys(opts, kind, trump, lead))
            if heading:
                return heading
    return tuple(allowed)


def _ace_keeps(kind: int, opts: MushkaOptions) -> bool:
    """Whether the ace of spades keeps the base game's conditions beside Памфил
    (ace_of_spades=keeps-conditions, AMB-MUSHKAPAMFIL-01/e, or above-pamfil, /f)."""
    return kind == PAMFIL and opts.ace_of_spades != "ordinary"


def _trick_keys(opts: MushkaOptions, kind: int, trump: int, lead: int) -> tuple[int, ...]:
    """The strength of each card in a trick with ``lead`` led (:func:`card_key` by the card),
    under the options: :data:`ACE_KEYS` when the ace of spades keeps its power beside Памфил
    (AMB-MUSHKAPAMFIL-01/e), else :data:`KEYS` under top_trumped (AMB-MUSHKA-18)."""
    if _ace_keeps(kind, opts):  # mushka-pamfil/pamfil-top-trump, AMB-MUSHKAPAMFIL-01/e, /f
        return ACE_KEYS[opts.ace_of_spades == "above-pamfil"][trump][lead]
    return KEYS[TRUMPED[opts.top_trumped]][kind][trump][lead]


def _follow_or_trump(
    v: Variant,
    opts: MushkaOptions,
    trump: int,
    table: tuple[Card, ...],
    hand: tuple[Card, ...],
    *,
    follow: list[Card],
    must_beat: bool,
) -> tuple[Card, ...]:
    """Under follow_or_trump=either (AMB-MUSHKA-60/b), the cards of a player who holds the suit
    led: those he may play in the suit ("бросать"), and the trumps that take the trick ("бить";
    the trumps proper: the мушка card of another suit is no trump, AMB-MUSHKA-13/c), in the
    order of the hand."""
    in_suit = follow_choices(v, opts, trump, table, tuple(follow), must_beat=must_beat)
    kind = v.kind
    keys = _trick_keys(opts, kind, trump, table[0])
    high = max([keys[c] for c in table])
    beating = [c for c in hand if effective_suit(c, trump, kind) == trump and keys[c] > high]
    king = trump * 13 + 11
    if opts.king_ruff == "must" and king in hand:  # AMB-MUSHKA-61/b: he trumps with the king
        beating = [c for c in beating if c == king]
    return tuple([c for c in hand if c in in_suit or c in beating])


def _heading(
    follow: list[Card], table: tuple[Card, ...], keys: tuple[int, ...]
) -> tuple[Card, ...]:
    """The cards of the suit led in ``follow`` above every card of that suit on ``table``
    (``keys``: :func:`card_key` in this trick; 100 to 199 is the suit led)."""
    high = max([keys[c] for c in table if 100 <= keys[c] < 200], default=0)
    return tuple([c for c in follow if 100 <= keys[c] < 200 and keys[c] > high])


def _in_play(s: MushkaState) -> MushkaState:
    """``s``, a position in play, with the plays open to the player to move."""
    return s._replace(legal=_open_plays(s, s.turn, s.hands[s.turn], s.table))


def _open_plays(
    s: MushkaState, turn: Seat, hand: tuple[Card, ...], table: tuple[Card, ...]
) -> tuple[Play, ...]:
    """The plays open to ``turn``, who holds ``hand``, on the trick ``table`` in the deal of
    ``s``: the cards the obligations allow, or under revoke=penalise, once a card is on the
    trick, every card he holds (AMB-MUSHKA-15/b). A last card is the one play: the obligations
    never leave a player without a card to play."""
    opts = s.opts
    plays = PLAYS[turn]
    if len(hand) == 1:
        return (plays[hand[0]],)
    if opts.revoke == "penalise" and table:
        return tuple([plays[c] for c in hand])
    allowed = follow_choices(s.variant, opts, s.trump, table, hand, must_beat=opts.must_beat)
    return tuple([plays[c] for c in allowed])


def _play(s: MushkaState, a: Action) -> MushkaState:
    if not isinstance(a, Play):
        raise IllegalAction("core/wrong-action", "a player who plays puts a card on the trick")
    seat, card = a
    hand = s.hands[seat]
    table = s.table
    if a not in s.legal:  # not one of the plays open to him (:func:`_open_plays`)
        if card not in hand:
            raise IllegalAction("core/not-held", f"seat {seat} does not hold {card_name(card)}")
        if not table:  # on lead only the trump king's rule binds (must_beat asks nothing here)
            raise IllegalAction(  # mushka/king-lead mushka-mistigri/king-lead
                rid(s.variant, "king-lead"),  # mushka-pamfil/king-lead mushka-shutikha/king-lead
                f"seat {seat} holds the king of trumps and must lead it ({s.opts.king_lead})",
            )  # AMB-MUSHKA-19
        # AMB-MUSHKA-15/a: under revoke=refuse a card outside the obligations is refused
        raise IllegalAction(
            _obligation_broken(s, hand, card), f"{card_name(card)} may not be played"
        )
    opts = s.opts
    revokes = s.revokes
    if (
        opts.revoke == "penalise"  # AMB-MUSHKA-15/b: every card is open, a revoke costs
        and table
        and card
        not in follow_choices(s.variant, opts, s.trump, table, hand, must_beat=opts.must_beat)
    ):
        # mushka/revoke-remise mushka-mistigri/revoke-remise mushka-pamfil/revoke-remise
        # mushka-shutikha/revoke-remise
        revokes = _set(revokes, seat, revokes[seat] + 1)
    hands = put(s.hands, seat, without(hand, card))
    table += (card,)
    seats = s.table_seats + (seat,)
    declared = s.declared
    if len(table) < declared.count(PLAYING):
        for turn in FROM_LEFT[s.players][seat]:  # the next who plays, to the left
            if declared[turn] == PLAYING:
                return s._replace(
                    hands=hands,
                    table=table,
                    table_seats=seats,
                    revokes=revokes,
                    turn=turn,
                    legal=_open_plays(s, turn, hands[turn], table),
                )
    # AMB-MUSHKA-17/b: tricks are claimed
    if opts.gather == "claim":  # mushka/claim-trick mushka-mistigri/claim-trick
        # mushka-pamfil/claim-trick mushka-shutikha/claim-trick
        complete = s._replace(hands=hands, table=table, table_seats=seats, revokes=revokes)
        return complete._replace(phase=GATHER, turn=seats[0], claims=0, legal=())
    return _credit(s, table, seats, hands, revokes)


def _obligation_broken(s: MushkaState, hand: tuple[Card, ...], c: Card) -> str:
    """The rule a refused play breaks: follow suit, trump, or beat; or, under king_ruff=must,
    rule 9 when he trumps with another trump than the king (AMB-MUSHKA-61/b)."""
    v = s.variant
    if c in follow_choices(s.variant, s.opts, s.trump, s.table, hand, must_beat=False):
        return rid(v, "must-beat")
    led = effective_suit(s.table[0], s.trump, v.kind)
    if any(effective_suit(x, s.trump, v.kind) == led for x in hand):
        return rid(v, "follow-suit")
    king = s.trump * 13 + 11
    other_trump = c != king and effective_suit(c, s.trump, v.kind) == s.trump
    if s.opts.king_ruff == "must" and king in hand and other_trump:  # AMB-MUSHKA-61/b
        return rid(v, "king-lead")  # mushka/king-lead mushka-mistigri/king-lead
    return rid(v, "must-trump")


def _gather(s: MushkaState, a: Action) -> MushkaState:
    if isinstance(a, Take):
        # mushka/claim-trick: a player who takes a trick not his forfeits (001:P26.S1)
        w = s.table_seats[_winner_index(s, s.table)]
        if a.seat != w:
            s = s._replace(forfeit=_set(s.forfeit, a.seat, True))
        return _credit(s, s.table, s.table_seats, s.hands, s.revokes)
    if not isinstance(a, Pass):
        raise IllegalAction("core/wrong-action", "a completed trick is taken or passed on")
    claims = s.claims + 1
    if claims >= len(s.table_seats):
        return _credit(s, s.table, s.table_seats, s.hands, s.revokes)
    return s._replace(claims=claims, turn=s.table_seats[claims])


def _winner_index(s: MushkaState, table: tuple[Card, ...]) -> int:
    """The index in ``table``, the completed trick of the deal of ``s``, of its winner."""
    # mushka/trick-winner mushka-mistigri/trick-winner mushka-pamfil/trick-winner
    # mushka-shutikha/trick-winner mushka/top-card mushka-mistigri/top-card
    kind = s.variant.kind
    if kind == SHUTIKHA and s.opts.queen_beaten_by == "any-king":  # AMB-MUSHKASHUTIKHA-02/b
        return trick_winner(table, s.trump, kind, True)
    # mushka/top-trumped mushka-mistigri/king-of-clubs: AMB-MUSHKA-18, AMB-MUSHKAMISTIGRI-06
    keys = _trick_keys(s.opts, kind, s.trump, table[0])  # mushka/top-trumped
    best = 0
    for i in range(1, len(table)):
        if keys[table[i]] > keys[table[best]]:
            best = i
    return best


def _credit(
    s: MushkaState,
    table: tuple[Card, ...],
    seats: tuple[Seat, ...],
    hands: Hands,
    revokes: tuple[int, ...],
) -> MushkaState:
    """The completed trick ``table``, played by ``seats``, goes to its winner, who leads to the
    next. ``hands`` and ``revokes`` are those after its last card; ``s`` is the position
    before that card, or under gather=claim the one with the trick complete (the tricks, the
    piles and whether the мушка card was beaten are the same in both)."""
    i = _winner_index(s, table)
    w = seats[i]
    top = conditions_card(s)  # AMB-MUSHKASHUTIKHA-03/c: the ace of spades beaten
    tricks = _set(s.tricks, w, s.tricks[w] + 1)
    more = sum(tricks) < HAND  # else the deal is over and written (:func:`_score`)
    s = s._replace(
        hands=hands,
        revokes=revokes,
        tricks=tricks,
        piles=put(s.piles, w, s.piles[w] + table),
        top_beaten=s.top_beaten or (top in table and table[i] != top),
        last_winner=w,
        last_trick=table,
        table=(),
        table_seats=(),
        claims=0,
        phase=PLAY,
        turn=w,  # mushka/winner-leads mushka-mistigri/winner-leads
        # mushka-pamfil/winner-leads mushka-shutikha/winner-leads
        legal=_open_plays(s, w, hands[w], ()) if more else (),
    )
    return s if more else _score(s)


def _score(s: MushkaState) -> MushkaState:
    """The end of the deal: tricks in column A, remises in column B (001:P17, P19)."""
    v = s.variant
    a, b = list(s.sheet_a), list(s.sheet_b)
    # AMB-MUSHKASHUTIKHA-03/c: the ace of spades, a spade as the queen is, is a trump as she is;
    # AMB-MUSHKAPAMFIL-01/e: the ace of spades beside Памфил, a trump when spades are
    top = conditions_card(s)
    top_is_trump = top >= 0 and SUIT_OF[top] == s.trump
    bound = _conditions_seats(s)
    any_beaten = any(beaten for _, beaten in bound)
    for p in _playing(s):
        if s.forfeit[p]:  # mushka/claim-trick: starts again from 30
            a[p], b[p] = 0, 0
            continue
        t = s.tricks[p]
        # AMB-MUSHKAPAMFIL-01: no мушка card in Памфил (but under /e the ace of spades);
        # AMB-MUSHKASHUTIKHA-03: the queen's holder (and under /d the ace's)
        mine = [beaten for seat, beaten in bound if seat == p]
        holds = bool(mine)
        beaten_here = any(mine)  # a card of his under the conditions was beaten
        # mushka/score-sheet mushka-mistigri/score-sheet mushka-pamfil/score-sheet
        # mushka-shutikha/score-sheet mushka/top-holder-points mushka-pamfil/top-holder-points
        # mushka-mistigri/top-holder-points mushka-shutikha/top-holder-points
        if v.kind == SHUTIKHA and s.opts.queen_points == "tricks":  # AMB-MUSHKASHUTIKHA-04/b
            a[p] += _queen_trick_points(s, p)
        elif v.kind == SHUTIKHA and s.opts.queen_points == "holder":  # AMB-MUSHKASHUTIKHA-04/c
            a[p] += _queen_holder_points(s, p, t)
        elif holds and beaten_here and s.opts.top_trick == "card":  # AMB-MUSHKA-26/b
            a[p] += t * (2 if top_is_trump else 1)  # his мушка card took no trick
        else:  # AMB-MUSHKA-26/a: his first trick counts 6 (10)
            a[p] += trick_points(t, holds, top_is_trump)
        # AMB-MUSHKA-16: 10 for his own card beaten (for any, under remise_ten=all)
        ten = beaten_here or (any_beaten and s.opts.remise_ten == "all")
        # AMB-MUSHKAPAMFIL-02: the holder of Памфил writes no remise for taking no trick
        shielded = v.kind == PAMFIL and p == s.holder and _pamfil_shielded(s, p)
        # AMB-MUSHKAPAMFIL-02/b: under pamfil_shield=every no remise at all, revokes included
        revoked = 0 if shielded and s.opts.pamfil_shield == "every" else s.revokes[p]
        # mushka/no-trick-remise mushka-mistigri/no-trick-remise mushka-pamfil/no-trick-remise
        # mushka-shutikha/no-trick-remise
        b[p] += remise_amount(t, ten, shielded) + revoked * s.opts.revoke_remise
    sa, sb = _past_thirty(tuple(a), tuple(b), s.opts.thirty)
    return s._replace(
        phase=OVER,
        turn=-1,
        sheet_a=sa,
        sheet_b=sb,
        result="scored",
        winners=_winners(sa, sb, s.opts.thirty),
        legal=(),
    )


def _conditions_seats(s: MushkaState) -> tuple[tuple[Seat, bool], ...]:
    """The seats under the conditions of the ace of spades (:func:`top_conditions`), each with
    whether his card was beaten this deal: the holder of the мушка card (``holder``); in Памфил
    under ace_of_spades=keeps-conditions the holder of the ace of spades, ``holder`` being
    Памфил's (AMB-MUSHKAPAMFIL-01/e); under queen_conditions=both the queen's holder and the
    ace's (AMB-MUSHKASHUTIKHA-03/d)."""
    if not top_conditions(s):
        return ()
    if _ace_keeps(s.variant.kind, s.opts):  # AMB-MUSHKAPAMFIL-01/e
        return ((_held_by(s, AS), s.top_beaten),)
    first = ((s.holder, s.top_beaten),)
    if s.variant.kind == SHUTIKHA and s.opts.queen_conditions == "both":  # AMB-MUSHKASHUTIKHA-03/d
        return (*first, (_held_by(s, AS), _beaten(s, AS)))
    return first


def _beaten(s: MushkaState, card: Card) -> bool:
    """Whether ``card`` was played to a trick of this deal that another card took (read from
    the tricks taken, trick by trick)."""
    size = len(_playing(s))
    for pile in s.piles:
        for start in range(0, len(pile), size):
            trick = pile[start : start + size]
            if card in trick and trick[_winner_index(s, trick)] != card:
                return True
    return False


def _queen_holder_points(s: MushkaState, p: Seat, tricks: int) -> int:
    """Seat ``p``'s column A for his ``tricks`` under queen_points=holder (AMB-MUSHKASHUTIKHA-04/c,
    "ее считают за 8, а его за 5 очков", 001:P46.S3, read as 001:P19.S3 counts the ace's
    holder's first trick 6): the holder of the queen of spades counts his first trick 8, the
    holder of the king of spades his first 5; one who held both counts his first 8 and his
    second 5; every other trick one (001:P19.S1)."""
    counts = [n for card, n in ((QS, 8), (KS, 5)) if _held_by(s, card) == p][:tricks]
    return sum(counts) + tricks - len(counts)


def _queen_trick_points(s: MushkaState, p: Seat) -> int:
    """Seat ``p``'s column A for the deal under queen_points=tricks (AMB-MUSHKASHUTIKHA-04/b,
    "ее считают за 8, а его за 5 очков", 001:P46.S3): a trick the queen of spades takes counts
    8, one the king of spades takes 5, any other one (001:P19.S1); these counts stand in place
    of the count of the holder of the мушка card (001:P19.S3, S7)."""
    size = len(_playing(s))
    pile = s.piles[p]
    total = 0
    for start in range(0, len(pile), size):
        trick = pile[start : start + size]
        taker = trick[_winner_index(s, trick)]
        total += 8 if taker == QS else 5 if taker == KS else 1
    return total


def _past_thirty(
    a: tuple[int, ...], b: tuple[int, ...], thirty: str
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The sheet after a deal: under thirty=exactly-reset a player whose column A less his
    remises has passed 30 starts again from 30, both columns back to 0 (AMB-MUSHKA-12/c:
    rule 13, "не только что лишается выигрыша, но должен играть как бы снова, начиная игру
    опять с 30", 001:P26.S1)."""
    if thirty != "exactly-reset":
        return a, b
    past = [x - y > TARGET for x, y in zip(a, b, strict=True)]
    return (
        tuple([0 if o else x for x, o in zip(a, past, strict=True)]),
        tuple([0 if o else y for y, o in zip(b, past, strict=True)]),
    )


def _winners(a: tuple[int, ...], b: tuple[int, ...], thirty: str) -> tuple[Seat, ...]:
    """Who has won the мушка: column A less remises at 30 or more; of several, the highest.
    Under thirty=exactly (and exactly-reset), those at exactly 30 (a player past 30 has not
    won)."""
    # mushka/win-at-30 mushka-mistigri/win-at-30 mushka-pamfil/win-at-30
    # mushka-shutikha/win-at-30
    nets = [x - y for x, y in zip(a, b, strict=True)]
    if thirty != "or-more":  # AMB-MUSHKA-12/b, /c: «образуется цифра 30», the figure 30 itself
        return tuple([p for p, x in enumerate(nets) if x == TARGET])
    best = max(nets)
    if best < TARGET:  # AMB-MUSHKA-12: 30 or more; of several the highest
        return ()
    return tuple([p for p, x in enumerate(nets) if x == best])


def _pamfil_to_take(s: MushkaState) -> bool:
    """Under pamfil_turned=dealer-takes, whether the dealer who turned up Памфил has yet to
    take it into his hand (AMB-MUSHKAPAMFIL-04/b): it still lies beside or under the stock."""
    return s.opts.pamfil_turned == "dealer-takes" and (JC in s.up or JC in s.stock)


def _take_pamfil(s: MushkaState, a: Action) -> MushkaState:
    """The dealer discards one card face down and takes the Памфил he turned up (from beside
    the stock, or from under it under trump_card=under-stock): AMB-MUSHKAPAMFIL-04/b."""
    hand = s.hands[s.dealer]
    if not isinstance(a, Exchange) or len(a.cards) != 1 or a.cards[0] not in hand:
        raise IllegalAction(  # mushka-pamfil/dealer-names-trump
            rid(s.variant, "dealer-names-trump"),
            "the dealer who turned up Памфил first takes it, discarding one card of his hand",
        )
    return s._replace(
        hands=put(s.hands, s.dealer, (*_without(hand, a.cards), JC)),
        up=tuple([c for c in s.up if c != JC]),
        stock=tuple([c for c in s.stock if c != JC]),
        discard=s.discard + a.cards,
    )


def _choose_trump(s: MushkaState, a: Action) -> MushkaState:
    if _pamfil_to_take(s):  # AMB-MUSHKAPAMFIL-04/b: Памфил taken first
        return _take_pamfil(s, a)
    if not isinstance(a, ChooseTrump):
        raise IllegalAction("core/wrong-action", "the dealer who turned up Памфил names trumps")
    # mushka-pamfil/dealer-names-trump
    return s._replace(trump=a.suit, phase=DECLARE, turn=(s.dealer + 1) % s.players)


# --- the game ------------------------------------------------------------------------------


def legal_actions(s: MushkaState) -> tuple[Action, ...]:
    """Every action the rules allow now (empty once the deal is over)."""
    phase = s.phase
    if phase == PLAY:
        return s.legal  # the plays open to him (:func:`_open_plays`), carried by the position
    seat = s.turn
    if phase == DECLARE:
        if _must_play(s, seat) or _dealer_must_play(s, seat):  # AMB-MUSHKA-06/b
            return (GOS[seat],)
        return (GOS[seat], PASSES[seat])
    if phase == EXCHANGE:
        return _exchange_choices(s, seat)
    if phase == GATHER:
        return (TAKES[seat], PASSES[seat])
    if phase == TRUMP:
        if _pamfil_to_take(s):  # AMB-MUSHKAPAMFIL-04/b: he discards a card for Памфил
            return tuple([EXCHANGE_ONE[seat][c] for c in sorted(s.hands[seat])])
        return tuple(ChooseTrump(seat, suit) for suit in range(4))
    if phase == ANNOUNCE:
        if JC not in s.hands[seat]:  # AMB-MUSHKAPAMFIL-07/b: he who holds it not passes
            return (PASSES[seat],)
        return (DeclarePamfil(seat), PASSES[seat])
    return ()


def apply(s: MushkaState, a: Action) -> MushkaState:
    """The position after ``a``, or :class:`IllegalAction` naming the rule it breaks."""
    phase = s.phase
    if phase == OVER:
        raise IllegalAction("core/game-over", "the deal is over")
    seat = a.seat
    if seat != s.turn:  # the seat to move is a seat of the game: another is refused here
        raise IllegalAction("core/out-of-turn", f"it is seat {s.turn}'s turn, not seat {seat}'s")
    if phase == PLAY:
        return _play(s, a)
    if phase == DECLARE:
        return _declare(s, a)
    if phase == EXCHANGE:
        return _exchange(s, a)
    if phase == GATHER:
        return _gather(s, a)
    if phase == ANNOUNCE:
        return _announce(s, a)
    return _choose_trump(s, a)


def to_move(s: MushkaState) -> Seat | None:
    return None if s.phase == OVER else s.turn


def outcome(s: MushkaState) -> Outcome | None:
    """How the deal ended: the winner of the мушка, if any, and the net scores."""
    if s.phase != OVER:
        return None
    nets = tuple(x - y for x, y in zip(s.sheet_a, s.sheet_b, strict=True))
    reasons = {
        "all-passed": "everybody passed: the deal is void",
        "lone-void": "only one player plays: the deal is void",
        "flush": f"seat {s.flush_seat} showed a мушка",
        "flush-unscored": f"seat {s.flush_seat} showed five of a suit, paid outside the record",
        "four-and-king": "four of a suit with the king of clubs wins the мушка",
        "scored": "the deal is played and written",
    }
    reason = reasons.get(s.result, s.result)
    if s.winners:
        reason += f"; seat(s) {', '.join(map(str, s.winners))} won the мушка"
    losers = tuple(p for p in range(s.players) if p not in s.winners) if s.winners else ()
    return Outcome(winners=s.winners, losers=losers, reason=reason, scores=nets)


SCORE: Final[Observable[MushkaState]] = Observable(
    "score", lambda s: [x - y for x, y in zip(s.sheet_a, s.sheet_b, strict=True)]
)
SHEET: Final[Observable[MushkaState]] = Observable(
    "sheet", lambda s: [[x, y] for x, y in zip(s.sheet_a, s.sheet_b, strict=True)]
)
CHIPS: Final[Observable[MushkaState]] = Observable("chips", lambda s: list(s.chips))
DECLARATIONS: Final[Observable[MushkaState]] = Observable(
    "declared", lambda s: [DECLARED[d] for d in s.declared]
)
FLUSH: Final[Observable[MushkaState]] = Observable(
    "flush", lambda s: None if s.flush_seat < 0 else s.flush_seat
)

OBSERVABLES: Final[tuple[Observable[MushkaState] | PerSeat[MushkaState], ...]] = (
    obs.HAND,
    obs.TABLE,
    obs.TRUMP,
    obs.TRUMP_CARD,
    obs.STOCK_SIZE,
    obs.STOCK,
    obs.TRICK_WINNER,
    obs.TRICKS,
    SCORE,
    SHEET,
    CHIPS,
    DECLARATIONS,
    Observable("holder", lambda s: None if s.holder < 0 else s.holder),
    FLUSH,
    obs.DISCARD,
)


def _names(cards: tuple[Card, ...]) -> JSON:
    """Cards held or laid aside, in canonical card order."""
    out: list[JSON] = [card_name(c) for c in sorted(cards)]
    return out


def _in_order(cards: tuple[Card, ...]) -> JSON:
    """Cards of a sequence (a trick), in the order played."""
    out: list[JSON] = [card_name(c) for c in cards]
    return out


def _trump_named(s: MushkaState, viewer: Viewer) -> JSON:
    # mushka-pamfil/dealer-names-trump: no trump until the dealer who turned Памфил names it
    return None if s.phase == TRUMP else suit_letter(s.trump)


def _bought(s: MushkaState, viewer: Viewer) -> JSON:
    # 001:P14.S2: the dealer asks aloud "поскольку карт они желают прикупить" (AMB-MUSHKA-20)
    out: list[JSON] = [len(d) if x else None for d, x in zip(s.discarded, s.exchanged, strict=True)]
    return out


def _discarded(s: MushkaState, viewer: Viewer) -> JSON:
    # AMB-MUSHKA-20: discards lie face down; their owner alone has seen them
    return None if viewer is None else _names(s.discarded[viewer])


def _shown(s: MushkaState, viewer: Viewer) -> JSON:
    # mushka/flush-shown: "он открывает свою мушку" (001:P15.S2); mistigri's four and the
    # king of clubs, shown to claim the мушка (mushka-mistigri/four-and-king)
    out: list[JSON] = [_names(h) for h in s.shown]
    return out


def _last_trick(s: MushkaState, viewer: Viewer) -> JSON:
    # AMB-MUSHKA-21: the last trick gathered may be looked at (under tricks_seen=all, every one)
    return None if s.last_winner < 0 else _in_order(s.last_trick)


def _piles(s: MushkaState, viewer: Viewer) -> JSON:
    # AMB-MUSHKA-21/b: under tricks_seen=all the tricks stay face up before their takers
    if s.opts.tricks_seen != "all":
        return None
    out: list[JSON] = [_in_order(p) for p in s.piles]
    return out


def _revokes(s: MushkaState, viewer: Viewer) -> JSON:
    # AMB-MUSHKA-22: a revoke is known to its player at once, to all at the end of the deal
    # (when its remise is written, 001:P16.S3), or to all at once under revokes_seen=at-once
    known = s.phase == OVER or s.opts.revokes_seen == "at-once"
    out: list[JSON] = [r if known or p == viewer else None for p, r in enumerate(s.revokes)]
    return out


def _pamfil(s: MushkaState, viewer: Viewer) -> JSON:
    # mushka-pamfil/pamfil-paid: "по заявлении им ... что у него трефовый валет" (001:P42.S1)
    return None if s.pamfil < 0 else s.pamfil


def _dealer(s: MushkaState, viewer: Viewer) -> JSON:
    return s.dealer


#: What each seat may see (design §2), field by field (:mod:`reference.core.views`): the
#: four мушки agree but for Памфил's declaration (:data:`VIEW_PAMFIL`).
VIEW: Final[tuple[Shown[MushkaState], ...]] = (
    views.HAND,  # mushka/deal-five: each player takes up his own five cards
    views.HAND_SIZES,  # the backs of every hand are seen
    Shown("dealer", _dealer),  # mushka/dealer-by-lot: the dealer deals in sight of all
    views.public(DECLARATIONS),  # mushka/declare, "играю" / "пас" said aloud
    Shown("bought", _bought),  # mushka/exchange: how many each buys, said aloud (001:P14.S2)
    Shown("discarded", _discarded),  # mushka/exchange: his own discards (AMB-MUSHKA-20)
    Shown("trump", _trump_named),  # mushka/trump-turned, mushka-pamfil/dealer-names-trump
    views.public(obs.TRUMP_CARD),  # mushka/trump-turned: "Следующая карта является козырем"
    views.public(obs.STOCK_SIZE),  # mushka/exchange: the stock lies face down (AMB-MUSHKA-20)
    Shown("discard_size", lambda s, viewer: len(s.discard)),  # the face-down discards
    views.public(FLUSH),  # the seat whose мушка counts (mushka/flush-shown)
    Shown("shown", _shown),  # mushka/flush-shown: "он открывает свою мушку" (001:P15.S2)
    views.public(obs.TABLE),  # mushka/first-player-leads: the cards of the trick, face up
    views.public(obs.TRICK_WINNER),  # mushka/winner-leads: the taker gathers the trick
    Shown("last_trick", _last_trick),  # AMB-MUSHKA-21: the last trick may be looked at
    Shown("piles", _piles),  # AMB-MUSHKA-21/b: every trick face up under tricks_seen=all
    views.public(obs.TRICKS),  # mushka/score-sheet: the tricks each has taken are counted
    Shown("revokes", _revokes),  # mushka/revoke-remise, AMB-MUSHKA-22
    views.public(SHEET),  # mushka/score-sheet, written on the table (001:P17.S1)
    views.public(SCORE),  # column A less column B, from the sheet
    views.public(CHIPS),  # payments are made in sight of all
)
#: Памфил's view: the others', and the seat paid for Памфил (mushka-pamfil/pamfil-paid).
VIEW_PAMFIL: Final[tuple[Shown[MushkaState], ...]] = (*VIEW, Shown("pamfil", _pamfil))


def parse_action(obj: JSON, actions: tuple[type[Action], ...], game: str) -> Action:
    """An action of the game ``game``, one of ``actions`` (its :func:`actions_of`), from its
    JSON form, or :class:`FormatError` saying what is wrong."""
    return read_action(obj, game, actions)


# --- position notation ------------------------------------------------------------------------


def position(s: MushkaState, notation: Notation[MushkaOptions]) -> JSONObject:
    """The position in the notation of the game (its FEN); :func:`load_position` reads it back."""
    pamfil: JSONObject = {"pamfil": None if s.pamfil < 0 else s.pamfil}
    # AMB-MUSHKAPAMFIL-01/e, AMB-MUSHKASHUTIKHA-03/d, AMB-MUSHKASHUTIKHA-04/c: written when known
    held: JSONObject = {"held": {card_name(c): p for c, p in s.held}} if s.held else {}
    return {
        **notation.head(s.players, s.dealer, s.opts, s.phase, to_move(s)),
        "trump": suit_letter(s.trump),
        "trump_card": None if s.trump_card < 0 else card_name(s.trump_card),
        "hands": [[card_name(c) for c in h] for h in s.hands],
        "stock": [card_name(c) for c in s.stock],
        "up": [card_name(c) for c in s.up],
        "aside": [card_name(c) for c in s.aside],
        "discard": [card_name(c) for c in s.discard],
        "discarded": [[card_name(c) for c in d] for d in s.discarded],
        "declared": [DECLARED[d] for d in s.declared],
        "exchanged": list(s.exchanged),
        "holder": None if s.holder < 0 else s.holder,
        **held,
        "table": [
            {"seat": p, "card": card_name(c)} for p, c in zip(s.table_seats, s.table, strict=True)
        ],
        "claims": s.claims,
        "tricks": list(s.tricks),
        "piles": [[card_name(c) for c in p] for p in s.piles],
        "top_beaten": s.top_beaten,
        "revokes": list(s.revokes),
        "forfeit": list(s.forfeit),
        "last_trick": None
        if s.last_winner < 0
        else {"winner": s.last_winner, "cards": [card_name(c) for c in s.last_trick]},
        "sheet": [[x, y] for x, y in zip(s.sheet_a, s.sheet_b, strict=True)],
        "chips": list(s.chips),
        "flush": None if s.flush_seat < 0 else s.flush_seat,
        "shown": [[card_name(c) for c in h] for h in s.shown],
        **(pamfil if s.variant.kind == PAMFIL else {}),
        "result": s.result,
        "winners": list(s.winners),
    }


def _ints(o: Mapping[str, JSON], key: str, default: list[JSON]) -> tuple[int, ...]:
    values = as_list(o.get(key, default), f"position/{key}")
    return tuple(as_int(x, f"position/{key}/{i}") for i, x in enumerate(values))


def _bools(o: Mapping[str, JSON], key: str, n: int) -> tuple[bool, ...]:
    values = as_list(o.get(key, [False] * n), f"position/{key}")
    out = []
    for i, x in enumerate(values):
        if not isinstance(x, bool):
            raise FormatError(f"position/{key}/{i}: expected a boolean")
        out.append(x)
    return tuple(out)


def _opt_seat(value: JSON, where: str) -> int:
    return -1 if value is None else as_int(value, where)


def _held(value: JSON) -> tuple[tuple[Card, Seat], ...]:
    """``held`` from its notation, an object from card to seat (absent: nobody named)."""
    o = as_object(value, "position/held")
    pairs = [(as_card(k, "position/held"), as_int(x, f"position/held/{k}")) for k, x in o.items()]
    return tuple(sorted(pairs))


def load_position(v: Variant, notation: Notation[MushkaOptions], pos: JSON) -> MushkaState:
    """A state from the position notation; checks that the pack is all there once."""
    head = notation.read(pos)
    o, n, opts, phase = head.fields, head.players, head.options, head.phase
    try:
        trump = parse_suit(as_str(field(o, "trump", "position"), "position/trump"))
    except ValueError as e:
        raise FormatError(f"position/trump: {e}") from None
    tc = o.get("trump_card")
    trump_card = -1 if tc is None else as_card(tc, "position/trump_card")
    declared_json = as_list(o.get("declared", [None] * n), "position/declared")
    back: dict[str | None, int] = {t: k for k, t in DECLARED.items()}
    declared: list[int] = []
    for i, said in enumerate(declared_json):
        if not isinstance(said, str | None) or said not in back:
            raise FormatError(f"position/declared/{i}: null, 'play' or 'pass'")
        declared.append(back[said])
    table_cards: list[Card] = []
    table_seats: list[Seat] = []
    for i, item in enumerate(as_list(o.get("table", []), "position/table")):
        entry = as_object(item, f"position/table/{i}")
        table_seats.append(as_int(field(entry, "seat", "position/table"), f"position/table/{i}"))
        table_cards.append(as_card(field(entry, "card", "position/table"), f"position/table/{i}"))
    last = o.get("last_trick")
    last_winner = -1
    last_trick: tuple[Card, ...] = ()
    if last is not None:
        lo = as_object(last, "position/last_trick")
        last_winner = as_int(field(lo, "winner", "position/last_trick"), "position/last_trick")
        last_trick = as_cards(field(lo, "cards", "position/last_trick"), "position/last_trick")
    sheet = as_list(o.get("sheet", [[0, 0]] * n), "position/sheet")
    sheet_a: list[int] = []
    sheet_b: list[int] = []
    for i, row in enumerate(sheet):
        r = as_list(row, f"position/sheet/{i}")
        if len(r) != 2:
            raise FormatError(f"position/sheet/{i}: [column A, column B]")
        sheet_a.append(as_int(r[0], f"position/sheet/{i}/0"))
        sheet_b.append(as_int(r[1], f"position/sheet/{i}/1"))
    state = MushkaState(
        variant=v,
        opts=opts,
        players=n,
        dealer=head.dealer,
        phase=phase,
        turn=head.turn,
        hands=card_lists(field(o, "hands", "position"), "position/hands"),
        stock=as_cards(o.get("stock", []), "position/stock"),
        trump=trump,
        trump_card=trump_card,
        up=as_cards(o.get("up", []), "position/up"),
        aside=as_cards(o.get("aside", []), "position/aside"),
        discard=as_cards(o.get("discard", []), "position/discard"),
        discarded=card_lists(o.get("discarded", [[] for _ in range(n)]), "position/discarded"),
        declared=tuple(declared),
        exchanged=_bools(o, "exchanged", n),
        holder=_opt_seat(o.get("holder"), "position/holder"),
        held=_held(o.get("held", {})),
        table=tuple(table_cards),
        table_seats=tuple(table_seats),
        claims=as_int(o.get("claims", 0), "position/claims"),
        tricks=_ints(o, "tricks", [0] * n),
        piles=card_lists(o.get("piles", [[] for _ in range(n)]), "position/piles"),
        top_beaten=bool(o.get("top_beaten", False)),
        revokes=_ints(o, "revokes", [0] * n),
        forfeit=_bools(o, "forfeit", n),
        last_winner=last_winner,
        last_trick=last_trick,
        sheet_a=tuple(sheet_a),
        sheet_b=tuple(sheet_b),
        chips=_ints(o, "chips", [0] * n),
        flush_seat=_opt_seat(o.get("flush"), "position/flush"),
        shown=card_lists(o.get("shown", [[] for _ in range(n)]), "position/shown"),
        pamfil=_opt_seat(o.get("pamfil"), "position/pamfil"),
        result=as_str(o.get("result", ""), "position/result"),
        winners=_ints(o, "winners", []),
        legal=(),
    )
    _check_position(state)
    return _in_play(state) if phase == PLAY else state


def _check_position(s: MushkaState) -> None:
    n = s.players
    where = "position"
    per_seat = (
        ("hands", s.hands),
        ("declared", s.declared),
        ("exchanged", s.exchanged),
        ("discarded", s.discarded),
        ("shown", s.shown),
        ("tricks", s.tricks),
        ("piles", s.piles),
        ("revokes", s.revokes),
        ("forfeit", s.forfeit),
        ("sheet", s.sheet_a),
        ("chips", s.chips),
    )
    for key, seq in per_seat:
        if len(seq) != n:
            raise FormatError(f"{where}/{key}: needs one entry per seat ({n})")
    if s.phase == OVER:
        if s.turn != -1:
            raise FormatError(f"{where}/to_move: must be null when the deal is over")
    elif not 0 <= s.turn < n:
        raise FormatError(f"{where}/to_move: must be a seat")
    if s.phase in (PLAY, GATHER, ANNOUNCE) and s.declared[s.turn] != PLAYING:
        raise FormatError(f"{where}/to_move: in play the seat to move is one that plays")
    if s.variant.fixed_trump >= 0 and (
        s.trump != s.variant.fixed_trump or s.trump_card >= 0 or s.up
    ):
        # mushka-shutikha/spades-trump: the trump is fixed and no card is turned
        raise FormatError(f"{where}/trump: spades are always trump and no card is turned up")
    if s.phase == ANNOUNCE and (
        s.variant.kind != PAMFIL or (JC not in s.hands[s.turn] and not _ask_each(s))
    ):
        raise FormatError(f"{where}/phase: only the holder of Памфил announces, in Памфил")
    if s.phase == PLAY and not s.hands[s.turn]:
        raise FormatError(f"{where}/to_move: the seat to move holds no card")
    if any(not 0 <= p < n for p in s.table_seats + s.winners):
        raise FormatError(f"{where}/table: seats must be seats of the game")
    if len(s.table) != len(s.table_seats):
        raise FormatError(f"{where}/table: one seat per card")
    if s.phase == GATHER and (not s.table or not 0 <= s.claims < len(s.table)):
        raise FormatError(f"{where}/claims: a completed trick is being claimed")
    _check_seen(s)
    if sum(s.tricks) > HAND:
        raise FormatError(f"{where}/tricks: at most five tricks in a deal")
    if s.phase == EXCHANGE and UNDECIDED in s.declared:
        raise FormatError(f"{where}/declared: everyone has declared before the exchange")
    everything = _cards(s)
    pack = pack_for(n, s.opts)
    try:
        _check_pack(s.variant, tuple(c for c in everything if c not in s.aside), pack, "a position")
    except SetupError as e:
        raise FormatError(f"{where}: {e}") from None
    if s.aside and sorted(everything) != sorted(DECK_52):
        raise FormatError(f"{where}/aside: the cards set aside complete the 52-card pack")


def _check_seen(s: MushkaState) -> None:
    """What the view reads besides the cards in play: each seat's own discards (a card once at
    most, by a seat that has exchanged, within the discard pile unless stock_short=discards
    turned it over), the hands shown (each a card of the deal), the seat paid for Памфил, the
    holders named in ``held``."""
    where = "position"
    mine = [c for d in s.discarded for c in d]
    if len(set(mine)) != len(mine) or any(len(d) > HAND for d in s.discarded):
        raise FormatError(f"{where}/discarded: each card discarded once, five at most a seat")
    if any(d and not x for d, x in zip(s.discarded, s.exchanged, strict=True)):
        raise FormatError(f"{where}/discarded: only a seat that has exchanged has discarded")
    if s.opts.stock_short == "refuse" and not set(mine) <= set(s.discard):
        raise FormatError(f"{where}/discarded: the cards discarded lie in the discard pile")
    if any(len(h) > HAND or len(set(h)) != len(h) for h in s.shown):
        raise FormatError(f"{where}/shown: a hand shown is five cards at most, each once")
    pack = set(pack_for(s.players, s.opts))
    if not set(mine).union(*s.shown) <= pack:
        raise FormatError(f"{where}/discarded: cards of the pack in play only")
    if s.pamfil >= 0 and (
        s.variant.kind != PAMFIL or s.pamfil >= s.players or s.declared[s.pamfil] != PLAYING
    ):
        raise FormatError(f"{where}/pamfil: a seat that plays, in Памфил only")
    # AMB-MUSHKAPAMFIL-01/e, AMB-MUSHKASHUTIKHA-03/d, /04/c: the cards a reading of the game
    # can name (read whatever the options, so that a position serves under every reading)
    named = HELD_CARDS[s.variant.kind]
    if len({c for c, _ in s.held}) != len(s.held) or any(
        c not in named or not 0 <= p < s.players or s.declared[p] != PLAYING for c, p in s.held
    ):
        allowed = ", ".join(names(named)) or "no card"
        raise FormatError(f"{where}/held: {allowed} only, each once, by a seat that plays")


def _cards(s: MushkaState) -> tuple[Card, ...]:
    return (
        tuple(c for h in s.hands for c in h)
        + s.stock
        + s.up
        + s.aside
        + s.discard
        + s.table
        + tuple(c for p in s.piles for c in p)
    )


def _chips(s: MushkaState) -> int | None:
    """The chips in play: the ledger of the paid flushes (mistigri) and of Памфил."""
    return sum(s.chips) if s.variant.kind in (MISTIGRI, PAMFIL) else None


def mushka_game(
    v: Variant, options: Mapping[str, OptionSpec], rules: tuple[Rule, ...]
) -> Kernel[MushkaState, Action]:
    """One мушка: the :class:`~reference.core.game.Game` over a :class:`Variant`, with the
    options it offers and its rules."""
    notation = Notation(v.id, MushkaOptions, options, PHASES, lambda n, _opts: _check_players(v, n))
    return Kernel(
        id=v.id,
        title=v.title,
        players=range(3, MAX_PLAYERS + 1),
        options=options,
        rules=rules,
        pack=DECK_52,
        state_type=MushkaState,
        actions=actions_of(v),
        setup=partial(setup_game, v, options, MushkaOptions.of(v.id, options, {})),
        legal_actions=legal_actions,
        apply=apply,
        to_move=to_move,
        outcome=outcome,
        phase=lambda s: PHASES[s.phase],
        seats=lambda s: s.players,
        table=OBSERVABLES,
        parse_action=partial(parse_action, actions=actions_of(v), game=v.id),
        position=partial(position, notation=notation),
        load_position=partial(load_position, v, notation),
        cards=_cards,
        chips=_chips,
        shown=VIEW_PAMFIL if v.kind == PAMFIL else VIEW,
    )


GAME: Final[Kernel[MushkaState, Action]] = mushka_game(MUSHKA, OPTIONS_BASE, RULES_BASE)

# --- the variants -----------------------------------------------------------------------------
#
# A variant offers every option of the base game that has an object in it, under the base
# game's rulings (rulings AMB-MUSHKAMISTIGRI-01, AMB-MUSHKAPAMFIL-01, AMB-MUSHKASHUTIKHA-01),
# and its own.

MISTIGRI_RULES: Final = _variant_rules(
    MUSHKA_MISTIGRI,
    (
        "mushka-mistigri/players",
        "mushka-mistigri/deck",
        "mushka-mistigri/dealer-by-lot",
        "mushka-mistigri/deal-five",
        "mushka-mistigri/misdeal",
        "mushka-mistigri/trump-turned",
        "mushka-mistigri/declare",
        "mushka-mistigri/top-may-not-pass",
        "mushka-mistigri/lone-player",
        "mushka-mistigri/all-pass",
        "mushka-mistigri/exchange",
        "mushka-mistigri/stock-limit",
        "mushka-mistigri/passers-out",
        "mushka-mistigri/flush-precedence",
        "mushka-mistigri/first-player-leads",
        "mushka-mistigri/winner-leads",
        "mushka-mistigri/follow-suit",
        "mushka-mistigri/must-trump",
        "mushka-mistigri/must-beat",
        "mushka-mistigri/top-card",
        "mushka-mistigri/trick-winner",
        "mushka-mistigri/score-sheet",
        "mushka-mistigri/top-holder-points",
        "mushka-mistigri/no-trick-remise",
        "mushka-mistigri/win-at-30",
        "mushka-mistigri/revoke-remise",
        "mushka-mistigri/claim-trick",
        "mushka-mistigri/king-lead",
    ),
    (
        Rule(
            "mushka-mistigri/rank-order",
            ("001:P28.S4", "001:P28.S5", "001:P28.S6", "AMB-MUSHKAMISTIGRI-02"),
            "The king is the highest card of each suit and the ace stands between the ten "
            "and the jack: K Q J A 10 9 ... 2.",
        ),
        Rule(
            "mushka-mistigri/king-of-clubs",
            ("001:P29.S1", "001:P29.S2", "001:P30.S1", "AMB-MUSHKAMISTIGRI-06"),
            "The king of clubs plays the part of the ace of spades: the highest card, except "
            "in a trick led in clubs when clubs are not trump (only when it is led itself under "
            "top_trumped=when-led): then a player without clubs may trump it. Its holder may "
            "not pass and counts his tricks as the holder of the ace of spades.",
        ),
        Rule(
            "mushka-mistigri/flush-paid",
            ("001:P31.S1", "AMB-MUSHKAMISTIGRI-03"),
            "Five cards of one suit, dealt or drawn, are shown once all have exchanged; every "
            "other player pays the holder the agreed flush_fee, which does not enter the "
            "record, and the deal goes on (or is not scored under flush_deal=unscored).",
        ),
        Rule(
            "mushka-mistigri/flush-points",
            (
                "001:P33.S1",
                "001:P33.S2",
                "001:P34.S1",
                "001:P35.S1",
                "001:P36.S1",
                "001:P37.S1",
                "001:P38.S1",
                "AMB-MUSHKAMISTIGRI-04",
            ),
            "Of two flushes of one suit the one with more points wins: king 5, queen 4, jack "
            "2, ace 1, the others their face value; of equal points the first from the "
            "dealer's left (under flush_tie=high-card the one with the highest card).",
        ),
        Rule(
            "mushka-mistigri/four-and-king",
            ("001:P39.S1", "AMB-MUSHKAMISTIGRI-05"),
            "A player who plays and holds four cards of one suit and the king of clubs once "
            "all have exchanged wins the мушка: the game ends and every sheet starts again.",
        ),
    ),
)

MISTIGRI_OPTIONS: Final = offered(MISTIGRI, "AMB-MUSHKAMISTIGRI-06")

PAMFIL_RULES: Final = _variant_rules(
    MUSHKA_PAMFIL,
    (
        "mushka-pamfil/players",
        "mushka-pamfil/deck",
        "mushka-pamfil/dealer-by-lot",
        "mushka-pamfil/deal-five",
        "mushka-pamfil/misdeal",
        "mushka-pamfil/trump-turned",
        "mushka-pamfil/declare",
        "mushka-pamfil/top-may-not-pass",
        "mushka-pamfil/lone-player",
        "mushka-pamfil/all-pass",
        "mushka-pamfil/exchange",
        "mushka-pamfil/stock-limit",
        "mushka-pamfil/passers-out",
        "mushka-pamfil/flush-shown",
        "mushka-pamfil/flush-precedence",
        "mushka-pamfil/first-player-leads",
        "mushka-pamfil/winner-leads",
        "mushka-pamfil/follow-suit",
        "mushka-pamfil/must-trump",
        "mushka-pamfil/must-beat",
        "mushka-pamfil/trick-winner",
        "mushka-pamfil/score-sheet",
        "mushka-pamfil/top-holder-points",
        "mushka-pamfil/no-trick-remise",
        "mushka-pamfil/win-at-30",
        "mushka-pamfil/revoke-remise",
        "mushka-pamfil/claim-trick",
        "mushka-pamfil/king-lead",
    ),
    (
        Rule(
            "mushka-pamfil/pamfil-top-trump",
            ("001:P41.S1", "001:P41.S2", "001:P44.S1", "AMB-MUSHKAPAMFIL-01"),
            "The jack of clubs (Памфил) is always a trump, whatever the trump suit, and the "
            "highest of them; it is not a club. The ace of spades is an ordinary ace (under "
            "ace_of_spades=keeps-conditions the мушка card of the base game, just below "
            "Памфил).",
        ),
        Rule(
            "mushka-pamfil/pamfil-paid",
            ("001:P42.S1", "AMB-MUSHKAPAMFIL-03", "AMB-MUSHKAPAMFIL-06", "AMB-MUSHKAPAMFIL-09"),
            "When play begins (before the exchange under pamfil_when=exchange), the player who "
            "plays with Памфил may declare it (declare) or keep silent (pass); if he declares, "
            "every other player pays him the agreed pamfil_fee (paid without a word under "
            "pamfil_declare=automatic).",
        ),
        Rule(
            "mushka-pamfil/dealer-names-trump",
            ("001:P43.S1", "AMB-MUSHKAPAMFIL-04"),
            "A dealer who turns up Памфил looks at his cards and names the trump suit before "
            "anyone declares.",
        ),
        Rule(
            "mushka-pamfil/four-and-pamfil",
            ("001:P44.S1", "AMB-MUSHKAPAMFIL-05"),
            "Four cards of one suit and Памфил are not a мушка.",
        ),
    ),
)

PAMFIL_OPTIONS: Final = offered(PAMFIL)

SHUTIKHA_RULES: Final = _variant_rules(
    MUSHKA_SHUTIKHA,
    (
        "mushka-shutikha/players",
        "mushka-shutikha/deck",
        "mushka-shutikha/dealer-by-lot",
        "mushka-shutikha/deal-five",
        "mushka-shutikha/misdeal",
        "mushka-shutikha/declare",
        "mushka-shutikha/top-may-not-pass",
        "mushka-shutikha/lone-player",
        "mushka-shutikha/all-pass",
        "mushka-shutikha/exchange",
        "mushka-shutikha/stock-limit",
        "mushka-shutikha/passers-out",
        "mushka-shutikha/flush-shown",
        "mushka-shutikha/flush-precedence",
        "mushka-shutikha/first-player-leads",
        "mushka-shutikha/winner-leads",
        "mushka-shutikha/follow-suit",
        "mushka-shutikha/must-trump",
        "mushka-shutikha/must-beat",
        "mushka-shutikha/trick-winner",
        "mushka-shutikha/score-sheet",
        "mushka-shutikha/top-holder-points",
        "mushka-shutikha/no-trick-remise",
        "mushka-shutikha/win-at-30",
        "mushka-shutikha/revoke-remise",
        "mushka-shutikha/claim-trick",
        "mushka-shutikha/king-lead",
    ),
    (
        Rule(
            "mushka-shutikha/spades-trump",
            ("001:P46.S1", "AMB-MUSHKASHUTIKHA-01"),
            "Spades are always trump; no card is turned up and every card not dealt is stock.",
        ),
        Rule(
            "mushka-shutikha/queen-of-spades",
            ("001:P46.S1", "001:P46.S2", "AMB-MUSHKASHUTIKHA-02", "AMB-MUSHKASHUTIKHA-03"),
            "The queen of spades plays the part of the ace of spades (its holder may not pass "
            "and counts 10 and 2 a trick, spades being trump); only the king of spades takes "
            "a trick she covers (any king under queen_beaten_by=any-king): K Q A J 10 ... in "
            "spades.",
        ),
        Rule(
            "mushka-shutikha/flush-points",
            ("001:P46.S3", "AMB-MUSHKASHUTIKHA-04"),
            "In points (the tie-break of two flushes of one suit) the queen of spades counts 8 "
            "and a king 5.",
        ),
    ),
)

SHUTIKHA_OPTIONS: Final = offered(SHUTIKHA)

GAME_MISTIGRI: Final[Kernel[MushkaState, Action]] = mushka_game(
    MUSHKA_MISTIGRI, MISTIGRI_OPTIONS, MISTIGRI_RULES
)
GAME_PAMFIL: Final[Kernel[MushkaState, Action]] = mushka_game(
    MUSHKA_PAMFIL, PAMFIL_OPTIONS, PAMFIL_RULES
)
GAME_SHUTIKHA: Final[Kernel[MushkaState, Action]] = mushka_game(
    MUSHKA_SHUTIKHA, SHUTIKHA_OPTIONS, SHUTIKHA_RULES
)
