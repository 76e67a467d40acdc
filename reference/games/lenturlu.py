"""Мушка Лентюрлю, или Желтый карлик, as told in seed 001 (001:P47 to 001:P77):
game id ``mushka-lenturlu``.

Five cards lie on the table as the layout ("лентюрлю"): 7♦, Q♠, A♠, J♣, K♥, markers
outside the 52-card pack (AMB-MUSHKALENTURLU-02). Each player puts in the same stake and
the money is laid on the five cards in the proportion 14:6:8:10:12. The pack is dealt by
the table of 001:P59-P63, the rest making the stock for buying. King high, ace low, no
trumps. The player on the dealer's left leads any card and lays on in sequence (ace, two,
… king) as long as he can; a player who cannot continue buys one card (at most two) from
the stock or passes; whoever lays the king wins: he takes the whole layout and each other
player pays him a fixed sum or the points left in his hand (option ``payment``). Laying
the twin of a layout card takes the money on it, and the others restore it. Under
``way=first-out`` the first player out of cards wins, the king's player taking the trick
and leading anew.

Every kopeck moves through the ledger (:mod:`reference.core.ledger`), whose accounts are
the seats (``"0"``, ``"1"``, …), the five layout cards (``"7D" "QS" "AS" "JC" "KH"``) and
the ``"pool"`` that gathers the stakes before they are laid out (empty after the deal).

Position notation (:func:`position`, :func:`load_position`): a JSON object with ``game``,
``players``, ``dealer``, ``options``, ``phase`` (``play`` or ``over``), ``to_move``,
``purses`` (one balance per seat), ``layout`` (money on ``7D QS AS JC KH``), ``pending``
(under ``restore_by=winner-excluded``: sums taken off layout cards, still to be restored),
``hands`` (one card list per seat), ``stock`` (top card first), ``table`` (cards laid and
not yet taken, in order), ``piles`` (tricks taken, one list per seat), ``run`` (the last
card of the sequence being built, or null when a lead is due), ``last_seat`` (who laid
it), ``passes`` (passes in a row since a card was laid; under ``all_pass=round-continues``
since a card was laid or bought, at most one round), ``bought`` (cards bought in this
turn), ``winner`` (null until the game is over).
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple

from reference.core import observables as obs
from reference.core import views
from reference.core.ace_low import LOW_RANK, cards_of_low_rank, next_up_low
from reference.core.actions import Buy, Pass, Play, read_action
from reference.core.cards import DECK_52, KING, RANK_OF, SUIT_OF, Card, card, card_name, names
from reference.core.errors import FormatError, IllegalAction, SetupError
from reference.core.game import DeckOrder, Outcome, Table
from reference.core.holdings import put, without
from reference.core.jsontypes import (
    JSON,
    JSONObject,
    as_card,
    as_cards,
    as_int,
    as_object,
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
from reference.core.positions import Notation
from reference.core.rules import CORE_RULES, Rule
from reference.core.seats import Seat, left
from reference.core.states import named_updates

GAME_ID: Final = "mushka-lenturlu"
TITLE: Final = "Мушка Лентюрлю, или Желтый карлик (seed 001, «4. Мушка Лентюрлю»)"
MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = 7
#: The layout in the text's order (001:P57): 7♦, Q♠, A♠, J♣, K♥, and the money on each
#: when five players put in 10 kopecks each.
LAYOUT: Final = (card(7, 2), card(12, 0), card(14, 0), card(11, 3), card(13, 1))
LAYOUT_NAMES: Final = tuple(card_name(c) for c in LAYOUT)
WEIGHTS: Final = (14, 6, 8, 10, 12)
#: ``LAYOUT_INDEX[card]``: which layout card a card of the pack is the twin of, or -1.
LAYOUT_INDEX: Final = tuple(LAYOUT.index(c) if c in LAYOUT else -1 for c in range(52))
#: ``FACE_POINTS[card]``: the points of a card left in hand (mushka-lenturlu/points): ace 1,
#: jack, queen and king 10, the others their face value.
FACE_POINTS: Final = tuple(min(LOW_RANK[c], 10) for c in range(52))
#: ``NEXT[card]``: the card one rank above it in its suit, the ace low (-1 above the king):
#: under sequence_suit=same-suit the one card that continues a sequence ending at it
#: (mushka-lenturlu/ace-low, mushka-lenturlu/sequence).
NEXT: Final = tuple(-1 if (x := next_up_low(c)) is None else x for c in range(52))
#: The deal table (001:P59-P63): cards to each hand by the number of players.
HAND_SIZE: Final = {3: 12, 4: 12, 5: 9, 6: 8, 7: 7}
MAX_BUYS: Final = 2
#: The seat counts the text allows, and the pack a table is dealt from.
PLAYER_COUNTS: Final = range(MIN_PLAYERS, MAX_PLAYERS + 1)
PACK: Final = DECK_52

# --- rules, in the order of the text -------------------------------------------------------

RULES: Final = CORE_RULES + (
    Rule(
        "mushka-lenturlu/players",
        ("001:P54.S1", "001:P64.S1", "AMB-MUSHKALENTURLU-01"),
        "Three to seven play; fewer than three or more than seven are refused.",
    ),
    Rule(
        "mushka-lenturlu/dealer",
        ("001:P58.S1", "001:P68.S1"),
        "The dealer is one of the players: a dealer seat outside the table is refused.",
    ),
    Rule(
        "mushka-lenturlu/pack",
        ("001:P53.S1", "001:P52.S1", "001:P52.S4", "001:P52.S5", "001:P55.S1"),
        "The 52-card pack is dealt; the five layout cards 7♦ Q♠ A♠ J♣ K♥ are markers outside "
        "it (AMB-MUSHKALENTURLU-02).",
    ),
    Rule(
        "mushka-lenturlu/stake",
        ("001:P56.S1", "AMB-MUSHKALENTURLU-12"),
        "Before play each player puts in the same stake (option stake) from his purse.",
    ),
    Rule(
        "mushka-lenturlu/layout-split",
        ("001:P57.S1", "AMB-MUSHKALENTURLU-03"),
        "The stakes are laid on 7♦ Q♠ A♠ J♣ K♥ in the proportion 14:6:8:10:12 (14 6 8 10 12 "
        "when five put in 10 each); kopecks left over by the division per option layout_split.",
    ),
    Rule(
        "mushka-lenturlu/deal",
        (
            "001:P58.S1",
            "001:P59.S1",
            "001:P60.S1",
            "001:P61.S1",
            "001:P62.S1",
            "001:P63.S1",
            "AMB-MUSHKALENTURLU-04",
        ),
        "Hands by the number of players: four 12 (stock 4), five 9 (stock 7), six 8 (stock 4), "
        "seven 7 (stock 3); three per option three_deal; the rest is the stock. Two at a time "
        "for three, and for four or six under deal_packet=twos; one at a time otherwise.",
    ),
    Rule(
        "mushka-lenturlu/ace-low",
        ("001:P65.S1", "001:P67.S1"),
        "The king is the highest card and the ace the lowest: a sequence runs ace, two, … king.",
    ),
    Rule(
        "mushka-lenturlu/sequence",
        ("001:P66.S1", "001:P67.S1", "001:P70.S1", "AMB-MUSHKALENTURLU-05"),
        "No trumps: a card continues the sequence if it is one rank above the last card laid, "
        "of the same suit (or of any suit under sequence_suit=any-suit).",
    ),
    Rule(
        "mushka-lenturlu/first-lead",
        ("001:P68.S1", "AMB-MUSHKALENTURLU-06"),
        "The player on the dealer's left leads any card (a king only if he holds nothing else, "
        "unless king_lead=wins or no-win).",
    ),
    Rule(
        "mushka-lenturlu/play-on",
        ("001:P67.S1", "001:P68.S1", "001:P69.S1", "001:P70.S1", "AMB-MUSHKALENTURLU-07"),
        "A player holding a card that continues the sequence lays it and goes on, laying the "
        "next ones in a row as long as he can; he may neither buy nor pass while he holds one "
        "(under hold_back=may-pass he may pass instead).",
    ),
    Rule(
        "mushka-lenturlu/next-continues",
        ("001:P70.S1", "001:P70.S2", "AMB-MUSHKALENTURLU-07"),
        "When a player passes, the next player to his left continues the sequence from the "
        "last card on the table.",
    ),
    Rule(
        "mushka-lenturlu/buy",
        ("001:P59.S1", "001:P70.S2", "AMB-MUSHKALENTURLU-08"),
        "A player who cannot continue may buy the top card of the stock, one or at most two "
        "(per turn, or per card wanted under buy_limit=per-card), while the stock lasts; "
        "under layer_buys=passes-on not the player who has just laid cards in his turn.",
    ),
    Rule(
        "mushka-lenturlu/pass",
        ("001:P70.S2",),
        "A player who cannot continue may pass instead of buying, and must pass when the cards "
        "he bought do not help.",
    ),
    Rule(
        "mushka-lenturlu/all-pass",
        ("001:P70.S2", "AMB-MUSHKALENTURLU-09"),
        "When every player has passed in turn since the last card was laid, the sequence is "
        "closed and the player who laid that card leads anew (all_pass=last-leads); under "
        "all_pass=round-continues the turn goes on round.",
    ),
    Rule(
        "mushka-lenturlu/stalled-round",
        ("001:P70.S2", "AMB-MUSHKALENTURLU-17"),
        "Under all_pass=round-continues, once every player has passed in turn since the last "
        "card was laid or bought, the player to move who cannot continue must buy while the "
        "stock lasts (stall_end=must-buy); under stall_end=none he may pass on.",
    ),
    Rule(
        "mushka-lenturlu/sequence-stops",
        ("001:P70.S2", "001:P73.S2", "AMB-MUSHKALENTURLU-10"),
        "A sequence whose next card has already been laid is closed and the player who laid "
        "its last card leads anew; a leader with no cards buys one, or passes the lead on "
        "when the stock is empty (under stuck_lead=next-player the next player to his left "
        "leads).",
    ),
    Rule(
        "mushka-lenturlu/layout-take",
        ("001:P74.S1", "AMB-MUSHKALENTURLU-22"),
        "A player who lays the twin of a layout card takes the money on that layout card (in "
        "either way of play; under way=first-out only, under twin_take=second-way).",
    ),
    Rule(
        "mushka-lenturlu/layout-restore",
        ("001:P75.S1", "001:P75.S2", "AMB-MUSHKALENTURLU-11"),
        "The sum taken off a layout card is put back on it by all the other players jointly, "
        "the taker taking no part (or, under restore_by=winner-excluded, at the end by all "
        "but the winner); shares differ by at most a kopeck.",
    ),
    Rule(
        "mushka-lenturlu/king-wins",
        ("001:P70.S2", "001:P71.S1", "AMB-MUSHKALENTURLU-06"),
        "Under way=king, whoever lays a king wins and takes all the money on the layout (a led "
        "king only closes the sequence under king_lead=no-win).",
    ),
    Rule(
        "mushka-lenturlu/payment",
        ("001:P71.S1", "001:P71.S2", "AMB-MUSHKALENTURLU-14"),
        "Each other player pays the winner the points left in his hand, point_value kopecks "
        "a point (payment=points), or the fixed sum fixed_payment (payment=fixed).",
    ),
    Rule(
        "mushka-lenturlu/points",
        ("001:P71.S2",),
        "Points: ace 1, jack, queen and king 10, the others their face value.",
    ),
    Rule(
        "mushka-lenturlu/layout-double",
        ("001:P76.S1", "001:P77.S1", "AMB-MUSHKALENTURLU-15"),
        "A twin of a layout card left in hand counts double: Q♠, J♣, K♥ 20, 7♦ 14, A♠ 1 "
        "(2 under ace_spades_points=2); under twin_points=second-way only under "
        "way=first-out, every card counting its face value under way=king.",
    ),
    Rule(
        "mushka-lenturlu/one-game",
        ("001:P72.S1", "AMB-MUSHKALENTURLU-16"),
        "One deal is one game; the next game is a new table with a new stake.",
    ),
    Rule(
        "mushka-lenturlu/first-out",
        ("001:P73.S1", "AMB-MUSHKALENTURLU-13"),
        "Under way=first-out the first player out of cards wins; he takes the layout and is "
        "paid as in the first way (nothing under first_out_pay=none).",
    ),
    Rule(
        "mushka-lenturlu/king-takes-trick",
        ("001:P73.S2", "001:P73.S3", "AMB-MUSHKALENTURLU-13"),
        "Under way=first-out, whoever lays a king takes the cards on the table as his trick "
        "and leads anew with any card.",
    ),
)

# --- options: the rulings of the register --------------------------------------------------


@dataclass(frozen=True, slots=True)
class LenturluOptions(GameOptions):
    """The options of one game (the stakes agreed at the table, and the rulings)."""

    stake: int = option(
        10,
        'Kopecks each player puts in before play ("известную сумму поровну, например хоть '
        'по 10 коп.").',
        minimum=1,
        maximum=1000,
        ruling="AMB-MUSHKALENTURLU-12",
    )
    purse: int = option(
        100,
        "Kopecks each player has at the start; a purse may go below zero (a debt).",
        minimum=0,
        maximum=100000,
        ruling="AMB-MUSHKALENTURLU-12",
    )
    layout_split: str = option(
        "largest-remainder",
        "Kopecks left over when the pool is divided 14:6:8:10:12: one each to the cards "
        "with the largest fractions (largest-remainder), or all on the 7♦ "
        "(remainder-to-seven).",
        ("largest-remainder", "remainder-to-seven"),
        ruling="AMB-MUSHKALENTURLU-03",
    )
    three_deal: str = option(
        "twelve",
        "Three players: 12 cards each and the remaining 16 to the stock (twelve), or 15 "
        "each and 7 to the stock (fifteen).",
        ("twelve", "fifteen"),
        ruling="AMB-MUSHKALENTURLU-04",
    )
    deal_packet: str = option(
        "ones",
        "Four and six players: the hands of 12 and 8 dealt one card at a time (ones), or "
        "two at a time as 001:P59 deals for three (twos).",
        ("ones", "twos"),
        ruling="AMB-MUSHKALENTURLU-04",
    )
    sequence_suit: str = option(
        "same-suit",
        "A sequence stays in the suit of its first card (same-suit) or goes on in any suit "
        "(any-suit).",
        ("same-suit", "any-suit"),
        ruling="AMB-MUSHKALENTURLU-05",
    )
    king_lead: str = option(
        "barred",
        "A king may be led only by a player holding nothing else (barred), or freely, "
        "winning at once (wins), or freely without winning: a led king only closes the "
        "sequence (no-win).",
        ("barred", "wins", "no-win"),
        ruling="AMB-MUSHKALENTURLU-06",
    )
    buy_limit: str = option(
        "per-turn",
        "At most two cards bought in one turn (per-turn), or two for each card wanted (per-card).",
        ("per-turn", "per-card"),
        ruling="AMB-MUSHKALENTURLU-08",
    )
    hold_back: str = option(
        "must-lay",
        "A player holding a card that continues the sequence must lay it (must-lay), or may "
        "stop and pass instead, holding it back (may-pass).",
        ("must-lay", "may-pass"),
        ruling="AMB-MUSHKALENTURLU-07",
    )
    layer_buys: str = option(
        "may",
        "A player who has laid cards in his turn and can lay no more may buy like anyone "
        "(may), or passes the turn to his left at once (passes-on).",
        ("may", "passes-on"),
        ruling="AMB-MUSHKALENTURLU-07",
    )
    all_pass: str = option(
        "last-leads",
        "When all have passed in turn: the player who laid the last card leads anew "
        "(last-leads), or the turn goes on round (round-continues).",
        ("last-leads", "round-continues"),
        ruling="AMB-MUSHKALENTURLU-09",
    )
    stall_end: str = option(
        "must-buy",
        "Under all_pass=round-continues, after a whole round of passes with nothing laid or "
        "bought: the player to move must buy while the stock lasts (must-buy), or may pass "
        "on for ever (none).",
        ("must-buy", "none"),
        ruling="AMB-MUSHKALENTURLU-17",
    )
    stuck_lead: str = option(
        "last-layer",
        "Who leads after a sequence is closed because its next card has been laid: the "
        "player who laid its last card (last-layer), or the next player to his left "
        "(next-player).",
        ("last-layer", "next-player"),
        ruling="AMB-MUSHKALENTURLU-10",
    )
    restore_by: str = option(
        "taker-excluded",
        "Who restores a layout stake taken: at once, all but the taker (taker-excluded); "
        "or at the end, all but the winner of the game (winner-excluded).",
        ("taker-excluded", "winner-excluded"),
        ruling="AMB-MUSHKALENTURLU-11",
    )
    way: str = option(
        "king",
        "Who wins: whoever lays a king (king), or the first out of cards (first-out).",
        ("king", "first-out"),
        ruling="AMB-MUSHKALENTURLU-13",
    )
    first_out_pay: str = option(
        "as-first-way",
        "Under way=first-out: the others pay the winner as in the first way (as-first-way), "
        "or pay nothing, the winner taking the layout only (none), or pay him as in the "
        "first way while the layout stays on the table, not his (no-layout).",
        ("as-first-way", "none", "no-layout"),
        ruling="AMB-MUSHKALENTURLU-13",
    )
    payment: str = option(
        "points",
        "What each other player pays the winner: the points left in his hand, or a fixed sum.",
        ("points", "fixed"),
        ruling="AMB-MUSHKALENTURLU-14",
    )
    fixed_payment: int = option(
        10,
        'The fixed sum each pays the winner under payment=fixed ("по особому соглашению").',
        minimum=0,
        maximum=1000,
        ruling="AMB-MUSHKALENTURLU-14",
    )
    point_value: int = option(
        1,
        "Kopecks each point left in hand is worth under payment=points: one kopeck a point, "
        "or a rate agreed at the table.",
        minimum=1,
        maximum=100,
        ruling="AMB-MUSHKALENTURLU-14",
    )
    ace_spades_points: int = option(
        1,
        "Points of the A♠ left in hand: 1 as 001:P77 says, or 2 (double the ace) by 001:P76.",
        (1, 2),
        ruling="AMB-MUSHKALENTURLU-15",
    )
    twin_points: str = option(
        "every-way",
        "A twin of a layout card left in hand counts double in either way of play "
        "(every-way), or only under way=first-out, where 001:P76-P77 stand (second-way): "
        "under way=king every card then counts its face value.",
        ("every-way", "second-way"),
        ruling="AMB-MUSHKALENTURLU-15",
    )
    twin_take: str = option(
        "every-way",
        "Laying the twin of a layout card takes the money on it in either way of play "
        "(every-way), or only under way=first-out, where 001:P74 stands (second-way).",
        ("every-way", "second-way"),
        ruling="AMB-MUSHKALENTURLU-22",
    )
    winning_twin: str = option(
        "take-and-restore",
        "A twin of a layout card laid as the winning card (the K♥ as the winning king, or "
        "under way=first-out any twin laid last): its money is taken and restored as for any "
        "twin before the winner takes the whole layout (take-and-restore), or the game ends "
        "at once and the winner takes the layout as it lies, that card's money once "
        "(layout-once).",
        ("take-and-restore", "layout-once"),
        ruling="AMB-MUSHKALENTURLU-21",
    )
    taken_tricks: str = option(
        "face-up",
        "Under way=first-out, the cards a king took as a trick: left face up, every seat "
        "seeing them (face-up), or turned face down, only their number seen (face-down). "
        "Changes only what a seat sees.",
        ("face-up", "face-down"),
        ruling="AMB-MUSHKALENTURLU-19",
    )
    hands_at_end: str = option(
        "shown",
        "At the end, the hands of the players who pay by the points left in them: laid open "
        "for the counting (shown), or counted by each alone and kept hidden (kept). Changes "
        "only what a seat sees.",
        ("shown", "kept"),
        ruling="AMB-MUSHKALENTURLU-20",
    )

    # the readings the rules test, found once from the options when they are made (read as
    # plain attributes on every decision; not options themselves: no spec, no part of ==)
    twos: bool = reading(bool)
    any_suit: bool = reading(bool)
    per_card: bool = reading(bool)
    #: Whether a player who laid cards in his turn and can lay no more may buy.
    layer_may_buy: bool = reading(bool)
    #: Whether a player holding a card that continues the sequence may pass instead.
    may_hold_back: bool = reading(bool)
    last_leads: bool = reading(bool)
    must_buy: bool = reading(bool)
    stuck_next: bool = reading(bool)
    taker_excluded: bool = reading(bool)
    first_out: bool = reading(bool)
    first_out_pays: bool = reading(bool)
    #: Whether the winner takes the layout at the end (not under first_out_pay=no-layout).
    takes_layout: bool = reading(bool)
    points: bool = reading(bool)
    #: Whether laying the twin of a layout card takes the money on it in this way of play.
    twins_take: bool = reading(bool)
    #: Whether a twin of a layout card left in hand counts double in this way of play.
    twins_double: bool = reading(bool)

    def __post_init__(self) -> None:
        put = object.__setattr__  # (a frozen dataclass sets its own fields this way)
        put(self, "twos", self.deal_packet == "twos")  # AMB-MUSHKALENTURLU-04 c
        put(self, "any_suit", self.sequence_suit == "any-suit")  # AMB-MUSHKALENTURLU-05 b
        put(self, "per_card", self.buy_limit == "per-card")  # AMB-MUSHKALENTURLU-08 b
        put(self, "layer_may_buy", self.layer_buys == "may")  # AMB-MUSHKALENTURLU-07 a
        put(self, "may_hold_back", self.hold_back == "may-pass")  # AMB-MUSHKALENTURLU-07 c
        put(self, "last_leads", self.all_pass == "last-leads")  # AMB-MUSHKALENTURLU-09 a
        put(self, "must_buy", self.stall_end == "must-buy")  # AMB-MUSHKALENTURLU-17 a
        put(self, "stuck_next", self.stuck_lead == "next-player")  # AMB-MUSHKALENTURLU-10 b
        put(self, "taker_excluded", self.restore_by == "taker-excluded")  # AMB-MUSHKALENTURLU-11 a
        put(self, "first_out", self.way == "first-out")  # AMB-MUSHKALENTURLU-13 b, c
        # AMB-MUSHKALENTURLU-13 b and d: the others pay the first out as in the first way
        put(self, "first_out_pays", self.first_out_pay != "none")
        # AMB-MUSHKALENTURLU-13 d (first_out_pay=no-layout): under way=first-out the layout
        # stays on the table
        put(self, "takes_layout", not (self.first_out and self.first_out_pay == "no-layout"))
        put(self, "points", self.payment == "points")  # AMB-MUSHKALENTURLU-14 a
        # AMB-MUSHKALENTURLU-22: a twin takes its money in either way (every-way), or only
        # under way=first-out (second-way)
        put(self, "twins_take", self.first_out or self.twin_take == "every-way")
        # AMB-MUSHKALENTURLU-15: a twin left in hand counts double in either way (every-way),
        # or only under way=first-out (second-way)
        put(self, "twins_double", self.first_out or self.twin_points == "every-way")


OPTIONS: Final = LenturluOptions.specs()
#: The options of a table that gives none: every option at its default.
DEFAULT_OPTIONS: Final = LenturluOptions()


# --- actions and state ----------------------------------------------------------------------


Action = Play | Buy | Pass
ACTIONS: Final[tuple[type[Action], ...]] = (Play, Buy, Pass)

PLAYING: Final = 1
OVER: Final = 0
PHASES: Final = {PLAYING: "play", OVER: "over"}

Hands = tuple[tuple[Card, ...], ...]


@named_updates
class LenturluState(NamedTuple):
    """A position of the game. Immutable.

    ``hands`` are sorted; ``stock`` is top card first; ``table`` the cards laid and not
    taken; ``piles`` the tricks taken (way=first-out); ``laid`` a bit mask of every card
    laid (table and piles). ``last`` is the last card of the sequence being built, -1 when
    a lead is due; ``last_seat`` who laid it. ``passes`` counts passes in a row since a card
    was laid, ``bought`` the cards bought in this turn. ``pending`` holds, under
    restore_by=winner-excluded, the sums taken off each layout card still to be restored.
    ``turn`` and ``winner`` are -1 while they do not apply.
    """

    opts: LenturluOptions
    players: int
    dealer: Seat
    phase: int
    turn: Seat
    ledger: Ledger
    pending: tuple[int, ...]
    hands: Hands
    stock: tuple[Card, ...]
    table: tuple[Card, ...]
    piles: Hands
    laid: int
    last: Card
    last_seat: Seat
    passes: int
    bought: int
    winner: Seat


# --- decision functions (with contracts) -----------------------------------------------------


STATE: Final = LenturluState


def layout_amounts(total: int, remainder_to_seven: bool) -> tuple[int, ...]:
    """The money laid on 7♦ Q♠ A♠ J♣ K♥ out of a pool of ``total`` kopecks, 14:6:8:10:12.

    Each card gets the whole kopecks of its share; the kopecks left over go one each to the
    cards with the largest fractions (ties in the text's order), or all to the 7♦.

    pre: 0 <= total <= 100000
    post: len(__return__) == 5 and sum(__return__) == total
    post: all(a >= 0 for a in __return__)
    post: all(abs(a*50 - total*w) < 250 for a, w in zip(__return__, WEIGHTS))
    post: remainder_to_seven or all(abs(a*50 - total*w) < 50 for a, w in zip(__return__, WEIGHTS))
    """
    shares = [total * w // 50 for w in WEIGHTS]
    left_over = total - sum(shares)
    if remainder_to_seven:  # AMB-MUSHKALENTURLU-03 (layout_split=remainder-to-seven)
        shares[0] += left_over
        return tuple(shares)
    # AMB-MUSHKALENTURLU-03 (largest-remainder): ties in the text's order
    # (a stable sort, largest first: equal fractions keep the text's order)
    fractions = sorted(range(5), key=[total * w % 50 for w in WEIGHTS].__getitem__, reverse=True)
    for i in fractions[:left_over]:
        shares[i] += 1
    return tuple(shares)


def restore_shares(amount: int, others: int) -> tuple[int, ...]:
    """What each of ``others`` players puts in to restore ``amount`` on a layout card, in
    turn from the left of the one excluded: equal shares, the first ones a kopeck more.

    pre: 0 <= amount <= 100000
    pre: 1 <= others <= 6
    post: len(__return__) == others and sum(__return__) == amount
    post: all(x in (amount // others, amount // others + 1) for x in __return__)
    post: all(__return__[i] >= __return__[i + 1] for i in range(others - 1))
    """
    base, extra = divmod(amount, others)
    return tuple(base + 1 if i < extra else base for i in range(others))


def card_points(c: Card, ace_spades: int) -> int:
    """The points of a card left in hand: ace 1, faces 10, others face value; a twin of a
    layout card double, the A♠ counting ``ace_spades``.

    pre: 0 <= c < 52
    pre: ace_spades in (1, 2)
    post: 1 <= __return__ <= 20
    post: LAYOUT_INDEX[c] >= 0 or __return__ == min(LOW_RANK[c], 10)
    """
    base = FACE_POINTS[c]  # mushka-lenturlu/points
    if LAYOUT_INDEX[c] < 0:
        return base
    if c == LAYOUT[2]:  # mushka-lenturlu/layout-double: the A♠ counts as the option says
        return ace_spades
    return 2 * base  # mushka-lenturlu/layout-double


def hand_points(hand: Sequence[Card], ace_spades: int) -> int:
    """The points of the cards left in a hand.

    pre: len(hand) <= 28 and all(0 <= c < 52 for c in hand)
    pre: ace_spades in (1, 2)
    post: len(hand) <= __return__ <= 20 * len(hand)
    """
    return sum(card_points(c, ace_spades) for c in hand)


def payment_due(hand: Sequence[Card], points: bool, fixed: int, ace_spades: int) -> int:
    """What a losing player pays the winner: his points, or the fixed sum.

    pre: len(hand) <= 28 and all(0 <= c < 52 for c in hand)
    pre: 0 <= fixed <= 1000 and ace_spades in (1, 2)
    post: __return__ == (hand_points(hand, ace_spades) if points else fixed)
    """
    if points:
        return hand_points(hand, ace_spades)
    return fixed


def face_points(hand: Sequence[Card]) -> int:
    """The points of the cards left in a hand, each at its face value, a twin of a layout
    card not doubled (twin_points=second-way under way=king: AMB-MUSHKALENTURLU-15).

    pre: len(hand) <= 28 and all(0 <= c < 52 for c in hand)
    post: len(hand) <= __return__ <= 10 * len(hand)
    """
    return sum(FACE_POINTS[c] for c in hand)  # mushka-lenturlu/points


def follows(last: Card, c: Card, any_suit: bool) -> bool:
    """Whether ``c`` continues a sequence whose last card is ``last`` (ace low, king high).

    pre: 0 <= last < 52 and 0 <= c < 52
    post: __return__ == (LOW_RANK[c] - LOW_RANK[last] == 1 and (any_suit or c // 13 == last // 13))
    """
    # mushka-lenturlu/ace-low, mushka-lenturlu/sequence; nothing follows a king, the sequence
    # never wrapping round to the ace (AMB-MUSHKALENTURLU-27)
    if LOW_RANK[c] != LOW_RANK[last] + 1:
        return False
    return any_suit or SUIT_OF[c] == SUIT_OF[last]


def continuations(hand: Sequence[Card], last: Card, any_suit: bool) -> tuple[Card, ...]:
    """The cards of ``hand`` that continue the sequence.

    pre: len(hand) <= 28 and all(0 <= c < 52 for c in hand)
    pre: 0 <= last < 52
    post: all(follows(last, c, any_suit) for c in __return__)
    post: all(c in __return__ for c in hand if follows(last, c, any_suit))
    """
    return tuple(c for c in hand if follows(last, c, any_suit))


def lead_choices(hand: Sequence[Card], kings_barred: bool) -> tuple[Card, ...]:
    """The cards a leader may lead: any card, kings only if he holds nothing else (when barred).

    pre: len(hand) <= 28 and all(0 <= c < 52 for c in hand)
    post: all(c in hand for c in __return__)
    post: (len(__return__) == 0) == (len(hand) == 0)
    post: all(RANK_OF[c] != 13 for c in __return__) or __return__ == tuple(hand)
    post: kings_barred or __return__ == tuple(hand)
    """
    if kings_barred:  # AMB-MUSHKALENTURLU-06 (king_lead=barred)
        others = tuple([c for c in hand if RANK_OF[c] != KING])
        if others:
            return others
    return tuple(hand)


def stalled(passes: int, players: int, last_leads: bool, must_buy: bool) -> bool:
    """Whether the player to move, unable to continue, must buy rather than pass: under
    all_pass=round-continues with stall_end=must-buy, once every player has passed in turn
    since the last card was laid or bought (mushka-lenturlu/stalled-round,
    AMB-MUSHKALENTURLU-17). Under all_pass=last-leads a whole round of passes closes the
    sequence instead, so a buy is never forced.

    pre: 3 <= players <= 7
    pre: 0 <= passes <= players
    post: __return__ == (not last_leads and must_buy and passes == players)
    post: not (__return__ and last_leads)
    """
    return not last_leads and must_buy and passes >= players


def _all_laid(laid: int, last: Card, any_suit: bool) -> bool:
    """Whether every card of the pack that would continue the sequence has been laid."""
    return all(laid >> c & 1 for c in range(52) if follows(last, c, any_suit))


def is_stuck(last: Card, laid: int, any_suit: bool) -> bool:
    """Whether a sequence ending at ``last`` can go no further: at the king, or every card
    that could continue it has been laid (``laid`` is a bit mask of laid cards).

    pre: 0 <= last < 52 and laid >= 0
    post: RANK_OF[last] != 13 or __return__
    post: RANK_OF[last] == 13 or __return__ == _all_laid(laid, last, any_suit)
    """
    if RANK_OF[last] == KING:
        return True
    if not any_suit:  # the next card of its suit (there is one below the king)
        return bool(laid >> NEXT[last] & 1)
    return all(laid >> c & 1 for c in cards_of_low_rank(LOW_RANK[last] + 1))


# --- setup: the stakes, the layout and the deal (001:P53-P64) -----------------------------------


def _accounts(n: int) -> tuple[str, ...]:
    return tuple(str(p) for p in range(n)) + LAYOUT_NAMES + ("pool",)


#: ``ACCOUNTS[n]``: the ledger's accounts for ``n`` players (:func:`_accounts`).
ACCOUNTS: Final = {n: _accounts(n) for n in PLAYER_COUNTS}


def _check_players(n: int, opts: LenturluOptions) -> None:
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:  # mushka-lenturlu/players
        raise SetupError(
            f"{GAME_ID}: {n} players; three to seven play (001:P54: as in ordinary mushka, "
            "at least three; 001:P64: more than seven should not be admitted)",
            "mushka-lenturlu/players",
        )


def _check_dealer(n: int, dealer: Seat) -> None:
    if not 0 <= dealer < n:  # mushka-lenturlu/dealer
        raise SetupError(
            f"{GAME_ID}: dealer seat {dealer} is not a seat of {n} players",
            "mushka-lenturlu/dealer",
        )


def _check_pack(cards: Sequence[Card], where: str) -> None:
    if sorted(cards) != list(DECK_52):  # mushka-lenturlu/pack
        missing = sorted(set(DECK_52) - set(cards))
        extra = sorted(c for c in set(cards) if list(cards).count(c) > 1)
        raise SetupError(
            f"{GAME_ID}: {where} must hold the 52-card pack exactly once "
            f"(missing {names(missing)}, duplicated {names(extra)})",
            "mushka-lenturlu/pack",
        )


def hand_size(players: int, three_deal: str) -> int:
    """Cards dealt to each hand (mushka-lenturlu/deal)."""
    if players == 3 and three_deal == "fifteen":  # AMB-MUSHKALENTURLU-04
        return 15
    return HAND_SIZE[players]


def deal_packet(players: int, twos: bool) -> int:
    """Cards given at a time: two for three players (001:P59), and for four or six under
    deal_packet=twos; one otherwise (AMB-MUSHKALENTURLU-04).

    pre: 3 <= players <= 7
    post: __return__ == (2 if players == 3 or (twos and players in (4, 6)) else 1)
    """
    if players == 3:  # mushka-lenturlu/deal: "по две карты" for three
        return 2
    if twos and players % 2 == 0:  # AMB-MUSHKALENTURLU-04 (deal_packet=twos): 12 and 8 in twos
        return 2
    return 1  # AMB-MUSHKALENTURLU-04 (deal_packet=ones)


def deal_hands(
    players: int, dealer: Seat, order: Sequence[Card], three_deal: str, twos: bool
) -> tuple[Hands, tuple[Card, ...]]:
    """The hands (by seat, sorted) and the stock (top first) dealt from ``order``: from the
    dealer's left, two at a time for three players (001:P59; the fifteenth card alone), and
    for four or six under deal_packet=twos, one at a time otherwise (AMB-MUSHKALENTURLU-04)."""
    size = hand_size(players, three_deal)
    packet = deal_packet(players, twos)
    step = packet * players
    whole = size // packet * step  # the cards dealt in whole packets, a round at a time
    rest = size % packet  # then ``rest`` more each (the fifteenth card of three players)
    got: list[tuple[Card, ...]] = [()] * players
    for k in range(players):  # mushka-lenturlu/deal: the k-th player from the dealer's left
        cards = tuple(order[whole + k * rest : whole + (k + 1) * rest])
        for q in range(k * packet, (k + 1) * packet):  # his places in each round's packets
            cards += tuple(order[q:whole:step])
        got[(dealer + 1 + k) % players] = tuple(sorted(cards))
    return tuple(got), tuple(order[players * size :])


def setup(table: Table) -> LenturluState:
    """The table after the stakes, the layout and the deal: the dealer's left to lead."""
    # a table that gives no options plays each at its default: nothing to check or resolve
    opts = LenturluOptions.of(GAME_ID, OPTIONS, table.options) if table.options else DEFAULT_OPTIONS
    n = table.players
    _check_players(n, opts)
    _check_dealer(n, table.dealer)
    deal = table.deal
    size = hand_size(n, opts.three_deal)
    if isinstance(deal, DeckOrder):
        _check_pack(deal.cards, "the deck order")
        hands, stock = deal_hands(n, table.dealer, deal.cards, opts.three_deal, opts.twos)
    else:
        if len(deal.hands) != n or any(len(h) != size for h in deal.hands) or deal.up:
            raise SetupError(
                f"{GAME_ID}: a deal gives {n} hands of {size} cards and the stock",
                "mushka-lenturlu/deal",
            )
        _check_pack(tuple(c for h in deal.hands for c in h) + deal.stock, "the deal")
        hands, stock = tuple(tuple(sorted(h)) for h in deal.hands), deal.stock
    # AMB-MUSHKALENTURLU-12: every player starts with the same purse
    amounts = layout_amounts(n * opts.stake, opts.layout_split == "remainder-to-seven")
    ledger = open_ledger(ACCOUNTS[n], (opts.purse,) * n + (0,) * 6).transfers(
        [(str(p), "pool", opts.stake) for p in range(n)]  # mushka-lenturlu/stake: the same sum
        # mushka-lenturlu/layout-split
        + [("pool", name, amount) for name, amount in zip(LAYOUT_NAMES, amounts, strict=True)]
    )
    return LenturluState(
        opts=opts,
        players=n,
        dealer=table.dealer,
        phase=PLAYING,
        turn=left(table.dealer, n),  # mushka-lenturlu/first-lead: the dealer's left
        ledger=ledger,
        pending=(0,) * 5,
        hands=hands,
        stock=stock,
        table=(),
        piles=((),) * n,
        laid=0,
        last=-1,
        last_seat=-1,
        passes=0,
        bought=0,
        winner=-1,
    )


# --- play (001:P65-P77) ---------------------------------------------------------------------


def _lead_actions(s: LenturluState, seat: Seat) -> tuple[Action, ...]:
    hand = s.hands[seat]
    if hand:
        plays = PLAYS[seat]
        # AMB-MUSHKALENTURLU-06: a king led freely under king_lead=wins and no-win
        return tuple([plays[c] for c in lead_choices(hand, s.opts.king_lead == "barred")])
    # mushka-lenturlu/sequence-stops (AMB-MUSHKALENTURLU-10): a leader with no cards buys one,
    # or passes the lead on
    return (BUYS[seat],) if s.stock else (PASSES[seat],)


def _continuing(s: LenturluState, hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards of ``hand`` that continue the sequence (:func:`continuations`): under
    sequence_suit=same-suit the next card of the last card's suit, if he holds it."""
    if s.opts.any_suit:  # AMB-MUSHKALENTURLU-05 (any-suit): one rank above, of any suit
        return continuations(hand, s.last, True)
    nxt = NEXT[s.last]
    return (nxt,) if nxt in hand else ()


def _can_continue(s: LenturluState, hand: tuple[Card, ...]) -> bool:
    """Whether ``hand`` holds a card that continues the sequence (mushka-lenturlu/play-on)."""
    return bool(_continuing(s, hand))


def legal_actions(s: LenturluState) -> tuple[Action, ...]:
    """Every action the rules allow now (empty once the game is over)."""
    if s.phase == OVER:
        return ()
    seat = s.turn
    if s.last < 0:
        return _lead_actions(s, seat)
    can = _continuing(s, s.hands[seat])
    if can:  # mushka-lenturlu/play-on
        plays = PLAYS[seat]
        return _or_hold_back(s, seat, tuple([plays[c] for c in can]))
    if _layer_stops(s, seat):  # mushka-lenturlu/buy: AMB-MUSHKALENTURLU-07, layer_buys=passes-on
        return (PASSES[seat],)
    if s.stock and s.bought < MAX_BUYS:  # mushka-lenturlu/buy (AMB-MUSHKALENTURLU-08)
        if stalled(s.passes, s.players, s.opts.last_leads, s.opts.must_buy):
            return (BUYS[seat],)  # mushka-lenturlu/stalled-round (AMB-MUSHKALENTURLU-17)
        return (BUYS[seat], PASSES[seat])
    return (PASSES[seat],)  # mushka-lenturlu/pass: bought cards that do not help, he passes


def _or_hold_back(s: LenturluState, seat: Seat, plays: tuple[Action, ...]) -> tuple[Action, ...]:
    """The plays of a player who can continue, and under hold_back=may-pass a pass as well
    (AMB-MUSHKALENTURLU-07 c: he may stop at will, but not once every player has passed in
    turn since the last card was laid or bought)."""
    if _holds_back(s, s.hands[seat]):
        return plays + (PASSES[seat],)
    return plays


def _holds_back(s: LenturluState, hand: tuple[Card, ...]) -> bool:
    """Whether the player to move, holding a card that continues the sequence, may pass
    instead of laying it (hold_back=may-pass, AMB-MUSHKALENTURLU-07 c): not once a whole round
    has passed (only under all_pass=round-continues, the round closing the sequence under
    last-leads), and not when a card he could lay wins the game (a king under way=king, his
    last card under way=first-out): nobody holds back a win, and a winning king held back
    could leave every king led, none winning, and the game without an end; and never under
    king_lead=no-win, where cards held back let every king come to be led."""
    if not s.opts.may_hold_back or s.passes >= s.players:
        return False
    if s.opts.king_lead == "no-win":  # AMB-MUSHKALENTURLU-07 c: not with a led king not winning
        return False
    can = continuations(hand, s.last, s.opts.any_suit)
    return not any(_wins(s.opts, c, False, len(hand) == 1) for c in can)


def _layer_stops(s: LenturluState, seat: Seat) -> bool:
    """Under layer_buys=passes-on, whether ``seat`` has laid the last card in this turn (no
    pass since): he stops and the next player goes on (AMB-MUSHKALENTURLU-07)."""
    return s.passes == 0 and s.last_seat == seat and not s.opts.layer_may_buy


def apply(s: LenturluState, a: Action) -> LenturluState:
    """The position after ``a``, or :class:`IllegalAction` naming the rule it breaks."""
    if s.phase == OVER:
        raise IllegalAction("core/game-over", "the game is over")
    if a.seat != s.turn:
        raise IllegalAction("core/out-of-turn", f"it is seat {s.turn}'s turn, not seat {a.seat}'s")
    seat = a.seat
    hand = s.hands[seat]
    if s.last < 0:
        return _apply_lead(s, a, hand)
    if isinstance(a, Play):
        if a.card not in hand:
            raise IllegalAction("core/not-held", f"seat {seat} does not hold {card_name(a.card)}")
        if not follows(s.last, a.card, s.opts.any_suit):  # mushka-lenturlu/sequence
            raise IllegalAction(
                "mushka-lenturlu/sequence",
                f"{card_name(a.card)} does not continue the sequence after {card_name(s.last)}",
            )
        return _after_play(s, seat, a.card)
    if _can_continue(s, hand):  # mushka-lenturlu/play-on: he must lay it
        if isinstance(a, Pass) and _holds_back(s, hand):
            return _pass(s, seat)  # AMB-MUSHKALENTURLU-07 c (hold_back=may-pass): he stops
        can = continuations(hand, s.last, s.opts.any_suit)
        raise IllegalAction(
            "mushka-lenturlu/play-on",
            f"seat {seat} holds {card_name(can[0])}, which continues the sequence: he lays it",
        )
    if isinstance(a, Buy):
        if not s.stock or s.bought >= MAX_BUYS or _layer_stops(s, seat):  # mushka-lenturlu/buy
            why = (
                "the stock is empty"
                if not s.stock
                else "he has bought two cards already"
                if s.bought >= MAX_BUYS
                else "he has laid cards in this turn and passes (layer_buys=passes-on)"
            )
            raise IllegalAction("mushka-lenturlu/buy", f"seat {seat} may not buy: {why}")
        return _buy(s, seat)
    if not isinstance(a, Pass):
        raise IllegalAction("core/wrong-action", "a player lays a card, buys or passes")
    if (
        s.stock
        and s.bought < MAX_BUYS
        and stalled(s.passes, s.players, s.opts.last_leads, s.opts.must_buy)
        and not _layer_stops(s, seat)
    ):
        raise IllegalAction(  # mushka-lenturlu/stalled-round (AMB-MUSHKALENTURLU-17)
            "mushka-lenturlu/stalled-round",
            f"every player has passed in turn since the last card: seat {seat} buys",
        )
    return _pass(s, seat)


def _apply_lead(s: LenturluState, a: Action, hand: tuple[Card, ...]) -> LenturluState:
    seat = a.seat
    if isinstance(a, Play):
        if a.card not in hand:
            raise IllegalAction("core/not-held", f"seat {seat} does not hold {card_name(a.card)}")
        if a.card not in lead_choices(hand, s.opts.king_lead == "barred"):
            raise IllegalAction(  # mushka-lenturlu/first-lead
                "mushka-lenturlu/first-lead",
                f"seat {seat} may not lead a king while he holds another card",
            )
        return _after_play(s, seat, a.card, led=True)
    if hand:
        raise IllegalAction("core/wrong-action", f"seat {seat} must lead a card")
    # AMB-MUSHKALENTURLU-10: a leader without cards buys one, or passes the lead on
    if isinstance(a, Buy):
        if not s.stock:
            raise IllegalAction("mushka-lenturlu/buy", "the stock is empty")
        return _buy(s, seat)  # mushka-lenturlu/sequence-stops: a leader with no cards buys
    if s.stock:  # mushka-lenturlu/sequence-stops: he passes the lead only when he cannot buy
        raise IllegalAction(
            "mushka-lenturlu/sequence-stops",
            f"seat {seat} has no card to lead and buys one from the stock",
        )
    return s._replace(turn=left(seat, s.players))


def _buy(s: LenturluState, seat: Seat) -> LenturluState:
    c = s.stock[0]  # mushka-lenturlu/buy: the top card of the stock
    held = list(s.hands[seat])
    insort(held, c)  # into its place: hands are kept sorted
    # mushka-lenturlu/stalled-round: under all_pass=round-continues a buy starts the count of
    # passes again (AMB-MUSHKALENTURLU-17); under last-leads it counts from the last card laid
    return s._replace(
        hands=put(s.hands, seat, tuple(held)),
        stock=s.stock[1:],
        bought=s.bought + 1,
        passes=s.passes if s.opts.last_leads else 0,
    )


def _pass(s: LenturluState, seat: Seat) -> LenturluState:
    # mushka-lenturlu/pass: one who cannot continue may pass rather than buy
    n = s.players
    passes = s.passes + 1
    if passes >= n and s.opts.last_leads:
        # mushka-lenturlu/all-pass (AMB-MUSHKALENTURLU-09): every player has passed in turn;
        # the sequence is closed and the one who laid its last card leads anew
        return s._replace(turn=s.last_seat, last=-1, passes=0, bought=0)
    # mushka-lenturlu/next-continues: the next player continues from the last card (under
    # all_pass=round-continues the count stops at a whole round: AMB-MUSHKALENTURLU-17)
    return s._replace(turn=left(seat, n), passes=min(passes, n), bought=0)


def _after_play(s: LenturluState, seat: Seat, c: Card, led: bool = False) -> LenturluState:
    """The state after ``seat`` has laid ``c`` (taken out of his hand, onto the table);
    ``led`` when it is a lead."""
    n = s.players
    hand = without(s.hands[seat], c)
    table = s.table + (c,)
    laid = s.laid | (1 << c)
    ledger = s.ledger
    pending = s.pending
    opts = s.opts
    i = LAYOUT_INDEX[c]
    # AMB-MUSHKALENTURLU-21 (winning_twin=layout-once): a twin laid as the winning card ends
    # the game at once; the winner takes its money with the layout, neither taken nor restored
    if i >= 0 and opts.winning_twin == "layout-once" and _wins(opts, c, led, not hand):
        i = -1
    if i >= 0 and not opts.twins_take:  # AMB-MUSHKALENTURLU-22 (twin_take=second-way)
        i = -1  # under way=king the twin is an ordinary card: nothing is taken
    if i >= 0:  # mushka-lenturlu/layout-take: the money on that layout card
        name = LAYOUT_NAMES[i]
        amount = ledger.balances[n + i]
        take = (name, str(seat), amount)
        # mushka-lenturlu/layout-restore (AMB-MUSHKALENTURLU-11): the others, jointly, at once
        if opts.taker_excluded:
            ledger = ledger.transfers([take, *_restore(n, seat, name, amount)])
        else:
            ledger = ledger.transfer(*take)
            pending = pending[:i] + (pending[i] + amount,) + pending[i + 1 :]
    s = s._replace(
        hands=put(s.hands, seat, hand),
        table=table,
        laid=laid,
        ledger=ledger,
        pending=pending,
        last=c,
        last_seat=seat,
        passes=0,
        # mushka-lenturlu/buy: under buy_limit=per-card the count of two starts again
        # (AMB-MUSHKALENTURLU-08)
        bought=0 if opts.per_card else s.bought,
    )
    # mushka-lenturlu/king-wins: the king's player wins; under way=first-out
    # (mushka-lenturlu/first-out) the first out of cards wins (AMB-MUSHKALENTURLU-13: his last
    # card may be a king; he wins, no trick is taken)
    if _wins(opts, c, led, not hand):
        return _settle(s, seat)
    # AMB-MUSHKALENTURLU-06 (king_lead=no-win): a led king neither wins nor takes a trick; it
    # only closes the sequence (mushka-lenturlu/sequence-stops)
    if opts.first_out and RANK_OF[c] == KING and not (led and opts.king_lead == "no-win"):
        # mushka-lenturlu/king-takes-trick: he takes the trick and leads anew
        piles = put(s.piles, seat, s.piles[seat] + table)
        return s._replace(table=(), piles=piles, turn=seat, last=-1, bought=0)
    if is_stuck(c, laid, opts.any_suit):
        # mushka-lenturlu/sequence-stops (AMB-MUSHKALENTURLU-10): the one who laid the last
        # card leads anew, or under stuck_lead=next-player the next one to his left
        return s._replace(turn=left(seat, n) if opts.stuck_next else seat, last=-1, bought=0)
    return s  # mushka-lenturlu/play-on: he goes on (lays, buys or passes)


def _wins(opts: LenturluOptions, c: Card, led: bool, out: bool) -> bool:
    """Whether laying ``c`` ends the game (``out``: it was the player's last card): a king
    under way=king (not a led king under king_lead=no-win), the last card under way=first-out
    (mushka-lenturlu/king-wins, mushka-lenturlu/first-out)."""
    if opts.first_out:
        return out
    return RANK_OF[c] == KING and not (led and opts.king_lead == "no-win")


def _restore(n: int, excluded: Seat, name: str, amount: int) -> list[tuple[str, str, int]]:
    """The transfers by which the others than ``excluded`` put ``amount`` back on layout card
    ``name``, in turn from his left, the first ones a kopeck more
    (mushka-lenturlu/layout-restore, AMB-MUSHKALENTURLU-11)."""
    shares = restore_shares(amount, n - 1)
    return [(str((excluded + 1 + k) % n), name, share) for k, share in enumerate(shares) if share]


def _settle(s: LenturluState, winner: Seat) -> LenturluState:
    """The end of the game (mushka-lenturlu/one-game: one deal is one game)."""
    n = s.players
    ledger = s.ledger
    # AMB-MUSHKALENTURLU-11 (restore_by=winner-excluded): the sums taken are put back before
    # the winner takes the layout; AMB-MUSHKALENTURLU-12: a purse may go below zero
    restore = [  # mushka-lenturlu/layout-restore: by all but the winner (winner-excluded)
        move
        for i, owed in enumerate(s.pending)
        if owed
        for move in _restore(n, winner, LAYOUT_NAMES[i], owed)
    ]
    if restore:
        ledger = ledger.transfers(restore)
    to = str(winner)
    balances = ledger.balances  # mushka-lenturlu/king-wins: the whole layout
    o = s.opts
    # AMB-MUSHKALENTURLU-13 (first_out_pay=no-layout): the first out is paid, the layout stays
    moves = [(name, to, balances[n + i]) for i, name in enumerate(LAYOUT_NAMES) if o.takes_layout]
    # AMB-MUSHKALENTURLU-13 (first_out_pay=none): under way=first-out the winner takes the
    # layout only
    if o.first_out_pays or not o.first_out:
        # AMB-MUSHKALENTURLU-14 c: under payment=points each point is worth point_value kopecks
        rate = o.point_value if o.points else 1
        for p, hand in enumerate(s.hands):
            if p == winner:
                continue
            # mushka-lenturlu/payment
            due = payment_due(hand, o.points, o.fixed_payment, o.ace_spades_points)
            if o.points and not o.twins_double:  # AMB-MUSHKALENTURLU-15 (twin_points=second-way)
                due = face_points(hand)  # under way=king no twin counts double
            moves.append((str(p), to, rate * due))
    ledger = ledger.transfers(moves)
    return s._replace(phase=OVER, turn=-1, ledger=ledger, pending=(0,) * 5, winner=winner, bought=0)


PLAYS: Final = tuple(tuple(Play(seat, c) for c in range(52)) for seat in range(MAX_PLAYERS))
PASSES: Final = tuple(Pass(seat) for seat in range(MAX_PLAYERS))
BUYS: Final = tuple(Buy(seat) for seat in range(MAX_PLAYERS))


def outcome(s: LenturluState) -> Outcome | None:
    """The winner once the game is over; scores are the purses."""
    if s.phase != OVER:
        return None
    n = s.players
    how = "was the first out of cards" if s.opts.first_out else "laid the king"
    return Outcome(
        winners=(s.winner,),
        losers=tuple(p for p in range(n) if p != s.winner),
        reason=f"seat {s.winner} {how}",
        scores=s.ledger.balances[:n],
    )


def initial_layout(opts: LenturluOptions, players: int) -> tuple[int, ...]:
    """The money the layout holds after the stakes (what the text says it should hold)."""
    return layout_amounts(players * opts.stake, opts.layout_split == "remainder-to-seven")


def to_move(s: LenturluState) -> Seat | None:
    return None if s.phase == OVER else s.turn


def phase_name(s: LenturluState) -> str:
    return PHASES[s.phase]


def all_cards(s: LenturluState) -> tuple[Card, ...]:
    """Every card of the state: hands, stock, table and piles."""
    return (
        tuple(c for h in s.hands for c in h)
        + s.stock
        + s.table
        + tuple(c for p in s.piles for c in p)
    )


def chips_in_play(s: LenturluState) -> int:
    """Every chip of the ledger, the seats' and the pots': the rules move chips, never make them."""
    return s.ledger.total


# --- observation and notation ----------------------------------------------------------------


#: The money on the layout in all, and on each layout card ({"7D": n, …}).
POT: Final[Observable[LenturluState]] = Observable(
    "pot", lambda s: sum(s.ledger.balances[s.players : s.players + 5])
)
LAYOUT_MONEY: Final[Observable[LenturluState]] = Observable(
    "layout", lambda s: _layout_json(s.ledger.balances[s.players : s.players + 5])
)
#: The last card of the sequence being built, or null when a lead is due.
RUN: Final[Observable[LenturluState]] = Observable(
    "run", lambda s: None if s.last < 0 else card_name(s.last)
)

OBSERVABLES: Final[tuple[Observable[LenturluState] | PerSeat[LenturluState], ...]] = (
    obs.HAND,
    obs.TABLE,
    obs.STOCK_SIZE,
    obs.STOCK,
    obs.CHIPS,  # the purses by seat
    POT,
    LAYOUT_MONEY,
    RUN,
    obs.PILE,  # the tricks he took
)


def _seat_or_null(seat: Seat) -> JSON:
    return None if seat < 0 else seat


def _piles_seen(s: LenturluState, viewer: Viewer) -> JSON:
    """The tricks each seat took, canonical order, by seat; null when they lie face down."""
    if s.opts.taken_tricks == "face-down":  # AMB-MUSHKALENTURLU-19 (b): only their number
        return None
    out: list[JSON] = [[card_name(c) for c in sorted(p)] for p in s.piles]
    return out


def _pile_sizes(s: LenturluState, viewer: Viewer) -> JSON:
    out: list[JSON] = [len(p) for p in s.piles]
    return out


def counted_hands(s: LenturluState) -> tuple[bool, ...]:
    """Which seats' hands are laid open at the end: those of the players who pay the winner by
    the points left in them (mushka-lenturlu/payment, AMB-MUSHKALENTURLU-20), while the game is
    on nobody's."""
    o = s.opts
    pays_points = o.points and (o.first_out_pays or not o.first_out)
    shown = s.phase == OVER and pays_points and o.hands_at_end == "shown"
    return tuple(shown and p != s.winner for p in range(s.players))


def _shown_hands(s: LenturluState, viewer: Viewer) -> JSON:
    """Each seat's hand laid open for the counting (canonical order), null where it is not."""
    out: list[JSON] = [
        [card_name(c) for c in h] if shown else None
        for h, shown in zip(s.hands, counted_hands(s), strict=True)
    ]
    return out


#: What each seat may see (design §2), field by field (:mod:`reference.core.views`).
VIEW: Final[tuple[Shown[LenturluState], ...]] = (
    # 001:P58.S1-P63.S1: each player holds his own hand; the others see only its back, and so
    # how many cards each holds (and how many he has bought: AMB-MUSHKALENTURLU-18)
    views.HAND,
    views.HAND_SIZES,
    Shown("dealer", lambda s, viewer: s.dealer),  # 001:P58.S1: the dealer deals before all
    # 001:P67.S1, 001:P74.S1: the cards are laid on the table in sequence, face up
    views.public(obs.TABLE),
    views.public(RUN),
    Shown("last_seat", lambda s, viewer: _seat_or_null(s.last_seat)),  # who laid the run's card
    # 001:P70.S2: buying and passing are done before everyone (the cards bought are not shown:
    # AMB-MUSHKALENTURLU-18)
    Shown("passes", lambda s, viewer: s.passes),
    Shown("bought", lambda s, viewer: s.bought),
    # AMB-MUSHKALENTURLU-18: the prikup lies face down; how many cards it holds is seen
    views.public(obs.STOCK_SIZE),
    # 001:P56.S1-P57.S1, 001:P74.S1-P75.S2: the money is laid out on the table and paid openly
    views.public(obs.CHIPS),
    views.public(POT),
    views.public(LAYOUT_MONEY),
    # AMB-MUSHKALENTURLU-11 (restore_by=winner-excluded): the sums taken, owed to the layout
    Shown("pending", lambda s, viewer: _layout_json(s.pending)),
    # 001:P73.S2: the king's player takes the trick (AMB-MUSHKALENTURLU-19: face up by default)
    Shown("piles", _piles_seen),
    Shown("pile_sizes", _pile_sizes),
    # 001:P71.S2, 001:P76.S1: the points left in each loser's hand are counted at the end
    # (AMB-MUSHKALENTURLU-20: laid open by default)
    Shown("shown_hands", _shown_hands),
)


def _layout_json(values: Sequence[int]) -> JSONObject:
    return dict(zip(LAYOUT_NAMES, values, strict=True))


def parse_action(obj: JSON) -> Action:
    """An action from its JSON form, or :class:`FormatError` saying what is wrong."""
    return read_action(obj, GAME_ID, ACTIONS)


NOTATION: Final = Notation(GAME_ID, LenturluOptions, OPTIONS, PHASES, _check_players)


def position(s: LenturluState) -> JSONObject:
    """The position in this game's notation (its FEN); :func:`load_position` reads it back."""
    n = s.players
    return {
        **NOTATION.head(n, s.dealer, s.opts, s.phase, to_move(s)),
        "purses": list(s.ledger.balances[:n]),
        "layout": _layout_json(s.ledger.balances[n : n + 5]),
        "pending": _layout_json(s.pending),
        "hands": [[card_name(c) for c in h] for h in s.hands],
        "stock": [card_name(c) for c in s.stock],
        "table": [card_name(c) for c in s.table],
        "piles": [[card_name(c) for c in p] for p in s.piles],
        "run": None if s.last < 0 else card_name(s.last),
        "last_seat": None if s.last_seat < 0 else s.last_seat,
        "passes": s.passes,
        "bought": s.bought,
        "winner": None if s.winner < 0 else s.winner,
    }


def _opt_int(o: Mapping[str, JSON], key: str, default: int) -> int:
    v = o.get(key)
    return default if v is None else as_int(v, f"position/{key}")


def load_position(pos: JSON) -> LenturluState:
    """A state from the position notation; checks the pack and the fields."""
    head = NOTATION.read(pos)
    o, n, opts, phase = head.fields, head.players, head.options, head.phase
    dealer = head.dealer
    purses_json = o.get("purses")
    purses = (opts.purse,) * n if purses_json is None else _ints(purses_json, "position/purses")
    layout_obj = as_object(field(o, "layout", "position"), "position/layout")
    pending_obj = as_object(o.get("pending", {}), "position/pending")
    for where, obj in (("layout", layout_obj), ("pending", pending_obj)):
        for k in obj:
            if k not in LAYOUT_NAMES:
                raise FormatError(f"position/{where}: {k!r} is not a layout card (7D QS AS JC KH)")
    layout = tuple(as_int(layout_obj.get(k, 0), f"position/layout/{k}") for k in LAYOUT_NAMES)
    pending = tuple(as_int(pending_obj.get(k, 0), f"position/pending/{k}") for k in LAYOUT_NAMES)
    if len(purses) != n or min(layout + pending) < 0:
        raise FormatError("position/purses: one balance per seat; layout sums not negative")
    hands = tuple(
        tuple(sorted(h)) for h in card_lists(field(o, "hands", "position"), "position/hands")
    )
    piles_json = o.get("piles")
    piles = ((),) * n if piles_json is None else card_lists(piles_json, "position/piles")
    table = as_cards(o.get("table", []), "position/table")
    laid = 0
    for c in table + tuple(c for p in piles for c in p):
        laid |= 1 << c
    run_json = o.get("run")
    winner_json = o.get("winner")
    last_json = o.get("last_seat")
    state = LenturluState(
        opts=opts,
        players=n,
        dealer=dealer,
        phase=phase,
        turn=head.turn,
        ledger=open_ledger(_accounts(n), purses + layout + (0,)),
        pending=pending,
        hands=hands,
        stock=as_cards(o.get("stock", []), "position/stock"),
        table=table,
        piles=piles,
        laid=laid,
        last=-1 if run_json is None else as_card(run_json, "position/run"),
        last_seat=-1 if last_json is None else as_int(last_json, "position/last_seat"),
        passes=_opt_int(o, "passes", 0),
        bought=_opt_int(o, "bought", 0),
        winner=-1 if winner_json is None else as_int(winner_json, "position/winner"),
    )
    _check_position(state)
    return state


def _ints(value: JSON, where: str) -> tuple[int, ...]:
    """An array of integers."""
    if not isinstance(value, list):
        raise FormatError(f"{where}: expected an array, got {value!r}")
    return tuple(as_int(v, f"{where}/{i}") for i, v in enumerate(value))


def _check_position(s: LenturluState) -> None:
    n = s.players
    if len(s.hands) != n or len(s.piles) != n:
        raise FormatError(f"position/hands: one hand and one pile per seat ({n})")
    try:
        _check_pack(
            tuple(c for h in s.hands for c in h)
            + s.stock
            + s.table
            + tuple(c for p in s.piles for c in p),
            "a position",
        )
    except SetupError as e:
        raise FormatError(f"position: {e}") from None
    most = n - 1 if s.opts.last_leads else n
    if not 0 <= s.passes <= most or not 0 <= s.bought <= MAX_BUYS:
        raise FormatError(
            "position: passes from 0 to players-1 (to players under all_pass=round-continues), "
            "bought from 0 to 2"
        )
    if s.phase == OVER:
        if s.turn != -1 or not 0 <= s.winner < n:
            raise FormatError("position: a finished game has no one to move and a winner")
        return
    if s.winner != -1:
        raise FormatError("position/winner: null while the game is on")
    if not 0 <= s.turn < n:
        raise FormatError("position/to_move: a seat")
    if s.last >= 0:
        if not s.table or s.table[-1] != s.last or not 0 <= s.last_seat < n:
            raise FormatError("position/run: the last card on the table, with last_seat its layer")
        if is_stuck(s.last, s.laid, s.opts.any_suit):
            raise FormatError("position/run: a sequence that cannot go on is closed")
    elif s.last_seat != -1 and not 0 <= s.last_seat < n:
        raise FormatError("position/last_seat: a seat or null")
    if s.opts.first_out and not all(s.hands):
        raise FormatError("position/hands: under way=first-out a player out of cards has won")
