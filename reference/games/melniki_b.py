"""Мельники, as told in seed 002 ("60. Мельники"): game id ``melniki-b``.

Two stages. In the first, tricks are played with three cards in hand and a
refill from the stock after every trick; in the second, each player takes up
the cards of his tricks and they are played out Durak-style, one card at a
time; whoever is left holding cards loses.

The code follows the text paragraph by paragraph (002:P6 to 002:P9). Each
rule is declared in :data:`RULES` with the sentences it comes from and is
named again, by its id, where the code enforces it. Gaps in the text are
settled by the rulings ``AMB-MELNIKIB-NN`` of the register, each selectable
by an option.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, NamedTuple

from reference.core import observables as obs
from reference.core import views
from reference.core.actions import Play, Take, read_action
from reference.core.cards import (
    ACE_HIGH,
    DECK_36,
    RANK_OF,
    SUIT_OF,
    Card,
    card_name,
    names,
    suit_letter,
)
from reference.core.covering import covering_cards, covers
from reference.core.errors import FormatError, IllegalAction, SetupError
from reference.core.game import DeckOrder, Outcome, Table
from reference.core.holdings import counts, put, without
from reference.core.jsontypes import (
    JSON,
    JSONObject,
    as_card,
    as_cards,
    as_int,
    as_list,
    as_object,
    card_lists,
    field,
)
from reference.core.kernel import GameOptions, Observable, PerSeat, Shown, Viewer, option
from reference.core.positions import Notation
from reference.core.rules import CORE_RULES, Rule
from reference.core.seats import Seat, left, next_holding
from reference.core.states import named_updates
from reference.core.tricks import beats_in_trick, playable, trick_winner

GAME_ID: Final = "melniki-b"
TITLE: Final = "Мельники (seed 002, «60. Мельники»)"
HAND: Final = 3
#: The seat counts the text allows, and the pack a table is dealt from.
PLAYER_COUNTS: Final = range(2, 5)
PACK: Final = DECK_36

# --- rules, in the order of the text ------------------------------------------

RULES: Final = CORE_RULES + (
    Rule(
        "melniki-b/players",
        ("002:P6.S1", "AMB-MELNIKIB-01"),
        "Two or four play (three only under the option three_players).",
    ),
    Rule("melniki-b/deck", ("002:P6.S2",), "The pack has 36 cards, six to ace."),
    Rule(
        "melniki-b/deal-three",
        ("002:P6.S3", "AMB-MELNIKIB-02", "AMB-MELNIKIB-23"),
        "Each player is dealt three cards, from the dealer's left, one at a time "
        "(or three at once under deal_packet=3).",
    ),
    Rule(
        "melniki-b/trump-turned",
        ("002:P6.S4", "AMB-MELNIKIB-03"),
        "The next card is turned up; its suit is trump; as in Durak it lies face up "
        "under the stock and is drawn last (or stays out of play under trump_card=out-of-play).",
    ),
    Rule(
        "melniki-b/dealer-leads",
        ("002:P6.S5", "AMB-MELNIKIB-18"),
        "The dealer leads to the first trick (his left-hand neighbour under "
        "first_leader=dealer-left).",
    ),
    Rule(
        "melniki-b/winner-leads",
        ("002:P6.S5", "AMB-MELNIKIB-09"),
        "The taker of a trick leads to the next (if he has no card, the next player to his "
        "left who has one).",
    ),
    Rule(
        "melniki-b/turn-order",
        ("002:P7.S1", "AMB-MELNIKIB-04"),
        "Cards are played to a trick in turn to the left of the leader, each player once.",
    ),
    Rule("melniki-b/one-card", ("002:P7.S2",), "A lead is one card."),
    Rule(
        "melniki-b/follow-suit",
        ("002:P7.S3",),
        "On the card led a player must lay a card of the same suit if he has one.",
    ),
    Rule(
        "melniki-b/else-trump",
        ("002:P7.S4", "AMB-MELNIKIB-05"),
        "Without the suit led he must lay a trump if he has one; without either, any card.",
    ),
    Rule(
        "melniki-b/must-beat",
        ("002:P7.S3", "AMB-MELNIKIB-05"),
        "Only under must_beat=true: a player who can take the trick with a card he is "
        "allowed to lay must do so.",
    ),
    Rule(
        "melniki-b/trick-winner",
        ("002:P7.S1", "AMB-MELNIKIB-04"),
        "The highest trump takes the trick; without a trump, the highest card of the suit led.",
    ),
    Rule(
        "melniki-b/refill",
        ("002:P7.S5",),
        "After each trick the players draw from the stock back up to three cards.",
    ),
    Rule(
        "melniki-b/winner-draws-first",
        ("002:P7.S6", "AMB-MELNIKIB-04"),
        "The taker of the trick draws first, then each player to his left in turn (under "
        "draw_order=play-order, the others in the order they played to the trick).",
    ),
    Rule(
        "melniki-b/play-out",
        ("002:P7.S7", "AMB-MELNIKIB-26"),
        "When the stock is gone the cards left in hand are played out in tricks.",
    ),
    Rule(
        "melniki-b/stage-two",
        ("002:P8.S1", "002:P8.S2", "AMB-MELNIKIB-06", "AMB-MELNIKIB-24"),
        "When all hands are played out, each player takes up the cards of his tricks "
        "and the second stage begins, the taker of the last trick leading (the dealer, his "
        "left-hand neighbour, or the holder of the lowest trump, under stage2_leader).",
    ),
    Rule(
        "melniki-b/single-card",
        ("002:P8.S2", "AMB-MELNIKIB-25"),
        "In the second stage a lead is a single card, played at the left-hand neighbour.",
    ),
    Rule(
        "melniki-b/beat-as-durak",
        ("002:P8.S2", "AMB-MELNIKIB-07", "AMB-MELNIKIB-20"),
        "A card is beaten as in Durak: by a higher card of its suit, or by a trump if it is "
        "not a trump; a trump only by a higher trump (under stage2_trump=none, only by a "
        "higher card of its suit).",
    ),
    Rule(
        "melniki-b/beaten-discarded",
        ("002:P8.S3",),
        "A beaten card and its beater go to the discard, and the beater leads next.",
    ),
    Rule(
        "melniki-b/cannot-beat-takes",
        ("002:P8.S4", "AMB-MELNIKIB-07"),
        "A player who cannot beat the card takes it into his hand (only then, unless "
        "voluntary_take=true).",
    ),
    Rule(
        "melniki-b/taker-leads-left",
        ("002:P8.S4", "AMB-MELNIKIB-08"),
        "After a take, the taker leads to his left-hand neighbour (under "
        "after_take=skip-taker, the taker's left-hand neighbour leads instead).",
    ),
    Rule(
        "melniki-b/out-of-cards",
        ("002:P9.S1", "AMB-MELNIKIB-09"),
        "A player without cards takes no further part; play passes over him.",
    ),
    Rule(
        "melniki-b/last-holder-loses",
        ("002:P9.S1", "AMB-MELNIKIB-10"),
        "The one left holding cards when all others are out of cards loses; if nobody is "
        "left holding cards, nobody loses (under both_out=beater-loses, the beater of the last "
        "card loses).",
    ),
    Rule(
        "melniki-b/partners",
        ("002:P6.S1", "002:P9.S1", "AMB-MELNIKIB-16"),
        "Under partners=true four play two against two, partners facing each other (seats 0 "
        "and 2 against 1 and 3): a player who loses loses with his partner, and the other "
        "pair wins; play itself is unchanged.",
    ),
    Rule(
        "melniki-b/stalemate",
        ("002:P8.S4", "002:P9.S1", "AMB-MELNIKIB-11", "AMB-MELNIKIB-12"),
        "The second stage ends when it is stuck: when a position with a player to lead recurs "
        "with no beat in between (or, under stalemate=no-beat, after no_beat_limit takes in a "
        "row with no beat); then nobody loses (or, under stalemate_result, every holder, or "
        "the holders of the most cards).",
    ),
)

# --- options: the rulings of the register ----------------------------------------


@dataclass(frozen=True, slots=True)
class MelnikiOptions(GameOptions):
    """The options of one game (the rulings of the register)."""

    three_players: bool = option(
        False,
        "Allow three players (the text says two or four).",
        (False, True),
        ruling="AMB-MELNIKIB-01",
    )
    deal_packet: int = option(
        1,
        "Cards given at a time while dealing: 1 (one by one) or 3 (all three at once).",
        (1, 3),
        ruling="AMB-MELNIKIB-02",
    )
    trump_card: str = option(
        "under-stock",
        "Where the turned trump card goes: under the stock, drawn last, as in Durak; "
        "or beside it, out of play.",
        ("under-stock", "out-of-play"),
        ruling="AMB-MELNIKIB-03",
    )
    must_beat: bool = option(
        False,
        "Whether a follower who can take the trick must do so.",
        (False, True),
        ruling="AMB-MELNIKIB-05",
    )
    first_leader: str = option(
        "dealer",
        "Who leads to the first trick: the dealer («Первым ходит сдающий»), or his left-hand "
        "neighbour, the first hand.",
        ("dealer", "dealer-left"),
        ruling="AMB-MELNIKIB-18",
    )
    draw_order: str = option(
        "taker-left",
        "Who draws after the taker of a trick: each player to his left in turn; or the "
        "others in the order they played to the trick.",
        ("taker-left", "play-order"),
        ruling="AMB-MELNIKIB-04",
    )
    stage2_leader: str = option(
        "last-trick",
        "Who leads first in the second stage: the taker of the last trick; the dealer; the "
        "dealer's left-hand neighbour; or the holder of the lowest trump (the taker of the "
        "last trick if nobody holds one).",
        ("last-trick", "dealer", "dealer-left", "lowest-trump"),
        ruling="AMB-MELNIKIB-06",
    )
    stage2_trump: str = option(
        "same",
        "The trump of the second stage: the suit turned at the deal; or none, a card being "
        "beaten only by a higher card of its suit.",
        ("same", "none"),
        ruling="AMB-MELNIKIB-20",
    )
    voluntary_take: bool = option(
        False,
        "Whether a player who could beat the card may take it instead.",
        (False, True),
        ruling="AMB-MELNIKIB-07",
    )
    after_take: str = option(
        "taker",
        "Who leads after a take: the taker (to his left), or the taker's left-hand "
        "neighbour, the taker losing his turn.",
        ("taker", "skip-taker"),
        ruling="AMB-MELNIKIB-08",
    )
    both_out: str = option(
        "draw",
        "When the last card led is beaten by the last card of the other holder: nobody "
        "loses, or the beater loses (he held cards when the leader had none).",
        ("draw", "beater-loses"),
        ruling="AMB-MELNIKIB-10",
    )
    stalemate: str = option(
        "repetition",
        "When a stuck second stage ends: when a position with a player to lead recurs "
        "with no beat in between, or after no_beat_limit takes in a row with no beat.",
        ("repetition", "no-beat"),
        ruling="AMB-MELNIKIB-11",
    )
    no_beat_limit: int = option(
        36,
        "Under stalemate=no-beat: the takes in a row with no beat that end the game.",
        minimum=1,
        maximum=1000,
        ruling="AMB-MELNIKIB-11",
    )
    stalemate_result: str = option(
        "draw",
        "Who loses a stuck game: nobody; every player still holding cards; or the holders "
        "of the most cards.",
        ("draw", "holders-lose", "most-cards"),
        ruling="AMB-MELNIKIB-12",
    )
    partners: bool = option(
        False,
        "Whether four play two against two, partners facing each other (seats 0 and 2 "
        "against 1 and 3), a player's loss being his pair's; no effect with two or three.",
        (False, True),
        ruling="AMB-MELNIKIB-16",
    )
    tricks_shown: str = option(
        "face-down",
        "What is seen of the stage-1 tricks before they are taken up: nothing but how many "
        "(face down, nobody looks); each by its taker only; or every trick by everyone "
        "(left face up). Changes only what is seen.",
        ("face-down", "own", "face-up"),
        ruling="AMB-MELNIKIB-13",
    )
    discard_shown: str = option(
        "face-down",
        "What is seen of the stage-2 discard: how many cards (face down, as in Durak); or "
        "its cards (face up). Changes only what is seen.",
        ("face-down", "face-up"),
        ruling="AMB-MELNIKIB-14",
    )


OPTIONS: Final = MelnikiOptions.specs()
#: The options of a table that gives none.
DEFAULT_OPTIONS: Final = MelnikiOptions()


# --- state ------------------------------------------------------------------------

STAGE_ONE: Final = 1
STAGE_TWO: Final = 2
OVER: Final = 0
PHASES: Final = {STAGE_ONE: "stage1", STAGE_TWO: "stage2", OVER: "over"}

Hands = tuple[tuple[Card, ...], ...]
#: A position of stage 2 with a player to lead: the seat to lead and each hand, sorted.
LeadKey = tuple[Seat, Hands]

Action = Play | Take
ACTIONS: Final[tuple[type[Action], ...]] = (Play, Take)


@named_updates
class MelnikiState(NamedTuple):
    """A position of the game. Immutable; every field is derived from the deal and the actions.

    ``table`` holds the cards of the trick in progress (stage 1), or the card led
    and not yet beaten (stage 2), in play order, with ``table_seats`` the seats
    that played them. ``turn`` is -1 once the game is over. ``seen``: the positions
    with a player to lead since the last beat of stage 2 (under stalemate=repetition);
    ``takes``: the takes since the last beat; ``stalled``: the game ended stuck
    (melniki-b/stalemate). ``legal``: the actions the rules allow the player to move (what
    :func:`legal_actions` answers; empty once the game is over), found by :func:`_choices`
    when the position is reached, so that :func:`apply` checks an action by membership.
    """

    opts: MelnikiOptions
    players: int
    dealer: Seat
    trump: int
    trump_card: Card
    stage: int
    turn: Seat
    hands: Hands
    stock: tuple[Card, ...]
    aside: tuple[Card, ...]
    table: tuple[Card, ...]
    table_seats: tuple[Seat, ...]
    need: int
    piles: Hands
    tricks: tuple[int, ...]
    last_winner: Seat
    last_trick: tuple[Card, ...]
    discard: tuple[Card, ...]
    losers: tuple[Seat, ...]
    seen: frozenset[LeadKey] = frozenset()
    takes: int = 0
    stalled: bool = False
    legal: tuple[Action, ...] = ()


STATE: Final = MelnikiState


def _laid(
    s: MelnikiState,
    hands: Hands,
    table: tuple[Card, ...],
    seats: tuple[Seat, ...],
    turn: Seat,
    *,
    legal: tuple[Action, ...],
) -> MelnikiState:
    """``s`` with ``hands``, ``table`` (played by ``seats``), ``turn`` and its ``legal``
    actions: the position after a card is laid on the table and play passes on."""
    return s._replace(turn=turn, hands=hands, table=table, table_seats=seats, legal=legal)


def _answered(
    s: MelnikiState, hands: Hands, discard: tuple[Card, ...], seen: frozenset[LeadKey], takes: int
) -> MelnikiState:
    """``s`` with ``hands``, ``discard``, ``seen`` and ``takes``: the position after the card
    led is beaten or taken, before the next lead."""
    return s._replace(hands=hands, discard=discard, seen=seen, takes=takes)


def _to_lead(s: MelnikiState, leader: Seat, seen: frozenset[LeadKey]) -> MelnikiState:
    """``s`` with the table cleared, ``leader`` to lead (any card of his) and ``seen``."""
    return s._replace(
        turn=leader, table=(), table_seats=(), seen=seen, legal=_leads(leader, s.hands[leader])
    )


def _leads(seat: Seat, hand: tuple[Card, ...]) -> tuple[Action, ...]:
    """The plays of a player to lead: any card of his hand (melniki-b/one-card,
    melniki-b/single-card)."""
    row = PLAYS[seat]
    return tuple([row[c] for c in hand])


def _follows(
    s: MelnikiState, seat: Seat, hand: tuple[Card, ...], table: tuple[Card, ...]
) -> tuple[Action, ...]:
    """The plays of ``seat`` to ``table``, the trick so far in the first stage: the cards
    :func:`_follow_choices` allows."""
    row = PLAYS[seat]
    return tuple([row[c] for c in _follow_choices(s, hand, table)])


def _answers(
    attack: Card, seat: Seat, hand: tuple[Card, ...], trump: int | None, opts: MelnikiOptions
) -> tuple[Action, ...]:
    """The answers of ``seat`` to ``attack`` in the second stage: the cards that beat it
    (melniki-b/beat-as-durak), and the take when none does, or always under voluntary_take
    (melniki-b/cannot-beat-takes, AMB-MELNIKIB-07)."""
    beaters = covering_cards(attack, hand, trump, ACE_HIGH)
    row = PLAYS[seat]
    out: tuple[Action, ...] = tuple([row[c] for c in beaters])
    if not beaters or opts.voluntary_take:
        out = out + (TAKES[seat],)
    return out


def _choices(s: MelnikiState) -> tuple[Action, ...]:
    """Every action the rules allow the player to move (empty once the game is over): what a
    position carries as ``legal``."""
    if s.stage == OVER:
        return ()
    seat = s.turn
    hand = s.hands[seat]
    if s.stage == STAGE_ONE:
        return _follows(s, seat, hand, s.table)
    if not s.table:
        return _leads(seat, hand)
    return _answers(s.table[0], seat, hand, stage_two_trump(s.trump, s.opts.stage2_trump), s.opts)


def _with_choices(s: MelnikiState) -> MelnikiState:
    """``s`` carrying its legal actions (:func:`_choices`)."""
    return s._replace(legal=_choices(s))


# --- stage 1: the deal and the tricks (002:P6, 002:P7) ----------------------------


def _check_players(players: int, opts: MelnikiOptions) -> None:
    allowed = (2, 3, 4) if opts.three_players else (2, 4)
    if players not in allowed:  # melniki-b/players
        raise SetupError(
            f"{GAME_ID}: {players} players; the text allows two or four "
            f"(three with option three_players=true)",
            "melniki-b/players",
        )


def _check_pack(cards: tuple[Card, ...], where: str) -> None:
    if sorted(cards) != list(DECK_36):  # melniki-b/deck
        missing = sorted(set(DECK_36) - set(cards))
        extra = sorted(c for c in set(cards) if cards.count(c) > 1 or c not in DECK_36)
        raise SetupError(
            f"{GAME_ID}: {where} must hold the 36-card pack exactly once "
            f"(missing {names(missing)}, duplicated or foreign {names(extra)})",
            "melniki-b/deck",
        )


def deal_order(players: int, dealer: Seat, order: tuple[Card, ...], packet: int) -> Hands:
    """The hands dealt from a pack (top first): from the dealer's left, ``packet`` at a time."""
    hands: list[list[Card]] = [[] for _ in range(players)]
    i = 0
    for _ in range(HAND // packet):  # melniki-b/deal-three; AMB-MELNIKIB-02: packet, from the left
        for k in range(1, players + 1):
            seat = (dealer + k) % players
            hands[seat].extend(order[i : i + packet])
            i += packet
    return tuple(tuple(h) for h in hands)


def setup(table: Table) -> MelnikiState:
    """The position after the deal: the dealer to lead (melniki-b/dealer-leads)."""
    opts = MelnikiOptions.of(GAME_ID, OPTIONS, table.options) if table.options else DEFAULT_OPTIONS
    n = table.players
    _check_players(n, opts)
    # The table names the dealer: how he is chosen, and who deals next, lie outside one
    # game (AMB-MELNIKIB-23).
    if not 0 <= table.dealer < n:  # melniki-b/dealer-leads: the dealer is one of the players
        raise SetupError(
            f"{GAME_ID}: dealer seat {table.dealer} is not a seat of {n} players",
            "melniki-b/dealer-leads",
        )
    deal = table.deal
    if isinstance(deal, DeckOrder):
        _check_pack(deal.cards, "the deck order")
        hands = deal_order(n, table.dealer, deal.cards, opts.deal_packet)
        trump_card = deal.cards[HAND * n]  # melniki-b/trump-turned: the next card
        rest = deal.cards[HAND * n + 1 :]
    else:
        if len(deal.hands) != n or any(len(h) != HAND for h in deal.hands):
            raise SetupError(
                f"{GAME_ID}: a deal gives {n} hands of three cards", "melniki-b/deal-three"
            )
        if len(deal.up) != 1:
            raise SetupError(
                f"{GAME_ID}: a deal turns up exactly one trump card", "melniki-b/trump-turned"
            )
        hands = deal.hands
        trump_card = deal.up[0]
        rest = deal.stock
        _check_pack(tuple(c for h in hands for c in h) + rest + deal.up, "the deal")
    stock: tuple[Card, ...]
    aside: tuple[Card, ...]
    if opts.trump_card == "under-stock":  # melniki-b/trump-turned (AMB-MELNIKIB-03): drawn last
        stock, aside = rest + (trump_card,), ()
    else:
        stock, aside = rest, (trump_card,)
    return _with_choices(
        MelnikiState(
            opts=opts,
            players=n,
            dealer=table.dealer,
            trump=SUIT_OF[trump_card],
            trump_card=trump_card,
            stage=STAGE_ONE,
            # melniki-b/dealer-leads (AMB-MELNIKIB-18): the dealer, or his left-hand neighbour
            turn=table.dealer if opts.first_leader == "dealer" else left(table.dealer, n),
            hands=hands,
            stock=stock,
            aside=aside,
            table=(),
            table_seats=(),
            need=n,
            piles=tuple(() for _ in range(n)),
            tricks=(0,) * n,
            last_winner=-1,
            last_trick=(),
            discard=(),
            losers=(),
        )
    )


def _led(table: tuple[Card, ...]) -> int:
    """The suit led to a trick: that of its first card."""
    return SUIT_OF[table[0]]


def _follow_choices(
    s: MelnikiState, hand: tuple[Card, ...], table: tuple[Card, ...]
) -> tuple[Card, ...]:
    """The cards of ``hand`` a player may lay on ``table`` (the trick so far, in play order;
    empty on a lead), under the trump and options of ``s``."""
    led = _led(table) if table else None
    allowed = playable(
        hand, led, s.trump, must_trump=True
    )  # melniki-b/follow-suit, melniki-b/else-trump
    return (  # AMB-MELNIKIB-05
        _winning(s, table, allowed) if s.opts.must_beat and table else allowed
    )


def _winning(
    s: MelnikiState, table: tuple[Card, ...], allowed: tuple[Card, ...]
) -> tuple[Card, ...]:
    """Under must_beat, the allowed cards that take ``table``, the trick so far, if any
    (melniki-b/must-beat)."""
    current = table[trick_winner(table, s.trump, ACE_HIGH)]
    winning = tuple(c for c in allowed if beats_in_trick(c, current, table[0], s.trump, ACE_HIGH))
    return winning or allowed


def _verify_stage_one(s: MelnikiState, a: Action) -> Card:
    if not isinstance(a, Play):
        raise IllegalAction(
            "core/wrong-action", "in the first stage a player plays a card to the trick"
        )
    hand = s.hands[a.seat]
    if a.card not in hand:
        raise IllegalAction("core/not-held", f"seat {a.seat} does not hold {card_name(a.card)}")
    if a in s.legal:  # one of the plays open to him (:func:`_follow_choices`)
        return a.card
    # not one of them: the checks below find the rule it breaks
    if not s.table:
        return a.card
    led = _led(s.table)
    allowed = playable(hand, led, s.trump, must_trump=True)
    if a.card not in allowed:
        if any(SUIT_OF[c] == led for c in hand):
            raise IllegalAction(
                "melniki-b/follow-suit",
                f"{card_name(s.table[0])} was led and seat {a.seat} holds {suit_letter(led)}",
            )
        raise IllegalAction(
            "melniki-b/else-trump",
            f"seat {a.seat} has no {suit_letter(led)} and must lay a trump "
            f"({suit_letter(s.trump)})",
        )
    if s.opts.must_beat and a.card not in _winning(s, s.table, allowed):
        raise IllegalAction("melniki-b/must-beat", f"seat {a.seat} can take the trick and must")
    return a.card


def _play_stage_one(s: MelnikiState, a: Play) -> MelnikiState:
    seat, c = a.seat, a.card
    hands = put(s.hands, seat, without(s.hands[seat], c))  # the hands after he has laid c
    table = s.table + (c,)
    seats = s.table_seats + (seat,)
    if len(table) < s.need:
        on_left = left(seat, s.players)
        # melniki-b/turn-order (AMB-MELNIKIB-04: left): the neighbour if he holds cards, else the
        # next holder to the left (AMB-MELNIKIB-09)
        nxt = on_left if hands[on_left] else next_holding(seat, counts(hands))
        assert nxt is not None
        while nxt in seats:  # AMB-MELNIKIB-09: one who has played his last card is not asked twice
            nxt = next_holding(nxt, counts(hands))
            assert nxt is not None
        return _laid(s, hands, table, seats, nxt, legal=_follows(s, nxt, hands[nxt], table))
    # The trick is complete.
    winner = seats[
        trick_winner(table, s.trump, ACE_HIGH)
    ]  # melniki-b/trick-winner, AMB-MELNIKIB-04
    piles = put(s.piles, winner, s.piles[winner] + table)
    tricks = s.tricks[:winner] + (s.tricks[winner] + 1,) + s.tricks[winner + 1 :]
    stock = s.stock
    if stock:  # melniki-b/refill, melniki-b/winner-draws-first
        new = list(hands)
        for p in draw_turns(s.opts.draw_order, winner, seats, s.players):  # AMB-MELNIKIB-04
            want = HAND - len(new[p])
            if want > 0 and stock:  # AMB-MELNIKIB-03 (out-of-play): the last may get fewer
                new[p] = new[p] + stock[:want]
                stock = stock[want:]
        hands = tuple(new)
    # the trick taken: the table cleared, the hands refilled from the stock
    taken = s._replace(
        hands=hands,
        stock=stock,
        table=(),
        table_seats=(),
        piles=piles,
        tricks=tricks,
        last_winner=winner,
        last_trick=table,
    )
    held = counts(hands)
    # melniki-b/play-out: the cards left in hand are played out in tricks (AMB-MELNIKIB-26: under
    # the same duties to follow suit or trump) until none is left
    if not any(held):
        return _begin_stage_two(taken)
    leader = (
        winner if held[winner] else next_holding(winner, held)
    )  # melniki-b/winner-leads; AMB-MELNIKIB-09: else the next holder to his left
    assert leader is not None
    # the next trick: the leader to play, a card from each player still holding cards
    # (AMB-MELNIKIB-09)
    need = s.players - held.count(0)
    return taken._replace(turn=leader, need=need, legal=_leads(leader, hands[leader]))


# --- stage 2: the cards of the tricks, Durak-style (002:P8, 002:P9) ---------------


def _finish_if_done(s: MelnikiState, leader: Seat) -> MelnikiState:
    """Over when at most one player holds cards, or when the game is stuck; else ``leader``
    (or the next holder) leads."""
    if s.hands.count(()) >= s.players - 1:  # melniki-b/last-holder-loses: one holder, or none
        losers = tuple(p for p, h in enumerate(s.hands) if h)
        if not losers and s.opts.both_out == "beater-loses":  # AMB-MELNIKIB-10
            losers = (
                leader,
            )  # the beater of the last card: he held cards when the leader had none
        return s._replace(stage=OVER, turn=-1, table=(), table_seats=(), losers=losers, legal=())
    if not s.hands[leader]:  # melniki-b/out-of-cards (AMB-MELNIKIB-09)
        nxt = next_holding(leader, counts(s.hands))
        assert nxt is not None
        leader = nxt
    if s.opts.stalemate == "repetition":  # melniki-b/stalemate (AMB-MELNIKIB-11)
        key = lead_key(leader, s.hands)
        if key in s.seen:
            return _stall(s._replace(turn=leader, table=(), table_seats=()), counts(s.hands))
        return _to_lead(s, leader, s.seen | {key})
    s = s._replace(turn=leader, table=(), table_seats=(), legal=_leads(leader, s.hands[leader]))
    if s.takes >= s.opts.no_beat_limit:  # melniki-b/stalemate: stalemate=no-beat
        return _stall(s, counts(s.hands))
    return s


def lead_key(leader: Seat, hands: Hands) -> LeadKey:
    """A position with ``leader`` to lead, as compared for a repetition: the hands as sets."""
    return leader, tuple(map(tuple, map(sorted, hands)))


def stuck_losers(counts: tuple[int, ...], result: str) -> tuple[Seat, ...]:
    """Who loses a stuck game (AMB-MELNIKIB-12): nobody (``draw``), every player holding
    cards (``holders-lose``), or the holders of the most cards (``most-cards``).

    pre: 2 <= len(counts) <= 4 and all(0 <= k <= 36 for k in counts)
    pre: sum(1 for k in counts if k) >= 2
    pre: result in ("draw", "holders-lose", "most-cards")
    post: all(counts[p] > 0 for p in __return__)
    post: (result == "draw") == (len(__return__) == 0)
    post: result != "holders-lose" or len(__return__) == sum(1 for k in counts if k)
    post: result != "most-cards" or all(counts[p] == max(counts) for p in __return__)
    post: list(__return__) == sorted(set(__return__))
    """
    if result == "draw":
        return ()
    if result == "holders-lose":
        return tuple(p for p, k in enumerate(counts) if k)
    most = max(counts)
    return tuple(p for p, k in enumerate(counts) if k == most)


def _stall(s: MelnikiState, counts: tuple[int, ...]) -> MelnikiState:
    """The end of a stuck game (melniki-b/stalemate), its losers by AMB-MELNIKIB-12."""
    losers = stuck_losers(counts, s.opts.stalemate_result)
    return s._replace(stage=OVER, turn=-1, losers=losers, stalled=True, legal=())


def stage_two_leader(rule: str, last_winner: Seat, dealer: Seat, hands: Hands, trump: int) -> Seat:
    """Who leads first in the second stage (AMB-MELNIKIB-06): the taker of the last trick
    (``last-trick``), the dealer (``dealer``), the dealer's left-hand neighbour
    (``dealer-left``), or the holder of the lowest trump of the hands taken up
    (``lowest-trump``, as Durak's first lead; the taker of the last trick if nobody holds a
    trump). :func:`_finish_if_done` passes over him if he holds no cards."""
    if rule == "dealer":  # AMB-MELNIKIB-06 b
        return dealer
    if rule == "dealer-left":  # AMB-MELNIKIB-06 c: the first hand, as a game of cards begins
        return left(dealer, len(hands))
    if rule == "lowest-trump":  # AMB-MELNIKIB-06 d: «аналогично «дураку простому»»
        trumps = [(RANK_OF[c], p) for p, h in enumerate(hands) for c in h if SUIT_OF[c] == trump]
        if trumps:
            return min(trumps)[1]
    return last_winner  # AMB-MELNIKIB-06 a: «следующим — взявшим взятку» runs on


def stage_two_trump(trump: int, rule: str) -> int | None:
    """The trump by which cards are beaten in the second stage (AMB-MELNIKIB-20): the suit
    turned at the deal, or none under stage2_trump=none."""
    return None if rule == "none" else trump


def draw_turns(rule: str, taker: Seat, seats: tuple[Seat, ...], players: int) -> tuple[Seat, ...]:
    """The order in which the players draw after a trick (melniki-b/winner-draws-first): the
    taker first, then each player to his left (``taker-left``, AMB-MELNIKIB-04 a), or the
    others in the order they played to the trick (``play-order``, AMB-MELNIKIB-04 c); players
    who did not play to the trick (out of cards) last, to the taker's left."""
    round_left = tuple((taker + k) % players for k in range(players))
    if rule != "play-order":
        return round_left
    played = tuple(p for p in seats if p != taker)
    return (taker,) + played + tuple(p for p in round_left[1:] if p not in played)


def _begin_stage_two(s: MelnikiState) -> MelnikiState:
    # melniki-b/stage-two (AMB-MELNIKIB-24): each takes up every card of his tricks, which
    # count for nothing else
    s = s._replace(
        stage=STAGE_TWO,
        hands=s.piles,
        piles=tuple(() for _ in range(s.players)),
        seen=frozenset(),
        takes=0,
    )
    leader = stage_two_leader(s.opts.stage2_leader, s.last_winner, s.dealer, s.hands, s.trump)
    return _finish_if_done(s, leader)


def _play_stage_two(s: MelnikiState, a: Action) -> MelnikiState:
    # AMB-MELNIKIB-25: one card to an attack, nothing added to it
    if not s.table:  # a lead: melniki-b/single-card
        if not isinstance(a, Play):
            raise IllegalAction("core/wrong-action", "nothing has been played to take: lead a card")
        seat, card = a.seat, a.card
        hand = s.hands[seat]
        if card not in hand:
            raise IllegalAction("core/not-held", f"seat {seat} does not hold {card_name(card)}")
        hands = put(s.hands, seat, without(hand, card))  # the hands after he has led his card
        on_left = left(seat, s.players)
        # the left holder (AMB-MELNIKIB-09): the neighbour if he holds cards, else the next
        defender = on_left if hands[on_left] else next_holding(seat, counts(hands))
        assert defender is not None
        trump = stage_two_trump(s.trump, s.opts.stage2_trump)  # AMB-MELNIKIB-20
        answers = _answers(card, defender, hands[defender], trump, s.opts)
        return _laid(s, hands, (card,), (seat,), defender, legal=answers)
    attack = s.table[0]
    seat = a.seat
    hand = s.hands[seat]
    trump = stage_two_trump(s.trump, s.opts.stage2_trump)  # AMB-MELNIKIB-20
    if isinstance(a, Play):
        if a.card not in hand:
            raise IllegalAction("core/not-held", f"seat {seat} does not hold {card_name(a.card)}")
        # not one of the answers open to him (:func:`_answers`): the check finds the rule broken
        if a not in s.legal:  # noqa: SIM102
            if not covers(
                attack, a.card, trump, ACE_HIGH
            ):  # melniki-b/beat-as-durak, AMB-MELNIKIB-07
                raise IllegalAction(
                    "melniki-b/beat-as-durak",
                    f"{card_name(a.card)} does not beat {card_name(attack)} "
                    f"({'no trump' if trump is None else 'trump ' + suit_letter(trump)})",
                )
        card = a.card
        hands = put(s.hands, seat, without(hand, card))  # the hands after he has beaten the card
        # melniki-b/beaten-discarded; a beat is progress (melniki-b/stalemate)
        s = _answered(s, hands, s.discard + (attack, card), frozenset(), 0)
        return _finish_if_done(s, seat)
    # not one of the answers open to him (:func:`_answers`): the check finds the rule broken
    if a not in s.legal:  # noqa: SIM102
        if not s.opts.voluntary_take and covering_cards(attack, hand, trump, ACE_HIGH):
            raise IllegalAction(  # melniki-b/cannot-beat-takes (AMB-MELNIKIB-07)
                "melniki-b/cannot-beat-takes",
                f"seat {seat} can beat {card_name(attack)} and may take only when he cannot",
            )
    s = _answered(s, put(s.hands, seat, hand + (attack,)), s.discard, s.seen, s.takes + 1)
    if s.opts.after_take == "taker":  # melniki-b/taker-leads-left (AMB-MELNIKIB-08)
        return _finish_if_done(s, seat)
    return _finish_if_done(s, left(seat, s.players))


# --- the game ---------------------------------------------------------------------


def legal_actions(s: MelnikiState) -> tuple[Action, ...]:
    """Every action the rules allow now (empty once the game is over): those the position
    carries, found by :func:`_choices` when it was reached."""
    return s.legal


def apply(s: MelnikiState, a: Action) -> MelnikiState:
    """The position after ``a``, or :class:`IllegalAction` naming the rule it breaks."""
    if s.stage == OVER:
        raise IllegalAction("core/game-over", "the game is over")
    if not 0 <= a.seat < s.players or a.seat != s.turn:
        raise IllegalAction("core/out-of-turn", f"it is seat {s.turn}'s turn, not seat {a.seat}'s")
    if s.stage == STAGE_ONE:
        _verify_stage_one(s, a)
        assert isinstance(a, Play)
        return _play_stage_one(s, a)
    return _play_stage_two(s, a)


PLAYS: Final = tuple(tuple(Play(seat, c) for c in range(52)) for seat in range(4))
TAKES: Final = tuple(Take(seat) for seat in range(4))


def to_move(s: MelnikiState) -> Seat | None:
    return None if s.stage == OVER else s.turn


def phase_name(s: MelnikiState) -> str:
    return PHASES[s.stage]


def all_cards(s: MelnikiState) -> tuple[Card, ...]:
    """Every card of the state."""
    return (
        tuple(c for h in s.hands for c in h)
        + s.stock
        + s.aside
        + s.table
        + tuple(c for p in s.piles for c in p)
        + s.discard
    )


def chips_in_play(s: MelnikiState) -> None:
    """None: the game is played for no chips."""
    return


#: The seats of four who play as partners (AMB-MELNIKIB-16 b): each faces his partner.
PAIRED: Final = 4


def losing_side(losers: tuple[Seat, ...], players: int, partners: bool) -> tuple[Seat, ...]:
    """The seats that lose with ``losers``: themselves; under partners=true, at four, each
    loser's partner too (seats 0 and 2 against 1 and 3; melniki-b/partners).

    pre: 2 <= players <= 4 and all(0 <= p < players for p in losers)
    post: set(losers) <= set(__return__)
    post: (partners and players == 4) or __return__ == losers
    post: not (partners and players == 4) or all((p + 2) % 4 in __return__ for p in __return__)
    """
    if not (partners and players == PAIRED):  # AMB-MELNIKIB-16 a: each plays for himself
        return losers
    sides = {p % 2 for p in losers}  # melniki-b/partners (AMB-MELNIKIB-16 b): a pair loses
    return tuple(p for p in range(players) if p % 2 in sides)


def outcome(s: MelnikiState) -> Outcome | None:
    """The loser, once the game is over (with his partner, under partners=true)."""
    if s.stage != OVER:
        return None
    lost = s.losers  # those the play itself makes losers
    losers = losing_side(lost, s.players, s.opts.partners)  # melniki-b/partners
    winners = tuple(p for p in range(s.players) if p not in losers) if losers else ()
    if s.stalled:
        reason = "the second stage is stuck: " + (
            f"seats {', '.join(map(str, lost))} lose" if lost else "nobody loses"
        )
    elif lost and not s.hands[lost[0]]:
        reason = f"seat {lost[0]} beat the last card with his last card (AMB-MELNIKIB-10)"
    elif lost:
        reason = f"seat {lost[0]} is left holding cards"
    else:
        reason = "nobody is left holding cards"
    if losers != lost:  # melniki-b/partners (AMB-MELNIKIB-16 b): the partners lose with them
        reason += f"; with the partners, seats {', '.join(map(str, losers))} lose"
    return Outcome(winners=winners, losers=losers, reason=reason)


# --- observation and notation -------------------------------------------------------


OBSERVABLES: Final[tuple[Observable[MelnikiState] | PerSeat[MelnikiState], ...]] = (
    obs.HAND,
    obs.TABLE,
    obs.TRUMP,
    obs.TRUMP_CARD,
    obs.STOCK_SIZE,
    obs.STOCK,
    obs.TRICK_WINNER,
    obs.TRICKS,
    obs.PILE,
    obs.DISCARD,
)


def _pile_sizes(s: MelnikiState, viewer: Viewer) -> JSON:
    """How many cards each seat's stage-1 tricks hold, by seat (the backs are seen)."""
    return views.pile_sizes(s.piles)


def _piles(s: MelnikiState, viewer: Viewer) -> JSON:
    """Each seat's stage-1 tricks, by seat, in canonical card order where the viewer may see
    them (AMB-MELNIKIB-13), else null."""
    return views.piles_seen(s.piles, s.opts.tricks_shown, viewer)


def _discard_size(s: MelnikiState, viewer: Viewer) -> JSON:
    return len(s.discard)


def _discard(s: MelnikiState, viewer: Viewer) -> JSON:
    """The stage-2 discard in canonical card order where it lies face up (AMB-MELNIKIB-14),
    else null."""
    return views.laid_aside(s.discard, s.opts.discard_shown)


#: What each seat may see (design §2), field by field (:mod:`reference.core.views`).
VIEW: Final[tuple[Shown[MelnikiState], ...]] = (
    views.HAND,  # 002:P6.S3: three cards dealt to each, seen by their holder only
    views.HAND_SIZES,  # the backs of every hand are seen
    # 002:P7.S2, 002:P8.S2: the cards of the trick in progress, the card led in stage 2
    views.public(obs.TABLE),
    views.public(obs.TRUMP),  # 002:P6.S4: «Козырь открывается»
    # melniki-b/trump-turned, AMB-MELNIKIB-15: the turned card is seen by all; its name stays
    # known once the last to draw has taken it into his hand
    views.public(obs.TRUMP_CARD),
    views.public(obs.STOCK_SIZE),  # the stock lies face down: its size is seen
    views.public(obs.TRICK_WINNER),  # who takes a trick is seen (he leads and draws first)
    views.public(obs.TRICKS),  # 002:P7.S1: the tricks each has taken, counted
    Shown("pile_sizes", _pile_sizes),  # AMB-MELNIKIB-13: the size of each seat's tricks
    Shown("piles", _piles),  # AMB-MELNIKIB-13: face down by default
    Shown("discard_size", _discard_size),  # 002:P8.S3: «в отбой»; its size is seen
    Shown("discard", _discard),  # AMB-MELNIKIB-14: face down by default
)


def parse_action(obj: JSON) -> Action:
    """An action from its JSON form, or :class:`FormatError` saying what is wrong."""
    # melniki-b/one-card: a play carries exactly one card (a Play reads one "card")
    return read_action(obj, GAME_ID, ACTIONS, seats=max(PLAYER_COUNTS))


NOTATION: Final = Notation(GAME_ID, MelnikiOptions, OPTIONS, PHASES, _check_players)


def position(s: MelnikiState) -> JSONObject:
    """The position in this game's notation (its FEN); :func:`load_position` reads it back."""
    return {
        **NOTATION.head(s.players, s.dealer, s.opts, s.stage, to_move(s)),
        "trump_card": card_name(s.trump_card),
        "hands": [[card_name(c) for c in h] for h in s.hands],
        "stock": [card_name(c) for c in s.stock],
        "aside": [card_name(c) for c in s.aside],
        "table": [
            {"seat": p, "card": card_name(c)} for p, c in zip(s.table_seats, s.table, strict=True)
        ],
        "trick_size": s.need,
        "piles": [[card_name(c) for c in p] for p in s.piles],
        "tricks": list(s.tricks),
        "last_trick": None
        if s.last_winner < 0
        else {"winner": s.last_winner, "cards": [card_name(c) for c in s.last_trick]},
        "discard": [card_name(c) for c in s.discard],
        "losers": list(s.losers),
        "seen": [
            {"to_move": p, "hands": [[card_name(c) for c in h] for h in hands]}
            for p, hands in sorted(s.seen)
        ],
        "takes": s.takes,
        "stalled": s.stalled,
    }


def load_position(pos: JSON) -> MelnikiState:
    """A state from the position notation; checks that the 36 cards are all there once."""
    head = NOTATION.read(pos)
    o, n, opts, stage, turn = head.fields, head.players, head.options, head.phase, head.turn
    dealer = head.dealer
    trump_card = as_card(field(o, "trump_card", "position"), "position/trump_card")
    hands = card_lists(field(o, "hands", "position"), "position/hands")
    piles = card_lists(o.get("piles", [[] for _ in range(n)]), "position/piles")
    table_json = as_list(o.get("table", []), "position/table")
    table_cards: list[Card] = []
    table_seats: list[Seat] = []
    for i, item in enumerate(table_json):
        entry = as_object(item, f"position/table/{i}")
        table_seats.append(
            as_int(field(entry, "seat", f"position/table/{i}"), f"position/table/{i}/seat")
        )
        table_cards.append(
            as_card(field(entry, "card", f"position/table/{i}"), f"position/table/{i}/card")
        )
    last = o.get("last_trick")
    last_winner: Seat = -1
    last_trick: tuple[Card, ...] = ()
    if last is not None:
        lo = as_object(last, "position/last_trick")
        last_winner = as_int(
            field(lo, "winner", "position/last_trick"), "position/last_trick/winner"
        )
        last_trick = as_cards(
            field(lo, "cards", "position/last_trick"), "position/last_trick/cards"
        )
    tricks_json = as_list(o.get("tricks", [0] * n), "position/tricks")
    tricks = tuple(as_int(t, f"position/tricks/{i}") for i, t in enumerate(tricks_json))
    losers_json = as_list(o.get("losers", []), "position/losers")
    seen: set[LeadKey] = set()
    for i, item in enumerate(as_list(o.get("seen", []), "position/seen")):
        entry = as_object(item, f"position/seen/{i}")
        at = f"position/seen/{i}"
        seen.add(
            lead_key(
                as_int(field(entry, "to_move", at), f"{at}/to_move"),
                card_lists(field(entry, "hands", at), f"{at}/hands"),
            )
        )
    stalled = o.get("stalled", False)
    if not isinstance(stalled, bool):
        raise FormatError("position/stalled: true or false")
    if stage == STAGE_TWO and not table_cards and opts.stalemate == "repetition":
        seen.add(lead_key(turn, hands))  # the position to lead counts as seen (melniki-b/stalemate)
    state = MelnikiState(
        opts=opts,
        players=n,
        dealer=dealer,
        trump=SUIT_OF[trump_card],
        trump_card=trump_card,
        stage=stage,
        turn=turn,
        hands=hands,
        stock=as_cards(o.get("stock", []), "position/stock"),
        aside=as_cards(o.get("aside", []), "position/aside"),
        table=tuple(table_cards),
        table_seats=tuple(table_seats),
        need=as_int(o.get("trick_size", n), "position/trick_size"),
        piles=piles,
        tricks=tricks,
        last_winner=last_winner,
        last_trick=last_trick,
        discard=as_cards(o.get("discard", []), "position/discard"),
        losers=tuple(as_int(p, f"position/losers/{i}") for i, p in enumerate(losers_json)),
        seen=frozenset(seen),
        takes=as_int(o.get("takes", 0), "position/takes"),
        stalled=stalled,
    )
    _check_position(state)
    return _with_choices(state)


def _check_position(s: MelnikiState) -> None:
    n = s.players
    where = "position"
    for key, seq in (("hands", s.hands), ("piles", s.piles), ("tricks", s.tricks)):
        if len(seq) != n:
            raise FormatError(f"{where}/{key}: needs one entry per seat ({n})")
    if s.stage == OVER:
        if s.turn != -1:
            raise FormatError(f"{where}/to_move: must be null when the game is over")
    elif not 0 <= s.turn < n or not s.hands[s.turn]:
        raise FormatError(f"{where}/to_move: must be a seat holding cards")
    if any(not 0 <= p < n for p in s.table_seats + s.losers):
        raise FormatError(f"{where}/table: seats must be seats of the game")
    if s.takes < 0 or any(len(h) != n or not 0 <= p < n for p, h in s.seen):
        raise FormatError(f"{where}/seen: positions of this table, and takes of at least 0")
    if s.stage == STAGE_TWO and (len(s.table) > 1 or s.stock):
        raise FormatError(
            f"{where}: in stage2 the stock is empty and at most one card is on the table"
        )
    if s.stage == STAGE_ONE and any(len(h) > HAND for h in s.hands):
        raise FormatError(f"{where}/hands: no hand holds more than three cards in stage1")
    if not 1 <= s.need <= n:  # a trick has a card from each player still holding cards
        raise FormatError(f"{where}/trick_size: between 1 and {n}")
    everything = (
        tuple(c for h in s.hands for c in h)
        + s.stock
        + s.aside
        + s.table
        + tuple(c for p in s.piles for c in p)
        + s.discard
    )
    try:
        _check_pack(everything, "a position")
    except SetupError as e:
        raise FormatError(f"{where}: {e}") from None
