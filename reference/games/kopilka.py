"""Мушка копилка, as told in seed 001 ("5) Мушка копилка"): game id ``mushka-kopilka``.

Four players, the 32-card pack, five cards each and the rest a stock to buy from; a money box
(копилка, the ``pot``) filled equally; no trumps; each player must give the suit led or, void,
buy from the stock or pass; the ace of spades may cover any trick, which then counts double.
The first to shed his cards in a deal pays nothing, the others pay; four deals make a partie;
at its end the tricks are valued by suit and paid, and the first out of the fourth deal takes
what is left in the box (001:P78 to 001:P103).

ONE game object is one partie of four deals (ruling AMB-MUSHKAKOPILKA-01). The table's deal
is the first deal; the pack order of deal ``k`` (``k`` = 2, 3, 4) is the first deal's pack
order shuffled by the documented seeded shuffle (:mod:`reference.core.shuffle`) with seed
``k - 1``, so a partie is reproducible from its table alone. When the first deal is given as
hands and a stock, its pack order is the hands one after another (seat 0 first) then the stock.
The orders of the deals still to come are part of the position (``next_deals``), so a scenario
may give them explicitly.

Phases: ``exchange`` (a player who was dealt three or more cards of one suit lays them down, the
others take one each, he draws replacements and the takers each discard one card: 001:P89 to
001:P91), ``play`` (the tricks), ``over``. Money moves only through the ledger (accounts
``"0"`` .. ``"3"`` for the purses, counted from zero, and ``"pot"``).

Each rule is declared in :data:`RULES` with the sentences it comes from and is named again, by
its id, where the code enforces it; the gaps of the text are settled by the rulings
``AMB-MUSHKAKOPILKA-NN`` of the register, each selectable by an option.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final, NamedTuple

from mypy_extensions import mypyc_attr

from reference.core import observables as obs
from reference.core import views
from reference.core.actions import Buy, CardAction, Pass, Play, read_action
from reference.core.cards import (
    ACE,
    ACE_HIGH,
    DECK_32,
    RANK_OF,
    SUIT_OF,
    Card,
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
from reference.core.positions import Notation, open_position
from reference.core.rules import CORE_RULES, Rule
from reference.core.seats import Seat, left
from reference.core.shuffle import shuffle
from reference.core.states import named_updates
from reference.core.tricks import trick_winner

GAME_ID: Final = "mushka-kopilka"
TITLE: Final = "Мушка копилка (seed 001, «5) Мушка копилка»)"
PLAYERS: Final = 4
HAND: Final = 5
DEALS: Final = 4
AS: Final = 12  # the ace of spades
POT: Final = "pot"
ACCOUNTS: Final = ("0", "1", "2", "3", POT)
#: The seat counts the text allows, and the pack a table is dealt from.
PLAYER_COUNTS: Final = range(4, 5)
PACK: Final = DECK_32

# --- rules, in the order of the text ------------------------------------------------------

RULES: Final = CORE_RULES + (
    Rule("mushka-kopilka/players", ("001:P78.S2", "AMB-MUSHKAKOPILKA-25"), "Exactly four play."),
    Rule(
        "mushka-kopilka/dealer",
        ("001:P82.S1",),
        "The dealer is one of the four: a dealer seat outside the table is refused.",
    ),
    Rule("mushka-kopilka/pack", ("001:P78.S2",), "The pack has 32 cards, seven to ace."),
    Rule(
        "mushka-kopilka/deal-five",
        ("001:P79.S1", "AMB-MUSHKAKOPILKA-01"),
        "Each player is dealt five cards, one at a time from the dealer's left; the other "
        "twelve cards are the stock, top card first.",
    ),
    Rule(
        "mushka-kopilka/pot",
        ("001:P80.S1", "001:P80.S2", "001:P103.S1", "AMB-MUSHKAKOPILKA-12"),
        "At the start of the partie each player puts the same agreed sum (option stake) "
        "into the money box.",
    ),
    Rule(
        "mushka-kopilka/no-trumps",
        ("001:P82.S1",),
        "There are no trumps: a card of another suit never takes a trick (except the ace "
        "of spades, mushka-kopilka/ace-covers).",
    ),
    Rule(
        "mushka-kopilka/first-lead",
        ("001:P82.S1",),
        "The player on the dealer's left makes the first lead of each deal.",
    ),
    Rule(
        "mushka-kopilka/follow-suit",
        ("001:P83.S1", "001:P83.S2", "001:P83.S3", "AMB-MUSHKAKOPILKA-19"),
        "Each of the other three in turn to the left of the leader must give a card of the "
        "suit led if he has one (under follow=must-beat, one above the highest of that suit "
        "on the table if he has one: AMB-MUSHKAKOPILKA-19).",
    ),
    Rule(
        "mushka-kopilka/no-other-suit",
        ("001:P83.S1", "001:P83.S2", "AMB-MUSHKAKOPILKA-13"),
        "A player may never throw off a card of another suit than the suit led (the ace of "
        "spades excepted).",
    ),
    Rule(
        "mushka-kopilka/buy",
        ("001:P83.S1", "001:P83.S2", "AMB-MUSHKAKOPILKA-03"),
        "A player without the suit led may buy the top card of the stock, for nothing; under "
        "buy=repeat he may buy again while he is still without the suit, under buy=one once a "
        "turn; from an empty stock nobody buys.",
    ),
    Rule(
        "mushka-kopilka/pass",
        ("001:P83.S1", "001:P83.S2", "001:P83.S3"),
        "A player without the suit led may say pass.",
    ),
    Rule(
        "mushka-kopilka/pass-with-suit",
        ("001:P86.S1", "AMB-MUSHKAKOPILKA-02"),
        "A player holding the suit led who passes pays the fine into the money box "
        "(pass_with_suit=fined); under pass_with_suit=found-out he owes it unseen and pays "
        "it at the end of the deal; under pass_with_suit=refused he may not pass.",
    ),
    Rule(
        "mushka-kopilka/trick-winner",
        ("001:P83.S4",),
        "The trick goes to the highest card of the suit led.",
    ),
    Rule(
        "mushka-kopilka/ace-covers",
        ("001:P81.S1", "001:P81.S2", "AMB-MUSHKAKOPILKA-04"),
        "A player following may play the ace of spades on any lead (under ace=void-only only "
        "when he is without the suit led); it takes the trick. Under ace_cover=must a player "
        "without the suit led who holds it must play it.",
    ),
    Rule(
        "mushka-kopilka/ace-double",
        ("001:P81.S2", "001:P102.S1", "AMB-MUSHKAKOPILKA-04"),
        "A trick covered by the ace of spades counts double (under double_by=any-ace, any "
        "trick an ace played on the lead takes; under led_ace=doubles, a trick led with the "
        "ace of spades too).",
    ),
    Rule(
        "mushka-kopilka/all-pass",
        ("001:P84.S1", "AMB-MUSHKAKOPILKA-05"),
        "If all three others pass, the leader takes his card back and the next player to his "
        "left leads.",
    ),
    Rule(
        "mushka-kopilka/one-follower",
        ("001:P84.S1",),
        "If at least one player gives a card to the lead, the trick counts, however many pass.",
    ),
    Rule(
        "mushka-kopilka/no-trick-fine",
        ("001:P85.S1", "AMB-MUSHKAKOPILKA-08"),
        "A player who took no trick pays the fine into the money box (at the end of each "
        "deal, or under no_trick_fine=partie only at the end of the partie).",
    ),
    Rule(
        "mushka-kopilka/record",
        ("001:P87.S1", "AMB-MUSHKAKOPILKA-04"),
        "Each trick is recorded for its taker with its suit: the suit led (under "
        "record_suit=winning-card the suit of the card that took it).",
    ),
    Rule(
        "mushka-kopilka/winner-leads-other",
        ("001:P88.S1", "AMB-MUSHKAKOPILKA-06", "AMB-MUSHKAKOPILKA-14"),
        "The taker of a trick leads next and may not lead the suit of that trick (the suit led, "
        "or under ban_suit=card the suit of the card that took it); holding only that suit he "
        "leads it (winner_lead=may-lead) or passes the lead to his left "
        "(winner_lead=pass-lead).",
    ),
    Rule(
        "mushka-kopilka/exchange",
        ("001:P89.S1", "001:P89.S2", "001:P90.S1", "001:P91.S1", "AMB-MUSHKAKOPILKA-07"),
        "After the deal, in turn from the dealer's left, a player holding three or more cards "
        "of one suit (spades with the ace too) must lay them down; the other three, from his "
        "left, take one each (lowest first) and he draws as many from the stock.",
    ),
    Rule(
        "mushka-kopilka/exchange-discard",
        ("001:P89.S2", "AMB-MUSHKAKOPILKA-07"),
        "Under exchange=takers-discard each taker in turn from the holder's left discards one "
        "card of his choice, out of play for the deal; under exchange=holder-discards the "
        "takers keep six and the holder, once for each card taken, discards one card of his "
        "choice and draws another from the stock; under exchange=keep nobody discards.",
    ),
    Rule(
        "mushka-kopilka/first-out",
        ("001:P93.S1", "AMB-MUSHKAKOPILKA-05", "AMB-MUSHKAKOPILKA-09"),
        "A deal ends when a trick is complete in which a player shed his last card; the first "
        "of them in play order pays nothing, each other player pays the agreed payment "
        "(option deal_payment) into the money box.",
    ),
    Rule(
        "mushka-kopilka/blocked",
        ("AMB-MUSHKAKOPILKA-05",),
        "A deal also ends when the stock is empty and no player can give a card to any lead "
        "of another; nobody is first out, everybody pays.",
    ),
    Rule(
        "mushka-kopilka/stalled",
        ("001:P84.S1", "AMB-MUSHKAKOPILKA-15"),
        "Under stall_end=blocked a deal also ends, as blocked, when four leads in a row have "
        "been passed by all three others with nothing bought; under stall_end=none it goes on.",
    ),
    Rule(
        "mushka-kopilka/four-deals",
        ("001:P92.S1", "AMB-MUSHKAKOPILKA-01"),
        "A partie is four deals; the deal passes to the left (next_dealer=left) or stays "
        "(next_dealer=same).",
    ),
    Rule(
        "mushka-kopilka/settlement",
        (
            "001:P95.S1",
            "001:P96.S1",
            "001:P97.S1",
            "001:P98.S1",
            "001:P99.S1",
            "001:P100.S1",
            "001:P101.S1",
            "AMB-MUSHKAKOPILKA-10",
            "AMB-MUSHKAKOPILKA-11",
        ),
        "After the fourth deal each player's tricks of the partie are valued by suit (spades "
        "1, clubs 2, diamonds 3, hearts 4 by default, options value_*), doubled when covered "
        "by the ace, and paid from the money box (settlement=from-pot) or settled between the "
        "players (settlement=between-players).",
    ),
    Rule(
        "mushka-kopilka/last-remainder",
        ("001:P94.S1", "AMB-MUSHKAKOPILKA-10"),
        "The first out of the fourth deal takes what is left in the money box.",
    ),
    Rule(
        "mushka-kopilka/outcome",
        ("001:P95.S1", "AMB-MUSHKAKOPILKA-16"),
        "Once the partie is settled, the seats with the most money have won and those with "
        "the least have lost; all equal, nobody has.",
    ),
)

# --- options -------------------------------------------------------------------------------

R = "AMB-MUSHKAKOPILKA-"


@dataclass(frozen=True, slots=True)
class KopilkaOptions(GameOptions):
    """The options of one partie (the stakes agreed at the table, and the rulings)."""

    stake: int = option(
        10, "What each player puts into the money box.", minimum=0, maximum=1000, ruling=R + "12"
    )
    fine: int = option(
        2,
        "The fine for taking no trick or passing with the suit.",
        minimum=0,
        maximum=1000,
        ruling=R + "12",
    )
    deal_payment: int = option(
        2,
        "What each player but the first out pays after a deal.",
        minimum=0,
        maximum=1000,
        ruling=R + "12",
    )
    value_spades: int = option(
        1, "Value of a spade trick (kopecks).", minimum=0, maximum=1000, ruling=R + "12"
    )
    value_clubs: int = option(
        2, "Value of a club trick (kopecks).", minimum=0, maximum=1000, ruling=R + "12"
    )
    value_diamonds: int = option(
        3, "Value of a diamond trick.", minimum=0, maximum=1000, ruling=R + "12"
    )
    value_hearts: int = option(
        4, "Value of a heart trick.", minimum=0, maximum=1000, ruling=R + "12"
    )
    next_dealer: str = option(
        "left",
        "Who deals the next deal of the partie: the left-hand neighbour, or the same dealer.",
        ("left", "same"),
        ruling=R + "01",
    )
    pass_with_suit: str = option(
        "fined",
        "A player holding the suit led may pass and is fined at once (fined), or owes the "
        "fine unseen and pays it when the deal ends and its cards are looked over "
        "(found-out), or may not pass (refused).",
        ("fined", "found-out", "refused"),
        ruling=R + "02",
    )
    buy: str = option(
        "repeat",
        "A void player may buy card after card while still void, or one card a turn, or up "
        "to two cards a turn (two).",
        ("repeat", "one", "two"),
        ruling=R + "03",
    )
    ace: str = option(
        "any",
        "The ace of spades may be played on any lead by anyone, or only by a player void "
        "in the suit led.",
        ("any", "void-only"),
        ruling=R + "04",
    )
    double_by: str = option(
        "ace-of-spades",
        "Which tricks count double: those covered by the ace of spades (ace-of-spades), or "
        "any trick an ace played on the lead takes, the ace of the suit led too (any-ace).",
        ("ace-of-spades", "any-ace"),
        ruling=R + "04",
    )
    ace_cover: str = option(
        "may",
        "A player without the suit led who holds the ace of spades may cover with it, buy "
        "or pass (may), or must cover with it (must).",
        ("may", "must"),
        ruling=R + "04",
    )
    led_ace: str = option(
        "plain",
        "A trick led with the ace of spades counts as an ordinary spade trick (plain), or "
        "double as a trick the ace takes (doubles).",
        ("plain", "doubles"),
        ruling=R + "04",
    )
    follow: str = option(
        "any",
        "A player with the suit led gives any card of it (any), or one above the highest of "
        "that suit on the table when he has one (must-beat).",
        ("any", "must-beat"),
        ruling=R + "19",
    )
    record_suit: str = option(
        "led",
        "The suit a trick is recorded and valued under: the suit led (led), or the suit of "
        "the card that took it, spades after a cover with the ace (winning-card).",
        ("led", "winning-card"),
        ruling=R + "04",
    )
    winner_lead: str = option(
        "may-lead",
        "A trick taker holding only the suit of that trick leads it, or passes the lead.",
        ("may-lead", "pass-lead"),
        ruling=R + "06",
    )
    ban_suit: str = option(
        "trick",
        "The suit the taker of a trick may not lead: the trick's (the suit led), or that of "
        "the card that took it (spades after a cover with the ace).",
        ("trick", "card"),
        ruling=R + "14",
    )
    stall_end: str = option(
        "blocked",
        "Four leads in a row passed by all, nothing bought: the deal ends as blocked, or "
        "play goes on (none).",
        ("blocked", "none"),
        ruling=R + "15",
    )
    exchange: str = option(
        "takers-discard",
        "After taking a card of a laid-down suit each taker discards one "
        "(takers-discard), or keeps six (keep); or the takers keep six and the holder "
        "discards one and draws one, once for each card taken (holder-discards).",
        ("takers-discard", "keep", "holder-discards"),
        ruling=R + "07",
    )
    no_trick_fine: str = option(
        "deal",
        "The no-trick fine is due for each deal without a trick, or once for the partie.",
        ("deal", "partie"),
        ruling=R + "08",
    )
    first_out_exempt: str = option(
        "payment",
        "The first out is spared the deal payment only, or every payment of that deal.",
        ("payment", "all"),
        ruling=R + "09",
    )
    settlement: str = option(
        "from-pot",
        "Tricks are paid from the money box (the first out of deal four takes the rest), or "
        "settled between the players (he takes the whole box).",
        ("from-pot", "between-players"),
        ruling=R + "10",
    )
    pot_short: str = option(
        "in-turn",
        "When the box cannot pay every trick: pay in full in turn, or pro rata.",
        ("in-turn", "pro-rata"),
        ruling=R + "11",
    )
    tricks_seen: str = option(
        "turned",
        "A trick taken is gathered face down, only its record (suit, doubled) kept in sight "
        "(turned), or the tricks of the deal stay face up, every seat seeing their cards "
        "(open). Changes only what a seat sees.",
        ("turned", "open"),
        ruling=R + "18",
    )

    @property
    def values(self) -> tuple[int, int, int, int]:
        """The values of a trick by suit S H D C."""
        return (self.value_spades, self.value_hearts, self.value_diamonds, self.value_clubs)


OPTIONS: Final = KopilkaOptions.specs()
#: The options of a table that gives none.
DEFAULT_OPTIONS: Final = KopilkaOptions()


# --- actions --------------------------------------------------------------------------------


@mypyc_attr(native_class=False)
class Discard(CardAction):
    """A taker of the exchange discards one card (001:P89.S2)."""

    __slots__ = ()
    KIND: ClassVar[str] = "discard"


Action = Play | Pass | Buy | Discard
ACTIONS: Final[tuple[type[Action], ...]] = (Play, Pass, Buy, Discard)

PLAYS: Final = tuple(tuple(Play(seat, c) for c in range(52)) for seat in range(PLAYERS))
DISCARDS: Final = tuple(tuple(Discard(seat, c) for c in range(52)) for seat in range(PLAYERS))
PASSES: Final = tuple(Pass(seat) for seat in range(PLAYERS))
BUYS: Final = tuple(Buy(seat) for seat in range(PLAYERS))

# --- state ----------------------------------------------------------------------------------

EXCHANGE: Final = 1
PLAY: Final = 2
OVER: Final = 0
PHASES: Final = {EXCHANGE: "exchange", PLAY: "play", OVER: "over"}

Hands = tuple[tuple[Card, ...], ...]
#: A recorded trick: its suit (0..3) plus 4 when it was covered by the ace of spades.
DOUBLED: Final = 4


@named_updates
class KopilkaState(NamedTuple):
    """A position of the partie. Immutable.

    ``table`` holds the cards of the trick in progress in play order (``table_seats`` who
    played them), the lead first; ``passed`` the seats that passed on it; ``bought`` how many
    cards the player to move has bought during this turn; ``ban`` the suit the leader may not lead
    (-1: none). ``pending`` are the takers of an exchange still to discard, and ``checked``
    how many seats (from the dealer's left) the exchange has looked at. ``record`` holds, per
    seat, the tricks of the partie (suit + 4 if doubled); ``tricks`` the tricks of this deal.
    ``first_out`` lists the first out of each finished deal (-1: none). ``decks`` are the pack
    orders of the deals still to come. ``idle`` counts the leads in a row that all three others
    passed with nothing bought (mushka-kopilka/stalled). ``owed`` holds, per seat, the fines
    for passing with the suit led that it owes unseen in this deal (pass_with_suit=found-out,
    AMB-MUSHKAKOPILKA-02; always 0 otherwise). ``laid`` holds, per seat, the cards it
    laid down face down in this deal's exchange (what it alone knows of the exchange besides
    its hand), and ``discarded`` the cards it discarded in this deal (each seat's own part of
    ``discard``; a position may leave discards to nobody). ``legal`` holds the actions the rules
    allow the player to move (what :func:`legal_actions` answers), found once when the position
    is reached (:func:`_lead_choices`, :func:`_follow_choices`, :func:`_choices`).
    """

    opts: KopilkaOptions
    dealer: Seat
    deal_no: int
    phase: int
    turn: Seat
    hands: Hands
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    won: tuple[Card, ...]
    table: tuple[Card, ...]
    table_seats: tuple[Seat, ...]
    passed: tuple[Seat, ...]
    bought: int
    ban: int
    checked: int
    pending: tuple[Seat, ...]
    tricks: tuple[int, ...]
    record: tuple[tuple[int, ...], ...]
    last_winner: Seat
    last_trick: tuple[Card, ...]
    first_out: tuple[Seat, ...]
    ledger: Ledger
    decks: tuple[tuple[Card, ...], ...]
    idle: int
    laid: Hands
    discarded: Hands
    owed: tuple[int, ...]
    legal: tuple[Action, ...]

    @property
    def players(self) -> int:
        """The table is always four (mushka-kopilka/players)."""
        return PLAYERS


STATE: Final = KopilkaState


def _played(hands: Hands, seat: Seat, c: Card) -> Hands:
    """``hands`` with ``c`` gone from the hand of ``seat``."""
    return put(hands, seat, without(hands[seat], c))


# --- the pure decision functions (CrossHair contracts) --------------------------------------


def covered_trick(cards: tuple[int, ...]) -> tuple[int, bool]:
    """The index (in play order, the lead first) of the card that takes a trick, and whether
    the trick is covered by the ace of spades (mushka-kopilka/trick-winner,
    mushka-kopilka/ace-covers, mushka-kopilka/no-trumps).

    The ace of spades played by a follower takes the trick and doubles it; otherwise the
    highest card of the suit led takes it.

    pre: 2 <= len(cards) <= 4
    pre: all(0 <= c < 52 for c in cards)
    pre: len(set(cards)) == len(cards)
    pre: all(SUIT_OF[c] == SUIT_OF[cards[0]] or c == 12 for c in cards[1:])
    post: 0 <= __return__[0] < len(cards)
    post: __return__[1] == (12 in cards[1:])
    post: __return__[1] or SUIT_OF[cards[__return__[0]]] == SUIT_OF[cards[0]]
    post: __return__[1] or all(RANK_OF[c] <= RANK_OF[cards[__return__[0]]] for c in cards)
    """
    for i in range(1, len(cards)):
        if cards[i] == AS:  # mushka-kopilka/ace-covers
            return i, True
    return trick_winner(cards, None, ACE_HIGH), False  # mushka-kopilka/no-trumps


def trick_value(code: int, values: tuple[int, int, int, int]) -> int:
    """The value of a recorded trick: its suit's value, doubled if covered by the ace
    (mushka-kopilka/ace-double).

    pre: 0 <= code < 8
    pre: all(0 <= v <= 1000 for v in values)
    post: __return__ == values[code % 4] * (2 if code >= 4 else 1)
    post: __return__ >= 0
    """
    base = values[code & 3]
    return base * 2 if code & DOUBLED else base


def seat_values(record: tuple[int, ...], values: tuple[int, int, int, int]) -> int:
    """The sum of the values of a seat's tricks (mushka-kopilka/settlement).

    pre: len(record) <= 40
    pre: all(0 <= c < 8 for c in record)
    pre: all(0 <= v <= 1000 for v in values)
    post: __return__ >= 0
    post: __return__ <= 2 * max(values) * len(record)
    """
    return sum(trick_value(c, values) for c in record)


def pot_payouts(owed: tuple[int, ...], pot: int, pro_rata: bool) -> tuple[int, ...]:
    """What the money box pays each seat for its tricks, ``owed`` in the order of payment
    (mushka-kopilka/settlement, ruling AMB-MUSHKAKOPILKA-11): everything when the box can;
    otherwise in turn, each in full while the box lasts, or pro rata (rounded down).

    pre: len(owed) == 4
    pre: all(0 <= x <= 100000 for x in owed)
    pre: 0 <= pot <= 1000000
    post: len(__return__) == 4
    post: all(0 <= p <= x for p, x in zip(__return__, owed))
    post: sum(__return__) <= pot
    post: sum(owed) > pot or __return__ == owed
    """
    if sum(owed) <= pot:
        return owed
    if pro_rata:
        total = sum(owed)
        return tuple(x * pot // total for x in owed)
    out: list[int] = []
    left_over = pot
    for x in owed:
        p = min(x, left_over)
        out.append(p)
        left_over -= p
    return tuple(out)


def between_players(values: tuple[int, ...]) -> tuple[int, ...]:
    """The net gain of each seat when the trick values are settled between the players, each
    pair paying the difference (settlement=between-players).

    pre: len(values) == 4
    pre: all(0 <= v <= 100000 for v in values)
    post: sum(__return__) == 0
    post: all(__return__[i] == 4 * values[i] - sum(values) for i in range(4))
    """
    total = sum(values)
    return tuple(len(values) * v - total for v in values)


def banned_suit(led: int, taker: Card, by_card: bool) -> int:
    """The suit the taker of a trick may not lead next (mushka-kopilka/winner-leads-other,
    AMB-MUSHKAKOPILKA-14): the trick's suit, the suit led; under ban_suit=card the suit of the
    card that took it (spades after a cover with the ace).

    pre: 0 <= led < 4
    pre: 0 <= taker < 52
    pre: SUIT_OF[taker] == led or taker == 12
    post: 0 <= __return__ < 4
    post: by_card or __return__ == led
    post: not by_card or __return__ == SUIT_OF[taker]
    post: taker == 12 or __return__ == led
    """
    return SUIT_OF[taker] if by_card else led


def stalled(idle: int, blocked_end: bool) -> bool:
    """Whether a deal ends because four leads in a row were passed by all three others with
    nothing bought (mushka-kopilka/stalled, AMB-MUSHKAKOPILKA-15): each player has led once
    and nobody would answer or buy, so nothing can change but by choice.

    pre: 0 <= idle <= 4
    post: __return__ == (blocked_end and idle == 4)
    """
    return blocked_end and idle >= PLAYERS


def blocked(hands: Hands, stock_empty: bool) -> bool:
    """Whether no counted trick can ever be played again in this deal
    (mushka-kopilka/blocked): the stock is empty and no player holding cards could give a
    card to a lead of another (a card of one of his suits, or the ace of spades).

    pre: len(hands) == 4
    pre: all(len(h) <= 12 for h in hands)
    pre: all(all(0 <= c < 52 for c in h) for h in hands)
    post: not (__return__ and not stock_empty)
    """
    if not stock_empty:
        return False
    suits = [{SUIT_OF[c] for c in h} for h in hands]
    for q in range(PLAYERS):
        if not hands[q]:
            continue
        for p in range(PLAYERS):
            if p != q and hands[p] and (AS in hands[q] or suits[p] & suits[q]):
                return False
    return True


# --- setup and the deal ---------------------------------------------------------------------


def _check_dealer(dealer: Seat) -> None:
    if not 0 <= dealer < PLAYERS:  # mushka-kopilka/dealer
        raise SetupError(
            f"{GAME_ID}: dealer seat {dealer} is not a seat of four", "mushka-kopilka/dealer"
        )


def _check_pack(cards: tuple[Card, ...], where: str) -> None:
    if sorted(cards) != list(DECK_32):  # mushka-kopilka/pack
        missing = sorted(set(DECK_32) - set(cards))
        extra = sorted(c for c in set(cards) if cards.count(c) > 1 or c not in DECK_32)
        raise SetupError(
            f"{GAME_ID}: {where} must hold the 32-card pack exactly once "
            f"(missing {names(missing)}, duplicated or foreign {names(extra)})",
            "mushka-kopilka/pack",
        )


def deal_hands(dealer: Seat, order: tuple[Card, ...]) -> tuple[Hands, tuple[Card, ...]]:
    """Five cards each, one at a time from the dealer's left; the rest is the stock."""
    dealt = PLAYERS * HAND
    hands: list[tuple[Card, ...]] = [()] * PLAYERS
    for k in range(PLAYERS):  # mushka-kopilka/deal-five (AMB-MUSHKAKOPILKA-01: one at a time)
        # the k-th seat from the dealer's left gets the k-th card and every fourth after it
        hands[(dealer + 1 + k) % PLAYERS] = order[k:dealt:PLAYERS]
    return tuple(hands), order[dealt:]


def later_decks(first: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    """The pack orders of deals 2, 3 and 4: the first order shuffled with seeds 1, 2, 3
    (mushka-kopilka/four-deals, AMB-MUSHKAKOPILKA-01)."""
    return tuple(shuffle(first, k) for k in range(1, DEALS))


def _check_players(n: int, opts: KopilkaOptions) -> None:
    if n != PLAYERS:  # mushka-kopilka/players
        raise SetupError(f"{GAME_ID}: {n} players; the game is for four", "mushka-kopilka/players")


def setup(table: Table) -> KopilkaState:
    """The partie after the first deal (and its exchanges, if any)."""
    opts = KopilkaOptions.of(GAME_ID, OPTIONS, table.options) if table.options else DEFAULT_OPTIONS
    _check_players(table.players, opts)
    _check_dealer(table.dealer)
    deal = table.deal
    if isinstance(deal, DeckOrder):
        _check_pack(deal.cards, "the deck order")
        order = deal.cards
        hands, stock = deal_hands(table.dealer, order)
    else:
        if len(deal.hands) != PLAYERS or any(len(h) != HAND for h in deal.hands) or deal.up:
            raise SetupError(
                f"{GAME_ID}: a deal gives four hands of five and a stock of twelve",
                "mushka-kopilka/deal-five",
            )
        # AMB-MUSHKAKOPILKA-01: hands given are read as one pack, seat 0 first, then the stock
        order = tuple(c for h in deal.hands for c in h) + deal.stock
        _check_pack(order, "the deal")
        hands, stock = deal.hands, deal.stock
    ledger = open_ledger(ACCOUNTS, (0,) * len(ACCOUNTS))
    for seat in range(PLAYERS):  # mushka-kopilka/pot: everyone puts in the same stake
        ledger = ledger.transfer(str(seat), POT, opts.stake)
    first = _new_deal(
        opts=opts,
        dealer=table.dealer,
        deal_no=1,
        hands=hands,
        stock=stock,
        record=((),) * PLAYERS,
        first_out=(),
        ledger=ledger,
        decks=later_decks(order),
    )
    return _advance_exchange(first)


def _new_deal(
    *,
    opts: KopilkaOptions,
    dealer: Seat,
    deal_no: int,
    hands: Hands,
    stock: tuple[Card, ...],
    record: tuple[tuple[int, ...], ...],
    first_out: tuple[Seat, ...],
    ledger: Ledger,
    decks: tuple[tuple[Card, ...], ...],
) -> KopilkaState:
    """Deal ``deal_no`` of the partie as dealt, before its exchanges: the record of the tricks,
    the first out of the deals before, the money and the pack orders of the deals to come carry
    over; everything else starts anew."""
    return KopilkaState(
        opts=opts,
        dealer=dealer,
        deal_no=deal_no,
        phase=EXCHANGE,
        turn=-1,
        hands=hands,
        stock=stock,
        discard=(),
        won=(),
        table=(),
        table_seats=(),
        passed=(),
        bought=0,
        ban=-1,
        checked=0,
        pending=(),
        tricks=(0,) * PLAYERS,
        record=record,
        last_winner=-1,
        last_trick=(),
        first_out=first_out,
        ledger=ledger,
        decks=decks,
        idle=0,
        laid=((),) * PLAYERS,
        discarded=((),) * PLAYERS,
        owed=(0,) * PLAYERS,
        legal=(),  # found once the exchange is done
    )


def _long_suit(hand: tuple[Card, ...]) -> int:
    """The suit of which the hand holds three or more cards (the longest, then S H D C, as
    AMB-MUSHKAKOPILKA-07 rules for a six-card hand under exchange=keep), or -1."""
    counts = [0, 0, 0, 0]
    for c in hand:
        counts[SUIT_OF[c]] += 1
    best = max(counts)
    return counts.index(best) if best >= 3 else -1


def _advance_exchange(s: KopilkaState) -> KopilkaState:
    """Run the exchanges due (mushka-kopilka/exchange) until a taker must discard or play
    begins."""
    checked = s.checked  # the seats looked at, counted here and stored with the next state
    # the hands, stock, takers pending and cards laid down as the exchanges leave them
    now = s.hands
    stock = s.stock
    pending = s.pending
    laid_by = s.laid
    while not pending and checked < PLAYERS:
        seat = (s.dealer + 1 + checked) % PLAYERS
        checked += 1
        suit = _long_suit(now[seat])
        if suit < 0:
            continue
        # mushka-kopilka/exchange: laid face down (even spades with the ace, 001:P90.S1);
        # the other three, from his left, take one each, lowest first (AMB-MUSHKAKOPILKA-07:
        # cards not taken go back to him; he draws as many as were taken)
        laid = sorted([c for c in now[seat] if SUIT_OF[c] == suit])
        laid_by = put(laid_by, seat, laid_by[seat] + tuple(laid))  # he alone knows them
        hands = list(now)
        hand = now[seat]
        takers = tuple((seat + k) % PLAYERS for k in range(1, PLAYERS))
        for taker, c in zip(takers, laid, strict=False):
            hand = without(hand, c)
            hands[taker] = hands[taker] + (c,)
        drawn = stock[: PLAYERS - 1]
        hands[seat] = hand + drawn
        now = tuple(hands)
        stock = stock[len(drawn) :]
        if s.opts.exchange == "takers-discard":  # AMB-MUSHKAKOPILKA-07 (a): each taker
            pending = takers
        elif s.opts.exchange == "holder-discards":  # AMB-MUSHKAKOPILKA-07 (c): the holder,
            pending = (seat,) * len(takers)  # once for each card taken
    s = s._replace(hands=now, stock=stock, pending=pending, checked=checked, laid=laid_by)
    if pending:  # the first taker discards (the phase is the exchange already)
        return _ready(s._replace(turn=pending[0]))
    return _lead_or_block(s, left(s.dealer, PLAYERS), -1)  # mushka-kopilka/first-lead


def _lead_or_block(s: KopilkaState, leader: Seat, ban: int) -> KopilkaState:
    """``s`` in play with the table cleared and ``leader`` to lead, the suit ``ban`` barred to
    him (-1: none), unless the deal is blocked."""
    if blocked(s.hands, not s.stock):  # mushka-kopilka/blocked (AMB-MUSHKAKOPILKA-05)
        return _end_deal(s, -1)
    return s._replace(
        phase=PLAY,
        turn=leader,
        table=(),
        table_seats=(),
        passed=(),
        bought=0,
        ban=ban,
        legal=_lead_choices(s.opts, leader, s.hands[leader], ban),
    )


def _ready(s: KopilkaState) -> KopilkaState:
    """``s`` carrying the actions the rules allow the player to move (``legal``)."""
    return s._replace(legal=_choices(s))


# --- play -----------------------------------------------------------------------------------


def _lead_choices(
    opts: KopilkaOptions, seat: Seat, hand: tuple[Card, ...], ban: int
) -> tuple[Action, ...]:
    """What ``seat`` may do when he is to lead with ``hand``, the suit ``ban`` barred to him
    (-1: none)."""
    plays = PLAYS[seat]
    if ban < 0:  # AMB-MUSHKAKOPILKA-05: a lead after all passed (or the first) is free
        return tuple([plays[c] for c in hand])
    other = tuple([plays[c] for c in hand if SUIT_OF[c] != ban])
    if other:  # mushka-kopilka/winner-leads-other
        return other
    if opts.winner_lead == "pass-lead":  # AMB-MUSHKAKOPILKA-06
        return (PASSES[seat],)
    return tuple([plays[c] for c in hand])


def _follow_choices(
    opts: KopilkaOptions,
    seat: Seat,
    hand: tuple[Card, ...],
    table: tuple[Card, ...],
    *,
    bought: int,
    stock_left: bool,
) -> tuple[Action, ...]:
    """What ``seat`` may do on the trick ``table`` (the lead first) with ``hand``, having
    bought ``bought`` cards in this turn, while cards are left in the stock or not."""
    led = SUIT_OF[table[0]]
    plays = PLAYS[seat]
    same = tuple([plays[c] for c in hand if SUIT_OF[c] == led])  # follow-suit
    if same and opts.follow == "must-beat":  # AMB-MUSHKAKOPILKA-19 (follow=must-beat)
        same = _beating(table, led, same)
    out: tuple[Action, ...] = same
    if not same and AS in hand and led != 0 and opts.ace_cover == "must":
        return (plays[AS],)  # AMB-MUSHKAKOPILKA-04 (ace_cover=must): he covers with it
    # mushka-kopilka/ace-covers (AMB-MUSHKAKOPILKA-04): on a spade lead the ace is a spade
    if led != 0 and AS in hand and (opts.ace == "any" or not same):
        out = out + (plays[AS],)
    if not same:
        # mushka-kopilka/buy (AMB-MUSHKAKOPILKA-03): again while void, or once under buy=one
        if stock_left and bought < BUY_LIMITS[opts.buy]:
            out = out + (BUYS[seat],)
        return out + (PASSES[seat],)  # mushka-kopilka/pass (never another suit: AMB-13)
    # mushka-kopilka/pass-with-suit (AMB-MUSHKAKOPILKA-02): fined at once, or found out later
    if opts.pass_with_suit != "refused":
        out = out + (PASSES[seat],)
    return out


#: The cards a void player may buy in one turn under each value of buy
#: (mushka-kopilka/buy, AMB-MUSHKAKOPILKA-03): while still void (repeat, the stock being the
#: bound), one (one), or up to two, the limit Лентюрлю states (two, 001:P70.S2).
BUY_LIMITS: Final = {"repeat": len(DECK_32), "one": 1, "two": 2}


def _beating(table: tuple[Card, ...], led: int, same: tuple[Play, ...]) -> tuple[Play, ...]:
    """Under follow=must-beat, the plays of the suit led that beat the highest card of that
    suit on the table, or all of them when none does or the ace of spades has covered the
    trick (AMB-MUSHKAKOPILKA-19: he must beat if he can)."""
    if any(c == AS for c in table[1:]):  # covered: nothing of the suit led beats it
        return same
    top = max(RANK_OF[c] for c in table if SUIT_OF[c] == led)
    above = tuple([a for a in same if RANK_OF[a.card] > top])
    return above or same


def _choices(s: KopilkaState) -> tuple[Action, ...]:
    """Every action the rules allow the player to move (empty once the partie is over)."""
    seat = s.turn
    if s.phase == PLAY and s.table:
        return _follow_choices(
            s.opts, seat, s.hands[seat], s.table, bought=s.bought, stock_left=bool(s.stock)
        )
    if s.phase == PLAY:
        return _lead_choices(s.opts, seat, s.hands[seat], s.ban)
    if s.phase == EXCHANGE:
        return tuple([DISCARDS[seat][c] for c in s.hands[seat]])
    return ()


def legal_actions(s: KopilkaState) -> tuple[Action, ...]:
    """Every action the rules allow now (empty once the partie is over): those the position
    carries, found by :func:`_choices` when it was reached."""
    return s.legal


def _refuse(s: KopilkaState, a: Action) -> None:
    """Raise the rule an illegal action breaks."""
    seat = a.seat
    if s.phase == EXCHANGE:
        if not isinstance(a, Discard):
            raise IllegalAction("core/wrong-action", "a taker of the exchange discards a card")
        raise IllegalAction("core/not-held", f"seat {seat} does not hold {card_name(a.card)}")
    if isinstance(a, Discard):
        raise IllegalAction("core/wrong-action", "discards are made only in the exchange")
    hand = s.hands[seat]
    if not s.table:
        if isinstance(a, Buy):
            raise IllegalAction("core/wrong-action", "nothing is led: lead a card")
        if isinstance(a, Play) and a.card not in hand:
            raise IllegalAction("core/not-held", f"seat {seat} does not hold {card_name(a.card)}")
        if isinstance(a, Pass) and s.ban < 0:
            raise IllegalAction("core/wrong-action", "the leader leads a card")
        raise IllegalAction(
            "mushka-kopilka/winner-leads-other",
            f"the taker of a {suit_letter(s.ban)} trick must lead another suit",
        )
    led = SUIT_OF[s.table[0]]
    has_suit = _holds_suit(hand, led)
    if not has_suit and AS in hand and led != 0 and s.opts.ace_cover == "must":
        raise IllegalAction(  # AMB-MUSHKAKOPILKA-04 (ace_cover=must)
            "mushka-kopilka/ace-covers",
            f"seat {seat} has no {suit_letter(led)} and holds the ace of spades: he covers",
        )
    if isinstance(a, Play):
        if a.card not in hand:
            raise IllegalAction("core/not-held", f"seat {seat} does not hold {card_name(a.card)}")
        if a.card == AS:
            raise IllegalAction(
                "mushka-kopilka/ace-covers",
                "under ace=void-only the ace of spades covers only for a player without the suit",
            )
        if has_suit:
            raise IllegalAction(  # (AMB-MUSHKAKOPILKA-19: or a higher one under must-beat)
                "mushka-kopilka/follow-suit", f"seat {seat} must give {suit_letter(led)}"
            )
        raise IllegalAction(
            "mushka-kopilka/no-other-suit",
            f"seat {seat} may buy or pass, never throw off another suit than {suit_letter(led)}",
        )
    if isinstance(a, Buy):
        if has_suit:
            raise IllegalAction("mushka-kopilka/buy", "only a player without the suit led buys")
        if not s.stock:
            raise IllegalAction("mushka-kopilka/buy", "the stock is empty")
        raise IllegalAction("mushka-kopilka/buy", "under buy=one a player buys once a turn")
    raise IllegalAction(
        "mushka-kopilka/pass-with-suit", f"seat {seat} holds {suit_letter(led)} and may not pass"
    )


def apply(s: KopilkaState, a: Action) -> KopilkaState:
    """The position after ``a``, or :class:`IllegalAction` naming the rule it breaks."""
    if s.phase == OVER:
        raise IllegalAction("core/game-over", "the partie is over")
    seat = a.seat
    if not 0 <= seat < PLAYERS or seat != s.turn:
        raise IllegalAction("core/out-of-turn", f"it is seat {s.turn}'s turn, not seat {seat}'s")
    # ``a`` must be one of the legal actions, its kind included (``Pass(1) == Buy(1)`` as
    # tuples, so equality alone is not enough)
    kind = type(a)
    for x in s.legal:  # (the very action legal_actions gave, as a rule, comes first)
        if x is a or (type(x) is kind and x == a):
            break
    else:
        _refuse(s, a)
    if type(a) is Discard:  # mushka-kopilka/exchange-discard
        hand = without(s.hands[seat], a.card)
        stock = s.stock
        if s.opts.exchange == "holder-discards":  # AMB-MUSHKAKOPILKA-07 (c): he draws one
            hand = hand + stock[:1]  # in place of the card discarded
            stock = stock[1:]
        s = s._replace(
            hands=put(s.hands, seat, hand),
            stock=stock,
            discard=s.discard + (a.card,),
            discarded=put(s.discarded, seat, s.discarded[seat] + (a.card,)),
            pending=s.pending[1:],
        )
        if s.pending:  # the next taker discards
            return _ready(s._replace(turn=s.pending[0]))
        return _advance_exchange(s)
    nxt = left(seat, PLAYERS)  # the next to his left
    opts = s.opts
    if not s.table:
        if type(a) is Play:  # the lead; the next to his left is to give a card to it
            hands = _played(s.hands, seat, a.card)
            lead: tuple[Card, ...] = (a.card,)
            return s._replace(
                hands=hands,
                table=lead,
                table_seats=(seat,),
                turn=nxt,
                bought=0,
                legal=_follow_choices(
                    opts, nxt, hands[nxt], lead, bought=0, stock_left=bool(s.stock)
                ),
            )
        # mushka-kopilka/winner-leads-other: the lead passes left
        # (AMB-MUSHKAKOPILKA-06, winner_lead=pass-lead), any suit
        return s._replace(turn=nxt, ban=-1, legal=_lead_choices(opts, nxt, s.hands[nxt], -1))
    if kind is Buy:  # mushka-kopilka/buy: the top card, for nothing (AMB-MUSHKAKOPILKA-03)
        hand = s.hands[seat] + s.stock[:1]
        stock = s.stock[1:]
        bought = s.bought + 1
        return s._replace(
            hands=put(s.hands, seat, hand),
            stock=stock,
            bought=bought,
            idle=0,  # mushka-kopilka/stalled: something was bought
            legal=_follow_choices(opts, seat, hand, s.table, bought=bought, stock_left=bool(stock)),
        )
    done = len(s.table) + len(s.passed) + 1 == PLAYERS
    hands = s.hands
    table = s.table
    table_seats = s.table_seats
    passed = s.passed
    owed = s.owed
    ledger = s.ledger
    if type(a) is Play:  # a card given to the lead
        hands = _played(hands, seat, a.card)
        table = table + (a.card,)
        table_seats = table_seats + (seat,)
    else:  # mushka-kopilka/pass
        passed = passed + (seat,)
        if _holds_suit(hands[seat], SUIT_OF[table[0]]):  # mushka-kopilka/pass-with-suit
            if opts.pass_with_suit == "found-out":
                # AMB-MUSHKAKOPILKA-02 (found-out): owed unseen, paid when the deal ends
                owed = _put_int(owed, seat, owed[seat] + opts.fine)
            else:  # AMB-MUSHKAKOPILKA-02 (fined): the fine is paid into the box at once
                ledger = ledger.transfer(ACCOUNTS[seat], POT, opts.fine)
    legal: tuple[Action, ...] = ()  # the trick complete: found once it is closed
    if not done:  # the next to the left gives a card or passes
        legal = _follow_choices(opts, nxt, hands[nxt], table, bought=0, stock_left=bool(s.stock))
    s = s._replace(
        hands=hands,
        table=table,
        table_seats=table_seats,
        passed=passed,
        owed=owed,
        ledger=ledger,
        turn=nxt,
        bought=0,
        legal=legal,
    )
    if done:
        return _close_trick(s)
    return s


def _holds_suit(hand: tuple[Card, ...], suit: int) -> bool:
    """Whether ``hand`` holds a card of ``suit``."""
    return any(SUIT_OF[c] == suit for c in hand)


def _close_trick(s: KopilkaState) -> KopilkaState:
    """The trick of ``s`` complete: taken, or given back when all passed."""
    table = s.table
    seats = s.table_seats
    leader = seats[0]
    if len(table) == 1:  # mushka-kopilka/all-pass: the leader takes his card back
        idle = min(s.idle + 1, PLAYERS)
        s = s._replace(hands=put(s.hands, leader, s.hands[leader] + table), idle=idle)
        if stalled(idle, s.opts.stall_end == "blocked"):
            # mushka-kopilka/stalled (AMB-MUSHKAKOPILKA-15): ended as blocked, nobody first out
            return _end_deal(s, -1)
        # AMB-MUSHKAKOPILKA-05: the next player to his left leads, any card
        return _lead_or_block(s, left(leader, PLAYERS), -1)
    # mushka-kopilka/one-follower: one card given is enough for a trick
    i, doubled = covered_trick(table)
    winner = seats[i]
    led = SUIT_OF[table[0]]
    taker = table[i]
    opts = s.opts
    # AMB-MUSHKAKOPILKA-04 (double_by=any-ace): any ace played on the lead that takes the
    # trick doubles it ("каждая взятка, прикрытая тузом, ценится вдвое", 001:P102.S1)
    if i > 0 and RANK_OF[taker] == ACE and opts.double_by == "any-ace":
        doubled = True
    # AMB-MUSHKAKOPILKA-04 (led_ace=doubles): a trick led with the ace of spades, which
    # takes it, counts double too
    if i == 0 and taker == AS and opts.led_ace == "doubles":
        doubled = True
    # AMB-MUSHKAKOPILKA-04 (record_suit=winning-card): recorded under the suit of the card
    # that took it, spades after a cover with the ace of spades
    suit = SUIT_OF[taker] if opts.record_suit == "winning-card" else led
    code = suit + DOUBLED if doubled else suit  # mushka-kopilka/record, mushka-kopilka/ace-double
    s = s._replace(
        won=s.won + table,
        tricks=_put_int(s.tricks, winner, s.tricks[winner] + 1),
        record=put(s.record, winner, s.record[winner] + (code,)),
        last_winner=winner,
        last_trick=table,
        idle=0,
    )
    # mushka-kopilka/first-out (AMB-MUSHKAKOPILKA-05): the deal ends with the trick in which a
    # player shed his last card, the first of them in play order being first out
    for p in seats:
        if not s.hands[p]:  # (the end of the deal clears the table)
            return _end_deal(s, p)
    # mushka-kopilka/winner-leads-other: the suit banned is the trick's, or under
    # ban_suit=card that of the card that took it (AMB-MUSHKAKOPILKA-14)
    ban = banned_suit(led, taker, opts.ban_suit == "card")
    return _lead_or_block(s, winner, ban)


def _put_int(values: tuple[int, ...], seat: Seat, value: int) -> tuple[int, ...]:
    """``values`` (one per seat) with the value of ``seat`` replaced by ``value``."""
    out = list(values)
    out[seat] = value
    return tuple(out)


# --- the end of a deal and of the partie ----------------------------------------------------


def _end_deal(s: KopilkaState, first: Seat) -> KopilkaState:
    """Payments of the deal (P85, P93), then the next deal or the settlement."""
    o = s.opts
    ledger = s.ledger
    # mushka-kopilka/pass-with-suit (AMB-MUSHKAKOPILKA-02, found-out): the passes made with
    # the suit led come to light when the deal's cards are looked over, and are paid now, by
    # the first out too (a fine for the act, not a payment of the deal: AMB-MUSHKAKOPILKA-09)
    for p in range(PLAYERS):
        if s.owed[p]:
            ledger = ledger.transfer(ACCOUNTS[p], POT, s.owed[p])
    for p in range(PLAYERS):
        if p == first:  # mushka-kopilka/first-out: he pays nothing into the box
            continue  # (the deal payment; a fine too under first_out_exempt=all: AMB-09)
        ledger = ledger.transfer(ACCOUNTS[p], POT, o.deal_payment)
    if o.no_trick_fine == "deal":  # AMB-MUSHKAKOPILKA-08: once a deal
        for p in range(PLAYERS):  # mushka-kopilka/no-trick-fine (AMB-MUSHKAKOPILKA-09)
            if s.tricks[p] == 0 and not (p == first and o.first_out_exempt == "all"):
                ledger = ledger.transfer(ACCOUNTS[p], POT, o.fine)
    first_out = s.first_out + (first,)
    if s.deal_no < DEALS:  # mushka-kopilka/four-deals
        # AMB-MUSHKAKOPILKA-01: the deal passes left (or stays), the pack the first reshuffled
        dealer = left(s.dealer, PLAYERS) if o.next_dealer == "left" else s.dealer
        hands, stock = deal_hands(dealer, s.decks[0])
        following = _new_deal(
            opts=o,
            dealer=dealer,
            deal_no=s.deal_no + 1,
            hands=hands,
            stock=stock,
            record=s.record,
            first_out=first_out,
            ledger=ledger,
            decks=s.decks[1:],
        )
        return _advance_exchange(following)
    # (the fines owed unseen are paid above)
    return _settle(s._replace(ledger=ledger, first_out=first_out, owed=(0,) * PLAYERS), first)


def _settle(s: KopilkaState, first: Seat) -> KopilkaState:
    """The settlement of the partie (mushka-kopilka/settlement, mushka-kopilka/last-remainder)."""
    o = s.opts
    ledger = s.ledger
    if o.no_trick_fine == "partie":  # AMB-MUSHKAKOPILKA-08
        for p in range(PLAYERS):  # mushka-kopilka/no-trick-fine, once for the partie
            if not s.record[p] and not (p == first and o.first_out_exempt == "all"):
                ledger = ledger.transfer(str(p), POT, o.fine)
    values = tuple(seat_values(s.record[p], o.values) for p in range(PLAYERS))
    if o.settlement == "from-pot":  # AMB-MUSHKAKOPILKA-10
        # AMB-MUSHKAKOPILKA-11: paid in turn from the last dealer's left
        order = tuple((s.dealer + k) % PLAYERS for k in range(1, PLAYERS + 1))
        paid = pot_payouts(
            tuple(values[p] for p in order), ledger.balance(POT), o.pot_short == "pro-rata"
        )
        for p, amount in zip(order, paid, strict=True):
            ledger = ledger.transfer(POT, str(p), amount)
        if first >= 0:  # mushka-kopilka/last-remainder (nobody first out: it stays, AMB-05)
            ledger = ledger.transfer(POT, str(first), ledger.balance(POT))
    else:  # AMB-MUSHKAKOPILKA-10 (settlement=between-players)
        if first >= 0:  # mushka-kopilka/last-remainder: he takes the whole box
            ledger = ledger.transfer(POT, str(first), ledger.balance(POT))
        # every two players settle the difference: the losers' net through the box to the
        # winners, which leaves the box as it was
        gains = between_players(values)
        for p in range(PLAYERS):
            if gains[p] < 0:
                ledger = ledger.transfer(str(p), POT, -gains[p])
        for p in range(PLAYERS):
            if gains[p] > 0:
                ledger = ledger.transfer(POT, str(p), gains[p])
    return s._replace(
        ledger=ledger,
        phase=OVER,
        turn=-1,
        table=(),
        table_seats=(),
        passed=(),
        bought=0,
        ban=-1,
        idle=0,  # a last deal ended by four leads passed by all leaves no count behind
        legal=(),  # the partie is over
    )


def outcome(s: KopilkaState) -> Outcome | None:
    """Once the partie is settled: the seats with the most money won, the fewest lost
    (mushka-kopilka/outcome, AMB-MUSHKAKOPILKA-16)."""
    if s.phase != OVER:
        return None
    purses = tuple(s.ledger.balances[:PLAYERS])
    hi, lo = max(purses), min(purses)
    if hi == lo:  # mushka-kopilka/outcome: all square, nobody has won (AMB-MUSHKAKOPILKA-16)
        return Outcome((), (), "the partie is settled all square", purses)
    winners = tuple(p for p in range(PLAYERS) if purses[p] == hi)
    losers = tuple(p for p in range(PLAYERS) if purses[p] == lo)
    return Outcome(winners, losers, "the partie of four deals is settled", purses)


def to_move(s: KopilkaState) -> Seat | None:
    return None if s.phase == OVER else s.turn


def phase_name(s: KopilkaState) -> str:
    return PHASES[s.phase]


def all_cards(s: KopilkaState) -> tuple[Card, ...]:
    return tuple(c for h in s.hands for c in h) + s.stock + s.discard + s.won + s.table


def chips_in_play(s: KopilkaState) -> int:
    """Every chip of the ledger, the seats' and the pots': the rules move chips, never make them."""
    return s.ledger.total


# --- observation and notation ---------------------------------------------------------------


def _record_names(record: tuple[int, ...]) -> list[JSON]:
    out: list[JSON] = []
    out.extend(sorted(_record_json(record)))
    return out


#: What the tricks of the partie are worth to each seat, valued by suit.
SCORE: Final[Observable[KopilkaState]] = Observable(
    "score", lambda s: [seat_values(r, s.opts.values) for r in s.record]
)
CHIPS: Final[Observable[KopilkaState]] = Observable(
    "chips", lambda s: list(s.ledger.balances[:PLAYERS])
)
POT_MONEY: Final[Observable[KopilkaState]] = Observable(
    "pot", lambda s: s.ledger.balance(POT)
)  # the money box
DEAL: Final[Observable[KopilkaState]] = Observable("deal", lambda s: s.deal_no)  # 1 to 4
DEALER: Final[Observable[KopilkaState]] = Observable("dealer", lambda s: s.dealer)
#: The tricks of the partie by seat, each its suit letter, "x2" when the ace of spades covered it.
RECORD: Final[Observable[KopilkaState]] = Observable(
    "record", lambda s: [_record_names(r) for r in s.record]
)
#: The first out of each finished deal (null: none).
FIRST_OUT: Final[Observable[KopilkaState]] = Observable(
    "first_out", lambda s: [None if p < 0 else p for p in s.first_out]
)

OBSERVABLES: Final[tuple[Observable[KopilkaState] | PerSeat[KopilkaState], ...]] = (
    obs.HAND,
    obs.TABLE,
    obs.STOCK_SIZE,
    obs.STOCK,
    # who took the last trick (null before the first of the deal); the tricks of this deal by seat
    obs.TRICK_WINNER,
    obs.TRICKS,
    SCORE,
    CHIPS,
    POT_MONEY,
    DEAL,
    DEALER,
    RECORD,
    FIRST_OUT,
    obs.DISCARD,  # the exchange's discards
)


def _names_of(cards: tuple[Card, ...]) -> list[JSON]:
    """Cards in canonical card order, by name."""
    out: list[JSON] = [card_name(c) for c in sorted(cards)]
    return out


def _seats(seats: tuple[Seat, ...]) -> list[JSON]:
    out: list[JSON] = list(seats)
    return out


def _own(cards_of: Hands, viewer: Viewer) -> JSON:
    """The viewer's own cards of a per-seat memory, canonical order; null for a bystander."""
    return None if viewer is None else _names_of(cards_of[viewer])


def _sizes(cards_of: Hands) -> JSON:
    out: list[JSON] = [len(h) for h in cards_of]
    return out


def _won_seen(s: KopilkaState, viewer: Viewer) -> JSON:
    """The cards of this deal's tricks, canonical order; null while tricks are turned face down."""
    if s.opts.tricks_seen == "turned":  # AMB-MUSHKAKOPILKA-18 (a): only the record is seen
        return None
    return _names_of(s.won)


#: What each seat may see (design §2), field by field (:mod:`reference.core.views`).
VIEW: Final[tuple[Shown[KopilkaState], ...]] = (
    # 001:P79.S1: five cards each, the rest the stock; each holds his own hand, the others see
    # only how many cards it holds (the cards bought and taken in the exchange included)
    views.HAND,
    views.HAND_SIZES,
    views.public(DEAL),
    views.public(DEALER),
    # 001:P83.S1-S4: the cards of the trick in progress lie face up, each with the seat that
    # gave it; a pass is said aloud, a purchase made before all (the card bought unseen:
    # AMB-MUSHKAKOPILKA-17)
    views.public(obs.TABLE),
    Shown("table_seats", lambda s, viewer: _seats(s.table_seats)),
    Shown("passed", lambda s, viewer: _seats(s.passed)),
    Shown("bought", lambda s, viewer: s.bought > 0),
    # 001:P88.S1: the suit the taker of the last trick may not lead follows from the trick
    Shown("ban", lambda s, viewer: None if s.ban < 0 else suit_letter(s.ban)),
    # AMB-MUSHKAKOPILKA-17: the stock lies face down; how many cards it holds is seen
    views.public(obs.STOCK_SIZE),
    # 001:P89.S1: the cards of one suit are laid down "крапом вверх": the others see how many
    # (AMB-MUSHKAKOPILKA-17), the holder knows which, each taker the one he took (in his hand)
    Shown("laid_down_sizes", lambda s, viewer: _sizes(s.laid)),
    Shown("laid_down", lambda s, viewer: _own(s.laid, viewer)),
    # 001:P89.S2: the takers still to discard, in turn; each discard is laid aside face down,
    # seen by the one who made it (AMB-MUSHKAKOPILKA-17)
    Shown("pending", lambda s, viewer: _seats(s.pending)),
    Shown("discard_size", lambda s, viewer: len(s.discard)),
    Shown("discarded", lambda s, viewer: _own(s.discarded, viewer)),
    # 001:P87.S1: each trick is written down with its suit (doubled when the ace of spades
    # covered it, 001:P81.S2): the record, the tricks of the deal and their value are public
    views.public(obs.TRICK_WINNER),
    views.public(obs.TRICKS),
    views.public(RECORD),
    views.public(SCORE),
    # AMB-MUSHKAKOPILKA-18: the cards of a trick taken are turned face down (or left open)
    Shown("won", _won_seen),
    # 001:P80.S1-S2, 001:P85.S1, 001:P86.S1, 001:P93.S1: the money box stands in the middle of
    # the table and every payment into it or out of it is made openly
    views.public(CHIPS),
    views.public(POT_MONEY),
    views.public(FIRST_OUT),
    # AMB-MUSHKAKOPILKA-02 (found-out): a pass with the suit looks like any other pass; the
    # fine it costs is known to the passer alone until the deal ends and it is paid openly
    Shown("fine_owed", lambda s, viewer: None if viewer is None else s.owed[viewer]),
)


def parse_action(obj: JSON) -> Action:
    """An action from its JSON form, or :class:`FormatError` saying what is wrong."""
    return read_action(obj, GAME_ID, ACTIONS)


def _record_json(record: tuple[int, ...]) -> list[str]:
    return [suit_letter(c & 3) + ("x2" if c & DOUBLED else "") for c in record]


NOTATION: Final = Notation(GAME_ID, KopilkaOptions, OPTIONS, PHASES, _check_players)


def position(s: KopilkaState) -> JSONObject:
    """The position in this game's notation (its FEN); :func:`load_position` reads it back.

    ``table`` lists the trick in progress ({seat, card}, the lead first) and ``passed`` the
    seats that passed on it; ``ban`` is the suit the leader may not lead; ``exchange`` gives
    how many seats the exchange has checked and the takers still to discard; ``record`` the
    tricks of the partie per seat (``"H"``, or ``"Hx2"`` when covered by the ace);
    ``next_deals`` the pack orders of the deals to come (left out, deal ``k`` is the 32-card pack
    in canonical order shuffled with seed ``k - 1``); ``idle`` the leads in a row passed by all
    with nothing bought (0 when left out); ``owed`` the fines each seat owes unseen for passing
    with the suit led in this deal (pass_with_suit=found-out; 0 each when left out). When
    ``won`` is left out of a position given to :func:`load_position`, it is every card of the
    pack not placed elsewhere.
    """
    return {
        **NOTATION.head(PLAYERS, s.dealer, s.opts, s.phase, to_move(s)),
        "deal": s.deal_no,
        "hands": [[card_name(c) for c in h] for h in s.hands],
        "stock": [card_name(c) for c in s.stock],
        "discard": [card_name(c) for c in s.discard],
        "won": [card_name(c) for c in s.won],
        "table": [
            {"seat": p, "card": card_name(c)} for p, c in zip(s.table_seats, s.table, strict=True)
        ],
        "passed": list(s.passed),
        "bought": s.bought > 0,
        # AMB-MUSHKAKOPILKA-03 (buy=two): how many, only where one card does not say it
        **({"buys": s.bought} if s.bought > 1 else {}),
        "ban": None if s.ban < 0 else suit_letter(s.ban),
        "exchange": {
            "checked": s.checked,
            "pending": list(s.pending),
            "laid": [[card_name(c) for c in h] for h in s.laid],
            "discarded": [[card_name(c) for c in h] for h in s.discarded],
        },
        "tricks": list(s.tricks),
        "record": [list[JSON](_record_json(r)) for r in s.record],
        "last_trick": None
        if s.last_winner < 0
        else {"winner": s.last_winner, "cards": [card_name(c) for c in s.last_trick]},
        "first_out": [None if p < 0 else p for p in s.first_out],
        "chips": list(s.ledger.balances[:PLAYERS]),
        "pot": s.ledger.balance(POT),
        "next_deals": [[card_name(c) for c in d] for d in s.decks],
        "idle": s.idle,
        "owed": list(s.owed),
    }


def _suit_code(text: str, where: str) -> int:
    doubled = text.endswith("x2")
    try:
        suit = parse_suit(text[:-2] if doubled else text)
    except ValueError as e:
        raise FormatError(f"{where}: {e}") from None
    return suit + DOUBLED if doubled else suit


def _bought(o: JSONObject) -> int:
    """How many cards the player to move has bought this turn: ``buys`` where the position
    gives it (more than one, AMB-MUSHKAKOPILKA-03 buy=two), else one if ``bought``."""
    bought = bool(o.get("bought", False))
    if "buys" not in o:
        return 1 if bought else 0
    buys = as_int(o["buys"], "position/buys")
    if buys < 2 or not bought:
        raise FormatError("position/buys: more than one card bought, and bought true")
    return buys


def load_position(pos: JSON) -> KopilkaState:
    """A state from the position notation; checks that the 32 cards are all there once."""
    # players may be left out of this game's position: the table is always four
    head = NOTATION.read({"players": PLAYERS, **open_position(pos, GAME_ID)})
    o, opts, phase, turn, dealer = head.fields, head.options, head.phase, head.turn, head.dealer
    deal_no = as_int(o.get("deal", 1), "position/deal")
    hands = card_lists(field(o, "hands", "position"), "position/hands")
    stock = as_cards(o.get("stock", []), "position/stock")
    discard = as_cards(o.get("discard", []), "position/discard")
    table_json = as_list(o.get("table", []), "position/table")
    table_cards: list[Card] = []
    table_seats: list[Seat] = []
    for i, item in enumerate(table_json):
        w = f"position/table/{i}"
        entry = as_object(item, w)
        table_seats.append(as_int(field(entry, "seat", w), f"{w}/seat"))
        table_cards.append(as_card(field(entry, "card", w), f"{w}/card"))
    placed = tuple(c for h in hands for c in h) + stock + discard + tuple(table_cards)
    if "won" in o:
        won = as_cards(o["won"], "position/won")
    else:
        won = tuple(c for c in DECK_32 if c not in placed)
    ban_json = o.get("ban")
    ban = -1
    if ban_json is not None:
        ban = _suit_code(as_str(ban_json, "position/ban"), "position/ban") & 3
    exch = as_object(o.get("exchange", {"checked": PLAYERS, "pending": []}), "position/exchange")
    checked = as_int(exch.get("checked", PLAYERS), "position/exchange/checked")
    pending = tuple(
        as_int(p, "position/exchange/pending")
        for p in as_list(exch.get("pending", []), "position/exchange/pending")
    )
    nobody: JSON = [[] for _ in range(PLAYERS)]
    laid = card_lists(exch.get("laid", nobody), "position/exchange/laid")
    discarded = card_lists(exch.get("discarded", nobody), "position/exchange/discarded")
    record_json = as_list(o.get("record", [[] for _ in range(PLAYERS)]), "position/record")
    record = tuple(
        tuple(
            _suit_code(as_str(c, f"position/record/{i}"), f"position/record/{i}")
            for c in as_list(r, f"position/record/{i}")
        )
        for i, r in enumerate(record_json)
    )
    tricks_json = as_list(o.get("tricks", [0] * PLAYERS), "position/tricks")
    tricks = tuple(as_int(t, f"position/tricks/{i}") for i, t in enumerate(tricks_json))
    last = o.get("last_trick")
    last_winner: Seat = -1
    last_trick: tuple[Card, ...] = ()
    if last is not None:
        lo = as_object(last, "position/last_trick")
        last_winner = as_int(field(lo, "winner", "position/last_trick"), "position/last_trick")
        last_trick = as_cards(field(lo, "cards", "position/last_trick"), "position/last_trick")
    first_out = tuple(
        -1 if p is None else as_int(p, "position/first_out")
        for p in as_list(o.get("first_out", []), "position/first_out")
    )
    chips_json = as_list(o.get("chips", [0] * PLAYERS), "position/chips")
    chips = tuple(as_int(c, f"position/chips/{i}") for i, c in enumerate(chips_json))
    pot = as_int(o.get("pot", 0), "position/pot")
    owed_json = as_list(o.get("owed", [0] * PLAYERS), "position/owed")
    owed = tuple(as_int(v, f"position/owed/{i}") for i, v in enumerate(owed_json))
    if len(chips) != PLAYERS:
        raise FormatError("position/chips: one purse per seat")
    if "next_deals" in o:
        decks = card_lists(o["next_deals"], "position/next_deals")
    else:
        # AMB-MUSHKAKOPILKA-01: the first deal's order is not in a position; the canonical
        # pack stands for it
        decks = tuple(shuffle(DECK_32, k) for k in range(deal_no, DEALS))
    state = KopilkaState(
        opts=opts,
        dealer=dealer,
        deal_no=deal_no,
        phase=phase,
        turn=turn,
        hands=hands,
        stock=stock,
        discard=discard,
        won=won,
        table=tuple(table_cards),
        table_seats=tuple(table_seats),
        passed=tuple(
            as_int(p, "position/passed") for p in as_list(o.get("passed", []), "position/passed")
        ),
        bought=_bought(o),
        ban=ban,
        checked=checked,
        pending=pending,
        tricks=tricks,
        record=record,
        last_winner=last_winner,
        last_trick=last_trick,
        first_out=first_out,
        ledger=open_ledger(ACCOUNTS, chips + (pot,)),
        decks=decks,
        idle=as_int(o.get("idle", 0), "position/idle"),
        laid=laid,
        discarded=discarded,
        owed=owed,
        legal=(),
    )
    _check_position(state)
    return _ready(state)


def _check_position(s: KopilkaState) -> None:
    w = "position"
    if not 1 <= s.deal_no <= DEALS:
        raise FormatError(f"{w}/deal: a partie has deals 1 to 4")
    if not 0 <= s.idle <= (PLAYERS - 1 if s.opts.stall_end == "blocked" else PLAYERS):
        raise FormatError(f"{w}/idle: from 0 to 3 leads passed by all in a row (4 under none)")
    if len(s.decks) != DEALS - s.deal_no:
        raise FormatError(f"{w}/next_deals: one pack order for each deal still to come")
    for d in s.decks:
        try:
            _check_pack(d, "each of next_deals")
        except SetupError as e:
            raise FormatError(f"{w}: {e}") from None
    for key, seq in (
        ("hands", s.hands),
        ("tricks", s.tricks),
        ("record", s.record),
        ("exchange/laid", s.laid),
        ("exchange/discarded", s.discarded),
        ("owed", s.owed),
    ):
        if len(seq) != PLAYERS:
            raise FormatError(f"{w}/{key}: needs one entry per seat (4)")
    if any(v < 0 for v in s.owed) or (any(s.owed) and s.opts.pass_with_suit != "found-out"):
        raise FormatError(f"{w}/owed: fines of 0 or more, owed only under found-out")
    if s.phase == OVER:
        if s.turn != -1:
            raise FormatError(f"{w}/to_move: must be null when the partie is over")
    elif not 0 <= s.turn < PLAYERS:
        raise FormatError(f"{w}/to_move: must be a seat")
    if s.phase == EXCHANGE and (not s.pending or s.pending[0] != s.turn or s.table):
        raise FormatError(f"{w}/exchange: in the exchange the first pending taker is to move")
    if s.phase == PLAY and s.pending:
        raise FormatError(f"{w}/exchange: no taker is pending once play has begun")
    if len(s.table) + len(s.passed) >= PLAYERS or (s.passed and not s.table):
        raise FormatError(f"{w}/table: a trick in progress has a lead and fewer than four turns")
    if any(not 0 <= p < PLAYERS for p in s.table_seats + s.passed + s.pending):
        raise FormatError(f"{w}/table: seats must be seats of the game")
    if s.phase == PLAY and s.table:
        expect = (s.table_seats[0] + len(s.table) + len(s.passed)) % PLAYERS
        if s.turn != expect:
            raise FormatError(f"{w}/to_move: seat {expect} is next on the trick")
    try:
        _check_pack(all_cards(s), "a position")
    except SetupError as e:
        raise FormatError(f"{w}: {e}") from None
    # a card laid down and taken may be laid down again by its taker, looked at later
    if any(len(set(h)) != len(h) or not set(h) <= set(DECK_32) for h in s.laid):
        raise FormatError(f"{w}/exchange/laid: cards of the pack, once each for a seat")
    left_over = list(s.discard)
    for c in (c for h in s.discarded for c in h):
        if c not in left_over:
            raise FormatError(f"{w}/exchange/discarded: each card discarded is in discard")
        left_over.remove(c)
