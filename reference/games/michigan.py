"""Мичиган, as told in seed 004: game id ``michigan``.

One deal (AMB-MICHIGAN-02). Four cards from another pack (A♥, K♦, Q♠, J♣)
lie face up as the boodle; each player stakes four chips on them; the whole
52-card pack is dealt one at a time to the players and to an extra hand on
the dealer's left, which is dealt first. The dealer takes the extra hand (his
own goes dead) or keeps his own and auctions the extra hand; the buyer pays
the dealer and his own hand goes dead. Then runs are built upward by suit;
playing the twin of a boodle card takes the chips on it; the first player out
of cards wins a chip per card from each other player.

Every chip moves through the ledger (:mod:`reference.core.ledger`), whose
accounts are the seats (``"0"``, ``"1"``, …) and the four boodle cards.

Position notation (:func:`position`, :func:`load_position`): a JSON object
with ``game``, ``players``, ``dealer``, ``options``, ``phase`` (``stake``,
``choose``, ``auction``, ``play``, ``over``), ``to_move``, ``chips`` (one
balance per seat), ``boodle`` (chips on ``AH KD QS JC``), ``hands`` (one card
list per seat), ``extra`` (the extra hand while it is undecided, else
``[]``), ``dead`` (face-down cards out of play), ``out`` (seats sitting out
the deal), ``staked`` (seats that have staked), ``auction`` (``high``,
``bidder``, ``done``), ``table`` (the cards played, in order), ``run``
(``last`` card of the run being built, or null when a new run is to be
started), ``prev_suit`` (the suit of the run just ended, or null), ``winner``,
``by`` (the seat that played the run's last card, or null), ``passes`` (said in
turn since) and ``laid_by`` (the seat whose own hand lies dead, who alone saw it, or null;
all three optional, null and 0 by default).
A position with ``"phase": "deal"`` is the table before the deal: ``chips``
per seat, ``boodle`` and the ``deck`` (52 cards, top first); loading it makes
the deal exactly as :func:`setup` does (sitting out or gifts for a player with
no chips, AMB-MICHIGAN-11), so scenarios can start from unequal chips; a deal the
rules refuse (fewer than two with chips to play) is refused as the setup's is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Final, NamedTuple, Self

from mypy_extensions import mypyc_attr

from reference.core import observables as obs
from reference.core import views
from reference.core.actions import AmountAction, Pass, Play, SeatAction, read_action
from reference.core.cards import (
    DECK_52,
    SUIT_OF,
    Card,
    card,
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
from reference.core.kernel import GameOptions, Observable, PerSeat, Shown, Viewer, option
from reference.core.ledger import Ledger, open_ledger
from reference.core.positions import Notation, read_seats
from reference.core.rules import CORE_RULES, Rule
from reference.core.seats import Seat
from reference.core.sequences import next_up, run_stops
from reference.core.states import named_updates

GAME_ID: Final = "michigan"
TITLE: Final = "Мичиган (seed 004)"
#: The most who play under table=two-or-more (AMB-MICHIGAN-01 c): the pack dealt into one more
#: hand than there are players, a card each at fifty-one players and the extra hand.
MAX_PLAYERS: Final = len(DECK_52) - 1
#: The most who play under the readings that bound the table at eight (AMB-MICHIGAN-01 a, b).
EIGHT: Final = 8
STAKE: Final = 4
#: The boodle cards, in the notation's order of the text: A♥, K♦, Q♠, J♣.
BOODLE: Final = (card(14, 1), card(13, 2), card(12, 0), card(11, 3))
BOODLE_NAMES: Final = tuple(card_name(c) for c in BOODLE)
#: The seat counts the text allows (nine or more under table=two-or-more only), and the pack a
#: table is dealt from.
PLAYER_COUNTS: Final = range(2, MAX_PLAYERS + 1)
PACK: Final = DECK_52  # «полная колода»: the 52 cards, deuces lowest (AMB-MICHIGAN-30)

# --- rules, in the order of the text ------------------------------------------

RULES: Final = CORE_RULES + (
    Rule(
        "michigan/players",
        ("004:P5.S3", "AMB-MICHIGAN-01"),
        "Two to eight play (three to eight under table=three-to-eight; under "
        "table=two-or-more two or more, as many as the pack deals a card each with the extra "
        "hand: fifty-one).",
    ),
    Rule(
        "michigan/pack",
        ("004:P2.S1", "004:P4.S1"),
        "The full 52-card pack is played, aces high and twos low.",
    ),
    Rule(
        "michigan/boodle",
        ("004:P2.S1", "004:P2.S2", "004:P2.S3", "AMB-MICHIGAN-19"),
        "Four cards from another pack, A♥ K♦ Q♠ J♣, lie face up as the boodle; chips are "
        "staked on them.",
    ),
    Rule(
        "michigan/one-deal",
        ("004:P4.S2", "004:P4.S3", "004:P6.S1", "AMB-MICHIGAN-02"),
        "One deal is played by the dealer the table names; every player starts with the same "
        "number of chips (option starting_chips).",
    ),
    Rule(
        "michigan/stake-four",
        ("004:P6.S2", "004:P6.S3", "AMB-MICHIGAN-03", "AMB-MICHIGAN-18"),
        "Before the deal each player, from the dealer's left round to the dealer, puts four "
        "chips on the boodle cards in any split (all he has if he has fewer, or under "
        "short_stake=sit-out he sits the deal out).",
    ),
    Rule(
        "michigan/deal",
        ("004:P5.S1", "004:P5.S2", "004:P5.S4", "004:P5.S5", "AMB-MICHIGAN-24"),
        "The whole pack is dealt one at a time to the players and an extra hand on the "
        "dealer's left, which is dealt first; hands may be uneven.",
    ),
    Rule(
        "michigan/dealer-choice",
        ("004:P7.S1", "004:P7.S2", "004:P7.S3", "004:P8.S1", "AMB-MICHIGAN-23"),
        "The dealer looks at his cards and may take the extra hand, his own going face down, dead.",
    ),
    Rule(
        "michigan/auction",
        (
            "004:P9.S1",
            "004:P9.S3",
            "004:P9.S4",
            "004:P9.S5",
            "AMB-MICHIGAN-04",
            "AMB-MICHIGAN-17",
            "AMB-MICHIGAN-29",
        ),
        "A dealer who keeps his hand auctions the extra hand (under sale=optional he may pass "
        "instead, and the extra hand is dead): the highest bidder pays the dealer his bid and "
        "takes it, his own hand going dead (under bids_paid=every-bid every bid is paid to the "
        "dealer as it is made).",
    ),
    Rule(
        "michigan/no-bid",
        ("004:P9.S1", "AMB-MICHIGAN-05"),
        "If nobody bids, the extra hand stays face down, dead (under unsold=dealer-may-take the "
        "dealer first chooses again: he takes it, or keeps his own and it is dead).",
    ),
    Rule(
        "michigan/first-lead",
        ("004:P11.S1", "004:P11.S2", "004:P11.S3", "AMB-MICHIGAN-21"),
        "The player on the dealer's left starts: the lowest card he holds of a suit of his choice.",
    ),
    Rule(
        "michigan/build-up",
        ("004:P12.S1", "004:P12.S2"),
        "A run is built upward in its suit: only the next higher card of that suit may be "
        "played to it.",
    ),
    Rule(
        "michigan/play-on",
        ("004:P13.S1", "004:P13.S2", "AMB-MICHIGAN-06", "AMB-MICHIGAN-14", "AMB-MICHIGAN-15"),
        "A player holding the next card plays it and goes on (under hold_back=yes he may "
        "pass instead; under play_on=run-leader only the player who started the run goes on, "
        "under play_on=first-leader only the first leader of the deal); otherwise the turn "
        "passes left (under passes=implied straight to the holder of the next card, the "
        "others' passes taken as said).",
    ),
    Rule(
        "michigan/pass",
        ("004:P13.S3", "AMB-MICHIGAN-06"),
        "A player who cannot play the next card says pass; one who can may not pass.",
    ),
    Rule(
        "michigan/run-stops",
        ("004:P14.S1", "AMB-MICHIGAN-07"),
        "A run stops at the ace, or when the next card is in no live hand (in a dead hand, or "
        "played already), at once or (stop_seen=after-passes) when the others have passed "
        "round; under hold_back=yes also when every player in the deal has passed in turn "
        "(under run_join=joins a run that reaches an earlier run of its suit goes on from "
        "that run's top card).",
    ),
    Rule(
        "michigan/new-run",
        ("004:P14.S2", "004:P14.S3", "004:P14.S4", "AMB-MICHIGAN-08", "AMB-MICHIGAN-16"),
        "Whoever played the last card starts a new run with the lowest card of another suit "
        "than the run just ended (under new_run_suit=passed-free a player the lead has passed "
        "to may start it in any suit).",
    ),
    Rule(
        "michigan/new-run-passes",
        ("004:P14.S5", "AMB-MICHIGAN-08"),
        "A player with no card of a suit allowed for the new run passes and the player on his "
        "left starts it instead.",
    ),
    Rule(
        "michigan/boodle-win",
        ("004:P15.S2", "AMB-MICHIGAN-09", "AMB-MICHIGAN-20"),
        "Playing the twin of a boodle card takes the chips on that card.",
    ),
    Rule(
        "michigan/first-out-wins",
        ("004:P16.S1", "004:P16.S2", "AMB-MICHIGAN-10"),
        "The first player out of cards wins; each other player pays him a chip per card left.",
    ),
    Rule(
        "michigan/out-of-chips",
        ("004:P17.S1", "004:P17.S2", "004:P17.S3", "AMB-MICHIGAN-11"),
        "A player with no chips before the deal sits out (or, under out_of_chips=gifts, each "
        "other player gives him gift_chips).",
    ),
    Rule(
        "michigan/seen",
        (
            "004:P2.S3",
            "004:P6.S2",
            "004:P7.S1",
            "004:P8.S1",
            "004:P9.S2",
            "004:P9.S4",
            "004:P11.S2",
            "004:P14.S2",
            "004:P16.S2",
            "AMB-MICHIGAN-12",
            "AMB-MICHIGAN-13",
            "AMB-MICHIGAN-22",
        ),
        "Each player sees his own hand from the end of the stakes, the boodle and its chips, "
        "every card played, the bids; a hand laid face down is seen by the one who laid it "
        "alone, the extra hand by nobody until it is taken; at the end the losers' cards are "
        "counted (under shown_at_end=shown, laid face up).",
    ),
)

# --- options ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MichiganOptions(GameOptions):
    """The options of one game (the chips agreed at the table, and the rulings)."""

    table: str = option(
        "two-to-eight",
        "How many may play: two to eight, or three to eight (the text's six is an example; "
        "two can play only a game of one against one and the extra hand); or two or more, "
        "with no bound of eight (as many as the pack deals a card each with the extra hand: "
        "fifty-one).",
        ("two-to-eight", "three-to-eight", "two-or-more"),
        ruling="AMB-MICHIGAN-01",
    )
    starting_chips: int = option(
        20,
        'Chips each player has at the start ("по равному количеству"; the amount is '
        "agreed at the table).",
        minimum=1,
        maximum=200,
        ruling="AMB-MICHIGAN-02",
    )
    short_stake: str = option(
        "all-he-has",
        "A player with fewer than four chips (but some) before the deal: stakes all he has "
        "and plays, or sits the deal out.",
        ("all-he-has", "sit-out"),
        ruling="AMB-MICHIGAN-03",
    )
    stakes_seen: str = option(
        "as-put",
        "The stakes: put in turn, each in sight as it is put; or put all at once, so that no "
        "player sees the chips on the boodle until every player in the deal has staked.",
        ("as-put", "all-at-once"),
        ruling="AMB-MICHIGAN-03",
    )
    auction: str = option(
        "one-round",
        "How the extra hand is auctioned: one round of bids from the dealer's left, each "
        "higher than the last; or open bidding round and round until all but the highest "
        "bidder have passed.",
        ("one-round", "open"),
        ruling="AMB-MICHIGAN-04",
    )
    bids_paid: str = option(
        "winner",
        "Which bids the dealer collects («предложенные за дополнительную руку фишки»): the "
        "winning bid only, paid by the buyer; or every bid, each paid to the dealer as it is "
        "made (in open bidding a player who bids again pays again).",
        ("winner", "every-bid"),
        ruling="AMB-MICHIGAN-29",
    )
    sale: str = option(
        "compulsory",
        "A dealer who keeps his own hand: must auction the extra hand («обязан продать»), or "
        "may instead pass, leaving the extra hand face down, dead («при желании», 004:P10.S1).",
        ("compulsory", "optional"),
        ruling="AMB-MICHIGAN-17",
    )
    unsold: str = option(
        "dead",
        "The extra hand nobody bids for: lies face down, dead; or the dealer may then take it "
        "after all (keep leaves it dead).",
        ("dead", "dealer-may-take"),
        ruling="AMB-MICHIGAN-05",
    )
    hold_back: str = option(
        "no",
        "Whether a player holding the next card of the run may pass instead of playing it; "
        "if so, a run that every player in the deal passes in turn stops there.",
        ("no", "yes"),
        ruling="AMB-MICHIGAN-06",
    )
    stop_seen: str = option(
        "at-once",
        "A run that can go no further: stops at once, or only once every other player in "
        "the deal has said pass in turn.",
        ("at-once", "after-passes"),
        ruling="AMB-MICHIGAN-07",
    )
    run_join: str = option(
        "stops",
        "A run that reaches the card below an earlier run of its suit (the next card already "
        "played): stops there, the next card being in no live hand; or joins that run and goes "
        "on from the card above its top (which differs only under hold_back=yes).",
        ("stops", "joins"),
        ruling="AMB-MICHIGAN-07",
    )
    new_run_suit: str = option(
        "pass-left",
        "A leader holding only the suit of the run just ended: passes the lead to his left "
        '(the text\'s "другой масти"), or may start the new run in that suit again; or '
        "(passed-free) he passes it to his left and the player the lead passes to may start "
        "the new run in any suit.",
        ("pass-left", "may-repeat", "passed-free"),
        ruling="AMB-MICHIGAN-08",
    )
    unwon_boodle: str = option(
        "stay",
        "Chips on boodle cards nobody won: stay on the boodle for the next deal, or go to "
        "the winner of the deal.",
        ("stay", "to-winner"),
        ruling="AMB-MICHIGAN-09",
    )
    out_of_chips: str = option(
        "sit-out",
        "A player with no chips before the deal sits it out, or stays in on chips the "
        "others give him.",
        ("sit-out", "gifts"),
        ruling="AMB-MICHIGAN-11",
    )
    gift_chips: int = option(
        1,
        "Chips each other player gives a player with none, under out_of_chips=gifts "
        '("по одной или нескольку"; the text sets no most, the model no more than the most '
        "starting chips).",
        minimum=1,
        maximum=200,
        ruling="AMB-MICHIGAN-11",
    )
    passes: str = option(
        "said",
        "During a run, the players who cannot play the next card: each says pass in his turn "
        "(an action), or their passes are taken as said and the turn goes at once to the "
        "player who holds the next card.",
        ("said", "implied"),
        ruling="AMB-MICHIGAN-14",
    )
    play_on: str = option(
        "anyone",
        "Who may play several cards of a run one after another («за один прием»): any player "
        "holding the next card goes on; or only the player who started the run, every other "
        "player's turn passing left after one card; or only the first leader of the deal.",
        ("anyone", "run-leader", "first-leader"),
        ruling="AMB-MICHIGAN-15",
    )
    shown_at_end: str = option(
        "counted",
        "At the end, the cards the losers have left: counted only (each pays a chip a card), "
        "or laid face up for all to see as they are counted. Changes only what is seen.",
        ("counted", "shown"),
        ruling="AMB-MICHIGAN-13",
    )

    @property
    def may_hold_back(self) -> bool:
        return self.hold_back == "yes"  # AMB-MICHIGAN-06 b

    @property
    def after_passes(self) -> bool:
        return self.stop_seen == "after-passes"  # AMB-MICHIGAN-07 b

    @property
    def passes_implied(self) -> bool:
        return self.passes == "implied"  # AMB-MICHIGAN-14 b


OPTIONS: Final = MichiganOptions.specs()
#: The options of a table that gives none.
DEFAULT_OPTIONS: Final = MichiganOptions()


# --- actions ------------------------------------------------------------------------


class _Stake(NamedTuple):
    seat: Seat
    split: tuple[int, int, int, int]
    others: tuple[tuple[Card, int], ...] = ()


@mypyc_attr(native_class=False)
class Stake(_Stake):
    """Put chips on the boodle cards: ``split`` gives the chips on A♥, K♦, Q♠, J♣;
    ``others`` the chips a player tried to put on other cards (never legal: the stakes go on
    the boodle cards only, michigan/stake-four), by card in canonical order."""

    __slots__ = ()
    KIND: ClassVar[str] = "stake"

    def to_json(self) -> JSONObject:
        chips: JSONObject = dict(zip(BOODLE_NAMES, self.split, strict=True))
        for c, k in self.others:
            chips[card_name(c)] = k
        return {"type": self.KIND, "seat": self.seat, "chips": chips}

    @classmethod
    def from_json(cls, seat: Seat, o: JSONObject) -> Self:
        chips = as_object(field(o, "chips", "action"), "action/chips")
        # a boodle card left out has no chips; a stake on another card is well formed (and
        # refused by michigan/stake-four when it is applied)
        others = tuple(
            sorted(
                (as_card(k, "action/chips"), as_int(v, f"action/chips/{k}"))
                for k, v in chips.items()
                if k not in BOODLE_NAMES
            )
        )
        a, b, c, d = (as_int(chips.get(k, 0), f"action/chips/{k}") for k in BOODLE_NAMES)
        return cls(seat, (a, b, c, d), others)


@mypyc_attr(native_class=False)
class TakeExtra(SeatAction):
    """The dealer takes the extra hand; his own goes dead."""

    __slots__ = ()
    KIND: ClassVar[str] = "take_extra"


@mypyc_attr(native_class=False)
class Keep(SeatAction):
    """The dealer keeps his own hand and auctions the extra hand."""

    __slots__ = ()
    KIND: ClassVar[str] = "keep"


@mypyc_attr(native_class=False)
class Bid(AmountAction):
    """Bid chips for the extra hand."""

    __slots__ = ()
    KIND: ClassVar[str] = "bid"


Action = Stake | TakeExtra | Keep | Bid | Play | Pass
ACTIONS: Final[tuple[type[Action], ...]] = (Stake, TakeExtra, Keep, Bid, Play, Pass)

# --- state ----------------------------------------------------------------------------

STAKING: Final = 1
CHOOSING: Final = 2
AUCTION: Final = 3
PLAYING: Final = 4
OVER: Final = 0
PHASES: Final = {
    STAKING: "stake",
    CHOOSING: "choose",
    AUCTION: "auction",
    PLAYING: "play",
    OVER: "over",
}
DEALING: Final = min(PHASES) - 1  # a position's phase only, below every phase of a state:
# the table before the deal, loaded by dealing it
_POSITION_PHASES: Final = {DEALING: "deal", **PHASES}

Hands = tuple[tuple[Card, ...], ...]


@named_updates
class MichiganState(NamedTuple):
    """A position of the game. Immutable.

    ``hands`` are the live hands by seat, sorted; ``extra`` the extra hand until
    it is taken or declared dead; ``dead`` the face-down cards out of play.
    ``last`` is the last card of the run being built (-1 when a new run is to be
    started) and ``prev_suit`` the suit of the run just ended (-1 before the
    first run). ``high``/``bidder`` are the best bid so far and its bidder (-1),
    ``done`` the seats that may no longer bid. ``turn`` is -1 once the game is over.
    ``by`` played the run's last card; ``passes`` have been said in turn since.
    """

    opts: MichiganOptions
    players: int
    dealer: Seat
    phase: int
    turn: Seat
    ledger: Ledger
    hands: Hands
    extra: tuple[Card, ...]
    dead: tuple[Card, ...]
    out: tuple[Seat, ...]
    staked: tuple[Seat, ...]
    high: int
    bidder: Seat
    done: tuple[Seat, ...]
    table: tuple[Card, ...]
    last: int
    prev_suit: int
    winner: Seat
    #: the seat that played the run's last card (-1 when unknown), and the passes said in
    #: turn since (AMB-MICHIGAN-06 b, AMB-MICHIGAN-07 b)
    by: Seat = -1
    passes: int = 0
    #: the seat whose own hand lies dead, laid face down by him (the dealer who took the extra
    #: hand, or its buyer), -1 while none does or when the dead cards are the unsold extra
    #: hand: he saw them, nobody else did (michigan/seen)
    laid_by: Seat = -1


STATE: Final = MichiganState


def _accounts(n: int) -> tuple[str, ...]:
    # michigan/boodle: the four boodle cards are ledger accounts, the stakes lie on them; they
    # are laid out, never dealt (AMB-MICHIGAN-19)
    return tuple(str(p) for p in range(n)) + BOODLE_NAMES


def _next_active(s: MichiganState, seat: Seat) -> Seat:
    """The next seat to the left of ``seat`` that is in the deal."""
    n = s.players
    if not s.out:  # everyone is in the deal: the seat on his left
        return (seat + 1) % n
    for step in range(1, n + 1):
        p = (seat + step) % n
        if p not in s.out:
            return p
    return seat


def _active(players: int, dealer: Seat, out: tuple[Seat, ...]) -> tuple[Seat, ...]:
    """The seats in the deal, from the dealer's left round to the dealer."""
    order = tuple(range(dealer + 1, players)) + tuple(range(dealer + 1))
    if not out:
        return order
    return tuple(p for p in order if p not in out)


# --- decision functions (with contracts) ---------------------------------------------


def stake_due(chips: int) -> int:
    """The chips a player puts on the boodle: four, or all he has if he has fewer.

    pre: 0 <= chips <= 1000
    post: 0 <= __return__ <= 4 and __return__ <= chips
    post: __return__ == 4 or __return__ == chips
    """
    return min(STAKE, chips)  # four in all, split freely (AMB-MICHIGAN-18)


def sits_out_short(chips: int, sit_out: bool) -> bool:
    """Whether a player with ``chips`` sits the deal out for want of a full stake: under
    short_stake=sit-out (AMB-MICHIGAN-03 b) one with some chips but fewer than four; under
    all-he-has (reading a) nobody (one with none is a matter of out_of_chips, AMB-MICHIGAN-11).

    pre: 0 <= chips <= 1000
    post: __return__ == (sit_out and 0 < chips < 4)
    """
    return sit_out and 0 < chips < STAKE


def sits_out_ungifted(chips: int) -> bool:
    """Whether a player who had no chips before the deal sits it out under
    out_of_chips=gifts, holding ``chips`` once the others have given: when nobody could give
    him one (every other player in the deal has none), he is still out of chips, and
    004:P17.S1 puts him out of the deal (AMB-MICHIGAN-11 b).

    pre: 0 <= chips <= 1000
    post: __return__ == (chips == 0)
    """
    return chips == 0


def stake_splits(chips: int) -> tuple[tuple[int, int, int, int], ...]:
    """Every way to put ``min(4, chips)`` chips on the four boodle cards.

    pre: 0 <= chips <= 1000
    post: all(sum(s) == min(4, chips) and min(s) >= 0 for s in __return__)
    post: len(__return__) >= 1
    """
    k = stake_due(chips)
    return tuple(
        (a, b, c, k - a - b - c)
        for a in range(k + 1)
        for b in range(k + 1 - a)
        for c in range(k + 1 - a - b)
    )


def boodle_twin(c: Card) -> int | None:
    """Which boodle card a played card ``c`` is the twin of (its place in :data:`BOODLE`), or
    None: only the exact card, rank and suit (AMB-MICHIGAN-31).

    pre: 0 <= c < 52
    post: __return__ is None or BOODLE[__return__] == c
    post: (__return__ is None) == (c not in BOODLE)
    """
    return BOODLE.index(c) if c in BOODLE else None


def settlement(counts: Sequence[int], chips: Sequence[int], winner: int) -> tuple[int, ...]:
    """What each seat pays the winner: a chip per card left, at most all he has.

    pre: 1 <= len(counts) == len(chips) <= 8
    pre: 0 <= winner < len(counts)
    pre: all(c >= 0 for c in counts) and all(c >= 0 for c in chips)
    post: len(__return__) == len(counts)
    post: __return__[winner] == 0
    post: all(0 <= __return__[i] <= chips[i] for i in range(len(counts)))
    post: all(__return__[i] == min(counts[i], chips[i]) for i in range(len(counts)) if i != winner)
    """
    # a chip a card, a boodle twin like any other (AMB-MICHIGAN-32)
    return tuple(0 if i == winner else min(counts[i], chips[i]) for i in range(len(counts)))


def bid_allowed(amount: int, high: int, chips: int) -> bool:
    """Whether a bid of ``amount`` may be made: more than the best bid so far, at most all
    the bidder holds (AMB-MICHIGAN-04), so a player may bid every chip he has.

    pre: 0 <= high <= 1000 and 0 <= chips <= 1000 and -10 <= amount <= 1010
    post: __return__ == (high < amount <= chips)
    post: not __return__ or amount >= 1
    """
    return high < amount <= chips


def lead_choices(hand: Sequence[Card], prev_suit: int, may_repeat: bool) -> tuple[Card, ...]:
    """The cards a player may start a run with: the lowest card of each suit he holds,
    other than ``prev_suit`` (any suit when ``prev_suit`` is -1); under ``may_repeat``
    the lowest of ``prev_suit`` too when he holds no other suit.

    pre: len(hand) <= 13 and all(0 <= c < 52 for c in hand)
    pre: -1 <= prev_suit <= 3
    post: all(c in hand for c in __return__)
    post: all(SUIT_OF[c] != prev_suit for c in __return__) or may_repeat
    post: all(all(d >= c for d in hand if SUIT_OF[d] == SUIT_OF[c]) for c in __return__)
    """
    lows = [-1, -1, -1, -1]
    for c in hand:
        su = SUIT_OF[c]
        if lows[su] < 0 or c < lows[su]:
            lows[su] = c
    out = []
    for c in lows:
        if c >= 0 and SUIT_OF[c] != prev_suit:
            out.append(c)
    if not out and may_repeat and prev_suit >= 0 and lows[prev_suit] >= 0:
        out.append(lows[prev_suit])
    return tuple(out)


# --- setup: stakes and the deal (004:P5, 004:P6) -----------------------------------------


def _check_players(n: int, opts: MichiganOptions) -> None:
    fewest = 3 if opts.table == "three-to-eight" else 2  # AMB-MICHIGAN-01 (a or b)
    # AMB-MICHIGAN-01 c: no bound of eight, only the pack's (a card each and the extra hand)
    most = MAX_PLAYERS if opts.table == "two-or-more" else EIGHT
    if not fewest <= n <= most:  # michigan/players
        raise SetupError(
            f"{GAME_ID}: {n} players; from {'three' if fewest == 3 else 'two'} to {most} play",
            "michigan/players",
        )


def _check_pack(cards: Sequence[Card], where: str) -> None:
    if sorted(cards) != list(DECK_52):  # michigan/pack
        missing = sorted(set(DECK_52) - set(cards))
        extra = sorted(c for c in set(cards) if list(cards).count(c) > 1)
        raise SetupError(
            f"{GAME_ID}: {where} must hold the 52-card pack exactly once "
            f"(missing {names(missing)}, duplicated {names(extra)})",
            "michigan/pack",
        )


def deal_hands(
    players: int, dealer: Seat, out: tuple[Seat, ...], order: Sequence[Card]
) -> tuple[Hands, tuple[Card, ...]]:
    """The live hands (by seat) and the extra hand dealt from ``order`` (top first)."""
    seats = _active(players, dealer, out)
    # michigan/deal: the extra hand sits on the dealer's left and is dealt first; one card
    # at a time round the m places, clockwise (AMB-MICHIGAN-24), so the k-th place gets
    # every m-th card from the k-th on
    m = len(seats) + 1
    got: list[tuple[Card, ...]] = [()] * players
    for k, p in enumerate(seats, 1):
        got[p] = tuple(sorted(order[k::m]))
    return tuple(got), tuple(sorted(order[0::m]))


def _deal_in(
    opts: MichiganOptions,
    *,
    players: int,
    dealer: Seat,
    chips: tuple[int, ...],
    boodle: tuple[int, ...],
    order: Sequence[Card],
) -> MichiganState:
    ledger = open_ledger(_accounts(players), chips + boodle)
    # michigan/stake-four: under short_stake=sit-out one who cannot stake four of his own
    # sits the deal out (AMB-MICHIGAN-03 b)
    sit_out = opts.short_stake == "sit-out"
    out: list[Seat] = [p for p in range(players) if sits_out_short(chips[p], sit_out)]
    for p in _active(players, dealer, ()):
        if ledger.balances[p] > 0 or p in out:  # AMB-MICHIGAN-11: out of chips means none
            continue
        if opts.out_of_chips == "sit-out":  # michigan/out-of-chips
            out.append(p)
            continue
        for q in _active(players, p, ()):  # michigan/out-of-chips: gifts from the others
            if q != p and q not in out:
                # AMB-MICHIGAN-11 b: gift_chips each, a giver short of them gives what he has
                give = min(opts.gift_chips, ledger.balances[q])
                ledger = ledger.transfer(str(q), str(p), give)
        if sits_out_ungifted(ledger.balances[p]):  # michigan/out-of-chips (004:P17.S1)
            out.append(p)
    outs = tuple(sorted(out))
    if players - len(outs) < 2:  # michigan/players: no deal for fewer than two (AMB-MICHIGAN-11)
        raise SetupError(
            f"{GAME_ID}: fewer than two players have the chips to play", "michigan/players"
        )
    if dealer in outs:  # michigan/out-of-chips: the deal passes to the next player in it
        dealer = _active(players, dealer, outs)[0]
    hands, extra = deal_hands(players, dealer, outs, order)
    first = _active(players, dealer, outs)[0]
    return MichiganState(
        opts=opts,
        players=players,
        dealer=dealer,
        phase=STAKING,
        turn=first,  # michigan/stake-four: from the dealer's left
        ledger=ledger,
        hands=hands,
        extra=extra,
        dead=(),
        out=outs,
        staked=(),
        high=0,
        bidder=-1,
        done=(),
        table=(),
        last=-1,
        prev_suit=-1,
        winner=-1,
    )


def setup(table: Table) -> MichiganState:
    """The table before the stakes: equal chips, the pack dealt (michigan/one-deal)."""
    opts = MichiganOptions.of(GAME_ID, OPTIONS, table.options) if table.options else DEFAULT_OPTIONS
    n = table.players
    _check_players(n, opts)
    if not 0 <= table.dealer < n:  # michigan/one-deal: the dealer the table names, a seat
        raise SetupError(
            f"{GAME_ID}: dealer seat {table.dealer} is not a seat of {n} players",
            "michigan/one-deal",
        )
    deal = table.deal
    if isinstance(deal, DeckOrder):
        order: tuple[Card, ...] = deal.cards
    else:
        # Explicit hands: read as the deck order that deals them (the extra hand is hands[n]).
        if len(deal.hands) != n + 1:
            raise SetupError(
                f"{GAME_ID}: a deal gives {n} hands and the extra hand (last)", "michigan/deal"
            )
        order = _order_for(n, table.dealer, deal.hands)
    _check_pack(order, "the deal")
    chips = (opts.starting_chips,) * n  # michigan/one-deal
    return _deal_in(
        opts, players=n, dealer=table.dealer, chips=chips, boodle=(0, 0, 0, 0), order=order
    )


def _order_for(n: int, dealer: Seat, hands: Hands) -> tuple[Card, ...]:
    targets = (n,) + _active(n, dealer, ())
    pools = [list(h) for h in hands]
    sizes = [len(h) for h in hands]
    total = sum(sizes)
    out: list[Card] = []
    for i in range(total):
        t = targets[i % len(targets)]
        if not pools[t]:
            raise SetupError(
                f"{GAME_ID}: hands dealt one at a time differ by at most one card, the extra "
                "hand and those nearest the dealer's left first",
                "michigan/deal",
            )
        out.append(pools[t].pop(0))
    return tuple(out)


# --- play -------------------------------------------------------------------------------


def _begin_play(s: MichiganState) -> MichiganState:
    # michigan/first-lead: the player seated on the dealer's left, not the extra hand's
    # holder (AMB-MICHIGAN-21)
    first = _next_active(s, s.dealer)
    return s._replace(phase=PLAYING, turn=first, last=-1, prev_suit=-1)


def _holds_other_suit(hands: Hands, suit: int) -> bool:
    """Whether any hand holds a card of another suit than ``suit``."""
    for h in hands:
        for c in h:
            if SUIT_OF[c] != suit:
                return True
    return False


def _lead_choices(s: MichiganState, seat: Seat) -> tuple[Card, ...]:
    prev = s.prev_suit
    # michigan/new-run: another suit than the run just ended only (AMB-MICHIGAN-16)
    if prev >= 0 and not _holds_other_suit(s.hands, prev):
        # michigan/new-run: nobody holds another suit, so the restriction lapses (AMB-MICHIGAN-08)
        prev = -1
    if s.opts.new_run_suit == "passed-free" and 0 <= s.by != seat:
        # AMB-MICHIGAN-08 c: the lead passed to him («право продолжить игру»), in any suit
        prev = -1
    return lead_choices(s.hands[seat], prev, s.opts.new_run_suit == "may-repeat")


def joined_top(c: Card, table: tuple[Card, ...]) -> Card:
    """The last card of the run ``c`` ends once it joins the earlier run of its suit lying
    on the table just above it (AMB-MICHIGAN-07 c, run_join=joins): the top of the unbroken
    climb from ``c`` through the cards played; ``c`` itself if the card above it is not
    played.

    pre: 0 <= c < 52 and all(0 <= x < 52 for x in table)
    post: SUIT_OF[__return__] == SUIT_OF[c] and __return__ >= c
    post: NEXT_UP[__return__] < 0 or NEXT_UP[__return__] not in table
    """
    top = c
    while NEXT_UP[top] >= 0 and NEXT_UP[top] in table:
        top = NEXT_UP[top]
    return top


def _after_play(s: MichiganState, seat: Seat, c: Card) -> MichiganState:
    """The state after ``seat`` has played ``c`` (out of his hand, onto the table)."""
    hands = put(s.hands, seat, without(s.hands[seat], c))
    table = s.table + (c,)
    ledger = s.ledger
    twin = boodle_twin(c)
    if twin is not None:  # michigan/boodle-win: the twin played takes its chips (AMB-MICHIGAN-20)
        boodle_card = BOODLE_NAMES[twin]
        ledger = ledger.transfer(boodle_card, str(seat), ledger.balance(boodle_card))
    if not hands[seat]:  # michigan/first-out-wins
        return _settle(s._replace(hands=hands, table=table, ledger=ledger), seat)
    last = joined_top(c, table) if s.opts.run_join == "joins" else c
    # michigan/run-stops: at the ace, or the next card is dead or played (not live)
    if run_stops(last, s.dead + table) and not s.opts.after_passes:
        # AMB-MICHIGAN-07 a: the stop is seen at once; michigan/new-run: the last to play
        # starts the next run
        return s._replace(
            turn=seat,
            ledger=ledger,
            hands=hands,
            table=table,
            last=-1,
            prev_suit=SUIT_OF[c],
            by=seat,
            passes=0,
        )
    # michigan/play-on: he goes on if he holds the next card, else the turn passes left
    # (AMB-MICHIGAN-06: he may not hold it back), to the next player in the deal
    # (under stop_seen=after-passes a stopped run waits for the others' passes, AMB-MICHIGAN-07 b)
    turn = seat if _goes_on(s, seat, last, hands) else _next_active(s, seat)
    return s._replace(
        turn=turn, ledger=ledger, hands=hands, table=table, last=last, by=seat, passes=0
    )


def _goes_on(s: MichiganState, seat: Seat, c: Card, hands: Hands) -> bool:
    """Whether ``seat``, who has just played ``c`` (``s`` is the state before it), keeps the
    turn: he holds the next card and may play it at once (michigan/play-on, AMB-MICHIGAN-15)."""
    if NEXT_UP[c] not in hands[seat]:
        return False
    reading = s.opts.play_on
    if reading == "anyone":  # AMB-MICHIGAN-15 a: whoever holds the next card goes on
        return True
    # AMB-MICHIGAN-15 b, c: «первого игрока» (004:P13.S1) goes on only from his lead, card
    # after card: c starts a run, or he played the card before it and kept the turn
    from_lead = s.last < 0 or (s.by == seat and s.passes == 0)
    if reading == "first-leader":  # AMB-MICHIGAN-15 c: only in the first run of the deal
        return from_lead and s.prev_suit < 0
    return from_lead  # AMB-MICHIGAN-15 b: the player who started the run


def _after_pass(s: MichiganState, seat: Seat) -> MichiganState:
    """A pass during a run: the turn goes left; the run stops once every player in the deal
    has passed in turn (hold_back=yes, AMB-MICHIGAN-06 b) or the turn comes back to the one
    who played its last card and he cannot go on (AMB-MICHIGAN-07 b), and he starts the next."""
    passes = s.passes + 1
    turn = _next_active(s, seat)
    if s.by >= 0 and (
        passes >= s.players - len(s.out) or (turn == s.by and NEXT_UP[s.last] not in s.hands[s.by])
    ):  # michigan/run-stops; michigan/new-run: the last to play starts the next run
        return s._replace(turn=s.by, last=-1, prev_suit=SUIT_OF[s.last], passes=0)
    return s._replace(turn=turn, passes=passes)


def _settle(s: MichiganState, winner: Seat) -> MichiganState:
    n = s.players
    # AMB-MICHIGAN-10: those sitting out pay nothing; a loser short of chips pays all he has
    counts = tuple(0 if p in s.out else len(s.hands[p]) for p in range(n))
    pays = settlement(counts, s.ledger.balances[:n], winner)  # michigan/first-out-wins
    to = str(winner)
    moves = [(str(p), to, pays[p]) for p in range(n) if pays[p]]
    # michigan/boodle-win: unwon chips stay on the boodle, or go to the winner (AMB-MICHIGAN-09)
    if s.opts.unwon_boodle == "to-winner":
        on = s.ledger.balances
        moves += [(name, to, on[n + i]) for i, name in enumerate(BOODLE_NAMES)]
    ledger = s.ledger.transfers(moves)
    return s._replace(phase=OVER, turn=-1, ledger=ledger, winner=winner, last=-1)


def _end_auction(s: MichiganState) -> MichiganState:
    if s.bidder < 0 and s.opts.unsold == "dealer-may-take":
        # michigan/no-bid: nobody bought it, so the dealer chooses again (AMB-MICHIGAN-05 b);
        # the seats that passed stay in done, which marks his second choice
        return s._replace(phase=CHOOSING, turn=s.dealer)
    if s.bidder < 0:  # michigan/no-bid: the extra hand is dead (AMB-MICHIGAN-05 a)
        return _begin_play(s._replace(dead=s.dead + s.extra, extra=(), done=()))
    b = s.bidder
    # michigan/auction: the buyer pays the dealer and takes the extra hand; his own goes dead
    # (under bids_paid=every-bid he paid as he bid, AMB-MICHIGAN-29 b)
    price = 0 if s.opts.bids_paid == "every-bid" else s.high
    ledger = s.ledger.transfer(str(b), str(s.dealer), price)
    return _begin_play(
        s._replace(
            ledger=ledger,
            dead=s.dead + s.hands[b],
            hands=put(s.hands, b, s.extra),
            extra=(),
            done=(),
            laid_by=b,
        )
    )


def _auction_next(s: MichiganState, seat: Seat) -> MichiganState:
    """The next seat to bid after ``seat``, or the end of the auction."""
    n = s.players
    for step in range(1, n + 1):
        p = (seat + step) % n
        # AMB-MICHIGAN-04: the dealer does not bid, nor one out of the auction; the best
        # bidder is not asked to beat himself, so bids never tie
        if p == s.dealer or p in s.out or p in s.done or p == s.bidder:
            continue
        return s._replace(turn=p)
    return _end_auction(s)


def legal_actions(s: MichiganState) -> tuple[Action, ...]:
    """Every action the rules allow now (empty once the game is over)."""
    ph = s.phase
    seat = s.turn
    if ph == PLAYING:
        if s.last < 0:
            choices = _lead_choices(s, seat)
            if not choices:
                return (PASSES[seat],)
            plays = PLAYS[seat]
            return tuple([plays[c] for c in choices])
        nxt = NEXT_UP[s.last]
        if nxt in s.hands[seat]:
            if s.opts.may_hold_back:  # AMB-MICHIGAN-06 b: he may hold it back
                return (PLAYS[seat][nxt], PASSES[seat])
            return (PLAYS[seat][nxt],)
        return (PASSES[seat],)
    if ph == STAKING:
        return STAKES[seat][min(STAKE, s.ledger.balances[seat])]
    if ph == CHOOSING:
        if s.done:  # AMB-MICHIGAN-05 b: his second choice, after an auction nobody bid in
            return (TakeExtra(seat), Keep(seat))
        if s.opts.sale == "optional":  # AMB-MICHIGAN-17 b: he may keep his hand unsold
            return (TakeExtra(seat), Keep(seat), PASSES[seat])
        return (TakeExtra(seat), Keep(seat))
    if ph == AUCTION:
        top = s.ledger.balances[seat]  # AMB-MICHIGAN-04: more than the best, at most all he has
        bids = tuple(Bid(seat, k) for k in range(s.high + 1, top + 1))
        return bids + (PASSES[seat],)
    return ()


def apply(s: MichiganState, a: Action) -> MichiganState:
    """The position after ``a``, or :class:`IllegalAction` naming the rule it breaks."""
    if s.phase == OVER:
        raise IllegalAction("core/game-over", "the game is over")
    if a.seat != s.turn:
        raise IllegalAction("core/out-of-turn", f"it is seat {s.turn}'s turn, not seat {a.seat}'s")
    if s.phase == PLAYING:
        return _apply_play(s, a)
    if s.phase == STAKING:
        return _apply_stake(s, a)
    if s.phase == CHOOSING:
        return _apply_choice(s, a)
    return _apply_bid(s, a)


def _apply_stake(s: MichiganState, a: Action) -> MichiganState:
    if not isinstance(a, Stake):
        raise IllegalAction("core/wrong-action", "before the deal each player stakes chips")
    if a.others:  # michigan/stake-four: the chips go on the boodle cards only
        raise IllegalAction(
            "michigan/stake-four",
            f"{' '.join(names(c for c, _ in a.others))}: not a boodle card; chips are staked "
            "on A♥, K♦, Q♠ and J♣ only",
        )
    due = stake_due(s.ledger.balances[a.seat])  # AMB-MICHIGAN-03: four, or all he has
    if min(a.split) < 0 or sum(a.split) != due:  # michigan/stake-four
        raise IllegalAction(
            "michigan/stake-four",
            f"seat {a.seat} must put exactly {due} chips on the boodle cards",
        )
    ledger = s.ledger
    for name, k in zip(BOODLE_NAMES, a.split, strict=True):
        if k:
            ledger = ledger.transfer(str(a.seat), name, k)
    staked = s.staked + (a.seat,)
    nxt = _next_active(s, a.seat)
    # AMB-MICHIGAN-03: in turn from the dealer's left round to the dealer
    if a.seat == s.dealer or nxt in staked:
        # michigan/dealer-choice
        return s._replace(ledger=ledger, staked=staked, phase=CHOOSING, turn=s.dealer)
    return s._replace(ledger=ledger, staked=staked, turn=nxt)


def _apply_choice(s: MichiganState, a: Action) -> MichiganState:
    if isinstance(a, TakeExtra):  # michigan/dealer-choice: his own hand goes dead
        d = s.dealer
        return _begin_play(
            s._replace(
                dead=s.dead + s.hands[d],
                hands=put(s.hands, d, s.extra),
                extra=(),
                laid_by=d,
                done=(),
            )
        )
    if isinstance(a, Keep) and s.done:
        # michigan/no-bid: his second choice, the auction sold nothing: keeping his hand
        # leaves the extra hand dead (AMB-MICHIGAN-05 b)
        return _begin_play(s._replace(dead=s.dead + s.extra, extra=(), done=()))
    if isinstance(a, Keep):  # michigan/auction: he must auction the extra hand
        s = s._replace(phase=AUCTION, high=0, bidder=-1, done=())
        return _auction_next(s, s.dealer)
    if isinstance(a, Pass) and s.opts.sale == "optional" and not s.done:
        # AMB-MICHIGAN-17 b: he keeps his hand and sells nothing; the extra hand is dead, unseen
        return _begin_play(s._replace(dead=s.dead + s.extra, extra=()))
    raise IllegalAction("core/wrong-action", "the dealer takes the extra hand or keeps his own")


def _apply_bid(s: MichiganState, a: Action) -> MichiganState:
    one_round = s.opts.auction == "one-round"
    if isinstance(a, Pass):
        return _auction_next(s._replace(done=s.done + (a.seat,)), a.seat)
    if not isinstance(a, Bid):
        raise IllegalAction("core/wrong-action", "in the auction a player bids or passes")
    if not bid_allowed(a.amount, s.high, s.ledger.balances[a.seat]):  # michigan/auction
        raise IllegalAction(
            "michigan/auction",
            f"a bid must beat {s.high} and be at most the bidder's {s.ledger.balances[a.seat]} "
            "chips",
        )
    done = s.done
    if one_round:  # michigan/auction: each bids once (AMB-MICHIGAN-04)
        done = done + (a.seat,)
    ledger = s.ledger
    if s.opts.bids_paid == "every-bid":  # AMB-MICHIGAN-29 b: every bid is paid as it is made
        ledger = ledger.transfer(str(a.seat), str(s.dealer), a.amount)
    s = s._replace(high=a.amount, bidder=a.seat, done=done, ledger=ledger)
    return _auction_next(s, a.seat)


def _apply_play(s: MichiganState, a: Action) -> MichiganState:
    after = _apply_play_said(s, a)
    if s.opts.passes_implied:  # AMB-MICHIGAN-14 b: the passes of those who cannot play
        return _implied_passes(after)
    return after


def _implied_passes(s: MichiganState) -> MichiganState:
    """``s`` with every pass said that the rules leave no choice about (AMB-MICHIGAN-14 b):
    while a run is being built and the player to move does not hold its next card, he passes
    (michigan/pass), so the turn goes on to the holder of the next card, or the run stops as
    the passes stop it (michigan/run-stops). A holder who may hold back (hold_back=yes) still
    chooses, and a player who cannot start a new run still says pass (michigan/new-run-passes)."""
    for _ in range(s.players):  # once round the table at most (a run loaded without its
        # last player, by, is stopped by no pass: its turn is left where a round ends)
        if s.phase != PLAYING or s.last < 0 or NEXT_UP[s.last] in s.hands[s.turn]:
            break
        s = _after_pass(s, s.turn)
    return s


def _apply_play_said(s: MichiganState, a: Action) -> MichiganState:
    seat = a.seat
    hand = s.hands[seat]
    if s.last < 0:
        choices = _lead_choices(s, seat)
        if isinstance(a, Pass):
            if choices:  # michigan/new-run-passes: only one who cannot start a run passes
                raise IllegalAction(
                    "michigan/new-run-passes", f"seat {seat} can start a run and may not pass"
                )
            # michigan/new-run-passes: to the next player in the deal on his left (AMB-MICHIGAN-08)
            return s._replace(turn=_next_active(s, seat))
        if not isinstance(a, Play):
            raise IllegalAction("core/wrong-action", "a run is started with a card")
        if a.card not in hand:
            raise IllegalAction("core/not-held", f"seat {seat} does not hold {card_name(a.card)}")
        if a.card not in choices:
            rule = "michigan/first-lead" if s.prev_suit < 0 else "michigan/new-run"
            raise IllegalAction(
                rule,
                f"{card_name(a.card)} is not the lowest card of a suit he may start a run in",
            )
        return _after_play(s, seat, a.card)
    nxt = NEXT_UP[s.last]
    if isinstance(a, Pass):
        if nxt in hand and not s.opts.may_hold_back:  # michigan/pass: one who can play may not pass
            raise IllegalAction("michigan/pass", f"seat {seat} holds {card_name(nxt)}")
        return _after_pass(s, seat)
    if not isinstance(a, Play):
        raise IllegalAction(
            "core/wrong-action", "during a run a player plays the next card or passes"
        )
    if a.card not in hand:
        raise IllegalAction("core/not-held", f"seat {seat} does not hold {card_name(a.card)}")
    if a.card != nxt:  # michigan/build-up
        wanted = "nothing more" if nxt < 0 else card_name(nxt)
        raise IllegalAction("michigan/build-up", f"the run needs {wanted}, not {card_name(a.card)}")
    return _after_play(s, seat, a.card)


#: ``NEXT_UP[c]``: the card one rank above ``c`` in its suit, or -1 above the ace.
NEXT_UP: Final = tuple(-1 if next_up(c) is None else c + 1 for c in range(52))
PLAYS: Final = tuple(tuple(Play(seat, c) for c in range(52)) for seat in range(MAX_PLAYERS))
PASSES: Final = tuple(Pass(seat) for seat in range(MAX_PLAYERS))
STAKES: Final = tuple(
    tuple(tuple(Stake(seat, sp) for sp in stake_splits(k)) for k in range(STAKE + 1))
    for seat in range(MAX_PLAYERS)
)


def outcome(s: MichiganState) -> Outcome | None:
    """The winner (first out of cards), once the deal is over; scores are the chips held."""
    if s.phase != OVER:
        return None
    n = s.players
    losers = tuple(p for p in range(n) if p != s.winner and p not in s.out)
    return Outcome(
        winners=(s.winner,),
        losers=losers,
        reason=f"seat {s.winner} is the first out of cards",
        scores=s.ledger.balances[:n],
    )


def to_move(s: MichiganState) -> Seat | None:
    return None if s.phase == OVER else s.turn


def phase_name(s: MichiganState) -> str:
    return PHASES[s.phase]


def all_cards(s: MichiganState) -> tuple[Card, ...]:
    """Every card of the state."""
    return tuple(c for h in s.hands for c in h) + s.extra + s.dead + s.table


def chips_in_play(s: MichiganState) -> int:
    """Every chip of the ledger, the seats' and the pots': the rules move chips, never make them."""
    return s.ledger.total


# --- observation and notation -------------------------------------------------------------


def _cards_json(cs: Sequence[Card]) -> JSON:
    out: list[JSON] = [card_name(c) for c in sorted(cs)]
    return out


def _boodle(s: MichiganState) -> JSON:
    """The chips on each boodle card: ``{"AH": n, …}``."""
    return {k: s.ledger.balances[s.players + i] for i, k in enumerate(BOODLE_NAMES)}


BOODLE_CHIPS: Final[Observable[MichiganState]] = Observable("boodle", _boodle)
#: The seats sitting out.
OUT: Final[Observable[MichiganState]] = Observable("out", lambda s: list(s.out))
#: The last card of the run being built, or null.
RUN: Final[Observable[MichiganState]] = Observable(
    "run", lambda s: None if s.last < 0 else card_name(s.last)
)

OBSERVABLES: Final[tuple[Observable[MichiganState] | PerSeat[MichiganState], ...]] = (
    obs.HAND,
    obs.TABLE,  # the cards played, in order
    obs.CHIPS,  # the seats' balances
    Observable("pot", _boodle),
    BOODLE_CHIPS,
    Observable("extra", lambda s: _cards_json(s.extra)),
    Observable("dead", lambda s: _cards_json(s.dead)),
    OUT,
    RUN,
)


def dealt(s: MichiganState) -> bool:
    """Whether the cards are dealt as the text tells it: after the stakes (004:P6.S2 «Перед
    любой сдачей»); the model deals them when the table is set, unseen till then
    (AMB-MICHIGAN-12)."""
    return s.phase != STAKING


def _view_hand(s: MichiganState, viewer: Viewer) -> JSON:
    # michigan/seen: his own hand, from the deal that follows the stakes (AMB-MICHIGAN-12)
    return None if viewer is None or not dealt(s) else _cards_json(s.hands[viewer])


def _view_hand_sizes(s: MichiganState, viewer: Viewer) -> JSON:
    out: list[JSON] = [len(h) for h in s.hands]
    return out if dealt(s) else None


def _view_extra_size(s: MichiganState, viewer: Viewer) -> JSON:
    return len(s.extra) if dealt(s) else None


def _view_laid_down(s: MichiganState, viewer: Viewer) -> JSON:
    # michigan/seen: a hand laid face down, seen by the one who laid it (004:P8.S1, 004:P9.S4),
    # by nobody else, never turned up (AMB-MICHIGAN-22)
    return _cards_json(s.dead) if viewer is not None and viewer == s.laid_by else None


def _view_dead_size(s: MichiganState, viewer: Viewer) -> JSON:
    return len(s.dead)


def _view_shown(s: MichiganState, viewer: Viewer) -> JSON:
    # michigan/seen: the cards left, laid face up at the end under shown_at_end=shown
    # (AMB-MICHIGAN-13)
    shown = s.phase == OVER and s.opts.shown_at_end == "shown"
    out: list[JSON] = [_cards_json(h) if shown else None for h in s.hands]
    return out


def _view_boodle(s: MichiganState, viewer: Viewer) -> JSON:
    # michigan/seen: the chips on the boodle, in sight; under stakes_seen=all-at-once seen by
    # nobody while the stakes are put (AMB-MICHIGAN-03 d)
    hidden = s.phase == STAKING and s.opts.stakes_seen == "all-at-once"
    return None if hidden else _boodle(s)


def _view_prev_suit(s: MichiganState, viewer: Viewer) -> JSON:
    return None if s.prev_suit < 0 else suit_letter(s.prev_suit)


def _view_staked(s: MichiganState, viewer: Viewer) -> JSON:
    out: list[JSON] = list(s.staked)
    return out


def _view_auction(s: MichiganState, viewer: Viewer) -> JSON:
    done: list[JSON] = list(s.done)
    return {"high": s.high, "bidder": None if s.bidder < 0 else s.bidder, "done": done}


def _view_dealer(s: MichiganState, viewer: Viewer) -> JSON:
    return s.dealer


#: What each seat may see (design §2), field by field (:mod:`reference.core.views`):
#: michigan/seen.
VIEW: Final[tuple[Shown[MichiganState], ...]] = (
    # 004:P7.S1, 004:P9.S2: each player looks at his own cards, once they are dealt
    Shown("hand", _view_hand),
    Shown("hand_sizes", _view_hand_sizes),  # the backs of the cards dealt are seen
    # 004:P5.S4: the extra hand lies face down, seen by nobody until it is taken, the dealer
    # choosing blind (AMB-MICHIGAN-23)
    Shown("extra_size", _view_extra_size),
    # 004:P8.S1, 004:P9.S4: a hand laid face down («крапом вверх»), out of play
    Shown("laid_down", _view_laid_down),
    Shown("dead_size", _view_dead_size),
    Shown("shown", _view_shown),
    # 004:P2.S3: the boodle lies face up in the middle, the chips staked on it in sight
    Shown("boodle", _view_boodle),
    views.public(obs.CHIPS),
    # 004:P11.S2, 004:P14.S2: the cards played lie face up and stay on the table, in order,
    # every card in view (AMB-MICHIGAN-33)
    views.public(obs.TABLE),
    views.public(RUN),
    Shown("prev_suit", _view_prev_suit),  # the suit of the run just ended (004:P14.S4)
    views.public(OUT),
    Shown("staked", _view_staked),  # 004:P6.S2: the stakes are put on the table
    Shown("auction", _view_auction),  # 004:P9.S1: the bids of an auction are said aloud
    Shown("dealer", _view_dealer),
)


def parse_action(obj: JSON) -> Action:
    """An action from its JSON form, or :class:`FormatError` saying what is wrong."""
    return read_action(obj, GAME_ID, ACTIONS, seats=MAX_PLAYERS)


NOTATION: Final = Notation(GAME_ID, MichiganOptions, OPTIONS, _POSITION_PHASES, _check_players)


def position(s: MichiganState) -> JSONObject:
    """The position in this game's notation (its FEN); :func:`load_position` reads it back."""
    n = s.players
    return {
        **NOTATION.head(n, s.dealer, s.opts, s.phase, to_move(s)),
        "chips": list(s.ledger.balances[:n]),
        "boodle": {k: s.ledger.balances[n + i] for i, k in enumerate(BOODLE_NAMES)},
        "hands": [[card_name(c) for c in h] for h in s.hands],
        "extra": [card_name(c) for c in s.extra],
        "dead": [card_name(c) for c in s.dead],
        "out": list(s.out),
        "staked": list(s.staked),
        "auction": {
            "high": s.high,
            "bidder": None if s.bidder < 0 else s.bidder,
            "done": list(s.done),
        },
        "table": [card_name(c) for c in s.table],
        "run": None if s.last < 0 else card_name(s.last),
        "prev_suit": None if s.prev_suit < 0 else suit_letter(s.prev_suit),
        "winner": None if s.winner < 0 else s.winner,
        "by": None if s.by < 0 else s.by,
        "passes": s.passes,
        "laid_by": None if s.laid_by < 0 else s.laid_by,
    }


def load_position(pos: JSON) -> MichiganState:
    """A state from the position notation; checks the pack and the chips. A position of
    phase ``deal`` whose deal the rules refuse raises :class:`SetupError`, as :func:`setup`
    does."""
    head = NOTATION.read(pos)
    o, n, opts, phase = head.fields, head.players, head.options, head.phase
    dealer = head.dealer
    chips_json = as_list(field(o, "chips", "position"), "position/chips")
    chips = tuple(as_int(v, f"position/chips/{i}") for i, v in enumerate(chips_json))
    boodle_json = as_object(o.get("boodle", {}), "position/boodle")
    boodle = tuple(as_int(boodle_json.get(k, 0), f"position/boodle/{k}") for k in BOODLE_NAMES)
    if len(chips) != n or min(chips + boodle) < 0:
        raise FormatError("position/chips: one non-negative balance per seat")
    if phase == DEALING:
        deck = as_cards(field(o, "deck", "position"), "position/deck")
        try:
            _check_pack(deck, "position/deck")
        except SetupError as e:
            raise FormatError(f"position: {e}") from None
        # the deal is made as the setup makes it, and refused as the setup refuses it (a
        # SetupError under its rule: fewer than two with chips to play, michigan/players)
        return _deal_in(opts, players=n, dealer=dealer, chips=chips, boodle=boodle, order=deck)
    hands = tuple(
        tuple(sorted(h)) for h in card_lists(field(o, "hands", "position"), "position/hands")
    )
    if len(hands) != n:
        raise FormatError(f"position/hands: one hand per seat ({n})")
    auction = as_object(o.get("auction", {}), "position/auction")
    bidder_json = auction.get("bidder")
    run_json = o.get("run")
    prev_json = o.get("prev_suit")
    winner_json = o.get("winner")
    try:
        prev = -1 if prev_json is None else parse_suit(as_str(prev_json, "position/prev_suit"))
    except ValueError as e:
        raise FormatError(f"position/prev_suit: {e}") from None
    state = MichiganState(
        opts=opts,
        players=n,
        dealer=dealer,
        phase=phase,
        turn=head.turn,
        ledger=open_ledger(_accounts(n), chips + boodle),
        hands=hands,
        extra=tuple(sorted(as_cards(o.get("extra", []), "position/extra"))),
        dead=as_cards(o.get("dead", []), "position/dead"),
        out=tuple(sorted(read_seats(o.get("out", []), "position/out", n))),
        staked=read_seats(o.get("staked", []), "position/staked", n),
        high=as_int(auction.get("high", 0), "position/auction/high"),
        bidder=-1 if bidder_json is None else as_int(bidder_json, "position/auction/bidder"),
        done=read_seats(auction.get("done", []), "position/auction/done", n),
        table=as_cards(o.get("table", []), "position/table"),
        last=-1 if run_json is None else as_card(run_json, "position/run"),
        prev_suit=prev,
        winner=-1 if winner_json is None else as_int(winner_json, "position/winner"),
        by=-1 if o.get("by") is None else as_int(o.get("by"), "position/by"),
        passes=as_int(o.get("passes", 0), "position/passes"),
        laid_by=-1 if o.get("laid_by") is None else as_int(o.get("laid_by"), "position/laid_by"),
    )
    _check_position(state)
    return state


def _check_position(s: MichiganState) -> None:
    n = s.players
    if not -1 <= s.laid_by < n or (s.laid_by >= 0 and not s.dead):
        raise FormatError("position/laid_by: a seat, whose own hand lies dead")
    try:
        _check_pack(tuple(c for h in s.hands for c in h) + s.extra + s.dead + s.table, "a position")
    except SetupError as e:
        raise FormatError(f"position: {e}") from None
    if s.phase == OVER:
        if s.turn != -1 or not 0 <= s.winner < n:
            raise FormatError("position: a finished deal has no one to move and a winner")
        return
    if not 0 <= s.turn < n or s.turn in s.out:
        raise FormatError("position/to_move: a seat in the deal")
    if n - len(s.out) < 2:
        raise FormatError("position/out: at least two players are in the deal")
    if any(s.hands[p] for p in s.out):
        raise FormatError("position/hands: a seat sitting out holds no cards")
    if s.phase in (STAKING, CHOOSING, AUCTION) and (s.table or not s.extra):
        raise FormatError("position: before play the table is empty and the extra hand is there")
    if s.phase == PLAYING:
        if s.extra:
            raise FormatError("position/extra: in play the extra hand is live or dead")
        if not all(s.hands[p] for p in range(n) if p not in s.out):
            raise FormatError("position/hands: in play every player in the deal holds cards")
        if s.last >= 0 and (
            s.last not in s.table
            or (run_stops(s.last, s.dead + s.table) and not s.opts.after_passes)
        ):
            raise FormatError("position/run: the run's last card is on the table and can go on")
        if s.last >= 0 and (s.opts.may_hold_back or s.opts.after_passes) and not 0 <= s.by < n:
            raise FormatError("position/by: the seat that played the run's last card")
        if not 0 <= s.passes < n:
            raise FormatError("position/passes: fewer passes than players")
    if s.phase == CHOOSING and s.done and s.opts.unsold != "dealer-may-take":
        # AMB-MICHIGAN-05: a second choice follows an unsold auction under reading b only
        raise FormatError("position/auction/done: empty while the dealer chooses")
    if s.bidder >= 0 and not 0 <= s.bidder < n:
        raise FormatError("position/auction/bidder: a seat")
