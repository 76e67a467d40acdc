"""Горка, as told in seed 003 ("Глава XXII. Горка"): game id ``gorka``.

A declared game for stakes: each player antes, players may go blind before the
deal, four cards are dealt (two down then two up, or one up one down for a
player who turns one of his first two, all down for the dealer and the blind),
the dealer turns two of his four, and the players "go up the hill" with a
combination (any hand under go_up=any, AMB-GORKA-06) or pass until two are
left, who go on up, settle peaceably, or (a ruling) show at the table limit
(or at once under showdown=last-two). The text stops before the showdown:
settlement is a ruling (AMB-GORKA-07), as are who may make peace and when (AMB-GORKA-12) and
whether the stakes of those still in must be equal, with a hold (AMB-GORKA-13).

Hands are compared by :func:`hand_key`, a total preorder documented in
AMB-GORKA-05: четверик > хлюст > трынка > три карты > nothing; четверик and
трынка by rank, хлюст and три карты by points (ace 11, court cards and ten 10,
the rest their pips, a wild card 11), the хлюст of ace, king and a wild card
above every other хлюст. Wild cards (фальки) are the queens under wild=queens, the
queens and the sevens (for the sixes the pack lacks) under wild=queens-sevens, of the first
wild_count suits in the text's order (all four by default); a ``wild`` argument is their mask
(:func:`wild_mask`). Under wild_per_hand=one a combination uses one of them at most
(:func:`one_wild_key`, AMB-GORKA-11).

Every chip is held in the ledger: the seats (``"0"``…) and the ``pot``; the table opens
with the antes in the pot, and every later stake and share moves through it.

Position notation (:func:`position`, :func:`load_position`): ``game``,
``players``, ``dealer``, ``options``, ``phase`` (``blind``, ``open``, ``show``,
``bet``, ``over``), ``to_move``, ``chips``, ``pot``, ``hands``, ``up`` (face-up
cards by seat), ``stock`` (the undealt cards, top first), ``blind`` (blind seats
in order), ``acted`` (seats that have had their turn in this phase; in the betting, the seat
whose offer of peace stands under peace_by=both),
``passed`` (seats out of the betting), ``raises``, ``winners``, ``how``.

Performance note: a deal is only about nine decisions long, so the seeded shuffle of
the pack, the setup and the deal with a hand key for every seat, paid once a game, weigh as
much as the decisions (``python scripts/bench.py --game gorka --breakdown`` measures a game
and its deal). Each decision makes one state, naming the fields it changes
(``s._replace(...)``); each hand's key is computed once, when its cards are dealt (the
state's ``keys``), and read by the betting.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import ClassVar, Final, NamedTuple, Self

from mypy_extensions import mypyc_attr

from reference.core import observables as obs
from reference.core import views
from reference.core.actions import CardAction, Pass, SeatAction, read_action
from reference.core.cards import (
    ACE,
    CARD_NAMES,
    CLUBS,
    DECK_32,
    DIAMONDS,
    HEARTS,
    QUEEN,
    RANK_OF,
    SPADES,
    SUIT_OF,
    Card,
    card,
    card_name,
)
from reference.core.errors import FormatError, IllegalAction, SetupError
from reference.core.game import DeckOrder, Outcome, Table
from reference.core.jsontypes import (
    JSON,
    JSONObject,
    as_cards,
    as_int,
    as_list,
    as_str,
    card_lists,
    field,
)
from reference.core.kernel import (
    GameOptions,
    Observable,
    PerSeat,
    Shown,
    Viewer,
    option,
    reading,
)
from reference.core.ledger import Ledger, open_ledger
from reference.core.positions import Notation, read_seats
from reference.core.rules import CORE_RULES, Rule
from reference.core.seats import Seat
from reference.core.states import named_updates

GAME_ID: Final = "gorka"
TITLE: Final = "Горка (seed 003, «Глава XXII. Горка»)"
HAND: Final = 4
#: The most players at a table (gorka/players: from two to six).
MAX_PLAYERS: Final = 6
KING: Final = 13
#: The seat counts the text allows, and the pack a table is dealt from.
PLAYER_COUNTS: Final = range(2, 7)
PACK: Final = DECK_32

# --- hand ranking (003:P17 to 003:P26) ---------------------------------------------------

NOTHING: Final = 1
THREE_CARDS: Final = 2
TRYNKA: Final = 3
KHLYUST: Final = 4
CHETVERIK: Final = 5
CATEGORY_NAMES: Final = {
    NOTHING: "none",
    THREE_CARDS: "three-cards",
    TRYNKA: "trynka",
    KHLYUST: "khlyust",
    CHETVERIK: "chetverik",
}
SEVEN: Final = 7
#: The ranks of the wild cards by the value of option wild (AMB-GORKA-05): none, the queens, the
#: queens and the sevens, or the sevens alone.
WILD_RANKS: Final = {
    "none": (),
    "queens": (QUEEN,),
    "queens-sevens": (QUEEN, SEVEN),
    "sevens": (SEVEN,),  # AMB-GORKA-05 x: the sevens alone, in the sixes' place
}
#: The suits in the order 003:P19.S1 names them: «При червях …, при бубнах …, при трефах … и при
#: пиках»; an agreed number of wild cards of a rank are those of the first suits of this order
#: (wild_count, AMB-GORKA-05 h).
TEXT_SUITS: Final = (HEARTS, DIAMONDS, CLUBS, SPADES)


def wild_mask(ranks: Sequence[int], count: int) -> int:
    """The wild cards of a table as a mask (bit ``c`` for card ``c``): of each of ``ranks``,
    the cards of the first ``count`` suits of :data:`TEXT_SUITS` (all four by default).

    pre: all(r in (QUEEN, SEVEN) for r in ranks) and 1 <= count <= 4
    post: bin(__return__).count("1") == len(set(ranks)) * count
    """
    return sum(1 << card(rank, suit) for rank in set(ranks) for suit in TEXT_SUITS[:count])


#: The masks of the wild cards (a ``wild`` argument, :func:`wild_mask`) of option wild at its
#: count of four: none, the queens, or the queens and the sevens.
NO_WILD: Final = 0
QUEENS: Final = wild_mask((QUEEN,), 4)
QUEENS_SEVENS: Final = wild_mask((QUEEN, SEVEN), 4)
#: Every mask a table may play with: each value of wild at each wild_count, and each of those
#: cards alone (the one wild card a hand uses under wild_per_hand=one, AMB-GORKA-11 b).
WILD_MASKS: Final = frozenset(
    [wild_mask(ranks, k) for ranks in WILD_RANKS.values() for k in range(1, 5)]
    + [1 << c for c in range(52) if QUEENS_SEVENS >> c & 1]
)
#: The хлюст of ace, king and a wild card stands above every other хлюст.
TOP_KHLYUST: Final = 1000


def points(c: Card) -> int:
    """The value of a card (003:P5, 003:P6): ace 11, king, queen, jack and ten 10, else its pips.

    pre: 0 <= c < 52
    post: 2 <= __return__ <= 11
    """
    r = RANK_OF[c]
    if r == ACE:
        return 11
    return 10 if r >= 10 else r


def is_wild(c: Card, wild: int) -> bool:
    """Whether a card is a фалька: one of the cards of the mask ``wild`` (:func:`wild_mask`:
    the queens, and the sevens too under wild=queens-sevens, of the agreed suits).

    pre: 0 <= c < 52 and wild >= 0
    post: __return__ == ((wild >> c) % 2 == 1)
    """
    # gorka/wild-cards: the cards the players named (AMB-GORKA-05 a, c, h)
    return bool(wild >> c & 1)


def hand_key(hand: tuple[Card, ...], wild: int) -> tuple[int, int]:
    """The rank of a four-card hand as (category, strength); a larger key is a better hand.

    A wild card stands for any rank or suit (and counts 11 points). Categories:
    четверик (four of a rank) 5, хлюст (four of a suit) 4, трынка (three of a rank)
    3, три карты (three of a suit) 2, nothing 1. Strength: the rank for четверик and
    трынка; for хлюст the points, plus 1000 for ace, king and a wild card; for three
    cards the points of the best three; for nothing the points of the hand.

    pre: len(hand) == 4 and all(0 <= c < 52 for c in hand)
    pre: wild in WILD_MASKS
    post: NOTHING <= __return__[0] <= CHETVERIK
    post: not wild or __return__ <= _hand_key(hand[:1] + (lowest(wild),) + hand[2:], wild)
    post: not wild or __return__ <= _hand_key((lowest(wild),) + hand[1:], wild)
    """
    return _hand_key(hand, wild)


def lowest(wild: int) -> Card:
    """The lowest card of a mask of wild cards (one not empty).

    pre: wild > 0
    post: is_wild(__return__, wild)
    """
    return (wild & -wild).bit_length() - 1


#: ``POINTS[c]``: :func:`points` of card ``c``.
POINTS: Final = tuple(points(c) for c in range(52))


def _hand_key(hand: tuple[Card, ...], wild: int) -> tuple[int, int]:
    """The body of :func:`hand_key` (kept free of contracts so they can call it).

    With ``w`` wild cards and ``n = 4 - w`` natural ones, a category needs its natural cards
    only: четверик, all of one rank (four wild cards, a четверик of aces); хлюст, all of one
    suit; трынка, ``n - 1`` of a rank (``3 - w``); three cards, ``3 - w`` of a suit."""
    ranks: list[int] = []  # of the natural cards
    suits: list[int] = []
    total = 0  # the points of the hand
    for c in hand:
        if is_wild(c, wild):  # gorka/wild-cards: any rank or suit, and 11 points
            total += 11
        else:
            ranks.append(RANK_OF[c])
            suits.append(SUIT_OF[c])
            total += POINTS[c]
    w = len(hand) - len(ranks)
    if len(set(ranks)) <= 1:  # четверик: the natural cards of one rank (or none natural)
        return CHETVERIK, ranks[0] if ranks else ACE
    if len(set(suits)) == 1:  # хлюст: the natural cards of one suit
        # above every other хлюст: ace, king and a wild card, wild cards standing for the
        # ace or the king the hand lacks
        need = 1 + (ACE not in ranks) + (KING not in ranks)
        return KHLYUST, total + (TOP_KHLYUST if w >= need else 0)
    trynka = [r for r in ranks if ranks.count(r) >= 3 - w]
    if trynka:  # трынка: three of a rank, by the rank (two wild cards by two ranks: the higher)
        return TRYNKA, max(trynka)
    three = [suit for suit in suits if suits.count(suit) >= 3 - w]
    if three:  # три карты: three of a suit, by their points (one suit has them)
        suit = max(three)
        naturals = [c for c in hand if SUIT_OF[c] == suit and not is_wild(c, wild)]
        return THREE_CARDS, 11 * w + sum([POINTS[c] for c in naturals])
    return NOTHING, total


def one_wild_masks(hand: tuple[Card, ...], wild: int) -> tuple[int, ...]:
    """The ways a hand may use the wild cards of the mask ``wild`` when a combination takes
    at most one of them (wild_per_hand=one, AMB-GORKA-11 b): each of its wild cards alone wild,
    the others counting as their natural selves; a hand with one wild card or none, ``wild``
    itself.

    pre: len(hand) == 4 and all(0 <= c < 52 for c in hand)
    pre: wild in WILD_MASKS
    post: all(w in WILD_MASKS for w in __return__)
    post: all(sum(1 for c in hand if is_wild(c, w)) <= 1 for w in __return__)
    """
    mine = [1 << c for c in hand if is_wild(c, wild)]
    return tuple(mine) if len(mine) > 1 else (wild,)


def one_wild_key(hand: tuple[Card, ...], wild: int) -> tuple[int, int]:
    """:func:`hand_key` of a hand whose combination uses at most one wild card (wild_per_hand=
    one, AMB-GORKA-11 b): the best of its readings with one of its wild cards alone wild.

    pre: len(hand) == 4 and all(0 <= c < 52 for c in hand)
    pre: wild in WILD_MASKS
    post: _hand_key(hand, NO_WILD) <= __return__ <= _hand_key(hand, wild)
    post: sum(1 for c in hand if is_wild(c, wild)) > 1 or __return__ == _hand_key(hand, wild)
    """
    return max(_hand_key(hand, w) for w in one_wild_masks(hand, wild))


def compare(a: tuple[Card, ...], b: tuple[Card, ...], wild: int) -> int:
    """1 if hand ``a`` beats ``b``, -1 if ``b`` beats ``a``, 0 if they tie.

    pre: len(a) == 4 and len(b) == 4
    pre: all(0 <= c < 52 for c in a) and all(0 <= c < 52 for c in b)
    pre: wild in WILD_MASKS
    post: __return__ in (-1, 0, 1)
    post: __return__ == -_compare(b, a, wild)
    post: __return__ == 0 or a != b
    """
    return _compare(a, b, wild)


def _compare(a: tuple[Card, ...], b: tuple[Card, ...], wild: int) -> int:
    ka, kb = _hand_key(a, wild), _hand_key(b, wild)
    return (ka > kb) - (ka < kb)


def transitive(
    a: tuple[int, int, int, int],
    b: tuple[int, int, int, int],
    c: tuple[int, int, int, int],
    wild: int,
) -> bool:
    """Whether the order is transitive on these three hands (it always is).

    pre: all(0 <= x < 52 for x in a) and all(0 <= x < 52 for x in b)
    pre: all(0 <= x < 52 for x in c)
    pre: wild in WILD_MASKS
    post: __return__
    """
    ka, kb, kc = _hand_key(a, wild), _hand_key(b, wild), _hand_key(c, wild)
    return not (ka >= kb >= kc) or ka >= kc


def has_combination(hand: tuple[Card, ...], wild: int) -> bool:
    """Whether a hand holds one of the combinations that allow going up the hill.

    pre: len(hand) == 4 and all(0 <= c < 52 for c in hand)
    pre: wild in WILD_MASKS
    post: __return__ == (_hand_key(hand, wild)[0] >= THREE_CARDS)
    """
    return is_combination(hand_key(hand, wild))


def is_combination(key: tuple[int, int]) -> bool:
    """Whether a hand of this :func:`hand_key` goes up the hill: three cards of a suit or better.

    pre: NOTHING <= key[0] <= CHETVERIK
    post: __return__ == (key[0] != NOTHING)
    """
    return key[0] >= THREE_CARDS


def may_go_up(
    key: tuple[int, int], raises: int, limit: int, chips: int, amount: int, *, any_hand: bool
) -> bool:
    """Whether a player with a hand of this :func:`hand_key` may go up the hill.

    003:P27.S1 has him go up "если у него найдется какая-нибудь из вышеозначенных
    комбинаций": under go_up=combination (AMB-GORKA-06 a) he needs one; under go_up=any
    (reading b) any hand may go up. Either way fewer than ``limit`` raises have been made
    and he has the ``amount`` it costs (AMB-GORKA-06).

    pre: NOTHING <= key[0] <= CHETVERIK
    pre: 0 <= raises <= 20 and 0 <= limit <= 20
    pre: 0 <= chips <= 10000 and 1 <= amount <= 100
    post: not __return__ or (raises < limit and chips >= amount)
    post: not __return__ or any_hand or key[0] != NOTHING
    post: __return__ or raises >= limit or chips < amount or (not any_hand and key[0] == NOTHING)
    """
    if raises >= limit or chips < amount:  # AMB-GORKA-06: the table limit, the chips
        return False
    return any_hand or is_combination(key)  # gorka/go-up: AMB-GORKA-06 a or b


def showdown_winners(keys: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """At the showdown, the indices (into ``keys``, the hands still in, in order from the
    dealer's left) of the best hands: every hand equal to the best shares (AMB-GORKA-07).

    pre: 1 <= len(keys) <= 6
    post: len(__return__) >= 1
    post: all(keys[i] >= keys[j] for i in __return__ for j in range(len(keys)))
    post: all(i in __return__ or keys[i] < keys[__return__[0]] for i in range(len(keys)))
    post: list(__return__) == sorted(set(__return__))
    """
    best = max(keys)
    return tuple(i for i, k in enumerate(keys) if k == best)


def blind_cost(first: int, before: int, double: bool) -> int:
    """What the next blind costs after ``before`` blinds: the first ``first``; each
    over-blind one chip more than the last (overblind=plus-one, AMB-GORKA-02 a) or twice
    the last (overblind=double, reading b). 003:P13.S1 asks only for "еще большую сумму".

    pre: 1 <= first <= 100 and 0 <= before <= 5
    post: __return__ >= first
    post: before == 0 or __return__ > (first * 2 ** (before - 1) if double else first + before - 1)
    """
    return first * 2**before if double else first + before


def chosen_blind_least(first: int, last: int) -> int:
    """Under overblind=chosen (AMB-GORKA-02 c), the least the next blind may stake: the first
    blind ``first`` (blind_stake) or more; after a blind of ``last`` chips, «еще большую
    сумму» (003:P13.S1), one chip more at least.

    pre: 1 <= first <= 100 and 0 <= last <= 10000
    post: __return__ >= first and __return__ > last
    post: __return__ in (first, last + 1)
    """
    return max(first, last + 1)


def dealer_keeps(
    hand: tuple[Card, ...], shown: tuple[Card, Card], aside_out: bool
) -> tuple[Card, ...]:
    """The dealer's hand once he has shown two of his four: all four, the two laid aside
    still his (dealer_aside=kept, AMB-GORKA-04 a), or only the two shown, in canonical
    order (dealer_aside=out, reading b).

    pre: len(hand) == 4 and len(set(hand)) == 4 and all(0 <= c < 52 for c in hand)
    pre: shown[0] in hand and shown[1] in hand and shown[0] != shown[1]
    post: __return__ == (tuple(sorted(shown)) if aside_out else hand)
    """
    return tuple(sorted(shown)) if aside_out else hand


def shares(pot: int, winners: int) -> tuple[int, ...]:
    """How a pot is split among ``winners`` in seat order: equal shares, the odd chips to
    the first.

    pre: 0 <= pot <= 10000 and 1 <= winners <= 6
    post: sum(__return__) == pot and len(__return__) == winners
    post: max(__return__) - min(__return__) <= pot % winners
    """
    base, odd = divmod(pot, winners)
    return (base + odd,) + (base,) * (winners - 1)


def refund_shares(pot: int, put: tuple[int, int]) -> tuple[int, int]:
    """Under peace=refund (AMB-GORKA-07 d), what each of the last two, in order from the
    dealer's left, takes from the pot: what he put in himself, and half of the rest (what the
    players who passed left in it), the odd chip to the first.

    pre: 0 <= pot <= 10000 and min(put) >= 0 and sum(put) <= pot
    post: sum(__return__) == pot
    post: __return__[0] >= put[0] and __return__[1] >= put[1]
    post: abs((__return__[0] - put[0]) - (__return__[1] - put[1])) <= 1
    """
    first, second = shares(pot - put[0] - put[1], 2)
    return put[0] + first, put[1] + second


# --- rules ---------------------------------------------------------------------------------

RULES: Final = CORE_RULES + (
    Rule("gorka/players", ("003:P2.S1",), "Two to six play."),
    Rule(
        "gorka/pack",
        ("003:P3.S1", "003:P4.S1", "003:P5.S1", "003:P6.S1"),
        "The 32-card pack; ace 11 points, court cards 10.",
    ),
    Rule(
        "gorka/stakes",
        ("003:P7.S1", "003:P9.S1", "AMB-GORKA-01"),
        "One deal for stakes: every player antes into the pot (option ante) from his chips "
        "(option starting_chips).",
    ),
    Rule(
        "gorka/blind",
        ("003:P12.S1", "003:P13.S1", "003:P14.S1", "AMB-GORKA-02"),
        "Before the deal, from the player under the hand round to the dealer's right, each may "
        "go blind (the first with blind_stake, each later one with one chip more than the last, "
        "or twice the last under overblind=double; under overblind=chosen what he chooses, from "
        "blind_stake or one chip more than the last up to all his chips; under dark_join=same "
        "also the last blind's stake, joining it) or pass; a blind player gets all four cards "
        "face down.",
    ),
    Rule(
        "gorka/deal",
        ("003:P10.S1", "003:P11.S1", "003:P15.S1", "AMB-GORKA-03", "AMB-GORKA-16"),
        "The dealer is a seat of the table. Four cards each, one at a time from the dealer's "
        "left: two face down, then two face up; "
        "a player who turns one of his first two gets one up and one down; the dealer's are all "
        "face down. Open cards stay on the table.",
    ),
    Rule(
        "gorka/dealer-shows-two",
        ("003:P16.S1", "AMB-GORKA-04"),
        "After the deal the dealer turns two of his four cards up; the other two lie aside, "
        "still his (or, under dealer_aside=out, out of play).",
    ),
    Rule(
        "gorka/wild-cards",
        ("003:P17.S1", "003:P17.S2", "003:P18.S1", "003:P19.S1", "AMB-GORKA-05", "AMB-GORKA-11"),
        "Under wild=queens the queens are wild cards, standing for any rank or suit (under "
        "wild=queens-sevens the sevens too; under wild_count only the first of them in the "
        "text's order of suits, hearts, diamonds, clubs, spades); under wild_per_hand=one a "
        "combination uses one of them at most.",
    ),
    Rule(
        "gorka/ranking",
        (
            "003:P8.S1",
            "003:P20.S1",
            "003:P21.S1",
            "003:P22.S1",
            "003:P23.S1",
            "003:P24.S1",
            "003:P25.S1",
            "003:P25.S2",
            "003:P26.S1",
            "AMB-GORKA-05",
        ),
        "Hands rank четверик > хлюст > трынка > три карты > nothing, as hand_key documents.",
    ),
    Rule(
        "gorka/go-up",
        ("003:P27.S1", "AMB-GORKA-06", "AMB-GORKA-17"),
        "From the dealer's left each player in turn goes up the hill (adds raise_amount to the "
        "pot, or under raise_size=chosen what he chooses from raise_amount up to all his "
        "chips), which needs a combination (under go_up=combination; any hand under go_up=any) "
        "and fewer than limit raises so far (no cap under cap=none), or passes, leaving the "
        "game (under pass_with=no-combination only without a combination to go up with; under "
        "blind_up=any a blind player goes up with any hand).",
    ),
    Rule(
        "gorka/last-two",
        ("003:P27.S2", "AMB-GORKA-07"),
        "When all but two have passed, those two go on up, settle peaceably (share the pot; "
        "under peace=showdown the better hand takes it, under peace=refund each takes back his "
        "own and they share the rest), or pass; at the limit (or, under showdown=last-two, as "
        "soon as two are left) the hands are shown, the best taking the pot. One left alone "
        "takes it.",
    ),
    Rule(
        "gorka/seen",
        (
            "003:P10.S1",
            "003:P11.S1",
            "003:P12.S1",
            "003:P15.S1",
            "003:P16.S1",
            "003:P27.S1",
            "AMB-GORKA-08",
            "AMB-GORKA-09",
            "AMB-GORKA-10",
        ),
        "Each player sees his own hand (a blind player none of it under blind_hand=unseen, "
        "until the deal is settled) and every card lying face up; the dealer alone sees the "
        "two he laid aside; the others' face-down cards are seen only when their hands are "
        "turned up at the end (at a showdown, or under shown_at_end=still-in every hand still "
        "in), never a passed player's.",
    ),
)

# --- options ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GorkaOptions(GameOptions):
    """The options of one game (the stakes agreed at the table, and the rulings; after them,
    the readings the rules test)."""

    starting_chips: int = option(
        20, "Chips each player has.", minimum=0, maximum=1000, ruling="AMB-GORKA-01"
    )
    ante: int = option(
        1,
        'The stake each player puts on the table ("куш").',
        minimum=0,
        maximum=100,
        ruling="AMB-GORKA-01",
    )
    blind_stake: int = option(
        2,
        "The stake of the first player to go blind.",
        minimum=1,
        maximum=100,
        ruling="AMB-GORKA-02",
    )
    raise_amount: int = option(
        1,
        "What going up the hill adds to the pot.",
        minimum=1,
        maximum=100,
        ruling="AMB-GORKA-06",
    )
    limit: int = option(
        6,
        "The most raises in a deal (the table limit).",
        minimum=0,
        maximum=20,
        ruling="AMB-GORKA-06",
    )
    go_up: str = option(
        "combination",
        "Who may go up the hill: only a player holding a combination (three cards of a "
        "suit or better), or any player, or only a player holding a трынка or better (three "
        "cards of a suit not counted a combination).",
        ("combination", "any", "trynka"),
        ruling="AMB-GORKA-06",
    )
    pass_with: str = option(
        "any",
        "Who may pass in the betting: any player; or only one who holds no combination to go "
        "up the hill with (a player holding one goes up while he may: with the chips, below "
        "the limit; the last two may still settle peaceably or call the showdown).",
        ("any", "no-combination"),
        ruling="AMB-GORKA-06",
    )
    blind_up: str = option(
        "by-hand",
        "Whether a blind player goes up the hill as every player does, by his hand (as go_up "
        "says), or with any hand, his blind stake standing for the combination.",
        ("by-hand", "any"),
        ruling="AMB-GORKA-17",
    )
    blind_hand: str = option(
        "seen",
        "Whether a blind player looks at his four dark cards: yes, they are dark to the others "
        "only; or no, he plays them unseen until the deal is settled, going up the hill with "
        "any hand (he cannot find a combination in cards he has not seen).",
        ("seen", "unseen"),
        ruling="AMB-GORKA-08",
    )
    overblind: str = option(
        "plus-one",
        "What an over-blind stakes: one chip more than the last blind, or twice it; or every "
        "blind what the player chooses, the first blind_stake or more, each later one more "
        "than the last, up to all his chips.",
        ("plus-one", "double", "chosen"),
        ruling="AMB-GORKA-02",
    )
    raise_size: str = option(
        "fixed",
        "What going up the hill adds to the pot: raise_amount, or what the player chooses, "
        "from raise_amount up to all his chips, or twice the last raise (raise_amount first).",
        ("fixed", "chosen", "double"),
        ruling="AMB-GORKA-06",
    )
    cap: str = option(
        "limit",
        "Whether the raises of a deal are capped: at most limit of them, or no cap (the last "
        "two go up the hill as long as they have the chips; limit is not read).",
        ("limit", "none"),
        ruling="AMB-GORKA-06",
    )
    peace: str = option(
        "share",
        "How the last two settle peaceably («покончить миром»): they share the pot; or they "
        "show their hands and the better takes it (equal hands share); or each takes back what "
        "he put in and they share the rest.",
        ("share", "showdown", "refund"),
        ruling="AMB-GORKA-07",
    )
    unchallenged: str = option(
        "alone",
        "When all but one pass before anyone has gone up the hill: the one left takes the pot, "
        "or every stake goes back to the player who put it in (ante and blind).",
        ("alone", "returned"),
        ruling="AMB-GORKA-07",
    )
    peace_when: str = option(
        "any",
        "When the last two may settle peaceably: at any of their turns, or only once someone "
        "has gone up the hill in this deal.",
        ("any", "after-raise"),
        ruling="AMB-GORKA-12",
    )
    peace_by: str = option(
        "either",
        "Who settles peaceably: either of the last two, at his turn; or both, the one offering "
        "peace and the other accepting it at his next turn (going on up the hill, calling the "
        "showdown or passing refuses it).",
        ("either", "both"),
        ruling="AMB-GORKA-12",
    )
    kicker: str = option(
        "ignored",
        "Two трынки of one rank: equal, the fourth card not counting; or told apart by the "
        "rank of the fourth card.",
        ("ignored", "counts"),
        ruling="AMB-GORKA-05",
    )
    ties: str = option(
        "share",
        "Equal best hands at a showdown: they share the pot, or the first of them from the "
        "dealer's left (the elder hand) takes it.",
        ("share", "elder"),
        ruling="AMB-GORKA-07",
    )
    blind_rounds: str = option(
        "once",
        "How long the blinds go on: each player is asked once, round from the dealer's left; "
        "or round and round, each blind asking every other player again (its own player too, "
        "after the rest), until all have declined since the last blind.",
        ("once", "until-none"),
        ruling="AMB-GORKA-02",
    )
    dark_join: str = option(
        "none",
        "Whether a player may go blind for the same stake as the last blind (затемнить) "
        "besides over-blinding for more (перетемнить): no, every blind after the first stakes "
        "more than the last; or yes, after the first blind each player asked may join it at "
        "its stake or over-blind (under blind_rounds=once; under until-none, where the asking "
        "goes on only for a larger stake, nobody joins).",
        ("none", "same"),
        ruling="AMB-GORKA-02",
    )
    dealer_shows: str = option(
        "chosen",
        "Which two of his four dark cards the dealer turns up: the two he chooses, or the "
        "first two dealt to him, turned unseen, or the last two dealt to him, turned unseen "
        "(as every other player's last two lie face up).",
        ("chosen", "first-two", "last-two"),
        ruling="AMB-GORKA-04",
    )
    turned_rest: str = option(
        "up-down",
        "For a player who turned one of his first two cards up, which of his last two is "
        "dealt face up: the third (the fourth down), or the fourth (the third down).",
        ("up-down", "down-up"),
        ruling="AMB-GORKA-03",
    )
    deal_in: str = option(
        "ones",
        "How the cards are dealt: one at a time, four rounds (the first two, then the last "
        "two), or two at a time, two rounds.",
        ("ones", "twos"),
        ruling="AMB-GORKA-03",
    )
    blind_speaks: str = option(
        "in-turn",
        "Who speaks first in the betting when someone went blind: the dealer's left-hand "
        "neighbour as always, or the last player to go blind (then on to his left).",
        ("in-turn", "first"),
        ruling="AMB-GORKA-13",
    )
    match: str = option(
        "none",
        "Whether the stakes of those still in must be equal: no (a blind or a raise is paid by "
        "its player alone, and staying in costs nothing); or equal (the highest stake of those "
        "still in, blinds included, is the level: going up brings one's stake to it and adds "
        "the raise, a player below it may hold, bringing his stake to it, and he may not settle "
        "peaceably or call the showdown until his stake is at it); or equal-no-hold (as equal, "
        "but there is no holding: below the level he goes up or passes).",
        ("none", "equal", "equal-no-hold"),
        ruling="AMB-GORKA-13",
    )
    showdown: str = option(
        "at-limit",
        "When the hands may be shown: only once the table limit of raises is reached, or "
        "also as soon as only two players are left.",
        ("at-limit", "last-two"),
        ruling="AMB-GORKA-07",
    )
    dealer_aside: str = option(
        "kept",
        "The dealer's two cards laid aside after he shows two: still his (a hand of four), "
        "or out of play (he plays on the two he showed).",
        ("kept", "out"),
        ruling="AMB-GORKA-04",
    )
    strength: str = option(
        "points",
        "How a хлюст, three cards and a hand with nothing are told apart from others of their "
        "kind: by their points, or by their highest card, then the next (a wild card as an ace).",
        ("points", "high-card"),
        ruling="AMB-GORKA-05",
    )
    nothing: str = option(
        "compared",
        "Two hands with no combination: told apart as the strength option says, or every such "
        "hand equal to every other (a tie).",
        ("compared", "tie"),
        ruling="AMB-GORKA-05",
    )
    natural: str = option(
        "equal",
        "Two hands of equal rank: equal, or the one with fewer wild cards the better (a natural "
        "hand before one made with wild cards).",
        ("equal", "first"),
        ruling="AMB-GORKA-05",
    )
    wild: str = option(
        "queens",
        "Wild cards: the queens (the text's queens and sixes, with no sixes in the 32-card "
        "pack), none, or the queens and the sevens (the sevens for the missing sixes), or the "
        "sevens alone (the sixes, read as the table's other choice, in the 32-card pack).",
        ("queens", "none", "queens-sevens", "sevens"),
        ruling="AMB-GORKA-05",
    )
    wild_count: int = option(
        4,
        "How many wild cards of each wild rank the players named: all four, or the first one, "
        "two or three of them in the order the text names the suits (hearts, diamonds, clubs, "
        "spades: one is the queen of hearts, two the red queens).",
        (4, 1, 2, 3),
        ruling="AMB-GORKA-05",
    )
    top_hand: str = option(
        "khlyust",
        "Which hand the ace, king and a wild card of a suit make the best of its kind: the "
        "хлюст (above every other хлюст), or three cards (above every other three cards; no "
        "хлюст then stands above the others but by its points or cards).",
        ("khlyust", "three-cards"),
        ruling="AMB-GORKA-05",
    )
    numerals: str = option(
        "pips",
        "What the cards below the jack count where points decide: their pips (the ten 10), or "
        "nothing (003:P4.S1 to 003:P6.S1 value only the ace and the figures).",
        ("pips", "zero"),
        ruling="AMB-GORKA-05",
    )
    wild_value: str = option(
        "ace",
        "What a wild card counts in a хлюст or three cards: an ace (11 points, the highest "
        "rank), even beside the natural ace of that suit; or the best card of that suit the "
        "hand lacks (by points and by rank); or the card it is, a queen 10 points (by rank a "
        "queen), a seven 7, there and in a hand with nothing.",
        ("ace", "missing", "own"),
        ruling="AMB-GORKA-05",
    )
    wild_alone: str = option(
        "any",
        "What a hand of wild cards only is (no natural card for them to stand beside): any "
        "ranks and suits, four wild cards a четверик of aces; or the cards they are, four "
        "queens a четверик of queens.",
        ("any", "own"),
        ruling="AMB-GORKA-05",
    )
    wild_per_hand: str = option(
        "any",
        "How many wild cards one combination may use: any number, or one (the hand's other "
        "wild cards count as the cards they are).",
        ("any", "one"),
        ruling="AMB-GORKA-11",
    )
    shown_at_end: str = option(
        "showdown",
        "Which hands are turned up for all to see when the deal is over: the hands still in "
        "at a showdown only (a pot won alone or shared in peace shows none), or every hand "
        "still in however the pot was settled (the passed players' alone excepted). Changes "
        "only what is seen.",
        ("showdown", "still-in"),
        ruling="AMB-GORKA-09",
    )

    #: Which cards are wild, as a mask (:func:`wild_mask`; :data:`QUEENS` by default).
    wilds: int = reading(int)
    one_wild: bool = reading(bool)
    any_hand: bool = reading(bool)
    trynka_up: bool = reading(bool)
    double_blind: bool = reading(bool)
    chosen_blind: bool = reading(bool)
    chosen_raise: bool = reading(bool)
    double_raise: bool = reading(bool)
    capped: bool = reading(bool)
    early_showdown: bool = reading(bool)
    aside_out: bool = reading(bool)
    returned_stakes: bool = reading(bool)
    late_peace: bool = reading(bool)
    agreed_peace: bool = reading(bool)
    equal_stakes: bool = reading(bool)
    blind_first: bool = reading(bool)
    in_twos: bool = reading(bool)
    first_two_shown: bool = reading(bool)
    elder_wins: bool = reading(bool)
    kicker_counts: bool = reading(bool)
    blinds_go_round: bool = reading(bool)
    join_dark: bool = reading(bool)
    pass_needs_none: bool = reading(bool)
    blind_any: bool = reading(bool)
    blind_unseen: bool = reading(bool)
    may_hold: bool = reading(bool)
    #: the hands compared by hand_key itself (strength=points, nothing=compared, natural=equal,
    #: wild_per_hand=any, wild_value=ace, numerals=pips, top_hand=khlyust, kicker=ignored,
    #: wild_alone=any)
    plain_keys: bool = reading(bool)

    def __post_init__(self) -> None:
        put = object.__setattr__  # (a frozen dataclass sets its own fields this way)
        # AMB-GORKA-05 a to c, h: the wild ranks, of the agreed number of suits
        put(self, "wilds", wild_mask(WILD_RANKS[self.wild], self.wild_count))
        put(self, "one_wild", self.wild_per_hand == "one")  # AMB-GORKA-11 b
        put(self, "any_hand", self.go_up == "any")  # AMB-GORKA-06 b
        put(self, "trynka_up", self.go_up == "trynka")  # AMB-GORKA-06 e
        put(self, "double_blind", self.overblind == "double")  # AMB-GORKA-02 b
        put(self, "chosen_blind", self.overblind == "chosen")  # AMB-GORKA-02 c
        put(self, "chosen_raise", self.raise_size == "chosen")  # AMB-GORKA-06 c
        put(self, "double_raise", self.raise_size == "double")  # AMB-GORKA-06 f
        put(self, "capped", self.cap == "limit")  # AMB-GORKA-06 a (d: no cap)
        put(self, "early_showdown", self.showdown == "last-two")  # AMB-GORKA-07 b
        put(self, "aside_out", self.dealer_aside == "out")  # AMB-GORKA-04 b
        put(self, "returned_stakes", self.unchallenged == "returned")  # AMB-GORKA-07 f
        put(self, "late_peace", self.peace_when == "after-raise")  # AMB-GORKA-12 b
        put(self, "agreed_peace", self.peace_by == "both")  # AMB-GORKA-12 c
        put(self, "equal_stakes", self.match != "none")  # AMB-GORKA-13 b, c
        put(self, "blind_first", self.blind_speaks == "first")  # AMB-GORKA-13 f
        put(self, "in_twos", self.deal_in == "twos")  # AMB-GORKA-03 b
        put(self, "first_two_shown", self.dealer_shows == "first-two")  # AMB-GORKA-04 c
        put(self, "elder_wins", self.ties == "elder")  # AMB-GORKA-07 j
        put(self, "kicker_counts", self.kicker == "counts")  # AMB-GORKA-05 ad
        put(self, "blinds_go_round", self.blind_rounds == "until-none")  # AMB-GORKA-02 h
        put(self, "join_dark", self.dark_join == "same")  # AMB-GORKA-02 i
        put(self, "pass_needs_none", self.pass_with == "no-combination")  # AMB-GORKA-06 j
        put(self, "blind_any", self.blind_up == "any")  # AMB-GORKA-17 b
        put(self, "blind_unseen", self.blind_hand == "unseen")  # AMB-GORKA-08 b
        put(self, "may_hold", self.match == "equal")  # AMB-GORKA-13 b (c: no holding)
        readings = (
            self.strength,
            self.nothing,
            self.natural,
            self.wild_per_hand,
            self.wild_value,
            self.numerals,
            self.top_hand,
            self.kicker,
            self.wild_alone,
        )
        plain = readings == (
            ("points", "compared", "equal", "any", "ace", "pips", "khlyust", "ignored", "any")
        )
        put(self, "plain_keys", plain)  # AMB-GORKA-05 a to c, AMB-GORKA-11 a


OPTIONS: Final = GorkaOptions.specs()
#: The options of a table that gives none.
DEFAULT_OPTIONS: Final = GorkaOptions()


# --- actions ----------------------------------------------------------------------------------


class _Stake(NamedTuple):
    seat: Seat
    #: the chips staked, when the player chooses them; 0 when the rules set the amount
    amount: int = 0


@mypyc_attr(native_class=False)
class StakeAction(_Stake):
    """An action that may name the chips it stakes: ``{"type": KIND, "seat": ...}``, with
    ``"amount"`` (1 or more) only where the player chooses it (overblind=chosen, AMB-GORKA-02
    c; raise_size=chosen, AMB-GORKA-06 c)."""

    __slots__ = ()
    KIND: ClassVar[str]

    def to_json(self) -> JSONObject:
        out: JSONObject = {"type": self.KIND, "seat": self.seat}
        if self.amount:
            out["amount"] = self.amount
        return out

    @classmethod
    def from_json(cls, seat: Seat, o: JSONObject) -> Self:
        if "amount" not in o:
            return cls(seat)
        amount = as_int(o["amount"], "action/amount")
        if amount < 1:
            raise FormatError("action/amount: the chips staked, 1 or more")
        return cls(seat, amount)


@mypyc_attr(native_class=False)
class Blind(StakeAction):
    """Go blind (or over-blind) before the deal (with the chips he stakes, under
    overblind=chosen)."""

    __slots__ = ()
    KIND: ClassVar[str] = "blind"


@mypyc_attr(native_class=False)
class Open(CardAction):
    """Turn one of the first two cards face up."""

    __slots__ = ()
    KIND: ClassVar[str] = "open"


class _Show(NamedTuple):
    seat: Seat
    cards: tuple[Card, Card]


@mypyc_attr(native_class=False)
class Show(_Show):
    """The dealer turns two of his four cards up."""

    __slots__ = ()
    KIND: ClassVar[str] = "show"

    def to_json(self) -> JSONObject:
        shown: list[JSON] = [card_name(c) for c in sorted(self.cards)]
        return {"type": self.KIND, "seat": self.seat, "cards": shown}

    @classmethod
    def from_json(cls, seat: Seat, o: JSONObject) -> Self:
        cards = as_cards(field(o, "cards", "action"), "action/cards")
        if len(cards) != 2:
            raise FormatError("action/cards: the dealer shows two cards")
        a, b = sorted(cards)
        return cls(seat, (a, b))


@mypyc_attr(native_class=False)
class Raise(StakeAction):
    """Go up the hill (with the chips he adds, under raise_size=chosen)."""

    __slots__ = ()
    KIND: ClassVar[str] = "raise"


@mypyc_attr(native_class=False)
class Peace(SeatAction):
    """Settle peaceably (the pot as peace says, AMB-GORKA-07); under peace_by=both, offer
    peace, or accept the other's offer (AMB-GORKA-12 c)."""

    __slots__ = ()
    KIND: ClassVar[str] = "peace"


@mypyc_attr(native_class=False)
class Hold(SeatAction):
    """Under match=equal: bring his stake up to the highest of those still in (AMB-GORKA-13 b)."""

    __slots__ = ()
    KIND: ClassVar[str] = "hold"


@mypyc_attr(native_class=False)
class Showdown(SeatAction):
    """At the limit: the hands are shown and the best takes the pot."""

    __slots__ = ()
    KIND: ClassVar[str] = "showdown"


Action = Blind | Open | Show | Raise | Peace | Showdown | Hold | Pass
ACTIONS: Final[tuple[type[Action], ...]] = (
    Blind,
    Open,
    Show,
    Raise,
    Peace,
    Showdown,
    Hold,
    Pass,
)

#: The actions that name no card, by seat: the legal-action lists reuse them.
BLINDS: Final = tuple(Blind(p) for p in range(MAX_PLAYERS))
RAISES: Final = tuple(Raise(p) for p in range(MAX_PLAYERS))
PEACES: Final = tuple(Peace(p) for p in range(MAX_PLAYERS))
SHOWDOWNS: Final = tuple(Showdown(p) for p in range(MAX_PLAYERS))
PASSES: Final = tuple(Pass(p) for p in range(MAX_PLAYERS))
HOLDS: Final = tuple(Hold(p) for p in range(MAX_PLAYERS))
#: ``BLIND_OR_PASS[p]``: what seat ``p`` may do when offered the blind.
BLIND_OR_PASS: Final = tuple((BLINDS[p], PASSES[p]) for p in range(MAX_PLAYERS))


def _bets(p: Seat, up: bool, peace: bool, show: bool) -> tuple[Action, ...]:
    """What seat ``p`` may do in the betting when he may go ``up`` the hill, settle in
    ``peace``, ``show`` the hands, or not: each of those he may, then pass."""
    out: list[Action] = []
    if up:  # gorka/go-up
        out.append(RAISES[p])
    if peace:  # gorka/last-two: only the last two settle peaceably
        out.append(PEACES[p])
    if show:  # gorka/last-two: at the limit (AMB-GORKA-07)
        out.append(SHOWDOWNS[p])
    out.append(PASSES[p])  # AMB-GORKA-06: a player may always pass, leaving the deal
    return tuple(out)


#: ``OPENS[p][c]``: seat ``p`` turns card ``c`` up.
OPENS: Final = tuple({c: Open(p, c) for c in PACK} for p in range(MAX_PLAYERS))
#: ``SHOWS[p][a, b]``: seat ``p`` shows cards ``a < b`` of the pack.
SHOWS: Final = tuple(
    {(a, b): Show(p, (a, b)) for a, b in combinations(PACK, 2)} for p in range(MAX_PLAYERS)
)

BLINDING: Final = 1
OPENING: Final = 2
SHOWING: Final = 3
BETTING: Final = 4
OVER: Final = 0
PHASES: Final = {BLINDING: "blind", OPENING: "open", SHOWING: "show", BETTING: "bet", OVER: "over"}

Hands = tuple[tuple[Card, ...], ...]


@named_updates
class GorkaState(NamedTuple):
    """A position. ``hands`` by seat; ``up`` the face-up cards; ``stock`` the undealt pack.

    Each step of the game makes the next state by naming the fields it changes
    (``s._replace(...)``)."""

    opts: GorkaOptions
    players: int
    dealer: Seat
    phase: int
    turn: Seat
    ledger: Ledger
    hands: Hands
    up: Hands
    stock: tuple[Card, ...]
    blind: tuple[Seat, ...]
    acted: tuple[Seat, ...]
    passed: tuple[Seat, ...]
    raises: int
    winners: tuple[Seat, ...]
    how: str
    #: by seat, the :func:`hand_key` of a hand of four cards, else None (derived from ``hands``
    #: and not written in the position: :func:`with_keys` computes it whenever hands change)
    keys: tuple[tuple[int, int] | None, ...] = ()
    #: by seat, the chips he has put into the pot (ante, blind, raises): what peace=refund gives
    #: back (AMB-GORKA-07 d); a position without it records none
    put: tuple[int, ...] = ()


STATE: Final = GorkaState


def with_keys(s: GorkaState) -> GorkaState:
    """The state with the key of each complete hand: four cards, or in the betting the
    dealer's two under dealer_aside=out (no combination: nothing, by their points)."""
    return s._replace(keys=_keys(s.hands, s.opts, s.phase in (BETTING, OVER)))


def _keys(
    hands: Sequence[tuple[Card, ...]], opts: GorkaOptions, betting: bool
) -> tuple[tuple[int, int] | None, ...]:
    """The keys of :func:`with_keys` for these hands (``betting``: in the betting or over)."""
    return tuple([_key(hand, opts, betting) for hand in hands])


def _key(hand: tuple[Card, ...], opts: GorkaOptions, betting: bool) -> tuple[int, int] | None:
    """The key of one hand (:func:`with_keys`): of four cards, by the table's options
    (:func:`hand_key` itself under the plain readings, else :func:`table_key`); in the betting
    (``betting``), of the dealer's two under dealer_aside=out, nothing by their points; else
    None (a hand not yet complete)."""
    if len(hand) == HAND:
        return hand_key(hand, opts.wilds) if opts.plain_keys else table_key(hand, opts)
    if betting and len(hand) == 2:  # AMB-GORKA-04 b: the dealer's two, no combination
        nothing = (NOTHING, sum([POINTS[c] for c in hand]))
        return nothing if opts.plain_keys else refine_key(nothing, hand, NO_WILD, opts)
    return None


def high_card_code(ranks: Sequence[int]) -> int:
    """A number that orders hands by their highest card, then the next, and so on
    (strength=high-card, AMB-GORKA-05 e): the ranks from the highest, a hexadecimal digit each,
    four digits (a hand of fewer cards filled with nothing below).

    pre: len(ranks) <= 4 and all(2 <= r <= 14 for r in ranks)
    post: 0 <= __return__ < 16 ** 4
    """
    code = 0
    for r in sorted(ranks, reverse=True) + [0] * (HAND - len(ranks)):
        code = code * 16 + r
    return code


def _high_card(hand: Sequence[Card], key: tuple[int, int], wild: int) -> int:
    """The strength of a хлюст, three cards or nothing under strength=high-card (AMB-GORKA-05
    e), with the wild cards of the mask ``wild``: its cards by rank from the highest, a wild
    card counting as an ace (as it counts 11, an ace's points, by points); for three cards the
    three of its suit (the best such three); for the dealer's two under dealer_aside=out their
    own ranks (AMB-GORKA-04 b: no wild card)."""
    wilds = [ACE for c in hand if is_wild(c, wild)]
    naturals = [c for c in hand if not is_wild(c, wild)]
    if key[0] != THREE_CARDS:
        bonus = 16**HAND if key[1] >= TOP_KHLYUST and key[0] == KHLYUST else 0
        return bonus + high_card_code([RANK_OF[c] for c in naturals] + wilds)
    need = 3 - len(wilds)  # three cards: 3 - w natural cards of one suit, and the wild cards
    best = 0
    for suit in {SUIT_OF[c] for c in naturals}:
        ranks = sorted(RANK_OF[c] for c in naturals if SUIT_OF[c] == suit)
        if len(ranks) >= need:
            best = max(best, high_card_code(ranks[-need:] + wilds))
    return best


#: The ranks of the 32-card pack from the ace down (AMB-GORKA-05 k: the cards a wild card
#: may stand for in a suit, the best first).
RANKS_DOWN: Final = tuple(range(ACE, SEVEN - 1, -1))


def rank_points(r: int, *, zero: bool = False) -> int:
    """The points of a card of rank ``r`` (003:P5, 003:P6), as :func:`points`; under
    numerals=zero (``zero``, AMB-GORKA-05 y) the cards below the jack count nothing."""
    if r == ACE:
        return 11
    if zero:  # AMB-GORKA-05 y: only the ace and the figures have a value
        return 10 if r > 10 else 0
    return 10 if r >= 10 else r


def _court_points(hand: Sequence[Card], key: tuple[int, int], wild: int) -> int:
    """The strength by points of a хлюст, three cards or nothing under numerals=zero
    (AMB-GORKA-05 y): the ace 11, the figures 10, a wild card 11 (as in reading a), the rest
    nothing; three cards by the best three of a suit, the хлюст of ace, king and a wild card
    still above every other."""
    wilds = sum(1 for c in hand if is_wild(c, wild))
    naturals = [c for c in hand if not is_wild(c, wild)]
    if key[0] != THREE_CARDS:
        top = key[0] == KHLYUST and key[1] >= TOP_KHLYUST
        value = 11 * wilds + sum(rank_points(RANK_OF[c], zero=True) for c in naturals)
        return value + (TOP_KHLYUST if top else 0)
    need = 3 - wilds  # three cards: 3 - w natural cards of one suit, and the wild cards
    best = 0
    for suit in {SUIT_OF[c] for c in naturals}:
        ranks = sorted(RANK_OF[c] for c in naturals if SUIT_OF[c] == suit)
        if len(ranks) >= need:
            best = max(best, sum(rank_points(r, zero=True) for r in ranks[len(ranks) - need :]))
    return 11 * wilds + best


def _missing_strength(
    hand: Sequence[Card], key: tuple[int, int], wild: int, *, high: bool, zero: bool
) -> int:
    """The strength of a хлюст or three cards with wild cards under wild_value=missing
    (AMB-GORKA-05 k): each wild card counts as the best card of the suit the hand lacks (by
    points, or by rank under strength=high-card), the best suit for three cards; the хлюст of
    ace, king and a wild card still above every other (003:P26.S1)."""
    wilds = sum(1 for c in hand if is_wild(c, wild))
    naturals = [c for c in hand if not is_wild(c, wild)]
    need = len(naturals) if key[0] == KHLYUST else 3 - wilds
    best = 0
    for suit in {SUIT_OF[c] for c in naturals}:
        ranks = sorted(RANK_OF[c] for c in naturals if SUIT_OF[c] == suit)
        if len(ranks) < need:
            continue
        ranks = ranks[len(ranks) - need :]
        filled = [r for r in RANKS_DOWN if r not in ranks][:wilds]
        cards = ranks + filled
        points = sum(rank_points(r, zero=zero) for r in cards)
        value = high_card_code(cards) if high else points
        best = max(best, value)
    top = key[0] == KHLYUST and key[1] >= TOP_KHLYUST
    return best + ((16**HAND if high else TOP_KHLYUST) if top else 0)


def _own_strength(
    hand: Sequence[Card], key: tuple[int, int], wild: int, *, high: bool, zero: bool
) -> int:
    """The strength of a хлюст, three cards or nothing with wild cards under wild_value=own
    (AMB-GORKA-05 ae): each wild card counts as the card it is, its own points (a queen 10,
    003:P6.S1 «Каждая фигура по 10 очков»; a seven 7, or nothing under numerals=zero) or under
    strength=high-card its own rank; three cards by the best three of a suit; the хлюст of ace,
    king and a wild card still above every other (003:P26.S1)."""
    own = [RANK_OF[c] for c in hand if is_wild(c, wild)]
    naturals = [RANK_OF[c] for c in hand if not is_wild(c, wild)]

    def value(ranks: list[int]) -> int:
        return high_card_code(ranks) if high else sum(rank_points(r, zero=zero) for r in ranks)

    best = value(naturals + own)
    if key[0] == THREE_CARDS:  # 3 - w natural cards of one suit, and the wild cards
        need = 3 - len(own)
        best = 0
        for suit in {SUIT_OF[c] for c in hand if not is_wild(c, wild)}:
            ranks = sorted(RANK_OF[c] for c in hand if not is_wild(c, wild) and SUIT_OF[c] == suit)
            if len(ranks) >= need:
                best = max(best, value(ranks[len(ranks) - need :] + own))
    top = key[0] == KHLYUST and key[1] >= TOP_KHLYUST
    return best + ((16**HAND if high else TOP_KHLYUST) if top else 0)


def _kicker(hand: Sequence[Card], rank: int, wild: int) -> int:
    """The rank of a трынка's fourth card, under kicker=counts (AMB-GORKA-05 ad): the highest
    natural card not of the трынка's ``rank``; 0 when there is none (the wild cards all stand
    in for the трынка)."""
    return max((RANK_OF[c] for c in hand if not is_wild(c, wild) and RANK_OF[c] != rank), default=0)


def _top_three_cards(
    hand: Sequence[Card], category: int, wild: int, strength: int, high: bool
) -> int:
    """The strength of a хлюст or three cards under top_hand=three-cards (AMB-GORKA-05 ab):
    003:P26.S1's «хлюст из туза, короля и фальки» read of three cards, so the хлюст loses the
    place above the others (its bonus, :data:`TOP_KHLYUST` or a fifth digit under
    strength=high-card) and three cards of ace, king and a wild card gain it."""
    bonus = 16**HAND if high else TOP_KHLYUST
    if category == KHLYUST:
        return strength - bonus if strength >= bonus else strength
    naturals = [c for c in hand if not is_wild(c, wild)]
    if len(naturals) == len(hand):
        return strength
    for suit in {SUIT_OF[c] for c in naturals}:
        ranks = {RANK_OF[c] for c in naturals if SUIT_OF[c] == suit}
        if ACE in ranks and KING in ranks:  # three cards of ace, king and a wild card
            return strength + bonus
    return strength


def refine_key(
    key: tuple[int, int], hand: Sequence[Card], wild: int, opts: GorkaOptions
) -> tuple[int, int]:
    """A hand's key, with the wild cards of the mask ``wild``, under the table's readings of
    how hands of one category are told apart (AMB-GORKA-05): by high card (strength=high-card,
    reading e) instead of points; every nothing equal to every other (nothing=tie, reading d);
    of equal keys, the hand with fewer wild cards first (natural=first, reading f). Without
    them, ``key`` itself."""
    category, strength = key
    high = opts.strength == "high-card"
    wilds = sum(1 for c in hand if is_wild(c, wild))
    if opts.wild_value == "missing" and wilds and category in (KHLYUST, THREE_CARDS):
        zero = opts.numerals == "zero"  # AMB-GORKA-05 y
        strength = _missing_strength(hand, key, wild, high=high, zero=zero)  # AMB-GORKA-05 k
    elif opts.wild_value == "own" and wilds and category in (KHLYUST, THREE_CARDS, NOTHING):
        zero = opts.numerals == "zero"  # AMB-GORKA-05 y
        strength = _own_strength(hand, key, wild, high=high, zero=zero)  # AMB-GORKA-05 ae
    elif high and category in (KHLYUST, THREE_CARDS, NOTHING):
        strength = _high_card(hand, key, wild)  # AMB-GORKA-05 e
    elif opts.numerals == "zero" and category in (KHLYUST, THREE_CARDS, NOTHING):
        strength = _court_points(hand, key, wild)  # AMB-GORKA-05 y
    if opts.kicker_counts and category == TRYNKA:  # AMB-GORKA-05 ad: the fourth card counts
        strength = strength * 16 + _kicker(hand, strength, wild)
    if opts.top_hand == "three-cards" and category in (KHLYUST, THREE_CARDS):
        strength = _top_three_cards(hand, category, wild, strength, high)  # AMB-GORKA-05 ab
    if opts.nothing == "tie" and category == NOTHING:
        strength = 0  # AMB-GORKA-05 d: nothing against nothing is a tie
    if opts.natural == "first":  # AMB-GORKA-05 f: the fewer wild cards, the better
        strength = strength * (HAND + 1) + HAND - sum(1 for c in hand if is_wild(c, wild))
    return category, strength


def table_key(hand: tuple[Card, ...], opts: GorkaOptions) -> tuple[int, int]:
    """:func:`hand_key` of a four-card hand under the table's options (:func:`refine_key`):
    under wild_per_hand=one, the best of its readings with one wild card alone wild
    (:func:`one_wild_masks`, AMB-GORKA-11 b)."""
    if opts.wild_alone == "own" and all(is_wild(c, opts.wilds) for c in hand):
        # AMB-GORKA-05 af: «Фалька при тузе означает туза»: with no natural card beside them,
        # the wild cards count as the cards they are
        return refine_key(hand_key(hand, NO_WILD), hand, NO_WILD, opts)
    # AMB-GORKA-11: every wild card of the hand used (a), or one at most (b)
    masks = one_wild_masks(hand, opts.wilds) if opts.one_wild else (opts.wilds,)
    return max(refine_key(hand_key(hand, w), hand, w, opts) for w in masks)


#: The seats from the dealer's left round to the dealer, by players and dealer
#: (``ORDERS[n][dealer]``).
ORDERS: Final = tuple(
    tuple(tuple((d + k) % n for k in range(1, n + 1)) for d in range(n))
    for n in range(MAX_PLAYERS + 1)
)


#: The seats from the dealer's left round to his right (the dealer left out), by players and
#: dealer.
ROUNDS: Final = tuple(tuple(order[:-1] for order in orders) for orders in ORDERS)


#: The ledger's accounts at a table of ``n``: each seat ("0", "1", ...) and the pot, in the
#: order the game finds them by place: each seat's at its number, the pot's at ``n``.
ACCOUNTS: Final = {n: tuple(str(p) for p in range(n)) + ("pot",) for n in PLAYER_COUNTS}


def _add(put: tuple[int, ...], seat: Seat, amount: int) -> tuple[int, ...]:
    """``put`` (the chips each seat has put into the pot) once ``seat`` has put ``amount`` more."""
    return put[:seat] + (put[seat] + amount,) + put[seat + 1 :]


def _check_players(n: int, opts: GorkaOptions) -> None:
    if not 2 <= n <= MAX_PLAYERS:  # gorka/players
        raise SetupError(f"{GAME_ID}: {n} players; from two to six play", "gorka/players")


def setup(table: Table) -> GorkaState:
    """The antes are in and the blind stakes are to be offered."""
    opts = GorkaOptions.of(GAME_ID, OPTIONS, table.options) if table.options else DEFAULT_OPTIONS
    n = table.players
    _check_players(n, opts)
    # The table names the dealer: how he is chosen, and who deals next, lie outside one
    # game (AMB-GORKA-16).
    if not 0 <= table.dealer < n:  # gorka/deal: the dealer is a seat of the table
        raise SetupError(
            f"{GAME_ID}: dealer seat {table.dealer} is not a seat of {n} players", "gorka/deal"
        )
    deal = table.deal
    if not isinstance(deal, DeckOrder) or sorted(deal.cards) != list(DECK_32):  # gorka/pack
        raise SetupError(f"{GAME_ID}: the deal is an order of the 32-card pack", "gorka/pack")
    chips = opts.starting_chips
    stake = min(opts.ante, chips)  # AMB-GORKA-01: one with fewer chips than the ante antes all
    # gorka/stakes: the antes, each seat's stake moved from his chips to the pot (the ledger
    # opens with them moved: each seat's chips less his stake, the pot their sum)
    ledger = Ledger(ACCOUNTS[n], (chips - stake,) * n + (stake * n,))
    empty: Hands = ((),) * n
    s = GorkaState(
        opts=opts,
        players=n,
        dealer=table.dealer,
        phase=BLINDING,
        turn=(table.dealer + 1) % n,
        ledger=ledger,
        hands=empty,
        up=empty,
        stock=deal.cards,
        blind=(),
        acted=(),
        passed=(),
        raises=0,
        winners=(),
        how="",
        keys=(None,) * n,  # no hand is dealt yet: no keys
        put=(stake,) * n,  # each seat's ante
    )
    return _next_blind(s, (), ledger, ())


def _next_blind(
    s: GorkaState, acted: tuple[Seat, ...], ledger: Ledger, blind: tuple[Seat, ...]
) -> GorkaState:
    """The next player to be offered the blind (``acted``: those who have had their turn;
    the ``ledger`` and the ``blind`` seats as they now stand), or the deal of the first two
    cards."""
    opts = s.opts
    # AMB-GORKA-02: blind_stake for the first blind, then more than the last (overblind); under
    # dark_join=same the last blind's stake joins it (AMB-GORKA-02 i)
    cost = _join_stake(opts, s.put, blind) or _blind_least(opts, s.put, blind)
    chips = ledger.balances
    # gorka/blind: from the dealer's left, once round (AMB-GORKA-02), not the dealer; under
    # blind_rounds=until-none from the last blind on, round and round (AMB-GORKA-02 h)
    for p in _blind_order(opts, s.players, s.dealer, blind):
        if p not in acted:
            if chips[p] >= cost:  # p is offered the blind
                return s._replace(turn=p, ledger=ledger, blind=blind, acted=acted)
            acted += (p,)  # AMB-GORKA-02: without the chips, he passes
    return _deal_two(s, ledger, blind)


def _blind_order(
    opts: GorkaOptions, players: int, dealer: Seat, blind: tuple[Seat, ...]
) -> tuple[Seat, ...]:
    """The seats in the order they are offered the blind: from the dealer's left to his right
    (AMB-GORKA-02 a); under blind_rounds=until-none, once someone went blind, from the seat
    after the last blind round to the last blind himself (h: ``acted`` then holds those asked
    since that blind)."""
    order = ROUNDS[players][dealer]
    if not opts.blinds_go_round or not blind:
        return order
    at = order.index(blind[-1]) + 1  # AMB-GORKA-02 h: the first right is the next seat's
    return order[at:] + order[:at]


def _blind_least(opts: GorkaOptions, put: tuple[int, ...], blind: tuple[Seat, ...]) -> int:
    """What the next blind costs after the ``blind`` seats (AMB-GORKA-02 a, b), or under
    overblind=chosen the least it may stake (reading c): more than the last blind, which is
    what its player has ``put`` in beyond his ante."""
    if not opts.chosen_blind:
        if _join_stake(opts, put, blind):  # AMB-GORKA-02 i: more than the last blind's stake
            last = _last_blind(opts, put, blind)
            return last * 2 if opts.double_blind else last + 1
        return blind_cost(opts.blind_stake, len(blind), opts.double_blind)
    return chosen_blind_least(opts.blind_stake, _last_blind(opts, put, blind))


def _last_blind(opts: GorkaOptions, put: tuple[int, ...], blind: tuple[Seat, ...]) -> int:
    """What the last blind of the ``blind`` seats staked (0 before any): what its player has
    ``put`` in beyond his ante (each seat asked once: blind_rounds=once, or overblind=chosen)."""
    # every seat anted the same, min(ante, starting_chips) (gorka/stakes)
    return max(put[blind[-1]] - min(opts.ante, opts.starting_chips), 0) if blind else 0


def _join_stake(opts: GorkaOptions, put: tuple[int, ...], blind: tuple[Seat, ...]) -> int:
    """Under dark_join=same (AMB-GORKA-02 i), once someone has gone blind, what going blind
    for the same stake costs (затемнить, 003:P14.S1): the last blind's stake; else 0 (no
    joining: every blind after the first stakes more than the last; so too under
    blind_rounds=until-none, whose asking goes round again only for a larger stake)."""
    # AMB-GORKA-02 i: each player asked once (blind_rounds=once), so his put is his one blind
    joins = opts.join_dark and not opts.blinds_go_round
    return _last_blind(opts, put, blind) if joins and blind else 0


def _deal_two(s: GorkaState, ledger: Ledger, blind: tuple[Seat, ...]) -> GorkaState:
    """The first two cards dealt to ``s``, with the ``ledger`` and the ``blind`` seats as the
    blind stakes left them."""
    n, stock = s.players, s.stock
    hands = list(s.hands)
    # gorka/deal: two each, one at a time from the dealer's left, face down (AMB-GORKA-03):
    # the k-th seat of the order gets the k-th card of each round of n (or under deal_in=twos
    # the k-th pair, AMB-GORKA-03 b)
    for k, p in enumerate(ORDERS[n][s.dealer]):
        hands[p] += _two_cards(stock, n, k, s.opts.in_twos)
    s = s._replace(
        phase=OPENING,
        ledger=ledger,
        hands=tuple(hands),
        stock=stock[2 * n :],
        blind=blind,
        keys=_keys(hands, s.opts, False),
    )
    return _next_open(s, (), s.up)


def _two_cards(stock: Sequence[Card], n: int, k: int, in_twos: bool) -> tuple[Card, Card]:
    """The two cards the ``k``-th seat from the dealer's left gets of two rounds dealt from
    the top of ``stock`` to ``n`` seats: the k-th card of each round of one card each
    (AMB-GORKA-03 a), or under deal_in=twos the k-th pair of one round of two each (b)."""
    if in_twos:  # AMB-GORKA-03 b: two at a time
        return stock[2 * k], stock[2 * k + 1]
    return stock[k], stock[n + k]


def _next_open(
    s: GorkaState, acted: tuple[Seat, ...], up: tuple[tuple[Card, ...], ...]
) -> GorkaState:
    """The next player who may turn a card up (``acted``: those who have had their turn;
    ``up``: the cards turned up as they now stand), or the deal of the last two cards."""
    # AMB-GORKA-03: after two cards each, from the dealer's left, each player who is neither
    # the dealer nor blind may turn one of his two up
    for p in ROUNDS[s.players][s.dealer]:
        if p not in acted and p not in s.blind:  # p may turn one up
            return s._replace(turn=p, up=up, acted=acted)
    return _deal_rest(s, up)


def _deal_rest(s: GorkaState, turned: tuple[tuple[Card, ...], ...]) -> GorkaState:
    """The last two cards dealt to ``s`` with the cards ``turned`` up before them."""
    opts, n, dealer, stock = s.opts, s.players, s.dealer, s.stock
    hands = list(s.hands)
    up = list(turned)
    # gorka/deal: two more each, one at a time (AMB-GORKA-03): the k-th seat of the order
    # gets the k-th card of each round of n
    for k, p in enumerate(ORDERS[n][dealer]):
        first, second = _two_cards(stock, n, k, opts.in_twos)  # (AMB-GORKA-03 a, b)
        hands[p] += (first, second)
        if p == dealer or p in s.blind:
            continue  # all face down
        # both up; or, after a turned card, one up then one down (AMB-GORKA-03 a), or under
        # turned_rest=down-up one down then one up (AMB-GORKA-03 f)
        if not turned[p]:
            up[p] += (first, second)
        else:
            up[p] += (second,) if opts.turned_rest == "down-up" else (first,)
    # the dealer is next, to turn two of his up
    return s._replace(
        phase=SHOWING,
        turn=dealer,
        hands=tuple(hands),
        up=tuple(up),
        stock=stock[2 * n :],
        acted=(),
        keys=_keys(hands, opts, False),
    )


def _to_betting(s: GorkaState, up: tuple[tuple[Card, ...], ...]) -> GorkaState:
    """``s`` once the dealer has shown his two, ``up`` the cards turned up: the betting, in
    which no one has acted yet."""
    return s._replace(phase=BETTING, up=up, acted=())


def _active(s: GorkaState, passed: tuple[Seat, ...]) -> tuple[Seat, ...]:
    """The seats still in from the dealer's left, when those of ``passed`` have passed."""
    return tuple([p for p in ORDERS[s.players][s.dealer] if p not in passed])


def _left(s: GorkaState, passed: tuple[Seat, ...]) -> int:
    """How many of the players are still in (as many as :func:`_active` names)."""
    return s.players - len(set(passed))


def _next_bettor(
    s: GorkaState, after: Seat, ledger: Ledger, passed: tuple[Seat, ...], raises: int
) -> GorkaState:
    """``s`` once seat ``after`` has had his turn in the betting, with the ``ledger``, the
    seats that have ``passed`` and the ``raises`` as they now stand."""
    # gorka/last-two: one left alone takes the pot (AMB-GORKA-07)
    if _left(s, passed) == 1:
        if raises == 0 and s.opts.returned_stakes:  # AMB-GORKA-07 f: nobody went up the hill
            return _return_stakes(s, ledger, passed)
        return _settle(s, ledger, passed, raises, _active(s, passed), how="alone")
    # AMB-GORKA-06: the turn goes left to the next player still in
    for p in ORDERS[s.players][after]:
        if p not in passed:  # p is to act
            return s._replace(turn=p, ledger=ledger, passed=passed, raises=raises)
    return s


def _settle(
    s: GorkaState,
    ledger: Ledger,
    passed: tuple[Seat, ...],
    raises: int,
    winners: tuple[Seat, ...],
    *,
    how: str,
    takes: tuple[int, ...] = (),
) -> GorkaState:
    """``s`` settled, with the ``ledger``, the seats that have ``passed`` and the ``raises`` as
    they stand: the pot to the ``winners``, ``how`` they won (``takes``: what each takes, when
    not equal shares)."""
    n, k = s.players, len(winners)
    # AMB-GORKA-07: equal shares, the odd chips to the first from the dealer's left; from the
    # pot's account to each winner's (the accounts by place: ACCOUNTS)
    amounts = takes or shares(ledger.balances[n], k)
    ledger = ledger.transfers_by_place(tuple(zip((n,) * k, winners, amounts, strict=True)))
    return s._replace(
        phase=OVER, turn=-1, ledger=ledger, passed=passed, raises=raises, winners=winners, how=how
    )


def _return_stakes(s: GorkaState, ledger: Ledger, passed: tuple[Seat, ...]) -> GorkaState:
    """``s`` settled when all but one have passed and nobody went up the hill, under
    unchallenged=returned (AMB-GORKA-07 f): each seat takes back what he put in (ante and
    blind); what no seat's record names (a position that recorded no stakes) goes to the one
    left, as under reading a."""
    everyone = ORDERS[s.players][s.dealer]
    last = _active(s, passed)[0]
    put = s.put or (0,) * s.players
    rest = ledger.balances[s.players] - sum(put)
    takes = tuple(put[p] + (rest if p == last else 0) for p in everyone)
    return _settle(s, ledger, passed, 0, everyone, how="returned", takes=takes)


def _may_make_peace(s: GorkaState) -> bool:
    """gorka/last-two: whether the last two may settle peaceably now: at any turn, or under
    peace_when=after-raise only once someone has gone up the hill (AMB-GORKA-12 b)."""
    return s.raises > 0 or not s.opts.late_peace


def _peace_offer(s: GorkaState) -> Seat | None:
    """Under peace_by=both, the seat whose offer of peace stands (AMB-GORKA-12 c): in the
    betting ``acted`` holds him until the other answers; else None."""
    return s.acted[0] if s.phase == BETTING and s.acted else None


def _behind(s: GorkaState, seat: Seat) -> int:
    """What ``seat`` lacks to the highest stake of those still in (his ante, blind and raises
    against theirs) under match=equal (AMB-GORKA-13 b); 0 under match=none (a), where nobody
    has to match another's stake."""
    if not s.opts.equal_stakes or not s.put:
        return 0
    level = max(s.put[p] for p in _active(s, s.passed))
    return level - s.put[seat]


def _any_hand(s: GorkaState, seat: Seat) -> bool:
    """Whether ``seat`` goes up the hill with any hand: every player under go_up=any
    (AMB-GORKA-06 b), a blind player under blind_up=any (AMB-GORKA-17 b) or under
    blind_hand=unseen, who has not seen his cards (AMB-GORKA-08 b)."""
    return s.opts.any_hand or (s.opts.blind_any and seat in s.blind) or _unseen(s, seat)


def _unseen(s: GorkaState, seat: Seat) -> bool:
    """Whether ``seat`` plays without looking at his cards: a blind player under
    blind_hand=unseen (AMB-GORKA-08 b) until the deal is settled."""
    return s.opts.blind_unseen and seat in s.blind and s.phase != OVER


def _can_raise(s: GorkaState, seat: Seat) -> bool:
    key, opts = s.keys[seat], s.opts
    # AMB-GORKA-06 d: with no cap, no number of raises stops another
    limit = opts.limit if opts.capped else s.raises + 1
    any_hand = _any_hand(s, seat)  # AMB-GORKA-06 b, AMB-GORKA-17 b
    if key is not None and opts.trynka_up and key[0] < TRYNKA and not any_hand:  # AMB-GORKA-06 e
        return False
    return key is not None and may_go_up(  # gorka/go-up (AMB-GORKA-06)
        key,
        s.raises,
        limit,
        # AMB-GORKA-13 b: under match=equal he first brings his stake to the level; AMB-GORKA-06
        # f: a doubled raise costs what it adds (as it is counted against what he holds)
        s.ledger.balances[seat] - _behind(s, seat) - (_set_raise(s) - opts.raise_amount),
        opts.raise_amount,
        any_hand=any_hand,
    )


def _can_hold(s: GorkaState, seat: Seat, behind: int) -> bool:
    """AMB-GORKA-13 b: a player ``behind`` the level may hold if he has the chips and may stay
    in: holding is the matching half of going up, so under go_up=combination it needs a
    combination as going up does (the table limit does not stop it); under
    match=equal-no-hold (c) nobody holds."""
    key = s.keys[seat]
    chips = s.ledger.balances[seat]
    if not s.opts.may_hold or key is None or chips < behind:
        return False
    if _any_hand(s, seat):  # AMB-GORKA-06 b, AMB-GORKA-17 b: any hand
        return True
    if s.opts.trynka_up:  # AMB-GORKA-06 e: a трынка or better
        return key[0] >= TRYNKA
    return is_combination(key)


def _may_show(s: GorkaState) -> bool:
    """gorka/last-two: the hands are shown at the table limit, or (showdown=last-two) as
    soon as two are left (AMB-GORKA-07)."""
    # AMB-GORKA-06 d: with no cap there is no limit to reach
    at_limit = s.opts.capped and s.raises >= s.opts.limit
    return at_limit or (s.opts.early_showdown and _left(s, s.passed) == 2)


def _betting_key(s: GorkaState, seat: Seat) -> tuple[int, int]:
    """The seat's :func:`hand_key`, computed at the deal (in the betting every hand is full)."""
    key = s.keys[seat]
    assert key is not None, "in the betting every hand has four cards"
    return key


def _must_go_up(s: GorkaState, seat: Seat) -> bool:
    """Under pass_with=no-combination (AMB-GORKA-06 j), whether ``seat`` may not pass: he holds
    a combination to go up the hill with (a трынка or better under go_up=trynka) and may go up
    now; 003:P27.S1 «в противном случае он может пасовать» read as the right of one without."""
    if not s.opts.pass_needs_none:
        return False
    key = s.keys[seat]
    if key is None or _unseen(s, seat):  # (AMB-GORKA-08 b: he has not seen his cards)
        return False
    holds = key[0] >= TRYNKA if s.opts.trynka_up else is_combination(key)  # AMB-GORKA-06 e
    return holds and _can_raise(s, seat)


def legal_actions(s: GorkaState) -> tuple[Action, ...]:
    """Every action the rules allow now (empty once the game is over)."""
    seat, phase = s.turn, s.phase
    if phase == BETTING:
        bets = _betting_actions(s, seat)
        if _must_go_up(s, seat):  # AMB-GORKA-06 j: holding a combination, he does not pass
            return bets[:-1]  # (pass is always the last)
        return bets
    if phase == BLINDING:
        join = _join_stake(s.opts, s.put, s.blind)  # AMB-GORKA-02 i: the stake to join
        if s.opts.chosen_blind:  # AMB-GORKA-02 c: each stake he may choose, least first
            least = join or _blind_least(s.opts, s.put, s.blind)
            stakes = range(least, s.ledger.balances[seat] + 1)
            return tuple(Blind(seat, k) for k in stakes) + (PASSES[seat],)
        if join:  # AMB-GORKA-02 i: join the last blind's stake, or over-blind if he can
            over = (
                (BLINDS[seat],)
                if s.ledger.balances[seat] >= _blind_least(s.opts, s.put, s.blind)
                else ()
            )
            return (Blind(seat, join),) + over + (PASSES[seat],)
        return BLIND_OR_PASS[seat]
    if phase == OPENING:
        hand, opens = s.hands[seat], OPENS[seat]
        return (opens[hand[0]], opens[hand[1]], PASSES[seat])
    if phase == SHOWING:
        pair = _set_pair(s.opts, s.hands[seat])  # AMB-GORKA-04 c, d: two set by the deal
        if pair is not None:
            return (SHOWS[seat][pair],)
        # each pair of his cards, in canonical order
        return tuple(map(SHOWS[seat].__getitem__, combinations(sorted(s.hands[seat]), 2)))
    return ()


def _betting_actions(s: GorkaState, seat: Seat) -> tuple[Action, ...]:
    """What ``seat`` may do at his turn in the betting, pass last (every seat may pass, but
    under pass_with=no-combination, AMB-GORKA-06 j, :func:`legal_actions` takes it away)."""
    two_left = _left(s, s.passed) == 2 and _may_make_peace(s)  # AMB-GORKA-12 b
    up = _can_raise(s, seat)
    behind = _behind(s, seat)
    if behind:  # AMB-GORKA-13 b: below the level he goes up, holds or passes
        return _behind_bets(s, seat, up, behind)
    if up and s.opts.chosen_raise:  # AMB-GORKA-06 c: each size he may choose, least first
        sizes = range(s.opts.raise_amount, s.ledger.balances[seat] + 1)
        return tuple(Raise(seat, k) for k in sizes) + _bets(seat, False, two_left, _may_show(s))
    return _bets(seat, up, two_left, _may_show(s))  # gorka/go-up, gorka/last-two


def _behind_bets(s: GorkaState, seat: Seat, up: bool, behind: int) -> tuple[Action, ...]:
    """AMB-GORKA-13 b: what a player ``behind`` the level may do: go ``up`` the hill (each size
    he may choose under raise_size=chosen), hold, or pass; not settle peaceably nor call the
    showdown, which need his stake at the level."""
    raises: tuple[Action, ...] = ()
    if up and s.opts.chosen_raise:  # AMB-GORKA-06 c: each size he may choose, least first
        top = s.ledger.balances[seat] - behind
        raises = tuple(Raise(seat, k) for k in range(s.opts.raise_amount, top + 1))
    elif up:
        raises = (RAISES[seat],)
    hold = (HOLDS[seat],) if _can_hold(s, seat, behind) else ()
    return raises + hold + (PASSES[seat],)


def _first_two(hand: tuple[Card, ...]) -> tuple[Card, Card]:
    """The first two cards dealt to a hand, in canonical order (AMB-GORKA-04 c)."""
    first, second = sorted(hand[:2])
    return first, second


def _set_pair(opts: GorkaOptions, hand: tuple[Card, ...]) -> tuple[Card, Card] | None:
    """The two cards the dealer must turn up when the deal sets them, in canonical order: the
    first two dealt to him (dealer_shows=first-two, AMB-GORKA-04 c) or the last two
    (dealer_shows=last-two, AMB-GORKA-04 d); None when he chooses (a)."""
    if opts.first_two_shown:  # AMB-GORKA-04 c
        return _first_two(hand)
    if opts.dealer_shows == "last-two":  # AMB-GORKA-04 d: as the others' last two lie up
        first, second = sorted(hand[2:])
        return first, second
    return None


def apply(s: GorkaState, a: Action) -> GorkaState:
    """The position after ``a``, or :class:`IllegalAction` naming the rule it breaks."""
    phase = s.phase
    if phase == OVER:
        raise IllegalAction("core/game-over", "the game is over")
    seat = a.seat
    if seat != s.turn:
        raise IllegalAction("core/out-of-turn", f"it is seat {s.turn}'s turn, not seat {seat}'s")
    if phase == BLINDING:
        if isinstance(a, Blind):  # gorka/blind: he stakes more than the last blind
            blind = s.blind
            cost = _blind_stake(s, a)  # AMB-GORKA-02: the cost of this blind
            ledger = s.ledger.transfers_by_place([(seat, s.players, cost)])  # (ACCOUNTS)
            s = s._replace(put=_add(s.put, seat, cost))
            # AMB-GORKA-02 h: under blind_rounds=until-none a blind opens a new round of asking
            acted = (seat,) if s.opts.blinds_go_round else s.acted + (seat,)
            return _next_blind(s, acted, ledger, blind + (seat,))
        if isinstance(a, Pass):
            return _next_blind(s, s.acted + (seat,), s.ledger, s.blind)
        raise IllegalAction("core/wrong-action", "before the deal a player goes blind or passes")
    if phase == OPENING:
        if isinstance(a, Open):
            if a.card not in s.hands[seat]:
                raise IllegalAction(
                    "core/not-held", f"seat {seat} does not hold {card_name(a.card)}"
                )
            up = s.up[:seat] + ((a.card,),) + s.up[seat + 1 :]  # gorka/deal: one turned up
            return _next_open(s, s.acted + (seat,), up)
        if isinstance(a, Pass):
            return _next_open(s, s.acted + (seat,), s.up)
        raise IllegalAction("core/wrong-action", "a player may turn one of his first two cards")
    if phase == SHOWING:
        if not isinstance(a, Show):
            raise IllegalAction("core/wrong-action", "the dealer turns two of his cards up")
        hand, (first, second) = s.hands[seat], a.cards
        if first not in hand or second not in hand or first == second:
            raise IllegalAction("core/not-held", "the dealer turns two of his own cards")
        pair = _set_pair(s.opts, hand)  # AMB-GORKA-04 c, d
        if pair is not None and tuple(sorted(a.cards)) != pair:
            raise IllegalAction(
                "gorka/dealer-shows-two",
                "the dealer turns the two cards the deal sets (the first two or the last two "
                "dealt to him)",
            )
        up = s.up[:seat] + (tuple(sorted(a.cards)),) + s.up[seat + 1 :]  # gorka/dealer-shows-two
        s = _to_betting(s, up)
        kept = dealer_keeps(s.hands[seat], a.cards, s.opts.aside_out)
        if kept != s.hands[seat]:  # AMB-GORKA-04 b: the two laid aside leave his hand
            aside = tuple(c for c in s.hands[seat] if c not in kept)
            hands = s.hands[:seat] + (kept,) + s.hands[seat + 1 :]
            s = with_keys(s._replace(hands=hands, stock=s.stock + aside))
        # gorka/go-up: from the dealer's left; AMB-GORKA-13 f: or from the last blind
        first_after = s.dealer
        if s.blind and s.opts.blind_first:
            first_after = (s.blind[-1] - 1) % s.players
        return _next_bettor(s, first_after, s.ledger, s.passed, s.raises)
    if isinstance(a, Raise):
        if not _can_raise(s, seat):  # gorka/go-up
            raise IllegalAction(
                "gorka/go-up", "going up the hill needs a combination, the chips, and the limit"
            )
        # AMB-GORKA-06: what he adds; AMB-GORKA-13 b: after what he lacks to the level
        amount = _raise_size(s, a) + _behind(s, seat)
        ledger = s.ledger.transfers_by_place([(seat, s.players, amount)])
        # AMB-GORKA-12 c: going on up the hill refuses an offer of peace (acted: the offer)
        s = s._replace(put=_add(s.put, seat, amount), acted=())
        return _next_bettor(s, seat, ledger, s.passed, s.raises + 1)
    if isinstance(a, Pass):  # gorka/go-up: a player who passes is out (AMB-GORKA-06)
        if _must_go_up(s, seat):  # AMB-GORKA-06 j: passing is for one without a combination
            raise IllegalAction(
                "gorka/go-up", "holding a combination, he goes up the hill while he may"
            )
        return _next_bettor(s, seat, s.ledger, s.passed + (seat,), s.raises)
    behind = _behind(s, seat)
    if isinstance(a, Hold):
        if not behind or not _can_hold(s, seat, behind):  # AMB-GORKA-13 b
            raise IllegalAction(
                "gorka/go-up", "holding brings a stake below the level to it, with the chips"
            )
        ledger = s.ledger.transfers_by_place([(seat, s.players, behind)])
        s = s._replace(put=_add(s.put, seat, behind), acted=())
        return _next_bettor(s, seat, ledger, s.passed, s.raises)
    if behind and isinstance(a, Peace | Showdown):  # AMB-GORKA-13 b
        raise IllegalAction("gorka/last-two", "his stake is below the level: he holds or passes")
    active = _active(s, s.passed)
    if isinstance(a, Peace):
        if len(active) != 2:  # gorka/last-two
            raise IllegalAction("gorka/last-two", "only the last two may settle peaceably")
        if not _may_make_peace(s):  # AMB-GORKA-12 b
            raise IllegalAction(
                "gorka/last-two", "peace is made only once someone has gone up the hill"
            )
        offer = _peace_offer(s)
        if s.opts.agreed_peace and (offer is None or offer == seat):
            # AMB-GORKA-12 c: peace needs both; this is his offer, the other answers it
            return _next_bettor(s._replace(acted=(seat,)), seat, s.ledger, s.passed, s.raises)
        return _peace(s, active)
    if isinstance(a, Showdown):
        if not _may_show(s):  # gorka/last-two: a showdown only at the limit (AMB-GORKA-07)
            raise IllegalAction("gorka/last-two", "the hands are shown only at the table limit")
        return _settle(s, s.ledger, s.passed, s.raises, _best(s, active), how="showdown")
    raise IllegalAction("core/wrong-action", "a player goes up the hill or passes")


def _blind_stake(s: GorkaState, a: Blind) -> int:
    """What blind ``a`` stakes: the set cost (AMB-GORKA-02 a, b; the action names no amount),
    or under overblind=chosen the amount it names, from the least to all his chips (c)."""
    least = _blind_least(s.opts, s.put, s.blind)
    join = _join_stake(s.opts, s.put, s.blind)  # AMB-GORKA-02 i
    if not s.opts.chosen_blind:
        if a.amount and a.amount != join:
            raise IllegalAction("gorka/blind", "the blind's stake is set: it names no amount")
        if a.amount:  # AMB-GORKA-02 i: he joins the last blind at its stake
            return join
        if s.ledger.balances[a.seat] < least:  # (offered the blind to join it only)
            raise IllegalAction("gorka/blind", f"over-blinding stakes {least} chips")
        return least
    least = join or least  # AMB-GORKA-02 i: from the last blind's stake
    if not least <= a.amount <= s.ledger.balances[a.seat]:  # AMB-GORKA-02 c
        raise IllegalAction(
            "gorka/blind", f"this blind stakes from {least} chips up to all he holds"
        )
    return a.amount


def _set_raise(s: GorkaState) -> int:
    """What the next raise adds when its size is set: raise_amount (AMB-GORKA-06 a), or under
    raise_size=double twice the last raise, raise_amount for the first (AMB-GORKA-06 f)."""
    if s.opts.double_raise:  # AMB-GORKA-06 f: each raise doubles the last
        return s.opts.raise_amount << s.raises
    return s.opts.raise_amount


def _raise_size(s: GorkaState, a: Raise) -> int:
    """What raise ``a`` adds: raise_amount (AMB-GORKA-06 a; the action names no amount), or
    under raise_size=chosen the amount it names, from raise_amount to all his chips (c)."""
    least = s.opts.raise_amount
    if not s.opts.chosen_raise:
        if a.amount:
            raise IllegalAction("gorka/go-up", "a raise adds raise_amount: it names no amount")
        return _set_raise(s)
    # AMB-GORKA-06 c; AMB-GORKA-13 b: what he lacks to the level is paid first
    if not least <= a.amount <= s.ledger.balances[a.seat] - _behind(s, a.seat):
        raise IllegalAction(
            "gorka/go-up", f"going up the hill adds from {least} chips up to all he holds"
        )
    return a.amount


def _best(s: GorkaState, active: tuple[Seat, ...]) -> tuple[Seat, ...]:
    """The seats of ``active`` whose hands are the best (gorka/ranking: by hand_key)."""
    keys = tuple(_betting_key(s, p) for p in active)
    best = tuple(active[i] for i in showdown_winners(keys))
    # AMB-GORKA-07 j: under ties=elder the first of equal hands from the dealer's left wins
    return best[:1] if s.opts.elder_wins else best


def _peace(s: GorkaState, active: tuple[Seat, ...]) -> GorkaState:
    """The last two, ``active``, settle peaceably («покончить миром», 003:P27.S2)."""
    peace = s.opts.peace
    if peace == "showdown":  # AMB-GORKA-07 c: the hands are shown, the better takes the pot
        return _settle(s, s.ledger, s.passed, s.raises, _best(s, active), how="peace")
    if peace == "refund":  # AMB-GORKA-07 d: each takes back his own, the rest is shared
        first, second = active
        put = (s.put[first], s.put[second])
        takes = refund_shares(s.ledger.balances[s.players], put)
        return _settle(s, s.ledger, s.passed, s.raises, active, how="peace", takes=takes)
    # AMB-GORKA-07 a: peace shares the pot
    return _settle(s, s.ledger, s.passed, s.raises, active, how="peace")


def to_move(s: GorkaState) -> Seat | None:
    return None if s.phase == OVER else s.turn


def phase_name(s: GorkaState) -> str:
    return PHASES[s.phase]


def all_cards(s: GorkaState) -> tuple[Card, ...]:
    """Every card of the state."""
    return tuple(c for h in s.hands for c in h) + s.stock


def chips_in_play(s: GorkaState) -> int:
    """Every chip of the ledger, the seats' and the pots': the rules move chips, never make them."""
    return s.ledger.total


def outcome(s: GorkaState) -> Outcome | None:
    """The winners of the pot once the deal is settled; scores are the chips held."""
    if s.phase != OVER:
        return None
    losers = tuple(p for p in range(s.players) if p not in s.winners)
    return Outcome(s.winners, losers, f"settled by {s.how}", s.ledger.balances[: s.players])


def _cards_json(cs: Sequence[Card]) -> JSON:
    out: list[JSON] = [CARD_NAMES[c] for c in sorted(cs)]
    return out


def _combination(s: GorkaState, p: Seat) -> JSON:
    """The hand's key as [category name, strength] (None before the hands are known)."""
    key = s.keys[p]
    return None if key is None else [CATEGORY_NAMES[key[0]], key[1]]


#: The face-up cards of a seat.
UP: Final[PerSeat[GorkaState]] = PerSeat("up", lambda s, p: _cards_json(s.up[p]))
POT: Final[Observable[GorkaState]] = Observable("pot", lambda s: s.ledger.balances[s.players])
#: The blind seats in order.
BLIND_SEATS: Final[Observable[GorkaState]] = Observable("blind", lambda s: list(s.blind))

OBSERVABLES: Final[tuple[Observable[GorkaState] | PerSeat[GorkaState], ...]] = (
    obs.HAND,
    UP,
    obs.CHIPS,
    POT,
    BLIND_SEATS,
    PerSeat("combination", _combination),
)


def shown_hands(s: GorkaState) -> tuple[Seat, ...]:
    """The seats whose whole hands lie face up for all once the deal is over: at a showdown
    the hands still in; under shown_at_end=still-in the hands still in however the pot was
    settled; none before the end, and never a passed player's (AMB-GORKA-09)."""
    # gorka/seen: nothing before the end; a pot won alone or in peace shows no hand unless
    # shown_at_end=still-in (AMB-GORKA-09), or the peace compared the hands (AMB-GORKA-07 c)
    compared = s.how == "showdown" or (s.how == "peace" and s.opts.peace == "showdown")
    if s.phase != OVER or (not compared and s.opts.shown_at_end == "showdown"):
        return ()
    return tuple(p for p in range(s.players) if p not in s.passed)


def _sees_hand(s: GorkaState, viewer: Viewer, p: Seat) -> bool:
    """Whether ``viewer`` sees the whole hand of seat ``p``: his own (AMB-GORKA-08), or one
    turned up at the end (AMB-GORKA-09); a blind player under blind_hand=unseen not his own
    until the deal is settled (AMB-GORKA-08 b)."""
    return (viewer == p and not _unseen(s, p)) or p in shown_hands(s)


def _view_shown(s: GorkaState, viewer: Viewer) -> JSON:
    shown = shown_hands(s)
    out: list[JSON] = [_cards_json(s.hands[p]) if p in shown else None for p in range(s.players)]
    return out


def _view_combination(s: GorkaState, viewer: Viewer) -> JSON:
    out: list[JSON] = [
        _combination(s, p) if _sees_hand(s, viewer, p) else None for p in range(s.players)
    ]
    return out


def laid_aside(s: GorkaState) -> tuple[Card, ...]:
    """The dealer's two cards laid aside face down once he has shown two (003:P16.S1): the
    two of his hand not shown (dealer_aside=kept), or the two put at the end of the stock
    (dealer_aside=out); none before the show."""
    if s.phase not in (BETTING, OVER):
        return ()
    if s.opts.aside_out:  # AMB-GORKA-04 b: out of his hand, at the end of the stock
        return tuple(sorted(s.stock[-2:]))
    up = s.up[s.dealer]
    return tuple(sorted(c for c in s.hands[s.dealer] if c not in up))


def _view_hand(s: GorkaState, viewer: Viewer) -> JSON:
    """The viewer's own hand (AMB-GORKA-08 a); under blind_hand=unseen, for a blind player,
    none of it until the deal is settled (b: his four cards lie dark, to him too)."""
    if viewer is not None and _unseen(s, viewer):
        return []
    return views.HAND.value(s, viewer)


def _view_laid_aside(s: GorkaState, viewer: Viewer) -> JSON:
    return _cards_json(laid_aside(s)) if viewer == s.dealer else None


def _view_passed(s: GorkaState, viewer: Viewer) -> JSON:
    out: list[JSON] = list(s.passed)
    return out


def _view_raises(s: GorkaState, viewer: Viewer) -> JSON:
    return s.raises


def _view_dealer(s: GorkaState, viewer: Viewer) -> JSON:
    return s.dealer


def _view_stock_size(s: GorkaState, viewer: Viewer) -> JSON:
    return len(s.stock)


#: What each seat may see (design §2), field by field (:mod:`reference.core.views`): gorka/seen.
VIEW: Final[tuple[Shown[GorkaState], ...]] = (
    # 003:P27.S1 «рассмотрев свои карты»: each player sees his own hand, face up or down; the
    # dealer's and a blind player's dark cards are dark to the others only (AMB-GORKA-08)
    # (AMB-GORKA-08 b: under blind_hand=unseen a blind player does not look at his own)
    Shown("hand", _view_hand),
    views.HAND_SIZES,  # the backs of the cards dealt are seen
    # 003:P10.S1, 003:P11.S1, 003:P16.S1: the cards dealt or turned face up, seen by all;
    # 003:P15.S1: they lie before the players, and stay known once their owner passes
    # (AMB-GORKA-10)
    views.every_seat(UP),
    # 003:P16.S1 «оставшиеся карты отложить»: face down, seen by the dealer alone
    Shown("laid_aside", _view_laid_aside),
    # gorka/seen: the hands turned up at the end (AMB-GORKA-09)
    Shown("shown", _view_shown),
    # a hand's combination is seen with the whole hand: one's own, or one turned up at the
    # end; of the others only their up cards are seen (003:P8.S1: the game is declared)
    Shown("combination", _view_combination),
    views.public(obs.CHIPS),
    views.public(POT),  # the stakes lie on the table (003:P7.S1)
    # 003:P12.S1 to 003:P14.S1: a blind is staked before the deal, on the table
    views.public(BLIND_SEATS),
    # 003:P27.S1: going up and passing are done aloud, in turn
    Shown("passed", _view_passed),
    Shown("raises", _view_raises),
    Shown("dealer", _view_dealer),
    # the cards not dealt, and the dealer's two laid aside under dealer_aside=out: face down
    Shown("stock_size", _view_stock_size),
)


def parse_action(obj: JSON) -> Action:
    """An action from its JSON form, or :class:`FormatError` saying what is wrong."""
    return read_action(obj, GAME_ID, ACTIONS, seats=MAX_PLAYERS)


def _names(cs: Sequence[Card]) -> list[JSON]:
    return [card_name(c) for c in cs]


NOTATION: Final = Notation(GAME_ID, GorkaOptions, OPTIONS, PHASES, _check_players)


def position(s: GorkaState) -> JSONObject:
    """The position in this game's notation: after the head, each seat's chips and the pot,
    the hands, the cards turned up, the stock, who paid a blind, who acted and who passed, the
    raises, and the winners and how they won."""
    n = s.players
    return {
        **NOTATION.head(n, s.dealer, s.opts, s.phase, to_move(s)),
        "chips": list(s.ledger.balances[:n]),
        "pot": s.ledger.balances[n],
        "hands": [_names(h) for h in s.hands],
        "up": [_names(u) for u in s.up],
        "stock": _names(s.stock),
        "blind": list(s.blind),
        "acted": list(s.acted),
        "passed": list(s.passed),
        "raises": s.raises,
        "winners": list(s.winners),
        "how": s.how,
        "put": list(s.put),
    }


def load_position(pos: JSON) -> GorkaState:
    """A state from the position notation; checks the pack and the seats."""
    head = NOTATION.read(pos)
    o, n, opts, phase, dealer = head.fields, head.players, head.options, head.phase, head.dealer
    chips = tuple(
        as_int(v, "position/chips")
        for v in as_list(field(o, "chips", "position"), "position/chips")
    )
    pot = as_int(o.get("pot", 0), "position/pot")
    if len(chips) != n or min(chips + (pot,)) < 0:
        raise FormatError("position/chips: one non-negative balance per seat")
    empty: list[JSON] = [[] for _ in range(n)]
    s = GorkaState(
        opts=opts,
        players=n,
        dealer=dealer,
        phase=phase,
        turn=head.turn,
        ledger=open_ledger(tuple(str(p) for p in range(n)) + ("pot",), chips + (pot,)),
        hands=card_lists(o.get("hands", empty), "position/hands"),
        up=card_lists(o.get("up", empty), "position/up"),
        stock=as_cards(o.get("stock", []), "position/stock"),
        blind=read_seats(o.get("blind", []), "position/blind", n),
        acted=read_seats(o.get("acted", []), "position/acted", n),
        passed=read_seats(o.get("passed", []), "position/passed", n),
        raises=as_int(o.get("raises", 0), "position/raises"),
        winners=read_seats(o.get("winners", []), "position/winners", n),
        how=as_str(o.get("how", ""), "position/how"),
        # the chips each seat has put into the pot (AMB-GORKA-07 d); none recorded if left out
        put=tuple(
            as_int(v, "position/put") for v in as_list(o.get("put", [0] * n), "position/put")
        ),
    )
    if len(s.hands) != n or len(s.up) != n:
        raise FormatError("position/hands: one hand per seat")
    if len(s.put) != n or min(s.put) < 0 or (s.phase != OVER and sum(s.put) > pot):
        raise FormatError(
            "position/put: one non-negative amount per seat, together in the pot until it is "
            "settled"
        )
    if sorted(tuple(c for h in s.hands for c in h) + s.stock) != list(DECK_32):
        raise FormatError("position: the 32-card pack, every card once")
    if s.phase == OVER:
        if s.turn != -1 or not s.winners:
            raise FormatError("position: a settled deal has winners and no one to move")
    elif not 0 <= s.turn < n:
        raise FormatError("position/to_move: a seat")
    sizes = [
        2 if p == s.dealer and opts.aside_out else HAND for p in range(n)
    ]  # AMB-GORKA-04: the dealer's hand in the betting
    if s.phase == BETTING and (
        s.turn in s.passed or any(len(h) != k for h, k in zip(s.hands, sizes, strict=True))
    ):
        raise FormatError(
            "position: in the betting every hand has four cards and a live player moves"
        )
    return with_keys(s)
