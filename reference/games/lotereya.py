"""Карточная лотерея, as told in seed 002 ("61. Карточная лотерея"): game id ``lotereya``.

Two stages. In the first, a lottery: the banker lays four cards of his pack
face down, the players' contributions are spread by the banker over them, the
dealer deals three cards of his pack to each player, and a player holding the
same card (suit and rank) as a banker's card takes the chips on it; cards that
won nothing are set aside by each player, and a new round follows until the
banker's or the dealer's pack runs out. In the second, the set-aside cards are
played out: one or two cards of a rank are led at the left-hand neighbour, who
must beat them or gather them into a pile of unbeaten cards and miss his turn;
when a player is out of cards the others pay a fine for every card left and
every card not beaten.

Every chip moves through the ledger; its accounts are the seats (``"0"``…),
the ``pot`` of contributions not yet spread and the four banker's cards
(``c1``…``c4``, in the order laid).

The deal is a :class:`~reference.core.game.DeckOrder` of the two packs, 104
cards (AMB-LOTEREYA-02): the first time a card occurs it belongs to the
banker's pack, the second time to the dealer's, each pack keeping the order
of the deck (top first). So an order of the banker's 52 cards followed by the
dealer's 52 gives those two packs exactly, and any shuffle of two packs gives
two full packs.

Position notation (:func:`position`, :func:`load_position`): a JSON object with
``game``, ``players``, ``dealer``, ``banker``, ``options``, ``phase``
(``spread``, ``turn``, ``lead``, ``beat``, ``over``), ``to_move``, ``chips`` (one
balance per seat), ``pot``, ``stakes`` (chips on the four banker's cards),
``bank_pack`` and ``deal_pack`` (top first), ``four`` (the banker's cards of the
round, in order), ``spread`` (how many cards have been given their stake),
``hands``, ``piles`` (cards set aside in stage 1), ``gathered`` (cards not
beaten in stage 2), ``discard``, ``table`` (cards led in stage 2) with
``leader``, ``last_winner``, ``lost`` (cards each player lost in the last
round), ``out`` (the player who ran out, once over). The players' cards (hands,
piles, gathered, table) are dealt from the dealer's pack alone and the four from
the banker's, so a position in which either side, with the rest of its pack,
holds a card twice is refused, though the two packs are whole.

Performance note: a profile shows no single hot spot. A game is short (about 50
decisions), so the seeded shuffle of 104 cards and the setup (splitting the two packs, the
first round's contributions through the ledger) weigh on each decision, and each decision
makes one state, naming the fields it changes (``s._replace(...)``), and moves chips through
the ledger (a stage-1 decision is a stake on one card; turning the four pays up to four cards
at once). ``python scripts/bench.py --game lotereya --breakdown`` measures both parts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product
from typing import ClassVar, Final, NamedTuple, Self

from mypy_extensions import mypyc_attr

from reference.core import observables as obs
from reference.core import views
from reference.core.actions import AmountAction, CardsAction, SeatAction, Take, read_action
from reference.core.cards import (
    DECK_52,
    RANK_OF,
    SUIT_OF,
    TWO_PACKS_52,
    Card,
    card_name,
    names,
)
from reference.core.errors import FormatError, IllegalAction, SetupError
from reference.core.game import DeckOrder, Outcome, Table
from reference.core.jsontypes import (
    JSON,
    JSONObject,
    as_cards,
    as_int,
    as_list,
    card_lists,
    field,
)
from reference.core.kernel import GameOptions, Observable, PerSeat, Shown, Viewer, option
from reference.core.ledger import Ledger, open_ledger
from reference.core.positions import Notation
from reference.core.rules import CORE_RULES, Rule
from reference.core.seats import Seat
from reference.core.states import named_updates
from reference.core.views import own, public

GAME_ID: Final = "lotereya"
TITLE: Final = "Карточная лотерея (seed 002, «61. Карточная лотерея»)"
#: The fewest seats: two players, the banker and the dealer among them under officers=play
#: (AMB-LOTEREYA-01 c); four, two players besides them, under the default.
MIN_SEATS: Final = 2
#: The most players under the default (AMB-LOTEREYA-01 a).
MOST_PLAYERS: Final = 8
#: The most players under table=to-the-pack (AMB-LOTEREYA-01 b): as many as the dealer's pack
#: serves one full round of three cards each.
PACK_PLAYERS: Final = len(DECK_52) // 3
#: The most seats: the banker, the dealer and the most players of table=to-the-pack.
MAX_SEATS: Final = PACK_PLAYERS + 2
FOUR: Final = 4
THREE: Final = 3
CARD_ACCOUNTS: Final = ("c1", "c2", "c3", "c4")
#: The seat counts the text allows (each by an option of AMB-LOTEREYA-01: fewer than four
#: under officers=play, more than ten under table=to-the-pack), and the pack a table is dealt
#: from.
PLAYER_COUNTS: Final = range(MIN_SEATS, MAX_SEATS + 1)
PACK: Final = TWO_PACKS_52
#: The cards of one pack: what the second occurrences of the cards of a game must be.
ONE_PACK: Final = frozenset(DECK_52)

# --- rules ----------------------------------------------------------------------------

RULES: Final = CORE_RULES + (
    Rule(
        "lotereya/players",
        ("002:P12.S1", "002:P12.S3", "AMB-LOTEREYA-01"),
        "A banker and a dealer (the dealer the table names, the banker on his right) run the "
        "game; two to eight players play: four to ten seats (under officers=play the banker "
        "and the dealer are players too, two to eight seats; under officers=dealer-plays the "
        "dealer plays and the banker does not, three to nine seats; under table=to-the-pack "
        "as many "
        "players as the dealer's pack serves three cards each, seventeen).",
    ),
    Rule(
        "lotereya/two-packs",
        ("002:P12.S2", "002:P12.S3", "AMB-LOTEREYA-02"),
        "Two 52-card packs, one the banker's and one the dealer's.",
    ),
    Rule(
        "lotereya/banker-four",
        ("002:P13.S1", "002:P17.S3", "AMB-LOTEREYA-03"),
        "Each round the banker lays the top four cards of his pack face down.",
    ),
    Rule(
        "lotereya/contribution",
        ("002:P14.S1", "002:P17.S1", "AMB-LOTEREYA-04"),
        "Each round the players hand in the agreed contribution (under "
        "contribution=per-lost-card, after the first round, card_fee per card of theirs that "
        "won nothing in the last round; under contribution=losers, after the first round, only "
        "the players none of whose cards won).",
    ),
    Rule(
        "lotereya/spread",
        ("002:P14.S1", "002:P17.S3", "AMB-LOTEREYA-05"),
        "The banker spreads the chips over the four cards as he likes, card by card, every card "
        "getting at least one when there are enough.",
    ),
    Rule(
        "lotereya/deal-three",
        ("002:P15.S1", "002:P18.S1", "AMB-LOTEREYA-06"),
        "The dealer deals three cards of his pack to each player, one at a time from his left "
        "(three at a time under deal_by=threes).",
    ),
    Rule(
        "lotereya/turn-four",
        ("002:P15.S2",),
        "The banker turns his four cards up.",
    ),
    Rule(
        "lotereya/match-wins",
        ("002:P15.S3", "AMB-LOTEREYA-07", "AMB-LOTEREYA-16"),
        "A player holding a card of the same suit and rank as a banker's card (one of the "
        "three of this round; or one he set aside before, under tickets=kept) takes the chips "
        "on it; chips on a card nobody matched go to the banker (or stay for the next four "
        "under unmatched=carry, or go back to the round's players in equal shares under "
        "unmatched=return).",
    ),
    Rule(
        "lotereya/discard-and-set-aside",
        ("002:P16.S1", "002:P17.S2", "AMB-LOTEREYA-17"),
        "The banker discards his turned cards and the players their winners; each player sets "
        "the cards that won nothing aside in a pile of his own.",
    ),
    Rule(
        "lotereya/until-a-pack-runs-out",
        ("002:P18.S2", "002:P19.S1", "AMB-LOTEREYA-08"),
        "Rounds go on while the banker has four cards and the dealer three for each player "
        "(under last_round=short, while he has any card: the last round dealt out as far as "
        "it goes); then the set-aside cards are played out.",
    ),
    Rule(
        "lotereya/last-winner-leads",
        ("002:P20.S1", "AMB-LOTEREYA-09", "AMB-LOTEREYA-19"),
        "The player who took the last win leads first, one card or two of the same rank; "
        "so does every later lead (under pairs=first-lead a later lead is one card).",
    ),
    Rule(
        "lotereya/must-beat",
        ("002:P20.S2", "AMB-LOTEREYA-10"),
        "The left-hand neighbour must beat the cards led, each by a higher card of its suit "
        "(there are no trumps).",
    ),
    Rule(
        "lotereya/beater-leads",
        ("002:P20.S3",),
        "Beaten cards are discarded and the beater leads to his left-hand neighbour.",
    ),
    Rule(
        "lotereya/gather-and-miss",
        ("002:P20.S4", "002:P20.S5", "AMB-LOTEREYA-11"),
        "One who cannot beat gathers the cards into a pile of his own and misses his turn: his "
        "left-hand neighbour leads (under after_gather=leader the same leader leads at him "
        "again).",
    ),
    Rule(
        "lotereya/fines",
        ("002:P21.S1", "AMB-LOTEREYA-12"),
        "When a player is out of cards the others still holding cards pay a fine for each card "
        "in hand and each card not beaten (to him, to the banker under fine_to=banker, or in "
        "equal shares to every player out under fine_to=shared); under unbeaten_fine=everyone "
        "the player out pays for the cards he gathered unbeaten too; under "
        "empty_start=sit-out a player with no cards at the start of the second stage sits out "
        "and the others play on.",
    ),
)

# --- options -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LotereyaOptions(GameOptions):
    """The options of one game (the amounts agreed at the table, and the rulings)."""

    starting_chips: int = option(
        50,
        "Chips each seat has at the start.",
        minimum=0,
        maximum=1000,
        ruling="AMB-LOTEREYA-04",
    )
    stake: int = option(
        4,
        'The contribution each player hands in for a round ("заранее обусловленная сумма").',
        minimum=1,
        maximum=100,
        ruling="AMB-LOTEREYA-04",
    )
    contribution: str = option(
        "each-round",
        "Who pays the new contribution: every player the agreed stake each round; or, after "
        "the first round, card_fee per card of his that won nothing (per-lost-card); or, "
        "after the first round, the agreed stake from each player none of whose cards won in "
        "the last round, nothing from one who won (losers).",
        ("each-round", "per-lost-card", "losers"),
        ruling="AMB-LOTEREYA-04",
    )
    card_fee: int = option(
        1,
        "The contribution per card that won nothing, under contribution=per-lost-card.",
        minimum=1,
        maximum=100,
        ruling="AMB-LOTEREYA-04",
    )
    unmatched: str = option(
        "banker",
        "Chips on a banker's card nobody matched: to the banker; carried to the next four "
        "(carry); or back to the players dealt cards this round, in equal shares, the odd chips "
        "one each from the dealer's left (return).",
        ("banker", "carry", "return"),
        ruling="AMB-LOTEREYA-07",
    )
    beat_by: str = option(
        "suit",
        "What beats a card: a higher card of its suit (suit), or any card of a higher rank (rank).",
        ("suit", "rank"),
        ruling="AMB-LOTEREYA-10",
    )
    part_beat: bool = option(
        False,
        "Whether a player who can beat only one of two cards led beats that one and gathers "
        "the other (true), or gathers both (false).",
        (False, True),
        ruling="AMB-LOTEREYA-11",
    )
    fine: int = option(
        1,
        'The fine per card left in hand and per card not beaten ("штраф").',
        minimum=0,
        maximum=100,
        ruling="AMB-LOTEREYA-12",
    )
    unbeaten_fine: str = option(
        "holders",
        "Who pays the fine for the cards he gathered unbeaten: only a player still holding "
        "cards, for them and for his cards in hand (holders); or every player for his own "
        "unbeaten cards, the player out of cards included (everyone).",
        ("holders", "everyone"),
        ruling="AMB-LOTEREYA-12",
    )
    after_gather: str = option(
        "left",
        "Who leads after a player gathers the cards led at him and misses his turn: his "
        "left-hand neighbour, at the next player on his left (left); or the same leader again, "
        "at him (leader).",
        ("left", "leader"),
        ruling="AMB-LOTEREYA-11",
    )
    empty_start: str = option(
        "over",
        "A player none of whose cards is left for the second stage (all of them won): he is "
        "out at once and the game ends (over); or he sits out and the others play on until "
        "the first of them is out of cards (sit-out).",
        ("over", "sit-out"),
        ruling="AMB-LOTEREYA-12",
    )
    fine_to: str = option(
        "out",
        "Who receives the fines: the player who ran out of cards (the first from the dealer's "
        "left if several did at once); the banker; or every player out of cards, in equal "
        "shares (shared).",
        ("out", "banker", "shared"),
        ruling="AMB-LOTEREYA-12",
    )
    deal_by: str = option(
        "ones",
        "How the dealer deals the three cards: one at a time round the players from his left, "
        "three rounds (ones); or three at a time, one packet to each player from his left "
        "(threes).",
        ("ones", "threes"),
        ruling="AMB-LOTEREYA-06",
    )
    tickets: str = option(
        "round",
        "Which of a player's cards the banker's four are matched against: the three dealt this "
        "round (round); or those and every card he set aside in earlier rounds, which stay "
        "tickets for later rounds (kept).",
        ("round", "kept"),
        ruling="AMB-LOTEREYA-16",
    )
    last_round: str = option(
        "full",
        "A round is played only while the dealer can give every player three cards (full); "
        "or, once he cannot, he deals out what is left of his pack in the usual order, some "
        "players getting fewer cards or none, and that round is played, the last of stage 1 "
        "(short): a player who gets no card hands in nothing for it.",
        ("full", "short"),
        ruling="AMB-LOTEREYA-08",
    )
    officers: str = option(
        "officiate",
        "The banker and the dealer: run the lottery and do not play, handing in nothing and "
        "dealt nothing (officiate); or players too («из игроков»): each hands in the "
        "contribution, is dealt three cards (the dealer dealing himself last) and plays the "
        "second stage (play); or the dealer plays (dealt three cards, himself last, and "
        "playing the second stage) and the banker runs the lottery alone (dealer-plays).",
        ("officiate", "play", "dealer-plays"),
        ruling="AMB-LOTEREYA-01",
    )
    table: str = option(
        "two-to-eight",
        "How many players: two to eight (two-to-eight); or as many as the dealer's pack serves "
        "one full round of three cards each, seventeen («количество игроков не ограничено», "
        "to-the-pack).",
        ("two-to-eight", "to-the-pack"),
        ruling="AMB-LOTEREYA-01",
    )
    lead_out: str = option(
        "answered",
        "A leader who leads his last cards in the second stage: the cards led are beaten or "
        "gathered first, then the game ends (answered); or the game ends the moment he has "
        "led them, the cards led left unanswered and out of play (ends).",
        ("answered", "ends"),
        ruling="AMB-LOTEREYA-12",
    )
    last_win: str = option(
        "order-laid",
        "Who took the last win when several players win in the same round (the first to lead "
        "in the second stage): the winner on the latest of the four in the order laid "
        "(order-laid); the winner of the most chips, the latest laid among equal wins "
        "(largest); or the first winner from the dealer's left (first-seat).",
        ("order-laid", "largest", "first-seat"),
        ruling="AMB-LOTEREYA-09",
    )
    pairs: str = option(
        "every-lead",
        "Which leads of the second stage may be two cards of a rank: every lead (every-lead); "
        "or only the first, by the player who took the last win, every later lead being one "
        "card (first-lead).",
        ("every-lead", "first-lead"),
        ruling="AMB-LOTEREYA-19",
    )
    laid_aside: str = option(
        "face-up",
        "The cards laid aside after being shown (the banker's turned cards and the winning "
        "cards discarded, the beaten cards and their beaters, the cards not beaten gathered): "
        "face up, seen by all (face-up); or face down, only how many seen (face-down). Only "
        "the view changes.",
        ("face-up", "face-down"),
        ruling="AMB-LOTEREYA-15",
    )

    @property
    def officials(self) -> int:
        """How many of the banker and the dealer do not play (AMB-LOTEREYA-01): both (a),
        neither under officers=play (c), the banker alone under officers=dealer-plays (e)."""
        return {"officiate": 2, "play": 0, "dealer-plays": 1}[self.officers]


OPTIONS: Final = LotereyaOptions.specs()
#: The options of a table that gives none.
DEFAULT_OPTIONS: Final = LotereyaOptions()


# --- actions -----------------------------------------------------------------------------


@mypyc_attr(native_class=False)
class Spread(AmountAction):
    """The banker puts ``amount`` chips on the next of his four face-down cards."""

    __slots__ = ()
    KIND: ClassVar[str] = "spread"


@mypyc_attr(native_class=False)
class TurnUp(SeatAction):
    """The banker turns his four cards up."""

    __slots__ = ()
    KIND: ClassVar[str] = "turn"


@mypyc_attr(native_class=False)
class _Cards(CardsAction):
    """Cards laid in stage 2: at least one (more than two is well formed, and refused by the
    rule, lotereya/last-winner-leads)."""

    __slots__ = ()

    @classmethod
    def from_json(cls, seat: Seat, o: JSONObject) -> Self:
        laid = super().from_json(seat, o)
        if not laid.cards:
            raise FormatError("action/cards: at least one card")
        return laid


@mypyc_attr(native_class=False)
class Lead(_Cards):
    """Lead one card, or two of the same rank, at the left-hand neighbour (stage 2)."""

    __slots__ = ()
    KIND: ClassVar[str] = "lead"


@mypyc_attr(native_class=False)
class Beat(_Cards):
    """Beat the cards led, one card of the beater's for each (stage 2)."""

    __slots__ = ()
    KIND: ClassVar[str] = "beat"


Action = Spread | TurnUp | Lead | Beat | Take
ACTIONS: Final[tuple[type[Action], ...]] = (Spread, TurnUp, Lead, Beat, Take)

# --- state ------------------------------------------------------------------------------

SPREADING: Final = 1
TURNING: Final = 2
LEADING: Final = 3
BEATING: Final = 4
OVER: Final = 0
PHASES: Final = {
    SPREADING: "spread",
    TURNING: "turn",
    LEADING: "lead",
    BEATING: "beat",
    OVER: "over",
}

Hands = tuple[tuple[Card, ...], ...]


@named_updates
class LotereyaState(NamedTuple):
    """A position of the game. Immutable.

    ``hands`` are by seat (the banker's and the dealer's stay empty, unless they play:
    officers=play, AMB-LOTEREYA-01 c). ``spread`` counts
    the banker's cards given their stake this round. ``table``/``leader``: the cards led
    in stage 2 and who led them. ``lost``: cards each seat lost in the last round (for
    contribution=per-lost-card). ``out`` is the seat that ran out of cards, once over.
    ``opened``: whether the first lead of stage 2 has been made (lotereya/last-winner-leads,
    AMB-LOTEREYA-19).
    """

    opts: LotereyaOptions
    players: int
    dealer: Seat
    banker: Seat
    phase: int
    turn: Seat
    ledger: Ledger
    bank_pack: tuple[Card, ...]
    deal_pack: tuple[Card, ...]
    four: tuple[Card, ...]
    spread: int
    hands: Hands
    piles: Hands
    gathered: Hands
    discard: tuple[Card, ...]
    table: tuple[Card, ...]
    leader: Seat
    last_winner: Seat
    lost: tuple[int, ...]
    out: Seat
    opened: bool


# --- decision functions (with contracts) ---------------------------------------------------


STATE: Final = LotereyaState


def matches(four: Sequence[Card], hand: Sequence[Card]) -> tuple[int, ...]:
    """The positions (0..3) of the banker's cards that a hand holds, same suit and rank.

    pre: len(four) <= 4 and len(hand) <= 52
    pre: all(0 <= c < 52 for c in four) and all(0 <= c < 52 for c in hand)
    post: all(four[i] in hand for i in __return__)
    post: all(i in __return__ for i in range(len(four)) if four[i] in hand)
    post: list(__return__) == sorted(set(__return__))
    """
    return tuple([i for i, c in enumerate(four) if c in hand])


def spread_range(remaining: int, cards_left: int) -> tuple[int, int]:
    """The least and most chips the banker may put on the next card, with ``remaining``
    chips and ``cards_left`` cards still to stake (this one included, more than one):
    at least one chip on every card when the chips allow, else at most one per card.

    pre: 0 <= remaining <= 1000 and 2 <= cards_left <= 4
    post: 0 <= __return__[0] <= __return__[1] <= remaining
    post: remaining < cards_left or __return__[0] == 1
    post: remaining < cards_left or remaining - __return__[1] == cards_left - 1
    post: remaining >= cards_left or __return__[1] <= 1
    """
    if remaining >= cards_left:
        return 1, remaining - (cards_left - 1)
    return 0, min(1, remaining)


def contribution(rule: str, stake: int, fee: int, lost: int, won: bool) -> int:
    """What a player hands in for a round under the contribution ``rule`` (AMB-LOTEREYA-04),
    the first round being always ``each-round``: the agreed ``stake``; or ``fee`` per card of
    his that won nothing in the last round (``lost``); or the stake unless he ``won``
    something in the last round.

    pre: rule in ("each-round", "per-lost-card", "losers")
    pre: 1 <= stake <= 100 and 1 <= fee <= 100 and 0 <= lost <= 52
    post: rule != "each-round" or __return__ == stake
    post: rule != "per-lost-card" or __return__ == fee * lost
    post: rule != "losers" or __return__ == (0 if won else stake)
    """
    if rule == "per-lost-card":  # AMB-LOTEREYA-04 b: for each card that won nothing
        return fee * lost
    if rule == "losers" and won:  # AMB-LOTEREYA-04 c: only a player who won nothing pays
        return 0
    return stake  # AMB-LOTEREYA-04 a: the agreed stake, every round


def dealt_count(left: int, players: int, i: int, threes: bool) -> int:
    """How many cards the ``i``-th player from the dealer's left gets when the dealer deals
    three to each of ``players`` from a pack of ``left`` cards, one at a time round the table
    (or three at a time if ``threes``), until the pack runs out (AMB-LOTEREYA-08 b).

    pre: 0 <= left <= 52 and 1 <= players <= 17 and 0 <= i < players
    post: 0 <= __return__ <= 3
    post: left < 3 * players or __return__ == 3
    post: __return__ <= left
    """
    if threes:  # AMB-LOTEREYA-06 b: a packet of three to each in turn
        return max(0, min(THREE, left - THREE * i))
    return sum(
        1 for k in range(THREE) if k * players + i < left
    )  # AMB-LOTEREYA-06 a: one at a time


def beats(led: Card, c: Card) -> bool:
    """Whether ``c`` beats ``led``: no trumps, so a higher card of the same suit.

    pre: 0 <= led < 52 and 0 <= c < 52
    post: __return__ == (SUIT_OF[c] == SUIT_OF[led] and RANK_OF[c] > RANK_OF[led])
    post: not (__return__ and beats(c, led))
    """
    return SUIT_OF[c] == SUIT_OF[led] and RANK_OF[c] > RANK_OF[led]


def beats_by_rank(led: Card, c: Card) -> bool:
    """Whether ``c`` beats ``led`` under beat_by=rank (AMB-LOTEREYA-10 b): a higher rank, any suit.

    pre: 0 <= led < 52 and 0 <= c < 52
    post: __return__ == (RANK_OF[c] > RANK_OF[led])
    post: not (__return__ and beats_by_rank(c, led))
    """
    return RANK_OF[c] > RANK_OF[led]


#: The cards that beat each card (``BEATERS[led]``, by :func:`beats`), and under beat_by=rank (by
#: :func:`beats_by_rank`): a look-up for each card of a hand, not a call.
BEATERS: Final = tuple(frozenset(c for c in DECK_52 if beats(x, c)) for x in DECK_52)
BEATERS_BY_RANK: Final = tuple(
    frozenset(c for c in DECK_52 if beats_by_rank(x, c)) for x in DECK_52
)


def beatings(
    led: Sequence[Card], hand: Sequence[Card], by_rank: bool
) -> tuple[tuple[Card, ...], ...]:
    """Every way to beat all the cards led, one card of ``hand`` each (in the order led), each
    beating card a higher card of its suit (or, ``by_rank``, of a higher rank).

    pre: 1 <= len(led) <= 2 and len(hand) <= 8
    pre: all(0 <= c < 52 for c in led) and all(0 <= c < 52 for c in hand)
    post: all(len(b) == len(led) for b in __return__)
    post: by_rank or all(all(beats(led[i], b[i]) for i in range(len(led))) for b in __return__)
    post: all(all(RANK_OF[b[i]] > RANK_OF[led[i]] for i in range(len(led))) for b in __return__)
    post: all(len(set(b)) == len(b) and all(c in hand for c in b) for b in __return__)
    """
    above = BEATERS_BY_RANK if by_rank else BEATERS
    options = [[c for c in hand if c in above[x]] for x in led]
    return tuple(b for b in product(*options) if len(set(b)) == len(b))


def part_beatings(
    led: Sequence[Card], hand: Sequence[Card], by_rank: bool
) -> tuple[tuple[Card, ...], ...]:
    """Under part_beat (AMB-LOTEREYA-11 b), when two cards are led and they cannot both be
    beaten: every card of ``hand`` that beats one of them, alone.

    pre: 1 <= len(led) <= 2 and len(hand) <= 8
    pre: all(0 <= c < 52 for c in led) and all(0 <= c < 52 for c in hand)
    post: all(len(b) == 1 and b[0] in hand for b in __return__)
    post: len(led) == 2 or __return__ == ()
    """
    if len(led) != 2:
        return ()
    beater = beats_by_rank if by_rank else beats
    return tuple((c,) for c in hand if any(beater(x, c) for x in led))


def _answers(
    opts: LotereyaOptions, table: tuple[Card, ...], hand: Sequence[Card]
) -> tuple[tuple[Card, ...], ...]:
    """The beats open to the player the cards on the ``table`` were led at: whole beats, each
    card set once in canonical order; under part_beat, if there is none, partial ones."""
    by_rank = opts.beat_by == "rank"  # AMB-LOTEREYA-10
    whole = beatings(table, hand, by_rank)  # lotereya/must-beat
    if not whole:
        if not opts.part_beat:
            return ()
        whole = part_beatings(table, hand, by_rank)  # AMB-LOTEREYA-11: beat one, gather the other
    return tuple(sorted({tuple(sorted(b)) for b in whole}))


def _can_beat(opts: LotereyaOptions, table: tuple[Card, ...], hand: Sequence[Card]) -> bool:
    """Whether :func:`_answers` holds a beat, without listing them: one card led is beaten by
    any card of the hand above it; two by two different cards, one above each (or, under
    part_beat, by one card above either)."""
    above = BEATERS_BY_RANK if opts.beat_by == "rank" else BEATERS  # AMB-LOTEREYA-10
    if len(table) == 1:  # lotereya/must-beat
        return not above[table[0]].isdisjoint(hand)
    x, y = table  # two cards led (the only other table)
    on_x, on_y = above[x].intersection(hand), above[y].intersection(hand)
    if on_x and on_y and (len(on_x) > 1 or on_x != on_y):  # lotereya/must-beat: two cards
        return True
    return opts.part_beat and bool(on_x or on_y)  # AMB-LOTEREYA-11: one of them


def _is_answer(
    opts: LotereyaOptions, table: tuple[Card, ...], hand: Sequence[Card], cards: Sequence[Card]
) -> bool:
    """Whether ``cards``, distinct cards of ``hand``, set in canonical order are one of
    :func:`_answers` (the same test, without listing every beat): either they beat the cards
    led one each, or, under part_beat when no whole beat exists, one card beats one of two."""
    by_rank = opts.beat_by == "rank"  # AMB-LOTEREYA-10
    above = BEATERS_BY_RANK if by_rank else BEATERS
    if len(cards) == len(table) == 1:  # lotereya/must-beat
        return cards[0] in above[table[0]]
    if len(cards) == len(table) == 2:  # lotereya/must-beat: one card each, in either order
        x, y = above[table[0]], above[table[1]]
        a, b = cards
        return (a in x and b in y) or (b in x and a in y)
    if len(cards) == 1 and len(table) == 2 and opts.part_beat:  # AMB-LOTEREYA-11
        return any(cards[0] in above[x] for x in table) and not beatings(table, hand, by_rank)
    return False


def fines(
    held: Sequence[int], lost: Sequence[int], fine: int, chips: Sequence[int]
) -> tuple[int, ...]:
    """What each seat pays: ``fine`` per card ``held`` and per card ``lost`` (not beaten), if
    he still holds cards, and never more than he has.

    pre: 1 <= len(held) == len(lost) == len(chips) <= 19
    pre: all(x >= 0 for x in held) and all(x >= 0 for x in lost) and all(x >= 0 for x in chips)
    pre: 0 <= fine <= 100
    post: len(__return__) == len(held)
    post: all(0 <= __return__[i] <= chips[i] for i in range(len(held)))
    post: all(__return__[i] == 0 for i in range(len(held)) if held[i] == 0)
    post: all(r == min(m, fine * (h + u)) for r, m, h, u in zip(__return__, chips, held, lost) if h)
    """
    return tuple(
        [min(chips[i], fine * (held[i] + lost[i])) if held[i] else 0 for i in range(len(held))]
    )


def out_fines(
    held: Sequence[int], lost: Sequence[int], fine: int, chips: Sequence[int]
) -> tuple[int, ...]:
    """Under unbeaten_fine=everyone (AMB-LOTEREYA-12 d), what each seat holding no cards pays:
    ``fine`` per card ``lost`` (not beaten), never more than he has; a seat holding cards pays
    by :func:`fines`, so here nothing.

    pre: 1 <= len(held) == len(lost) == len(chips) <= 19
    pre: all(x >= 0 for x in held) and all(x >= 0 for x in lost) and all(x >= 0 for x in chips)
    pre: 0 <= fine <= 100
    post: all(0 <= __return__[i] <= chips[i] for i in range(len(held)))
    post: all(__return__[i] == 0 for i in range(len(held)) if held[i] > 0)
    post: all(r == min(m, fine * u) for r, m, h, u in zip(__return__, chips, held, lost) if not h)
    """
    return tuple([0 if held[i] else min(chips[i], fine * lost[i]) for i in range(len(held))])


def fine_shares(total: int, outs: int) -> tuple[int, ...]:
    """Under fine_to=shared (AMB-LOTEREYA-12 c), what each of ``outs`` players out of cards
    receives of the ``total`` fines, in order from the dealer's left: equal shares, the odd
    chips one each to the first. (Under unmatched=return, AMB-LOTEREYA-07 c, the same shares
    of the chips on an unmatched card go back to the players dealt cards.)

    pre: total >= 0 and 1 <= outs <= 17
    post: sum(__return__) == total and len(__return__) == outs
    post: max(__return__) - min(__return__) <= 1
    post: list(__return__) == sorted(__return__, reverse=True)
    """
    each, odd = divmod(total, outs)
    return tuple([each + (1 if i < odd else 0) for i in range(outs)])


# --- setup -------------------------------------------------------------------------------


def _accounts(n: int) -> tuple[str, ...]:
    return tuple(str(p) for p in range(n)) + ("pot",) + CARD_ACCOUNTS


#: The ledger's accounts of each table size, in the order the game finds them by place: each
#: seat's at its number, then the pot at ``n``, then the four cards' at ``n + 1`` to ``n + 4``.
ACCOUNTS: Final = {n: _accounts(n) for n in PLAYER_COUNTS}


def _put(hands: Hands, seat: Seat, hand: tuple[Card, ...]) -> Hands:
    put = list(hands)
    put[seat] = hand
    return tuple(put)


def _less_held(hand: tuple[Card, ...], seat: Seat, cards: Sequence[Card]) -> tuple[Card, ...]:
    """``hand`` without ``cards``, in the hand's order; :class:`IllegalAction` unless the cards
    are distinct cards it holds (a card named twice is not found the second time)."""
    held = list(hand)
    for c in cards:
        if c not in held:
            raise IllegalAction("core/not-held", f"seat {seat} does not hold {names(cards)}")
        held.remove(c)
    return tuple(held)


def playing(n: int, dealer: Seat, banker: Seat, officers: str) -> tuple[Seat, ...]:
    """The players, from the dealer's left round the table: not the banker nor the dealer,
    unless they play (``officers``, AMB-LOTEREYA-01), the dealer then last."""
    order = tuple((dealer + k) % n for k in range(1, n + 1))
    if officers == "play":  # AMB-LOTEREYA-01 c: the banker and the dealer play too
        return order
    if officers == "dealer-plays":  # AMB-LOTEREYA-01 e: the dealer plays, the banker does not
        return tuple(p for p in order if p != banker)
    return tuple(p for p in order if p not in (dealer, banker))


#: The players of each table, by (seats, dealer, officers: which of the banker and the dealer
#: play, AMB-LOTEREYA-01), and
#: each player's left-hand neighbour among them.
SEATS: Final = {
    (n, d, o): playing(n, d, (d - 1) % n, o)
    for n in PLAYER_COUNTS
    for d in range(n)
    for o in ("officiate", "play", "dealer-plays")
}
LEFT: Final = {
    key: tuple(
        seats[(seats.index(p) + 1) % len(seats)] if p in seats else -1 for p in range(key[0])
    )
    for key, seats in SEATS.items()
}


def _seats(s: LotereyaState) -> tuple[Seat, ...]:
    """The players of the table, from the dealer's left (:data:`SEATS`)."""
    return SEATS[s.players, s.dealer, s.opts.officers]


def _left(s: LotereyaState) -> tuple[Seat, ...]:
    """Each player's left-hand neighbour among the players, by seat (-1 for one who does not
    play): :data:`LEFT`."""
    return LEFT[s.players, s.dealer, s.opts.officers]


def split_packs(order: Sequence[Card]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The banker's and the dealer's packs from a 104-card order: a card's first occurrence
    is the banker's, its second the dealer's (AMB-LOTEREYA-02). (Any later one goes to the
    dealer's too, and :func:`_two_packs` refuses the order.)"""
    seen: set[Card] = set()
    bank: list[Card] = []
    deal: list[Card] = []
    for c in order:
        if c in seen:
            deal.append(c)
        else:
            seen.add(c)
            bank.append(c)
    return tuple(bank), tuple(deal)


def _check_players(n: int, opts: LotereyaOptions) -> None:
    # AMB-LOTEREYA-01 c, e: under officers=play the banker and the dealer are among the
    # players, under officers=dealer-plays the dealer is
    players = n - opts.officials
    # AMB-LOTEREYA-01 b: under table=to-the-pack as many as the dealer's pack serves
    most = PACK_PLAYERS if opts.table == "to-the-pack" else MOST_PLAYERS
    if not 2 <= players <= most:  # lotereya/players
        raise SetupError(
            f"{GAME_ID}: {n} seats, {players} players; two to {most} play",
            "lotereya/players",
        )


def _two_packs(cards: Sequence[Card], where: str) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The banker's and the dealer's packs of ``cards`` (:func:`split_packs`); a
    :class:`SetupError` unless they are two packs, every card exactly twice."""
    bank, deal = split_packs(cards)  # lotereya/two-packs (AMB-LOTEREYA-02)
    # lotereya/two-packs: 104 cards whose second occurrences are all 52 cards of a pack: each
    # card then comes twice, which fills the 104
    if len(cards) != len(PACK) or set(deal) != ONE_PACK:
        raise SetupError(
            f"{GAME_ID}: {where} must hold two 52-card packs, every card exactly twice",
            "lotereya/two-packs",
        )
    return bank, deal


def setup(table: Table) -> LotereyaState:
    """The table at the start: the first round laid out, the banker to spread the stakes."""
    opts = LotereyaOptions.of(GAME_ID, OPTIONS, table.options) if table.options else DEFAULT_OPTIONS
    n = table.players
    _check_players(n, opts)
    if not 0 <= table.dealer < n:  # lotereya/players: the dealer is one of the seats
        raise SetupError(
            f"{GAME_ID}: dealer seat {table.dealer} is not a seat of {n} seats", "lotereya/players"
        )
    deal = table.deal
    if not isinstance(deal, DeckOrder):
        raise SetupError(
            f"{GAME_ID}: the deal is the order of the two packs (104 cards), not dealt hands",
            "lotereya/two-packs",
        )
    bank, deal_pack = _two_packs(deal.cards, "the deck order")  # lotereya/two-packs
    banker = (table.dealer - 1) % n  # lotereya/players (AMB-LOTEREYA-01): on the dealer's right
    empty: Hands = ((),) * n
    s = LotereyaState(
        opts=opts,
        players=n,
        dealer=table.dealer,
        banker=banker,
        phase=SPREADING,
        turn=banker,
        ledger=open_ledger(ACCOUNTS[n], (opts.starting_chips,) * n + (0,) * 5),
        bank_pack=bank,
        deal_pack=deal_pack,
        four=(),
        spread=0,
        hands=empty,
        piles=empty,
        gathered=empty,
        discard=(),
        table=(),
        leader=-1,
        last_winner=-1,
        lost=(0,) * n,
        out=-1,
        opened=False,
    )
    return _start_round(
        s,
        ledger=s.ledger,
        bank_pack=s.bank_pack,
        piles=s.piles,
        discard=s.discard,
        last_winner=s.last_winner,
        lost=s.lost,
        first=True,
    )


# --- stage 1: the lottery --------------------------------------------------------------------


def _start_round(
    s: LotereyaState,
    *,
    ledger: Ledger,
    bank_pack: tuple[Card, ...],
    piles: Hands,
    discard: tuple[Card, ...],
    last_winner: Seat,
    lost: tuple[int, ...],
    first: bool = False,
    won: frozenset[Seat] = frozenset(),
) -> LotereyaState:
    """The next round, the four of the last turned up: ``ledger``, ``bank_pack``, ``piles``,
    ``discard``, ``last_winner`` and ``lost`` as they now are (the players' hands empty);
    ``won`` the players who won something in the round just turned up."""
    opts, n, banker, deal_pack = s.opts, s.players, s.banker, s.deal_pack
    seats = _seats(s)
    empty: Hands = ((),) * n
    m = len(seats)
    # AMB-LOTEREYA-08 b: under last_round=short the dealer deals out what is left of his pack
    short = opts.last_round == "short" and 0 < len(deal_pack) < THREE * m
    if len(bank_pack) < FOUR or (len(deal_pack) < THREE * m and not short):
        # lotereya/until-a-pack-runs-out (AMB-LOTEREYA-08): stage 2, the set-aside cards played out
        pot = ledger.balances[n]
        if pot:  # lotereya/match-wins (AMB-LOTEREYA-07): chips still carried go to the banker
            ledger = ledger.transfers_by_place([(n, banker, pot)])  # the pot: place n (ACCOUNTS)
        # lotereya/last-winner-leads; AMB-LOTEREYA-09: nobody won, the dealer's left leads
        opener = last_winner if last_winner >= 0 else seats[0]
        s = s._replace(
            ledger=ledger,
            bank_pack=bank_pack,
            four=(),
            hands=empty,
            piles=empty,
            discard=discard,
            last_winner=last_winner,
            lost=lost,
            opened=False,
        )
        # the cards set aside are the hands now
        return _next_lead(s, opener, piles, s.gathered, discard)
    balances = ledger.balances
    rule = "each-round" if first else opts.contribution  # AMB-LOTEREYA-04
    # AMB-LOTEREYA-08 b: in a short last round a player the dealer's pack does not reach
    # hands in nothing
    threes = opts.deal_by == "threes"
    reached = [not short or dealt_count(len(deal_pack), m, i, threes) > 0 for i in range(m)]
    due = [contribution(rule, opts.stake, opts.card_fee, lost[p], p in won) for p in seats]
    ledger = ledger.transfers_by_place(  # lotereya/contribution (accounts by place: ACCOUNTS)
        # AMB-LOTEREYA-04: a player short of his contribution hands in what he has
        [(p, n, min(d, balances[p])) for p, d, r in zip(seats, due, reached, strict=True) if r]
    )
    return s._replace(
        phase=SPREADING,
        turn=banker,  # the banker spreads the chips
        ledger=ledger,
        bank_pack=bank_pack[FOUR:],
        four=bank_pack[:FOUR],  # lotereya/banker-four (AMB-LOTEREYA-03): the top four
        spread=0,
        hands=empty,
        piles=piles,
        discard=discard,
        last_winner=last_winner,
        lost=lost,
        opened=False,
    )


def _turn_up(s: LotereyaState) -> LotereyaState:
    opts, n, four, hands, piles = s.opts, s.players, s.four, s.hands, s.piles
    set_aside = list(piles)
    lost = [0] * n
    discard = s.discard + four  # lotereya/discard-and-set-aside: the banker's turned cards
    winners_at: dict[int, Seat] = {}
    laid = set(four)
    kept = opts.tickets == "kept"  # AMB-LOTEREYA-16
    seats = _seats(s)
    for p in seats:
        # lotereya/match-wins: the three cards of this round; AMB-LOTEREYA-16 b: and the cards
        # he set aside before, for which a new contribution was paid
        hand = hands[p] + piles[p] if kept else hands[p]
        if not laid.isdisjoint(hand):  # most hands match none of the four
            hits = matches(four, hand)  # lotereya/match-wins
            for i in hits:
                winners_at[i] = p
            winning = tuple([four[i] for i in hits])
            discard += winning  # lotereya/discard-and-set-aside: the winners
            hand = tuple([c for c in hand if c not in winning])
        # lotereya/discard-and-set-aside: into his own pile (AMB-LOTEREYA-17; under
        # tickets=kept his whole pile is in ``hand``)
        set_aside[p] = tuple(sorted(hand if kept else piles[p] + hand))
        lost[p] = len(hand)
    balances = s.ledger.balances
    moves: list[tuple[int, int, int]] = []  # accounts by place (ACCOUNTS)
    for i in range(FOUR):  # lotereya/match-wins: in the order laid (AMB-LOTEREYA-09)
        card = n + 1 + i
        on = balances[card]
        if i in winners_at:
            moves.append((card, winners_at[i], on))
        elif opts.unmatched == "carry":  # AMB-LOTEREYA-07
            moves.append((card, n, on))
        elif opts.unmatched == "return":  # AMB-LOTEREYA-07 c: back to the round's players
            dealt = [p for p in seats if hands[p]]
            shares = fine_shares(on, len(dealt))  # equal shares, the odd chips to the first
            moves += [(card, p, k) for p, k in zip(dealt, shares, strict=True) if k]
        else:
            moves.append((card, s.banker, on))
    last_winner = s.last_winner
    if winners_at:  # lotereya/last-winner-leads: who took the last win (AMB-LOTEREYA-09)
        last_winner = last_win(opts.last_win, winners_at, balances[n + 1 :], seats)
    # the players' cards are all won or set aside: their hands empty
    return _start_round(
        s,
        ledger=s.ledger.transfers_by_place(moves),
        bank_pack=s.bank_pack,
        piles=tuple(set_aside),
        discard=discard,
        last_winner=last_winner,
        lost=tuple(lost),
        won=frozenset(winners_at.values()),
    )


def last_win(
    rule: str, winners_at: dict[int, Seat], stakes: Sequence[int], seats: Sequence[Seat]
) -> Seat:
    """Who took the last win of a round (lotereya/last-winner-leads), ``winners_at`` the winner
    on each matched card by its place in the order laid, ``stakes`` the chips on the four and
    ``seats`` the players from the dealer's left. The four are turned up at once
    («вскрывает четыре», 002:P15.S2), so with several winners AMB-LOTEREYA-09 decides: the
    winner on the latest card laid (order-laid, a), the largest win (largest, c), or the first
    winner from the dealer's left (first-seat, d)."""
    if rule == "largest":  # AMB-LOTEREYA-09 c: the most chips, the latest laid among equals
        return winners_at[max(winners_at, key=lambda i: (stakes[i], i))]
    if rule == "first-seat":  # AMB-LOTEREYA-09 d: the first winner from the dealer's left
        return min(winners_at.values(), key=seats.index)
    return winners_at[max(winners_at)]  # AMB-LOTEREYA-09 a: paid in the order laid


# --- stage 2: playing out the set-aside cards ---------------------------------------------------


def _next_lead(
    s: LotereyaState, leader: Seat, hands: Hands, gathered: Hands, discard: tuple[Card, ...]
) -> LotereyaState:
    """The next lead by ``leader``, or the end with fines if a player is out of cards, once
    the cards led are settled: ``hands``, ``gathered`` and ``discard`` as they now are."""
    if s.opts.empty_start == "sit-out":  # AMB-LOTEREYA-12 h: those with no cards sit out
        return _next_lead_sitting_out(s, leader, hands, gathered, discard)
    # the banker's and the dealer's hands are empty, unless they play (AMB-LOTEREYA-01 c, e)
    idle = s.opts.officials
    if hands.count(()) > idle:  # a player's hand is empty
        for p in _seats(s):
            # AMB-LOTEREYA-12: the first from the dealer's left
            if not hands[p]:
                return _finish(s, p, hands, gathered, discard)
    return _lead_by(s, leader, hands, gathered, discard)


def _lead_by(
    s: LotereyaState, leader: Seat, hands: Hands, gathered: Hands, discard: tuple[Card, ...]
) -> LotereyaState:
    """The position in which ``leader`` is to lead, ``hands``, ``gathered`` and ``discard`` as
    they now are."""
    return _settled(s, LEADING, leader, hands=hands, gathered=gathered, discard=discard)


def _settled(
    s: LotereyaState,
    phase: int,
    turn: Seat,
    *,
    hands: Hands,
    gathered: Hands,
    discard: tuple[Card, ...],
) -> LotereyaState:
    """``s`` once the cards led are settled, ``hands``, ``gathered`` and ``discard`` as they now
    are, the table clear and no one leading: ``turn`` to move in ``phase``."""
    return s._replace(
        phase=phase, turn=turn, hands=hands, gathered=gathered, discard=discard, table=(), leader=-1
    )


def _next_lead_sitting_out(
    s: LotereyaState, leader: Seat, hands: Hands, gathered: Hands, discard: tuple[Card, ...]
) -> LotereyaState:
    """:func:`_next_lead` under empty_start=sit-out (AMB-LOTEREYA-12 h): a player with no
    cards at the start of the second stage sits out; the game ends when a player who was
    playing runs out (the leader who led his last cards, or the beater who beat with his
    last), the first from the dealer's left if both did, or when fewer than two hold cards;
    a lead that falls to a player sitting out passes to the next holder on his left."""
    seats = _seats(s)
    just = (s.leader, s.turn) if s.phase == BEATING else ()  # who can have just run out
    holders = [p for p in seats if hands[p]]
    for p in seats:
        if (p in just or len(holders) < 2) and not hands[p]:  # lotereya/fines
            return _finish(s, p, hands, gathered, discard)
    return _lead_by(s, _holder_from(s, hands, leader), hands, gathered, discard)


def _holder_from(s: LotereyaState, hands: Hands, p: Seat) -> Seat:
    """``p`` if he holds cards, else the next player on his left who does (under
    empty_start=sit-out, AMB-LOTEREYA-12 h, the players sitting out are passed over)."""
    left = _left(s)
    while not hands[p]:
        p = left[p]
    return p


def _finish(
    s: LotereyaState, out: Seat, hands: Hands, gathered: Hands, discard: tuple[Card, ...]
) -> LotereyaState:
    """The end, ``out`` having no cards left, with ``hands``, ``gathered`` and ``discard`` as
    they now are: the fines paid."""
    n = s.players
    held = tuple([len(h) for h in hands])
    unbeaten = tuple([len(g) for g in gathered])
    chips = s.ledger.balances[:n]
    pays = fines(held, unbeaten, s.opts.fine, chips)  # lotereya/fines
    if s.opts.unbeaten_fine == "everyone":  # AMB-LOTEREYA-12 d: the player out pays for his too
        pays = tuple(
            [
                a + b
                for a, b in zip(pays, out_fines(held, unbeaten, s.opts.fine, chips), strict=True)
            ]
        )
    if s.opts.fine_to == "shared":  # AMB-LOTEREYA-12 c: every player out, in equal shares
        outs = tuple([p for p in _seats(s) if not hands[p]])
        moves = [(p, n, pays[p]) for p in range(n) if pays[p]]  # gathered in the pot (place n)
        shares = fine_shares(sum(pays), len(outs))
        ledger = s.ledger.transfers_by_place(
            moves + [(n, p, k) for p, k in zip(outs, shares, strict=True) if k]
        )
    else:
        to = out if s.opts.fine_to == "out" else s.banker  # AMB-LOTEREYA-12
        ledger = s.ledger.transfers_by_place(  # a seat's account is at its place (ACCOUNTS)
            [(p, to, pays[p]) for p in range(n) if pays[p] and p != to]
        )
    s = s._replace(ledger=ledger, out=out)
    return _settled(s, OVER, -1, hands=hands, gathered=gathered, discard=discard)


def _lead_options(seat: Seat, hand: tuple[Card, ...]) -> tuple[Lead, ...]:
    """Every lead from a sorted hand: each card alone, and each two cards of a rank."""
    singles = LEADS[seat]
    out: list[Lead] = []
    first: dict[int, Card] = {}  # each rank's first card, the ranks in the order held
    more: dict[int, list[Card]] = {}  # the cards of each rank held twice or more, in order
    for c in hand:
        out.append(singles[c])
        r = RANK_OF[c]
        if r not in first:
            first[r] = c
        elif r in more:
            more[r].append(c)
        else:
            more[r] = [first[r], c]
    if more:  # its pairs too, rank by rank in the order held
        pairs = PAIRS[seat]
        for r in first:
            if r in more:
                cs = more[r]
                if len(cs) == 2:  # the common case, one pair: no list of pairs made
                    out.append(pairs[cs[0], cs[1]])
                else:
                    out += [pairs[a, b] for i, a in enumerate(cs) for b in cs[i + 1 :]]
    return tuple(out)


# --- the game ----------------------------------------------------------------------------------


def legal_actions(s: LotereyaState) -> tuple[Action, ...]:
    """Every action the rules allow now (empty once the game is over)."""
    ph = s.phase
    seat = s.turn
    if ph == LEADING:
        if s.opened and s.opts.pairs == "first-lead":  # AMB-LOTEREYA-19 b: one card only
            return tuple([LEADS[seat][c] for c in s.hands[seat]])
        return _lead_options(seat, s.hands[seat])
    if ph == BEATING:
        hand = s.hands[seat]
        opts, table = s.opts, s.table
        if len(table) == 1:  # one card led: each card of the hand above it beats it alone
            above = (BEATERS_BY_RANK if opts.beat_by == "rank" else BEATERS)[table[0]]
            if above.isdisjoint(hand):  # lotereya/must-beat: he cannot, so he gathers
                return TAKES[seat]
            beats_one = BEATS_ONE[seat]
            return tuple([beats_one[c] for c in sorted(above.intersection(hand))])
        ways = _answers(opts, table, hand)
        if not ways:
            return TAKES[seat]
        return tuple([Beat(seat, b) for b in ways])
    if ph == SPREADING:
        lo, hi = spread_range(s.ledger.balances[s.players], FOUR - s.spread)
        if hi < len(SPREADS[seat]):
            return SPREADS[seat][lo : hi + 1]
        return tuple(Spread(seat, k) for k in range(lo, hi + 1))
    if ph == TURNING:
        return (TurnUp(seat),)
    return ()


def apply(s: LotereyaState, a: Action) -> LotereyaState:
    """The position after ``a``, or :class:`IllegalAction` naming the rule it breaks."""
    ph = s.phase
    if ph == OVER:
        raise IllegalAction("core/game-over", "the game is over")
    if a.seat != s.turn:
        raise IllegalAction("core/out-of-turn", f"it is seat {s.turn}'s turn, not seat {a.seat}'s")
    if ph == LEADING:  # the phases most decisions are taken in first
        return _apply_lead(s, a)
    if ph == BEATING:
        return _apply_beat(s, a)
    if ph == SPREADING:
        return _apply_spread(s, a)
    if not isinstance(a, TurnUp):
        raise IllegalAction("core/wrong-action", "the banker now turns his four cards up")
    return _turn_up(s)  # lotereya/turn-four


def _apply_spread(s: LotereyaState, a: Action) -> LotereyaState:
    if not isinstance(a, Spread):
        raise IllegalAction("core/wrong-action", "the banker now spreads the stakes")
    n, spread, ledger = s.players, s.spread, s.ledger
    pot, amount = ledger.balances[n], a.amount
    lo, hi = spread_range(pot, FOUR - spread)
    if not lo <= amount <= hi:  # lotereya/spread (AMB-LOTEREYA-05)
        raise IllegalAction(
            "lotereya/spread",
            f"the next card takes from {lo} to {hi} chips, so that every card gets some",
        )
    k = spread + 1
    if k == FOUR - 1:  # lotereya/spread: the last card takes the rest
        # accounts by place (ACCOUNTS): the pot, then the four cards'
        moves = [(n, n + 1 + spread, amount), (n, n + 1 + k, pot - amount)]
        # the four staked, the dealer deals and the banker turns up: one state made
        seats = _seats(s)
        m = len(seats)
        dealt = list(s.hands)
        threes = s.opts.deal_by == "threes"
        for i, p in enumerate(seats):
            dealt[p] += _dealt(s.deal_pack, m, i, threes)  # lotereya/deal-three
        return s._replace(
            phase=TURNING,
            turn=s.banker,  # the banker turns his four up next
            ledger=ledger.transfers_by_place(moves),
            deal_pack=s.deal_pack[THREE * m :],
            spread=FOUR,
            hands=tuple(dealt),
        )
    # the pot to the card
    return s._replace(ledger=ledger.transfers_by_place([(n, n + 1 + spread, amount)]), spread=k)


def _dealt(deal_pack: tuple[Card, ...], m: int, i: int, threes: bool) -> tuple[Card, ...]:
    """The cards the ``i``-th of ``m`` players from the dealer's left gets (lotereya/deal-three):
    those of his three places in the deal, one at a time, the i-th card of each round of ``m``
    (AMB-LOTEREYA-06 a), or under deal_by=threes «по три карты», the i-th packet of three (b);
    in a short last round (AMB-LOTEREYA-08 b), those of them that the pack still holds (as
    many as :func:`dealt_count` counts: a slice past the end of the pack holds none)."""
    if threes:  # AMB-LOTEREYA-06 b: three at once
        return deal_pack[THREE * i : THREE * i + THREE]
    return deal_pack[i::m][:THREE]  # AMB-LOTEREYA-06 a: one at a time, every m-th card


def _apply_lead(s: LotereyaState, a: Action) -> LotereyaState:
    if not isinstance(a, Lead):
        raise IllegalAction("core/wrong-action", "a player now leads one or two cards")
    seat, cards = a
    opts, hands = s.opts, s.hands
    rest = _less_held(hands[seat], seat, cards)
    k = len(cards)
    if k == 1:  # lotereya/last-winner-leads: one card (in order as it is)
        led = cards
    elif k == 2 and RANK_OF[cards[0]] == RANK_OF[cards[1]]:  # or two of a rank, put in order
        if s.opened and opts.pairs == "first-lead":  # AMB-LOTEREYA-19 b: the first lead only
            raise IllegalAction(
                "lotereya/last-winner-leads", "only the first lead may be two cards of a rank"
            )
        led = tuple(sorted(cards))
    else:
        raise IllegalAction(  # lotereya/last-winner-leads: one card or two of a rank
            "lotereya/last-winner-leads", "a lead is one card or two of the same rank"
        )
    if not rest and opts.lead_out == "ends":
        # AMB-LOTEREYA-12 i: his cards are gone the moment he leads them: the game ends, the
        # cards led unanswered and out of play (lotereya/fines)
        return _finish(s, seat, _put(hands, seat, rest), s.gathered, s.discard + led)
    return s._replace(
        phase=BEATING,
        turn=_beater(s, seat),  # lotereya/must-beat: the left-hand neighbour
        hands=_put(hands, seat, rest),  # his hand less the cards led
        table=led,
        leader=seat,
        opened=True,  # the first lead of stage 2 made (AMB-LOTEREYA-19)
    )


def _beater(s: LotereyaState, seat: Seat) -> Seat:
    """The player ``seat`` leads at: his left-hand neighbour (lotereya/must-beat); under
    empty_start=sit-out the next on his left who holds cards (AMB-LOTEREYA-12 h)."""
    left = _left(s)[seat]
    if s.opts.empty_start == "sit-out":
        return _holder_from(s, s.hands, left)
    return left


def _after_gather(s: LotereyaState, seat: Seat) -> Seat:
    """Who leads once ``seat`` has gathered cards led at him and so misses his turn
    (lotereya/gather-and-miss): his left-hand neighbour (AMB-LOTEREYA-11 a); or, under
    after_gather=leader, the same leader again, whose left-hand neighbour he is (c)."""
    if s.opts.after_gather == "leader":  # AMB-LOTEREYA-11 c: the leader leads at him again
        return s.leader
    # AMB-LOTEREYA-11 a: his left-hand neighbour leads (passed on, under empty_start=sit-out,
    # to the next who holds cards, by _next_lead)
    return _left(s)[seat]


def _apply_beat(s: LotereyaState, a: Action) -> LotereyaState:
    opts, hands, gathered, discard, table = s.opts, s.hands, s.gathered, s.discard, s.table
    seat = a.seat
    hand = hands[seat]
    if isinstance(a, Take):
        if _can_beat(opts, table, hand):  # lotereya/must-beat (AMB-LOTEREYA-10): he must if he can
            raise IllegalAction("lotereya/must-beat", f"seat {seat} can beat the cards led")
        # lotereya/gather-and-miss (AMB-LOTEREYA-11): into his pile; he misses his turn
        gathered = _put(gathered, seat, gathered[seat] + table)
        return _next_lead(s, _after_gather(s, seat), hands, gathered, discard)
    if not isinstance(a, Beat):
        raise IllegalAction("core/wrong-action", "the cards led are beaten or gathered")
    cards = a.cards
    rest = _less_held(hand, seat, cards)
    if not _is_answer(opts, table, hand, cards):  # lotereya/must-beat (AMB-LOTEREYA-10, -11)
        raise IllegalAction(
            "lotereya/must-beat",
            f"{names(cards)} do not beat {names(table)}: each needs a higher card "
            f"(of its suit, unless beat_by=rank)",
        )
    if len(cards) < len(table):
        # AMB-LOTEREYA-11 (part_beat): the card beaten, the first led that the beater beats, is
        # discarded with it; the other is gathered and he misses his turn (lotereya/gather-and-miss)
        beater = beats_by_rank if opts.beat_by == "rank" else beats
        (card,) = cards
        beaten = next(x for x in table if beater(x, card))
        other = tuple(x for x in table if x != beaten)
        return _next_lead(
            s,
            _after_gather(s, seat),
            _put(hands, seat, rest),
            _put(gathered, seat, gathered[seat] + other),
            discard + (beaten,) + cards,
        )
    # lotereya/beater-leads: beaten cards are discarded, the beater leads to his left
    return _next_lead(s, seat, _put(hands, seat, rest), gathered, discard + table + cards)


LEADS: Final = tuple(tuple(Lead(seat, (c,)) for c in range(52)) for seat in range(MAX_SEATS))
#: Each seat's leads of two cards of a rank, by the two cards (in the order of his hand).
PAIRS: Final = tuple(
    {(a, b): Lead(seat, (a, b)) for a in DECK_52 for b in DECK_52 if RANK_OF[a] == RANK_OF[b]}
    for seat in range(MAX_SEATS)
)
TAKES: Final = tuple((Take(seat),) for seat in range(MAX_SEATS))
#: Each seat's beats with one card, by the card.
BEATS_ONE: Final = tuple(tuple(Beat(seat, (c,)) for c in DECK_52) for seat in range(MAX_SEATS))
#: The banker's spreads by seat and amount (a stake never exceeds what the seats hold).
SPREADS: Final = tuple(tuple(Spread(seat, k) for k in range(1001)) for seat in range(MAX_SEATS))


def outcome(s: LotereyaState) -> Outcome | None:
    """Once over: the player who ran out of cards wins (every player out of cards under
    fine_to=shared); those who paid fines lose."""
    if s.phase != OVER:
        return None
    n = s.players
    losers = tuple(p for p in _seats(s) if s.hands[p])
    winners: tuple[Seat, ...] = (s.out,)
    if s.opts.fine_to == "shared":  # AMB-LOTEREYA-12 c: every player out shares the win
        winners = tuple(sorted(p for p in _seats(s) if not s.hands[p]))
    return Outcome(
        winners=winners,
        losers=tuple(sorted(losers)),
        reason=f"seat {s.out} is out of cards",
        scores=s.ledger.balances[:n],
    )


def to_move(s: LotereyaState) -> Seat | None:
    return None if s.phase == OVER else s.turn


def phase_name(s: LotereyaState) -> str:
    return PHASES[s.phase]


def all_cards(s: LotereyaState) -> tuple[Card, ...]:
    return (
        s.bank_pack
        + s.deal_pack
        + s.four
        + tuple(c for h in s.hands for c in h)
        + tuple(c for h in s.piles for c in h)
        + tuple(c for h in s.gathered for c in h)
        + s.discard
        + s.table
    )


def chips_in_play(s: LotereyaState) -> int:
    """Every chip of the ledger, the seats' and the pots': the rules move chips, never make them."""
    return s.ledger.total


# --- observation and notation -------------------------------------------------------------------


def _cards_json(cs: Sequence[Card]) -> JSON:
    out: list[JSON] = [card_name(c) for c in sorted(cs)]
    return out


def _stakes(s: LotereyaState) -> JSON:
    """The chips on the four banker's cards, in the order laid."""
    out: list[JSON] = list(s.ledger.balances[s.players + 1 :])
    return out


TABLE: Final[Observable[LotereyaState]] = Observable("table", lambda s: _cards_json(s.table))
POT: Final[Observable[LotereyaState]] = Observable("pot", lambda s: s.ledger.balances[s.players])
STAKES: Final[Observable[LotereyaState]] = Observable("stakes", _stakes)
GATHERED: Final[PerSeat[LotereyaState]] = PerSeat(
    "gathered", lambda s, p: _cards_json(s.gathered[p])
)
BANK_SIZE: Final[Observable[LotereyaState]] = Observable("bank_size", lambda s: len(s.bank_pack))
DEAL_SIZE: Final[Observable[LotereyaState]] = Observable("deal_size", lambda s: len(s.deal_pack))
BANKER: Final[Observable[LotereyaState]] = Observable("banker", lambda s: s.banker)

OBSERVABLES: Final[tuple[Observable[LotereyaState] | PerSeat[LotereyaState], ...]] = (
    obs.HAND,
    TABLE,
    obs.CHIPS,  # the seats' balances
    POT,  # the chips handed in and not yet spread
    STAKES,  # the chips on the four banker's cards, in the order laid
    # the banker's cards of the round, in the order laid ([] between rounds)
    Observable("four", lambda s: _names_json(s.four)),
    obs.PILE,  # the cards set aside
    GATHERED,  # the cards not beaten
    obs.DISCARD,
    BANK_SIZE,  # the cards left in the banker's pack
    DEAL_SIZE,  # the cards left in the dealer's pack
    # the banker's pack, the next card he takes first
    Observable("bank_pack", lambda s: _names_json(s.bank_pack)),
    # the dealer's pack, the next card he deals first
    Observable("deal_pack", lambda s: _names_json(s.deal_pack)),
    BANKER,  # the banker's seat
)


def _sizes(piles: Hands) -> JSON:
    out: list[JSON] = [len(h) for h in piles]
    return out


def _pile_sizes(s: LotereyaState, viewer: Viewer) -> JSON:
    """How many cards each seat has set aside in stage 1, by seat."""
    return _sizes(s.piles)


def _four_size(s: LotereyaState, viewer: Viewer) -> JSON:
    """How many banker's cards lie face down (four in stage 1, none after)."""
    return len(s.four)


def _face_up(s: LotereyaState) -> bool:
    return s.opts.laid_aside == "face-up"  # AMB-LOTEREYA-15


def _gathered(s: LotereyaState, viewer: Viewer) -> JSON:
    """The cards each seat gathered unbeaten, by seat, in canonical card order; ``null``
    where they lie face down."""
    if not _face_up(s):  # AMB-LOTEREYA-15 b: gathered face down, only how many
        return None
    out: list[JSON] = [_cards_json(g) for g in s.gathered]  # AMB-LOTEREYA-15 a
    return out


def _gathered_sizes(s: LotereyaState, viewer: Viewer) -> JSON:
    return _sizes(s.gathered)


def _discard(s: LotereyaState, viewer: Viewer) -> JSON:
    """The discard in canonical card order; ``null`` where it lies face down."""
    if not _face_up(s):  # AMB-LOTEREYA-15 b: discarded face down, only how many
        return None
    return _cards_json(s.discard)  # AMB-LOTEREYA-15 a: every card of it was shown


def _discard_size(s: LotereyaState, viewer: Viewer) -> JSON:
    return len(s.discard)


#: What each seat may see (design §2), field by field (:mod:`reference.core.views`): his own
#: three cards and his own pile, every card face up on the table, the chips, and the sizes of
#: the hidden piles; the banker's four are seen by no one, the banker included, until turned.
VIEW: Final[tuple[Shown[LotereyaState], ...]] = (
    # lotereya/deal-three (AMB-LOTEREYA-14): his own cards, in stage 1 and in stage 2
    views.HAND,
    views.HAND_SIZES,  # the backs of every hand are seen
    # lotereya/discard-and-set-aside (AMB-LOTEREYA-14): 002:P17.S2 «откладываются каждым из
    # игроков в отдельную колоду»: his own pile he knows, the others' only by their size
    own(obs.PILE),
    Shown("pile_sizes", _pile_sizes),
    # lotereya/banker-four (AMB-LOTEREYA-13): 002:P13.S1 «рубашкой вверх»: no one sees them
    Shown("four_size", _four_size),
    # lotereya/spread: the chips on each card, put there in sight of all
    public(STAKES),
    public(POT),
    public(obs.CHIPS),
    # lotereya/last-winner-leads, lotereya/must-beat: the cards led lie face up to be beaten
    public(TABLE),
    # lotereya/discard-and-set-aside, lotereya/beater-leads (AMB-LOTEREYA-15): the discard
    Shown("discard", _discard),
    Shown("discard_size", _discard_size),
    # lotereya/gather-and-miss (AMB-LOTEREYA-15): the cards gathered unbeaten
    Shown("gathered", _gathered),
    Shown("gathered_sizes", _gathered_sizes),
    # lotereya/until-a-pack-runs-out: the two packs, face down, by their sizes
    public(BANK_SIZE),
    public(DEAL_SIZE),
    public(BANKER),  # lotereya/players: who banks is known to all
)


def parse_action(obj: JSON) -> Action:
    """An action from its JSON form, or :class:`FormatError` saying what is wrong."""
    return read_action(obj, GAME_ID, ACTIONS, seats=MAX_SEATS)


def _names_json(cs: Sequence[Card]) -> list[JSON]:
    return [card_name(c) for c in cs]


NOTATION: Final = Notation(GAME_ID, LotereyaOptions, OPTIONS, PHASES, _check_players)


def position(s: LotereyaState) -> JSONObject:
    """The position in this game's notation (its FEN); :func:`load_position` reads it back."""
    n = s.players
    return {
        **NOTATION.head(n, s.dealer, s.opts, s.phase, to_move(s)),
        "banker": s.banker,
        "chips": list(s.ledger.balances[:n]),
        "pot": s.ledger.balances[n],
        "stakes": list(s.ledger.balances[n + 1 :]),
        "bank_pack": _names_json(s.bank_pack),
        "deal_pack": _names_json(s.deal_pack),
        "four": _names_json(s.four),
        "spread": s.spread,
        "hands": [_names_json(h) for h in s.hands],
        "piles": [_names_json(h) for h in s.piles],
        "gathered": [_names_json(h) for h in s.gathered],
        "discard": _names_json(s.discard),
        "table": _names_json(s.table),
        "leader": None if s.leader < 0 else s.leader,
        "last_winner": None if s.last_winner < 0 else s.last_winner,
        "lost": list(s.lost),
        "out": None if s.out < 0 else s.out,
        "opened": s.opened,
    }


def _opt_bool(value: JSON, where: str) -> bool:
    if not isinstance(value, bool):
        raise FormatError(f"{where}: true or false")
    return value


def _opt_int(value: JSON, where: str) -> int:
    return -1 if value is None else as_int(value, where)


def load_position(pos: JSON) -> LotereyaState:
    """A state from the position notation; checks the two packs and the seats."""
    head = NOTATION.read(pos)
    o, n, opts, phase = head.fields, head.players, head.options, head.phase
    dealer = head.dealer
    banker = as_int(o.get("banker", (dealer - 1) % n), "position/banker")
    empty: list[JSON] = [[] for _ in range(n)]
    chips = tuple(
        as_int(v, f"position/chips/{i}")
        for i, v in enumerate(as_list(field(o, "chips", "position"), "position/chips"))
    )
    stakes = tuple(
        as_int(v, f"position/stakes/{i}")
        for i, v in enumerate(as_list(o.get("stakes", [0, 0, 0, 0]), "position/stakes"))
    )
    pot = as_int(o.get("pot", 0), "position/pot")
    if len(chips) != n or len(stakes) != FOUR or min(chips + stakes + (pot,)) < 0:
        raise FormatError("position/chips: one non-negative balance per seat, four stakes")
    lost_json = as_list(o.get("lost", [0] * n), "position/lost")
    state = LotereyaState(
        opts=opts,
        players=n,
        dealer=dealer,
        banker=banker,
        phase=phase,
        turn=head.turn,
        ledger=open_ledger(_accounts(n), chips + (pot,) + stakes),
        bank_pack=as_cards(o.get("bank_pack", []), "position/bank_pack"),
        deal_pack=as_cards(o.get("deal_pack", []), "position/deal_pack"),
        four=as_cards(o.get("four", []), "position/four"),
        spread=as_int(o.get("spread", 0), "position/spread"),
        hands=card_lists(o.get("hands", empty), "position/hands"),
        piles=card_lists(o.get("piles", empty), "position/piles"),
        gathered=card_lists(o.get("gathered", empty), "position/gathered"),
        discard=as_cards(o.get("discard", []), "position/discard"),
        table=tuple(sorted(as_cards(o.get("table", []), "position/table"))),
        leader=_opt_int(o.get("leader"), "position/leader"),
        last_winner=_opt_int(o.get("last_winner"), "position/last_winner"),
        lost=tuple(as_int(v, f"position/lost/{i}") for i, v in enumerate(lost_json)),
        out=_opt_int(o.get("out"), "position/out"),
        opened=_opt_bool(o.get("opened", False), "position/opened"),
    )
    _check_position(state)
    return state


def _check_one_pack(cards: tuple[Card, ...], what: str) -> None:
    """The cards of one pack hold no card twice: the players' cards are dealt from the dealer's
    pack alone, the four from the banker's, so a twin of either pack is never in them."""
    seen: set[Card] = set()
    for c in cards:
        if c in seen:  # lotereya/two-packs
            raise FormatError(f"position: {what} come from one pack, but hold {card_name(c)} twice")
        seen.add(c)


def _check_position(s: LotereyaState) -> None:
    n = s.players
    if s.banker != (s.dealer - 1) % n:
        raise FormatError("position: the banker sits on the dealer's right")
    for key, seq in (("hands", s.hands), ("piles", s.piles), ("gathered", s.gathered)):
        if len(seq) != n:
            raise FormatError(f"position/{key}: one entry per seat ({n})")
    if len(s.lost) != n:
        raise FormatError(f"position/lost: one entry per seat ({n})")
    # AMB-LOTEREYA-01: the banker and the dealer hold no cards unless they play (c; the
    # dealer alone under e)
    roles = {"officiate": (s.dealer, s.banker), "play": (), "dealer-plays": (s.banker,)}[
        s.opts.officers
    ]
    if any(s.hands[p] or s.piles[p] or s.gathered[p] for p in roles):
        raise FormatError("position: the banker and the dealer hold no cards")
    try:
        _two_packs(all_cards(s), "a position")
    except SetupError as e:
        raise FormatError(f"position: {e}") from None
    _check_one_pack(
        s.bank_pack + s.four, "the banker's pack and his four cards (lotereya/banker-four)"
    )
    players_cards = [c for part in (s.hands, s.piles, s.gathered) for h in part for c in h]
    _check_one_pack(
        s.deal_pack + tuple(players_cards) + s.table,
        "the dealer's pack and the players' cards (lotereya/deal-three)",
    )
    if s.phase == OVER:
        if s.turn != -1 or s.out < 0:
            raise FormatError("position: a finished game has no one to move and a player out")
        return
    if s.phase in (SPREADING, TURNING):
        if s.opened:
            raise FormatError("position/opened: no lead is made in stage 1")
        if s.turn != s.banker or len(s.four) != FOUR:
            raise FormatError("position: in stage 1 the banker is to move with four cards laid")
        if s.phase == SPREADING and not 0 <= s.spread < FOUR - 1:
            raise FormatError("position/spread: 0 to 2 cards staked while spreading")
        return
    seats = _seats(s)
    if s.opts.empty_start == "sit-out":  # AMB-LOTEREYA-12 h: some may sit out, not the one to move
        holding = bool(s.hands[s.turn]) if s.turn in seats else False
    else:
        holding = all(s.hands[p] for p in seats if p != s.leader)
    if s.turn not in seats or not holding:
        raise FormatError("position: in stage 2 a player is to move and the players hold cards")
    if s.phase == BEATING and (s.leader not in seats or not 1 <= len(s.table) <= 2):
        raise FormatError("position: cards led by a player are on the table")
