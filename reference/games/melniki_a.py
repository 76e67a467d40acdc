"""Мельники, as told in seed 000 ("Глава LVII. Мельники"): game id ``melniki-a``.

A different text of the game than ``melniki-b``. Stage 1 is a chain of duels:
a player leads to his left-hand neighbour ("подручный"), who follows suit
(higher or lower), trumps, or, void of the suit, accepts the card; the higher
card takes the two-card trick; while the leader wins he leads again to the
same neighbour; once the neighbour covers or accepts, the neighbour leads to
his own left. Stage 2 plays out the cards of the tricks: a pile grows by
covers round the table and is laid aside when it is full; who cannot or will
not cover accepts only the top card. The one left holding cards loses
(a ruling: the text names no loser).

The shared mechanics come from ``reference.core``: trick winner and suit
obligations (``tricks``), Durak-style covering (``covering``), seats and
holdings. Gaps are settled by the rulings ``AMB-MELNIKIA-NN``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, NamedTuple

from reference.core import observables as obs
from reference.core import views
from reference.core.actions import Play, Take, read_action
from reference.core.cards import (
    ACE_HIGH,
    DECK_32,
    DECK_36,
    DECK_52,
    RANK_OF,
    SUIT_OF,
    Card,
    card_name,
    names,
    suit_letter,
)
from reference.core.covering import covers
from reference.core.errors import FormatError, IllegalAction, SetupError
from reference.core.game import DeckOrder, Outcome, Table
from reference.core.holdings import Holdings, holders, put, without
from reference.core.jsontypes import (
    JSON,
    JSONObject,
    as_card,
    as_cards,
    as_int,
    as_list,
    as_object,
    card_lists,
    card_names,
    field,
)
from reference.core.kernel import GameOptions, Observable, PerSeat, Shown, Viewer, option
from reference.core.positions import Notation
from reference.core.rules import CORE_RULES, Rule
from reference.core.seats import Seat, left, next_holding
from reference.core.states import named_updates
from reference.core.tricks import of_suit, trick_winner

GAME_ID: Final = "melniki-a"
TITLE: Final = "Мельники (seed 000, «Глава LVII. Мельники»)"
HAND: Final = 3
MAX_PLAYERS: Final = 10
#: The seat counts the text allows, and the pack a table is dealt from.
PLAYER_COUNTS: Final = range(2, MAX_PLAYERS + 1)
PACK: Final = DECK_52

RULES: Final = CORE_RULES + (
    Rule("melniki-a/players", ("000:P2.S2",), "Two to ten play."),
    Rule(
        "melniki-a/pack",
        ("000:P2.S2", "AMB-MELNIKIA-01"),
        "The pack is the 36-card pack, six to ace (seven to ace under pack=32, the full 52 "
        "under pack=52; under pack_ladder=true, 36 for up to four players, 52 for more).",
    ),
    Rule(
        "melniki-a/deal-three",
        ("000:P2.S3", "AMB-MELNIKIA-02", "AMB-MELNIKIA-27"),
        "Each player is dealt three cards from the dealer's left, one at a time (three at a "
        "time under deal_by=threes).",
    ),
    Rule(
        "melniki-a/trump-turned",
        ("000:P2.S3", "AMB-MELNIKIA-03"),
        "The next card is turned up for trump; it lies under the stock and is drawn last "
        "(or stays out of play under trump_card=out-of-play).",
    ),
    Rule(
        "melniki-a/first-lead",
        ("000:P4.S1",),
        "The dealer's left-hand neighbour leads first, any card, to his own left-hand neighbour.",
    ),
    Rule(
        "melniki-a/follow-suit",
        ("000:P4.S1", "AMB-MELNIKIA-04"),
        "The neighbour led to must lay a card of the suit led, higher or lower, if he has one.",
    ),
    Rule(
        "melniki-a/accept-only-void",
        ("000:P6.S1", "AMB-MELNIKIA-23"),
        "Only a player without the suit led may accept the card instead of playing to it "
        "(any player under stage_one_accept=free).",
    ),
    Rule(
        "melniki-a/void-trump-or-accept",
        ("000:P6.S1", "AMB-MELNIKIA-04"),
        "Without the suit led a player either covers with a trump or accepts; he may not "
        "throw off a card of another suit.",
    ),
    Rule(
        "melniki-a/higher-takes",
        ("000:P4.S2", "AMB-MELNIKIA-04"),
        "The higher card of the suit led takes the trick; a trump played on another suit takes it.",
    ),
    Rule(
        "melniki-a/accepted-card",
        ("000:P5.S1", "000:P6.S1", "AMB-MELNIKIA-06"),
        "An accepted card goes into the acceptor's hand (into his pile of tricks under "
        "accepted_card=pile).",
    ),
    Rule(
        "melniki-a/refill",
        ("000:P4.S3", "AMB-MELNIKIA-05"),
        "After each trick or acceptance the two players draw from the stock back up to three "
        "(one for each card laid under refill_count=one-for-one), the taker of the trick (or "
        "the leader, after an acceptance) first (the leader first under "
        "refill_order=leader-first).",
    ),
    Rule(
        "melniki-a/leader-keeps-lead",
        ("000:P5.S1",),
        "While the leader takes the trick he leads again to the same neighbour.",
    ),
    Rule(
        "melniki-a/pass-on",
        ("000:P5.S1", "000:P6.S2", "AMB-MELNIKIA-07", "AMB-MELNIKIA-24"),
        "Once the neighbour covers (takes the trick) or accepts, he leads to his own "
        "left-hand neighbour (after an acceptance, the leader leads again under "
        "stage_one_after_accept=leader, the acceptor's left-hand neighbour under "
        "acceptor-neighbour); players without cards are passed over (under "
        "stage_one_empty=must-accept a card is led to the neighbour all the same, and he "
        "accepts it).",
    ),
    Rule(
        "melniki-a/stage-one-end",
        ("000:P6.S2", "000:P6.S3", "AMB-MELNIKIA-07"),
        "Stage 1 ends when the stock is empty and either fewer than two players hold cards or "
        "as many acceptances as there are players holding cards have followed one another "
        "without a trick; the cards still in hand then join their holders' tricks.",
    ),
    Rule(
        "melniki-a/take-up-tricks",
        ("000:P6.S3",),
        "In stage 2 each player takes up the cards of his tricks and plays them out.",
    ),
    Rule(
        "melniki-a/stage-two-first-lead",
        ("000:P7.S1", "AMB-MELNIKIA-08"),
        "The first player to have run out of cards in stage 1 leads first in stage 2, any card "
        "(the taker of the last trick of stage 1 under stage_two_first=last-trick; if he has "
        "no cards, the next player to his left who has).",
    ),
    Rule(
        "melniki-a/cover-or-accept",
        ("000:P7.S2", "000:P7.S3", "AMB-MELNIKIA-09", "AMB-MELNIKIA-20"),
        "The next player must beat the top card of the pile (Durak-style) or accept it (the "
        "next holding cards; under empty_player=must-accept the next, who accepts it if he "
        "holds none).",
    ),
    Rule(
        "melniki-a/pile-aside",
        ("000:P7.S3", "AMB-MELNIKIA-10"),
        "When the pile holds as many cards as the players holding cards at its lead, less one "
        "(but at least two; as many as those players under pile_size=players; every player "
        "of the game counted under pile_count=all), the one who made the last cover lays it "
        "aside for good.",
    ),
    Rule(
        "melniki-a/uncoverer-leads",
        ("000:P7.S4",),
        "Who laid the pile aside leads anew, any card.",
    ),
    Rule(
        "melniki-a/accept-first-lead",
        ("000:P9.S1", "AMB-MELNIKIA-19"),
        "Who accepts the first card led takes it, and his left-hand neighbour leads anew "
        "(he himself, the leader's left-hand neighbour, under accepted_lead=acceptor).",
    ),
    Rule(
        "melniki-a/accept-top",
        ("000:P10.S1", "AMB-MELNIKIA-11"),
        "Who accepts a cover takes only the top card, and the next player must cover the card "
        "then on top.",
    ),
    Rule(
        "melniki-a/last-holder-loses",
        ("AMB-MELNIKIA-12",),
        "Stage 2 ends when at most one player holds cards; he loses (nobody, if none holds).",
    ),
    Rule(
        "melniki-a/first-out-wins",
        ("000:P7.S1", "AMB-MELNIKIA-12"),
        "Under stage_two_end=first-out, stage 2 ends as soon as a player lays his last card; "
        "he wins and every other player loses.",
    ),
    Rule(
        "melniki-a/stage-two-stall",
        ("000:P10.S1", "AMB-MELNIKIA-14"),
        "Stage 2 also ends once as many acceptances as there are players holding cards have "
        "been made since the last pile was laid aside (in a row, without a cover between them, "
        "under stage_two_stall=in-a-row; under stage_two_stall=repetition, once a position "
        "comes back with no pile laid aside in between; under the default, "
        "stage_two_stall=repetition-or-row, then or once as many acceptances in a row, "
        "without a cover between them, as there are cards in hands and on the table; never "
        "under stage_two_stall=none); nobody then loses.",
    ),
    Rule(
        "melniki-a/stage-two-limit",
        ("000:P7.S3", "AMB-MELNIKIA-18"),
        "Stage 2 also ends once stage_two_limit decisions (1000 by default; none with 0) "
        "have been made with no pile laid aside since the last one (or since stage 2 began), "
        "whatever the stall rule; nobody then loses.",
    ),
)


@dataclass(frozen=True, slots=True)
class MelnikiAOptions(GameOptions):
    """The options of one game: the readings of the rulings the text leaves open."""

    pack: int = option(
        36,
        "The pack: 32 cards (seven to ace), 36 (six to ace) or the full 52.",
        (32, 36, 52),
        ruling="AMB-MELNIKIA-01",
    )
    pack_ladder: bool = option(
        False,
        "Whether the pack goes by the number of players, as in the chapter's Цыганка: 36 "
        "cards for up to four, 52 for five or more (the pack option is then not used).",
        (False, True),
        ruling="AMB-MELNIKIA-01",
    )
    deal_by: str = option(
        "ones",
        "How the three cards are dealt from the dealer's left: one at a time, three rounds; "
        "or three at a time.",
        ("ones", "threes"),
        ruling="AMB-MELNIKIA-02",
    )
    trump_card: str = option(
        "under-stock",
        "Where the turned trump goes: under the stock, drawn last; or out of play.",
        ("under-stock", "out-of-play"),
        ruling="AMB-MELNIKIA-03",
    )
    accepted_card: str = option(
        "hand",
        "Where a card accepted in stage 1 goes: into the acceptor's hand, or his tricks.",
        ("hand", "pile"),
        ruling="AMB-MELNIKIA-06",
    )
    tricks_shown: str = option(
        "face-down",
        "What is seen of the stage-1 tricks before they are taken up: nothing but how many "
        "cards they hold (face down, nobody looks); each by its taker only; or every trick by "
        "everyone (left face up). Changes only what is seen.",
        ("face-down", "own", "face-up"),
        ruling="AMB-MELNIKIA-15",
    )
    discard_shown: str = option(
        "face-down",
        "What is seen of the stage-2 piles laid aside: how many cards (face down); or their "
        "cards (face up). Changes only what is seen.",
        ("face-down", "face-up"),
        ruling="AMB-MELNIKIA-16",
    )
    refill_order: str = option(
        "taker-first",
        "Who of the two players of a trick draws first: the taker of the trick (the leader "
        "after an acceptance), or always the leader.",
        ("taker-first", "leader-first"),
        ruling="AMB-MELNIKIA-05",
    )
    refill_count: str = option(
        "up-to-three",
        "How many cards each of the two players of a trick draws: back up to three (a hand "
        "above three draws nothing); or one for each card he laid (one for a card played, none "
        "after accepting), so a hand above three stays above three.",
        ("up-to-three", "one-for-one"),
        ruling="AMB-MELNIKIA-05",
    )
    stage_one_accept: str = option(
        "void-only",
        "Who may accept a card led in stage 1: only a player without its suit (000:P6.S1, "
        "the advice to accept small cards being for stage 2); or any player, the advice of "
        "000:P13.S2 and 000:P18.S1 read of both stages.",
        ("void-only", "free"),
        ruling="AMB-MELNIKIA-23",
    )
    stage_one_after_accept: str = option(
        "acceptor",
        "Who leads after a card led in stage 1 is accepted: the acceptor, to his left-hand "
        "neighbour; the leader again, to the acceptor; or the acceptor's left-hand neighbour, "
        "as 000:P9.S1 says of stage 2.",
        ("acceptor", "leader", "acceptor-neighbour"),
        ruling="AMB-MELNIKIA-24",
    )
    stage_one_empty: str = option(
        "passed-over",
        "A player without cards (the stock gone) beside one who leads in stage 1: passed "
        "over, the card led to the next player holding cards; or the card is led to him and "
        "he must accept it (000:P6.S1: he has no card of the suit and no trump), coming back "
        "into play.",
        ("passed-over", "must-accept"),
        ruling="AMB-MELNIKIA-07",
    )
    stage_two_first: str = option(
        "first-out",
        "Who leads first in stage 2: the first player to have run out of cards in stage 1 "
        "(«прежде всех успел разыграть»); or the taker of the last trick of stage 1.",
        ("first-out", "last-trick"),
        ruling="AMB-MELNIKIA-08",
    )
    stage_two_trump: str = option(
        "any",
        "When a trump may beat a stage-2 card of another suit: always, as in Durak; only "
        "when the player holds no card of that suit, as in stage 1 (000:P6.S1); or only when "
        "he holds no higher card of that suit.",
        ("any", "void-only", "no-higher"),
        ruling="AMB-MELNIKIA-09",
    )
    empty_player: str = option(
        "passed-over",
        "A player without cards to whom a card is laid in stage 2: passed over, the next "
        "holder covering or accepting; or he must accept it, coming back into play.",
        ("passed-over", "must-accept"),
        ruling="AMB-MELNIKIA-20",
    )
    pile_size: str = option(
        "players-less-one",
        "When a stage-2 pile is full: as many cards as players holding cards at its lead, "
        "or one fewer (at least two).",
        ("players", "players-less-one"),
        ruling="AMB-MELNIKIA-10",
    )
    pile_count: str = option(
        "holding",
        "Who are «всех играющих» for the size of a stage-2 pile: the players holding cards "
        "when it is led; or every player of the game, so that once some are out the pile "
        "goes round the holders again.",
        ("holding", "all"),
        ruling="AMB-MELNIKIA-10",
    )
    accepted_lead: str = option(
        "acceptor-neighbour",
        "Who leads anew after a card led in stage 2 is accepted («его подручный», 000:P9.S1): "
        "the acceptor's left-hand neighbour; or the leader's, who is the acceptor himself.",
        ("acceptor-neighbour", "acceptor"),
        ruling="AMB-MELNIKIA-19",
    )
    stage_two_end: str = option(
        "last-holder",
        "How stage 2 ends: when at most one player holds cards (he loses); or as soon as a "
        "player lays his last card (he wins, the others lose).",
        ("last-holder", "first-out"),
        ruling="AMB-MELNIKIA-12",
    )
    stage_two_stall: str = option(
        "repetition-or-row",
        "When stage 2 ends though several players hold cards: once as many acceptances as "
        "players holding cards have been made since the last pile was laid aside; or as "
        "many in a row, without a cover between them; or once a position comes back with "
        "no pile laid aside in between; or then, and also once as many acceptances in a row "
        "as there are cards in play; or never.",
        ("since-aside", "in-a-row", "repetition", "repetition-or-row", "none"),
        ruling="AMB-MELNIKIA-14",
    )
    stage_two_limit: int = option(
        1000,
        "The most decisions stage 2 runs with no pile laid aside (under the repetition "
        "readings, the positions the players must keep in mind); 0: no limit.",
        minimum=0,
        maximum=100_000,
        ruling="AMB-MELNIKIA-18",
    )


OPTIONS: Final = MelnikiAOptions.specs()
#: The options of a table that gives none.
DEFAULT_OPTIONS: Final = MelnikiAOptions()


STAGE_ONE: Final = 1
STAGE_TWO: Final = 2
OVER: Final = 0
PHASES: Final = {STAGE_ONE: "stage1", STAGE_TWO: "stage2", OVER: "over"}

#: A stage-2 position as compared for a repetition (AMB-MELNIKIA-14 d): the seat to act, each
#: hand in canonical order, the pile bottom first, and its target (0 with no pile).
PositionKey = tuple[Seat, Holdings, tuple[Card, ...], int]
#: The stage_two_stall values under which a position that comes back ends stage 2
#: (AMB-MELNIKIA-14 d, e), and those under which a cover starts the count again (b, e).
REPEATING: Final = frozenset({"repetition", "repetition-or-row"})
IN_A_ROW: Final = frozenset({"in-a-row", "repetition-or-row"})

Action = Play | Take


@named_updates
class MelnikiAState(NamedTuple):
    """A position. ``table`` is the card led in stage 1 (at most one), or the stage-2 pile
    bottom first, with ``table_seats`` who laid each card. ``target`` is the size at which
    the stage-2 pile is laid aside. ``first_out`` is the first seat to run out of cards in
    stage 1 (-1 while none has). ``accepts`` counts acceptances: in stage 1 those in a row
    once the stock is gone (AMB-MELNIKIA-07), in stage 2 those since the last pile was laid
    aside, or since the last cover under stage_two_stall=in-a-row or repetition-or-row
    (AMB-MELNIKIA-14). ``seen``: under stage_two_stall=repetition or repetition-or-row, the
    stage-2 positions (:func:`position_key`) since the last pile was laid aside, or since
    stage 2 began, the present one included: one for each decision since then and one more,
    so never more than stage_two_limit + 1 (AMB-MELNIKIA-18) unless the limit is 0.
    ``since_aside``: the stage-2 decisions made since the last pile was laid aside, or since
    stage 2 began (0 in stage 1), held to stage_two_limit (AMB-MELNIKIA-18).
    ``legal`` holds the actions the rules allow the player to act (what :func:`legal_actions`
    answers, empty once the game is over), found once when the position is reached."""

    opts: MelnikiAOptions
    players: int
    dealer: Seat
    trump: int
    trump_card: Card
    stage: int
    turn: Seat
    hands: Holdings
    stock: tuple[Card, ...]
    aside: tuple[Card, ...]
    table: tuple[Card, ...]
    table_seats: tuple[Seat, ...]
    target: int
    piles: Holdings
    first_out: Seat
    accepts: int
    last_winner: Seat
    discard: tuple[Card, ...]
    losers: tuple[Seat, ...]
    legal: tuple[Action, ...]
    seen: frozenset[PositionKey] = frozenset()
    since_aside: int = 0


STATE: Final = MelnikiAState


ACTIONS: Final[tuple[type[Action], ...]] = (Play, Take)

PLAYS: Final = tuple(tuple(Play(seat, c) for c in range(52)) for seat in range(MAX_PLAYERS))
TAKES: Final = tuple(Take(seat) for seat in range(MAX_PLAYERS))


# --- decision functions (with contracts) ---------------------------------------------


def takes_trick(lead: Card, answer: Card, trump: int) -> bool:
    """Whether the answer to a stage-1 lead takes the trick (the higher card of the suit led,
    or a trump on another suit).

    pre: 0 <= lead < 52 and 0 <= answer < 52 and lead != answer
    pre: 0 <= trump <= 3
    pre: SUIT_OF[answer] in (SUIT_OF[lead], trump)
    post: __return__ == (trick_winner((lead, answer), trump, ACE_HIGH) == 1)
    post: not (SUIT_OF[answer] == SUIT_OF[lead]) or __return__ == (RANK_OF[answer] > RANK_OF[lead])
    """
    return trick_winner((lead, answer), trump, ACE_HIGH) == 1  # melniki-a/higher-takes


def answers(hand: tuple[Card, ...], lead: Card, trump: int) -> tuple[tuple[Card, ...], bool]:
    """The cards a player may lay on a stage-1 lead, and whether he may accept it instead.

    pre: len(hand) <= 12 and all(0 <= c < 52 for c in hand)
    pre: 0 <= lead < 52 and 0 <= trump <= 3
    post: set(__return__[0]) <= set(hand)
    post: __return__[1] == (not any(SUIT_OF[c] == SUIT_OF[lead] for c in hand))
    post: __return__[1] or all(SUIT_OF[c] == SUIT_OF[lead] for c in __return__[0])
    post: len(__return__[0]) > 0 or __return__[1]
    """
    same = of_suit(hand, SUIT_OF[lead])
    if same:  # melniki-a/follow-suit: higher or lower
        return same, False
    # melniki-a/void-trump-or-accept
    return of_suit(hand, trump), True


def pile_target(holding: int, size_rule: str) -> int:
    """How many cards a stage-2 pile holds when it is laid aside.

    pre: 2 <= holding <= 10
    pre: size_rule in ("players", "players-less-one")
    post: 2 <= __return__ <= holding
    """
    if size_rule == "players":  # melniki-a/pile-aside (AMB-MELNIKIA-10 b)
        return holding
    return max(2, holding - 1)


def sheds_to_win(end_rule: str, left: int) -> bool:
    """Whether a stage-2 player who has just laid a card, with ``left`` cards left in hand, has
    won: only under stage_two_end=first-out, and only with his last card laid.

    pre: end_rule in ("last-holder", "first-out") and 0 <= left <= 52
    post: __return__ == (end_rule == "first-out" and left == 0)
    """
    return end_rule == "first-out" and left == 0  # melniki-a/first-out-wins (AMB-MELNIKIA-12 b)


def stalls(stall_rule: str, accepts: int, holding: int, in_play: int) -> bool:
    """Whether stage 2 ends after an acceptance, ``accepts`` acceptances counted (since the last
    pile laid aside, or in a row) with ``holding`` players holding cards and ``in_play`` cards
    in their hands and on the table: when they are as many as those players; under
    stage_two_stall=repetition-or-row when they are as many as those cards; never under
    stage_two_stall=none.

    Under stage_two_stall=repetition the count ends nothing (a position that comes back does,
    :func:`position_key`).

    pre: stall_rule in ("since-aside", "in-a-row", "repetition", "repetition-or-row", "none")
    pre: 0 <= accepts <= 1000 and 2 <= holding <= 10 and 0 <= in_play <= 52
    post: stall_rule != "repetition-or-row" or __return__ == (accepts >= in_play)
    post: stall_rule not in ("since-aside", "in-a-row") or __return__ == (accepts >= holding)
    post: stall_rule not in ("repetition", "none") or not __return__
    """
    if stall_rule == "repetition-or-row":  # AMB-MELNIKIA-14 e: every card in play accepted
        return accepts >= in_play  # melniki-a/stage-two-stall
    counted = stall_rule in ("since-aside", "in-a-row")
    return counted and accepts >= holding  # melniki-a/stage-two-stall


def at_limit(limit: int, since_aside: int) -> bool:
    """Whether stage 2 ends with ``since_aside`` decisions made since the last pile was laid
    aside (or since stage 2 began): once they are ``limit``; never with ``limit`` 0
    (AMB-MELNIKIA-18).

    pre: 0 <= limit <= 100_000 and 0 <= since_aside <= 100_000
    post: limit != 0 or not __return__
    post: limit == 0 or __return__ == (since_aside >= limit)
    """
    return limit > 0 and since_aside >= limit  # melniki-a/stage-two-limit


def _leads_after_accepted_lead(lead_rule: str, acceptor: Seat, neighbour: Seat) -> Seat:
    """Who leads anew once the card led in stage 2 has been accepted: «его подручный»
    (000:P9.S1), the acceptor's left-hand ``neighbour`` (AMB-MELNIKIA-19 a); or, under
    accepted_lead=acceptor, the leader's, who is the ``acceptor`` himself (AMB-MELNIKIA-19 b)."""
    if lead_rule == "acceptor":  # melniki-a/accept-first-lead (AMB-MELNIKIA-19 b)
        return acceptor
    return neighbour  # melniki-a/accept-first-lead (AMB-MELNIKIA-19 a)


def position_key(turn: Seat, hands: Holdings, pile: tuple[Card, ...], target: int) -> PositionKey:
    """A stage-2 position as compared for a repetition (AMB-MELNIKIA-14 d): everything the play
    from here depends on (the seat to act, the hands as sets, the pile in order and its
    target), and not who laid each card of the pile, which governs nothing."""
    return turn, tuple(tuple(sorted(h)) for h in hands), pile, target if pile else 0


# --- setup ------------------------------------------------------------------------------


def deal_hands(order: tuple[Card, ...], n: int, dealer: Seat, by: str) -> Holdings:
    """The three cards of each of ``n`` players, dealt from the top of ``order`` from the
    dealer's left: one at a time (three rounds), or three at a time under ``by == "threes"``.

    pre: 2 <= n <= 10 and 0 <= dealer < n and len(order) >= 3 * n
    pre: by in ("ones", "threes")
    post: all(len(h) == 3 for h in __return__) and len(__return__) == n
    post: sorted(c for h in __return__ for c in h) == sorted(order[: 3 * n])
    """
    built: list[list[Card]] = [[] for _ in range(n)]
    for i, c in enumerate(order[: HAND * n]):
        if by == "threes":  # melniki-a/deal-three (AMB-MELNIKIA-02 b): three at a time
            k, _ = divmod(i, HAND)
        else:  # melniki-a/deal-three (AMB-MELNIKIA-02 a): one at a time, three rounds
            k = i % n
        built[(dealer + 1 + k) % n].append(c)
    return tuple(map(tuple, built))


#: The packs by their size (AMB-MELNIKIA-01), and the ladder of the chapter's Цыганка
#: (000:P21.S2): 36 cards for up to four players, 52 for five or more.
PACKS: Final = {32: DECK_32, 36: DECK_36, 52: DECK_52}
LADDER_SMALL_UP_TO: Final = 4


def pack_size(size: int, ladder: bool, players: int) -> int:
    """How many cards the pack holds: ``size``; or, under pack_ladder=true, 36 for up to
    four players and 52 for five or more.

    pre: size in (32, 36, 52) and 2 <= players <= 10
    post: __return__ in (32, 36, 52)
    post: ladder or __return__ == size
    post: not ladder or __return__ == (36 if players <= 4 else 52)
    """
    if ladder:  # melniki-a/pack (AMB-MELNIKIA-01 d): by the number of players
        return 36 if players <= LADDER_SMALL_UP_TO else 52
    return size  # melniki-a/pack (AMB-MELNIKIA-01 a, b, c): the text names no pack


def _pack(opts: MelnikiAOptions, players: int) -> tuple[Card, ...]:
    return PACKS[pack_size(opts.pack, opts.pack_ladder, players)]  # AMB-MELNIKIA-01


def _check_pack(cards: tuple[Card, ...], pack: tuple[Card, ...], where: str) -> None:
    if sorted(cards) != list(pack):  # melniki-a/pack
        missing = sorted(set(pack) - set(cards))
        extra = sorted(c for c in set(cards) if cards.count(c) > 1 or c not in pack)
        raise SetupError(
            f"{GAME_ID}: {where} must hold the {len(pack)}-card pack exactly once "
            f"(missing {names(missing)}, duplicated or foreign {names(extra)})",
            "melniki-a/pack",
        )


def _check_players(n: int, opts: MelnikiAOptions) -> None:
    if not 2 <= n <= MAX_PLAYERS:  # melniki-a/players
        raise SetupError(f"{GAME_ID}: {n} players; the text allows two to ten", "melniki-a/players")


def setup(table: Table) -> MelnikiAState:
    """The position after the deal: the dealer's left-hand neighbour to lead."""
    opts = MelnikiAOptions.of(GAME_ID, OPTIONS, table.options) if table.options else DEFAULT_OPTIONS
    n = table.players
    _check_players(n, opts)
    # The table names the dealer: how he is chosen, and who deals next, lie outside one
    # game (AMB-MELNIKIA-27).
    if not 0 <= table.dealer < n:  # melniki-a/deal-three: the deal goes from a dealer at the table
        raise SetupError(
            f"{GAME_ID}: dealer seat {table.dealer} is not a seat of {n} players",
            "melniki-a/deal-three",
        )
    pack = _pack(opts, n)
    deal = table.deal
    if isinstance(deal, DeckOrder):
        order = deal.cards
        if len(pack) < len(order) == len(DECK_52):  # melniki-a/pack (AMB-MELNIKIA-01): stripped
            lowest = min(RANK_OF[c] for c in pack)  # keeping its order, the lower ranks out
            order = tuple([c for c in order if RANK_OF[c] >= lowest])
        _check_pack(order, pack, "the deck order")
        hands: Holdings = deal_hands(order, n, table.dealer, opts.deal_by)
        i = HAND * n
        trump_card = order[i]  # melniki-a/trump-turned: the next card
        rest = order[i + 1 :]
    else:
        if len(deal.hands) != n or any(len(h) != HAND for h in deal.hands):
            raise SetupError(f"{GAME_ID}: a deal gives {n} hands of three", "melniki-a/deal-three")
        if len(deal.up) != 1:
            raise SetupError(f"{GAME_ID}: one trump card is turned", "melniki-a/trump-turned")
        hands, trump_card, rest = deal.hands, deal.up[0], deal.stock
        _check_pack(tuple(c for h in hands for c in h) + rest + deal.up, pack, "the deal")
    stock: tuple[Card, ...]
    aside: tuple[Card, ...]
    if opts.trump_card == "under-stock":  # melniki-a/trump-turned (AMB-MELNIKIA-03)
        stock, aside = rest + (trump_card,), ()
    else:
        stock, aside = rest, (trump_card,)
    leader = (table.dealer + 1) % n  # melniki-a/first-lead
    return MelnikiAState(
        opts=opts,
        players=n,
        dealer=table.dealer,
        trump=SUIT_OF[trump_card],
        trump_card=trump_card,
        stage=STAGE_ONE,
        turn=leader,
        hands=hands,
        stock=stock,
        aside=aside,
        table=(),
        table_seats=(),
        target=0,
        piles=((),) * n,
        first_out=-1,
        accepts=0,
        last_winner=-1,
        discard=(),
        losers=(),
        legal=_lead_choices(hands[leader], leader),
    )


# --- the actions open -----------------------------------------------------------------------


def _lead_choices(hand: tuple[Card, ...], seat: Seat) -> tuple[Action, ...]:
    """The leads open to ``seat``, in either stage: any card of his hand (melniki-a/first-lead,
    melniki-a/leader-keeps-lead, melniki-a/stage-two-first-lead, melniki-a/uncoverer-leads)."""
    row = PLAYS[seat]
    return tuple([row[c] for c in hand])


def _answer_choices(
    hand: tuple[Card, ...], seat: Seat, lead: Card, trump: int, accept_rule: str
) -> tuple[Action, ...]:
    """The answers open to ``seat`` on a stage-1 lead, as :func:`answers` allows them
    (melniki-a/follow-suit, melniki-a/void-trump-or-accept, melniki-a/accept-only-void;
    under stage_one_accept=free he may accept whatever he holds)."""
    allowed, may_accept = answers(hand, lead, trump)
    if accept_rule == "free":  # AMB-MELNIKIA-23 b: the advice to accept small cards binds
        may_accept = True
    row = PLAYS[seat]
    plays: tuple[Action, ...] = tuple([row[c] for c in allowed])
    return plays + (TAKES[seat],) if may_accept else plays


def _pile_top(pile: tuple[Card, ...]) -> Card:
    """The card on top of a stage-2 pile, the last laid: the one the next player must beat
    (melniki-a/cover-or-accept)."""
    return pile[-1]


def may_ruff(trump_rule: str, hand: tuple[Card, ...], top: Card, trump: int) -> bool:
    """Whether a trump may beat ``top``, a stage-2 card of another suit, from ``hand``
    (AMB-MELNIKIA-09): always (Durak); under stage_two_trump=void-only only without a card
    of its suit; under no-higher only without a higher card of its suit.

    pre: trump_rule in ("any", "void-only", "no-higher")
    pre: len(hand) <= 52 and all(0 <= c < 52 for c in hand)
    pre: 0 <= top < 52 and 0 <= trump <= 3 and SUIT_OF[top] != trump
    post: trump_rule != "any" or __return__
    post: trump_rule != "void-only" or __return__ == (not of_suit(hand, SUIT_OF[top]))
    """
    same = of_suit(hand, SUIT_OF[top])
    if trump_rule == "void-only":  # AMB-MELNIKIA-09 b: stage 1's discipline (000:P6.S1)
        return not same
    if trump_rule == "no-higher":  # AMB-MELNIKIA-09 c: a higher card of the suit first
        return not any(RANK_OF[c] > RANK_OF[top] for c in same)
    return True  # AMB-MELNIKIA-09 a: any trump beats a card of another suit


def _cover_choices(
    hand: tuple[Card, ...], seat: Seat, top: Card, trump: int, trump_rule: str
) -> tuple[Action, ...]:
    """The answers open to ``seat`` on a stage-2 pile: a card that beats the top card, or
    accepting it (melniki-a/cover-or-accept); a trump on another suit only as
    stage_two_trump allows (:func:`may_ruff`)."""
    beaters = [c for c in hand if covers(top, c, trump, ACE_HIGH)]  # melniki-a/cover-or-accept
    if SUIT_OF[top] != trump and not may_ruff(trump_rule, hand, top, trump):
        # AMB-MELNIKIA-09 b, c: no trump may beat it: only a higher card of its suit
        beaters = [c for c in beaters if SUIT_OF[c] != trump]
    row = PLAYS[seat]
    # AMB-MELNIKIA-09: he may accept whenever he likes («не может или не хочет», 000:P10.S1)
    return tuple([row[c] for c in beaters]) + (TAKES[seat],)


def _choices(s: MelnikiAState) -> tuple[Action, ...]:
    """Every action the rules allow in ``s`` (empty once the game is over), found from its
    other fields: for a position read from its notation (play finds them as it goes)."""
    if s.stage == OVER:
        return ()
    seat = s.turn
    hand = s.hands[seat]
    if not s.table:
        return _lead_choices(hand, seat)
    if s.stage == STAGE_ONE:
        return _answer_choices(hand, seat, s.table[0], s.trump, s.opts.stage_one_accept)
    return _cover_choices(hand, seat, _pile_top(s.table), s.trump, s.opts.stage_two_trump)


# --- stage 1 ------------------------------------------------------------------------------


def draw_count(count_rule: str, held: int, laid: int) -> int:
    """How many cards a player of a trick draws from the stock (as many as it holds): back up
    to three, or, under refill_count=one-for-one, one for each card he laid.

    pre: count_rule in ("up-to-three", "one-for-one")
    pre: 0 <= held <= 52 and 0 <= laid <= 1
    post: __return__ >= 0
    post: count_rule != "one-for-one" or __return__ == laid
    post: count_rule != "up-to-three" or __return__ == max(0, HAND - held)
    """
    if count_rule == "one-for-one":  # AMB-MELNIKIA-05 c: «Снесенные с рук карты наполняются»
        return laid  # melniki-a/refill
    return max(0, HAND - held)  # melniki-a/refill (AMB-MELNIKIA-05 a): back up to three


def _refill(
    s: MelnikiAState,
    hands: Holdings,
    seats: tuple[Seat, Seat],
    first: Seat,
    second: Seat,
    *,
    answered: bool,
) -> tuple[Holdings, tuple[Card, ...], Seat]:
    """The two players of a trick (``seats``, the leader first) draw back up to three (one
    for each card laid under refill_count=one-for-one; the responder laid one if
    ``answered``, none if he accepted): ``first`` (the taker, or the leader after an
    acceptance) first; under refill_order=leader-first the leader first always. The hands,
    the stock and the first seat out of cards after it (the position itself is built once,
    by :func:`_next_duel`)."""
    stock = s.stock
    leader = seats[0]
    laid = {leader: 1, seats[1]: 1 if answered else 0}
    order = (first, second)
    if s.opts.refill_order == "leader-first" and first != leader:  # AMB-MELNIKIA-05 b
        order = (second, first)
    for p in order:  # melniki-a/refill (AMB-MELNIKIA-05 a): the taker (or leader) first
        want = draw_count(s.opts.refill_count, len(hands[p]), laid[p])
        if want > 0 and stock:
            hands = put(hands, p, hands[p] + stock[:want])
            stock = stock[want:]
    first_out = s.first_out
    if first_out < 0 and not stock:  # melniki-a/stage-two-first-lead (AMB-MELNIKIA-08)
        out = [p for p in seats if not hands[p]]
        first_out = out[0] if out else -1
    return hands, stock, first_out


def _leads_after_stage_one_accept(
    lead_rule: str, leader: Seat, acceptor: Seat, hands: Holdings
) -> Seat:
    """Who leads once a card led in stage 1 is accepted (AMB-MELNIKIA-24): the acceptor
    (P6.S2 moves play on to «второй и третий»); under stage_one_after_accept=leader the leader
    again; under acceptor-neighbour the acceptor's left-hand neighbour holding cards, as
    000:P9.S1 says of stage 2 (players without cards are passed over by :func:`_next_duel`)."""
    if lead_rule == "leader":  # AMB-MELNIKIA-24 b: the leader leads again, to the acceptor
        return leader
    if lead_rule == "acceptor-neighbour":  # AMB-MELNIKIA-24 c: the acceptor loses his lead
        nxt = next_holding(acceptor, [*map(len, hands)])
        return acceptor if nxt is None else nxt
    return acceptor  # AMB-MELNIKIA-24 a: the acceptor leads to his own neighbour


def _next_duel(
    s: MelnikiAState,
    leader: Seat,
    *,
    hands: Holdings,
    stock: tuple[Card, ...],
    first_out: Seat,
    piles: Holdings,
    last_winner: Seat,
    accepts: int,
) -> MelnikiAState:
    """Stage 1 goes on with ``leader`` (or the next holder to his left) leading: the position
    after a trick or an acceptance, with the trick's ``hands``, ``stock``, ``first_out``,
    ``piles``, ``last_winner`` and ``accepts`` set in the same step."""
    # melniki-a/stage-one-end (AMB-MELNIKIA-07): a round of acceptances ends it too
    if not stock:
        holding = s.players - hands.count(())  # the players whose hand is not empty
        if holding < 2 or accepts >= holding:
            for p in holders(hands):  # a lone holder's cards join his tricks
                piles = put(piles, p, piles[p] + hands[p])
            empty: Holdings = tuple(() for _ in range(s.players))
            return _begin_stage_two(
                s._replace(
                    hands=empty,
                    stock=stock,
                    first_out=first_out,
                    piles=piles,
                    last_winner=last_winner,
                    accepts=accepts,
                    table=(),
                    table_seats=(),
                )
            )
    if not hands[leader]:  # melniki-a/pass-on (AMB-MELNIKIA-07): players without cards passed over
        nxt = next_holding(leader, [*map(len, hands)])
        assert nxt is not None
        leader = nxt
    return s._replace(
        turn=leader,
        hands=hands,
        stock=stock,
        table=(),
        table_seats=(),
        piles=piles,
        first_out=first_out,
        accepts=accepts,
        last_winner=last_winner,
        legal=_lead_choices(hands[leader], leader),
    )


def _stage_one(s: MelnikiAState, a: Action) -> MelnikiAState:
    """The position after a stage-1 action :func:`apply` has found open (its rules checked
    by :func:`_answer_choices` when the position was reached, or by :func:`_refuse`)."""
    seat = a.seat
    hand = s.hands[seat]
    if isinstance(a, Take):  # melniki-a/accept-only-void: a player void of the suit led
        lead, leader = s.table[0], s.table_seats[0]
        if s.opts.accepted_card == "hand":  # melniki-a/accepted-card
            hands = put(s.hands, seat, hand + (lead,))
            piles = s.piles
        else:
            hands = s.hands
            piles = put(s.piles, seat, s.piles[seat] + (lead,))
        hands, stock, first_out = _refill(s, hands, (leader, seat), leader, seat, answered=False)
        return _next_duel(  # melniki-a/pass-on
            s,
            _leads_after_stage_one_accept(s.opts.stage_one_after_accept, leader, seat, hands),
            hands=hands,
            stock=stock,
            first_out=first_out,
            piles=piles,
            last_winner=s.last_winner,
            # AMB-MELNIKIA-07: acceptances in a row once the stock is gone
            accepts=s.accepts + 1 if not stock else 0,
        )
    if not s.table:  # a lead: melniki-a/first-lead, any card
        hands = put(s.hands, seat, without(hand, a.card))
        # to his left-hand neighbour, the next holding cards (melniki-a/pass-on): another player
        # holds cards, or stage 1 would have ended (melniki-a/stage-one-end; _check_position)
        responder = next_holding(seat, [*map(len, hands)])
        assert responder is not None
        if s.opts.stage_one_empty == "must-accept":
            # AMB-MELNIKIA-07 b: to his left-hand neighbour, cards or none: one without cards
            # has no card of the suit and no trump, so he must accept it (000:P6.S1)
            responder = left(seat, s.players)
        return s._replace(
            turn=responder,
            hands=hands,
            table=(a.card,),
            table_seats=(seat,),
            legal=_answer_choices(
                hands[responder], responder, a.card, s.trump, s.opts.stage_one_accept
            ),
        )
    lead, leader = s.table[0], s.table_seats[0]
    hands = put(s.hands, seat, without(hand, a.card))
    won = takes_trick(lead, a.card, s.trump)  # melniki-a/higher-takes
    winner = seat if won else leader
    other = leader if won else seat
    piles = put(s.piles, winner, s.piles[winner] + (lead, a.card))
    hands, stock, first_out = _refill(s, hands, (leader, seat), winner, other, answered=True)
    return _next_duel(
        s,
        # the taker leads: melniki-a/pass-on if he covered, else melniki-a/leader-keeps-lead
        winner,
        hands=hands,
        stock=stock,
        first_out=first_out,
        piles=piles,
        last_winner=winner,
        accepts=0,
    )


# --- stage 2 ------------------------------------------------------------------------------


def _begin_stage_two(s: MelnikiAState) -> MelnikiAState:
    # melniki-a/take-up-tricks
    taken_up = s.piles
    s = s._replace(stage=STAGE_TWO, piles=tuple(() for _ in range(s.players)))
    # AMB-MELNIKIA-08: nobody ran out in stage 1: the dealer's left-hand neighbour leads
    first = s.first_out if s.first_out >= 0 else left(s.dealer, s.players)
    if s.opts.stage_two_first == "last-trick" and s.last_winner >= 0:  # AMB-MELNIKIA-08 b
        first = s.last_winner
    # melniki-a/stage-two-first-lead
    return _go(
        s,
        hands=taken_up,
        table=(),
        seats=(),
        target=0,
        discard=s.discard,
        seat=first,
        # AMB-MELNIKIA-14, 18: stage 2 counts its own acceptances, positions and decisions
        accepts=0,
        seen=frozenset(),
        since_aside=0,
    )


def _go(
    s: MelnikiAState,
    *,
    hands: Holdings,
    table: tuple[Card, ...],
    seats: tuple[Seat, ...],
    target: int,
    discard: tuple[Card, ...],
    seat: Seat,
    accepts: int,
    seen: frozenset[PositionKey],
    since_aside: int,
    shed: Seat = -1,
) -> MelnikiAState:
    """The stage-2 position with ``seat`` (or the next holder to his left) to act, or over
    when at most one player holds cards (melniki-a/last-holder-loses), or, under
    stage_two_end=first-out, when ``shed`` (the player who has just laid a card) has laid his
    last (melniki-a/first-out-wins), or, under stage_two_stall=repetition, when the position
    has been seen before since the last pile was laid aside (melniki-a/stage-two-stall), or
    when stage_two_limit decisions have been made since then (``since_aside``,
    melniki-a/stage-two-limit). The position is built in one step, with the ``accepts``
    counted and the positions ``seen`` so far."""
    n = s.players
    stage, turn, losers = s.stage, seat, s.losers
    held = n - hands.count(())  # the players whose hand is not empty
    # melniki-a/first-out-wins (AMB-MELNIKIA-12 b): the first to shed his cards wins
    if shed >= 0 and sheds_to_win(s.opts.stage_two_end, len(hands[shed])):
        stage, turn, losers = OVER, -1, tuple(p for p in range(n) if p != shed)
    elif held <= 1:  # melniki-a/last-holder-loses (AMB-MELNIKIA-12): the one left holding loses
        stage, turn, losers = OVER, -1, holders(hands)
    else:
        # AMB-MELNIKIA-11, AMB-MELNIKIA-20 a: players without cards are passed over (two hold
        # cards: the walk ends); under empty_player=must-accept (AMB-MELNIKIA-20 b) one to whom
        # a card is laid is not: he must accept it (:func:`_cover_choices` leaves him only that)
        while not hands[turn] and not (table and s.opts.empty_player == "must-accept"):
            turn = left(turn, n)
        # melniki-a/stage-two-stall (AMB-MELNIKIA-14 d)
        if s.opts.stage_two_stall in REPEATING:
            key = position_key(turn, hands, table, target)
            if key in seen:  # the position has come back: stage 2 is getting nowhere
                stage, turn, losers = OVER, -1, ()
            else:
                seen = seen | {key}
        # melniki-a/stage-two-limit (AMB-MELNIKIA-18): no pile laid aside for too long
        if stage != OVER and at_limit(s.opts.stage_two_limit, since_aside):
            stage, turn, losers = OVER, -1, ()
    if stage == OVER:
        legal: tuple[Action, ...] = ()
    elif table:  # a pile to cover or accept
        legal = _cover_choices(hands[turn], turn, _pile_top(table), s.trump, s.opts.stage_two_trump)
    else:
        legal = _lead_choices(hands[turn], turn)
    return s._replace(
        stage=stage,
        turn=turn,
        hands=hands,
        table=table,
        table_seats=seats,
        target=target,
        accepts=accepts,
        discard=discard,
        losers=losers,
        legal=legal,
        seen=seen,
        since_aside=since_aside,
    )


def _stage_two(s: MelnikiAState, a: Action) -> MelnikiAState:
    """The position after a stage-2 action :func:`apply` has found open (its rules checked
    by :func:`_cover_choices` when the position was reached, or by :func:`_refuse`)."""
    seat = a.seat
    hand = s.hands[seat]
    nxt = left(seat, s.players)
    if isinstance(a, Take):  # AMB-MELNIKIA-09: the top card of the pile accepted
        top = s.table[-1]
        hands = put(s.hands, seat, hand + (top,))
        rest = s.table[:-1]
        accepts = s.accepts + 1
        # melniki-a/stage-two-stall (AMB-MELNIKIA-14): a round of acceptances ends stage 2
        in_play = sum(map(len, hands)) + len(rest)
        if stalls(s.opts.stage_two_stall, accepts, s.players - hands.count(()), in_play):
            return s._replace(
                stage=OVER,
                turn=-1,
                hands=hands,
                table=rest,
                table_seats=s.table_seats[:-1],
                accepts=accepts,
                losers=(),
                legal=(),
                since_aside=s.since_aside + 1,
            )
        if not rest:  # melniki-a/accept-first-lead: his left-hand neighbour leads
            return _go(
                s,
                hands=hands,
                table=(),
                seats=(),
                target=0,
                discard=s.discard,
                seat=_leads_after_accepted_lead(s.opts.accepted_lead, seat, nxt),
                accepts=accepts,
                seen=s.seen,
                since_aside=s.since_aside + 1,
            )
        # melniki-a/accept-top: the next covers the card now on top
        return _go(
            s,
            hands=hands,
            table=rest,
            seats=s.table_seats[:-1],
            target=s.target,
            discard=s.discard,
            seat=nxt,
            accepts=accepts,
            seen=s.seen,
            since_aside=s.since_aside + 1,
        )
    if not s.table:
        # AMB-MELNIKIA-10: the players holding cards when the pile is led (every player of
        # the game under pile_count=all, AMB-MELNIKIA-10 c)
        counted = s.players if s.opts.pile_count == "all" else s.players - s.hands.count(())
        target = pile_target(counted, s.opts.pile_size)
        hands = put(s.hands, seat, without(hand, a.card))
        return _go(
            s,
            hands=hands,
            table=(a.card,),
            seats=(seat,),
            target=target,
            discard=s.discard,
            seat=nxt,
            accepts=s.accepts,
            seen=s.seen,
            since_aside=s.since_aside + 1,
            shed=seat,
        )
    hands = put(s.hands, seat, without(hand, a.card))
    table = s.table + (a.card,)
    if len(table) >= s.target:  # melniki-a/pile-aside
        return _go(
            s,
            hands=hands,
            table=(),
            seats=(),
            target=0,
            discard=s.discard + table,
            seat=seat,
            # AMB-MELNIKIA-14 a, d: the count starts again, and no position before comes back
            accepts=0,
            seen=frozenset(),
            since_aside=0,  # AMB-MELNIKIA-18: and the decisions are counted again
            shed=seat,
        )  # melniki-a/uncoverer-leads
    return _go(
        s,
        hands=hands,
        table=table,
        seats=s.table_seats + (seat,),
        target=s.target,
        discard=s.discard,
        seat=nxt,
        # AMB-MELNIKIA-14 b, e: under stage_two_stall=in-a-row (or repetition-or-row) a cover
        # breaks the row
        accepts=0 if s.opts.stage_two_stall in IN_A_ROW else s.accepts,
        seen=s.seen,
        since_aside=s.since_aside + 1,
        shed=seat,
    )


# --- the game -----------------------------------------------------------------------------


def legal_actions(s: MelnikiAState) -> tuple[Action, ...]:
    """Every action the rules allow now (empty once the game is over): those the position
    carries, found when it was reached (:func:`_lead_choices`, :func:`_answer_choices`,
    :func:`_cover_choices`)."""
    return s.legal


def _refuse(s: MelnikiAState, a: Action) -> None:
    """Raise :class:`IllegalAction` naming the rule ``a`` breaks, ``a`` not being among the
    actions open: the rules checked one by one, in the order play states them. It returns
    only if none of them refuses ``a``."""
    if a.seat != s.turn:
        raise IllegalAction("core/out-of-turn", f"it is seat {s.turn}'s turn, not seat {a.seat}'s")
    seat = a.seat
    hand = s.hands[seat]
    if not s.table:  # a lead, in either stage: melniki-a/first-lead, any card
        if not isinstance(a, Play):
            raise IllegalAction("core/wrong-action", "nothing has been led to accept: lead a card")
    elif isinstance(a, Take):
        if s.stage == STAGE_ONE:
            lead = s.table[0]
            _, may_accept = answers(hand, lead, s.trump)
            # AMB-MELNIKIA-23: only a void player may accept, unless stage_one_accept=free
            if not may_accept and s.opts.stage_one_accept != "free":
                raise IllegalAction(
                    "melniki-a/accept-only-void",
                    f"seat {seat} holds {suit_letter(SUIT_OF[lead])} and may not accept",
                )
        return  # AMB-MELNIKIA-09: in stage 2 he may accept whenever he likes
    # a card laid: a lead, an answer to a stage-1 lead, or a cover
    if a.card not in hand:
        raise IllegalAction("core/not-held", f"seat {seat} does not hold {card_name(a.card)}")
    if not s.table:
        return
    if s.stage == STAGE_ONE:
        lead = s.table[0]
        allowed, may_accept = answers(hand, lead, s.trump)
        if a.card not in allowed:
            if not may_accept:
                raise IllegalAction(
                    "melniki-a/follow-suit",
                    f"{card_name(lead)} was led and seat {seat} holds {suit_letter(SUIT_OF[lead])}",
                )
            raise IllegalAction(
                "melniki-a/void-trump-or-accept",
                f"without {suit_letter(SUIT_OF[lead])} seat {seat} must trump "
                f"({suit_letter(s.trump)}) or accept",
            )
        return
    top = _pile_top(s.table)
    if not covers(top, a.card, s.trump, ACE_HIGH):  # melniki-a/cover-or-accept
        raise IllegalAction(
            "melniki-a/cover-or-accept",
            f"{card_name(a.card)} does not beat {card_name(top)} (trump {suit_letter(s.trump)})",
        )
    if (
        SUIT_OF[a.card] == s.trump
        and SUIT_OF[top] != s.trump
        and not may_ruff(s.opts.stage_two_trump, hand, top, s.trump)
    ):  # AMB-MELNIKIA-09 b, c: the suit before a trump
        raise IllegalAction(
            "melniki-a/cover-or-accept",
            f"seat {seat} holds {suit_letter(SUIT_OF[top])} and may not beat "
            f"{card_name(top)} with a trump (stage_two_trump={s.opts.stage_two_trump})",
        )


def apply(s: MelnikiAState, a: Action) -> MelnikiAState:
    """The position after ``a``, or :class:`IllegalAction` naming the rule it breaks."""
    if s.stage == OVER:
        raise IllegalAction("core/game-over", "the game is over")
    if a not in s.legal:  # not one of the actions open: the rule it breaks
        _refuse(s, a)
    if s.stage == STAGE_ONE:
        return _stage_one(s, a)
    return _stage_two(s, a)


def to_move(s: MelnikiAState) -> Seat | None:
    return None if s.stage == OVER else s.turn


def phase_name(s: MelnikiAState) -> str:
    return PHASES[s.stage]


def outcome(s: MelnikiAState) -> Outcome | None:
    """The loser, once the game is over (melniki-a/last-holder-loses), or the winner under
    stage_two_end=first-out (melniki-a/first-out-wins); nobody after a stall
    (melniki-a/stage-two-stall)."""
    if s.stage != OVER:
        return None
    losers = s.losers
    winners = tuple(p for p in range(s.players) if p not in losers) if losers else ()
    if s.opts.stage_two_end == "first-out" and len(winners) == 1:  # AMB-MELNIKIA-12 b
        reason = f"seat {winners[0]} is the first to shed his cards"
    elif losers:
        reason = f"seat {losers[0]} is left holding cards"
    elif holders(s.hands) and at_limit(s.opts.stage_two_limit, s.since_aside):
        # melniki-a/stage-two-limit (AMB-MELNIKIA-18)
        reason = (
            f"stage 2 went {s.opts.stage_two_limit} decisions with no pile laid aside: nobody loses"
        )
    elif holders(s.hands):  # melniki-a/stage-two-stall (AMB-MELNIKIA-14)
        reason = "stage 2 stalled with several players holding cards: nobody loses"
    else:
        reason = "nobody is left holding cards"
    return Outcome(winners=winners, losers=losers, reason=reason)


def all_cards(s: MelnikiAState) -> tuple[Card, ...]:
    return (
        tuple(c for h in s.hands for c in h)
        + s.stock
        + s.aside
        + s.table
        + tuple(c for p in s.piles for c in p)
        + s.discard
    )


def chips_in_play(s: MelnikiAState) -> None:
    """None: the game is played for no chips: the text names no stake (AMB-MELNIKIA-28)."""
    return


# --- observation and notation ----------------------------------------------------------


#: The first seat to run out of cards in stage 1, and the size at which the stage-2 pile on the
#: table is laid aside (null with none).
FIRST_OUT: Final[Observable[MelnikiAState]] = Observable(
    "first_out", lambda s: None if s.first_out < 0 else s.first_out
)
PILE_TARGET: Final[Observable[MelnikiAState]] = Observable(
    "pile_target", lambda s: s.target if s.table and s.stage == STAGE_TWO else None
)

OBSERVABLES: Final[tuple[Observable[MelnikiAState] | PerSeat[MelnikiAState], ...]] = (
    obs.HAND,
    obs.TABLE,
    obs.TRUMP,
    obs.TRUMP_CARD,
    obs.STOCK_SIZE,
    obs.STOCK,
    obs.TRICK_WINNER,
    obs.PILE,
    obs.DISCARD,
    FIRST_OUT,
    PILE_TARGET,
)


def _pile_sizes(s: MelnikiAState, viewer: Viewer) -> JSON:
    """How many cards each seat's stage-1 tricks hold, by seat (the backs are seen)."""
    return views.pile_sizes(s.piles)


def _piles(s: MelnikiAState, viewer: Viewer) -> JSON:
    """Each seat's stage-1 tricks, by seat, in canonical card order where the viewer may see
    them (AMB-MELNIKIA-15), else null."""
    return views.piles_seen(s.piles, s.opts.tricks_shown, viewer)


def _discard_size(s: MelnikiAState, viewer: Viewer) -> JSON:
    return len(s.discard)


def _discard(s: MelnikiAState, viewer: Viewer) -> JSON:
    """The stage-2 piles laid aside, in canonical card order where they lie face up
    (AMB-MELNIKIA-16), else null."""
    return views.laid_aside(s.discard, s.opts.discard_shown)


#: What each seat may see (design §2), field by field (:mod:`reference.core.views`).
VIEW: Final[tuple[Shown[MelnikiAState], ...]] = (
    # 000:P2.S3: three cards dealt to each; 000:P11.S1: held «самым скрытным образом»
    views.HAND,
    views.HAND_SIZES,  # the backs of every hand are seen
    # 000:P4.S1: the card led; 000:P7.S2, 000:P7.S3: the stage-2 pile, growing in sight
    views.public(obs.TABLE),
    views.public(obs.TRUMP),  # 000:P2.S3: «одна карта вскрывается как козырь»
    # melniki-a/trump-turned, AMB-MELNIKIA-17: the turned card is seen by all; its name stays
    # known once the last to draw has taken it into his hand
    views.public(obs.TRUMP_CARD),
    views.public(obs.STOCK_SIZE),  # the talon lies face down: its size is seen
    views.public(obs.TRICK_WINNER),  # who takes a trick is seen
    views.public(FIRST_OUT),  # 000:P7.S1: who first ran out of cards, seen by all
    views.public(PILE_TARGET),  # 000:P7.S3: the size at which the pile is laid aside
    Shown("pile_sizes", _pile_sizes),  # AMB-MELNIKIA-15: the size of each seat's tricks
    Shown("piles", _piles),  # AMB-MELNIKIA-15: face down by default
    Shown("discard_size", _discard_size),  # 000:P7.S3: the piles laid aside, counted
    Shown("discard", _discard),  # AMB-MELNIKIA-16: face down by default
)


def parse_action(obj: JSON) -> Action:
    """An action from its JSON form, or :class:`FormatError` saying what is wrong."""
    return read_action(obj, GAME_ID, ACTIONS)


NOTATION: Final = Notation(GAME_ID, MelnikiAOptions, OPTIONS, PHASES, _check_players)


def position(s: MelnikiAState) -> JSONObject:
    """The position in this game's notation (its FEN); :func:`load_position` reads it back."""
    return {
        **NOTATION.head(s.players, s.dealer, s.opts, s.stage, to_move(s)),
        "trump_card": card_name(s.trump_card),
        "hands": [card_names(h) for h in s.hands],
        "stock": card_names(s.stock),
        "aside": card_names(s.aside),
        "table": [
            {"seat": p, "card": card_name(c)} for p, c in zip(s.table_seats, s.table, strict=True)
        ],
        "pile_target": s.target,
        "piles": [card_names(p) for p in s.piles],
        "first_out": None if s.first_out < 0 else s.first_out,
        "accepts": s.accepts,
        "last_winner": None if s.last_winner < 0 else s.last_winner,
        "discard": card_names(s.discard),
        "losers": list(s.losers),
        "seen": [
            {
                "to_move": p,
                "hands": [card_names(h) for h in hands],
                "table": card_names(pile),
                "pile_target": target,
            }
            for p, hands, pile, target in sorted(s.seen)
        ],
        "since_aside": s.since_aside,
    }


def _opt_seat(value: JSON, where: str) -> int:
    return -1 if value is None else as_int(value, where)


def load_position(pos: JSON) -> MelnikiAState:
    """A state from the position notation; checks that the pack is all there once."""
    head = NOTATION.read(pos)
    o, n, opts, stage = head.fields, head.players, head.options, head.phase
    trump_card = as_card(field(o, "trump_card", "position"), "position/trump_card")
    table_cards: list[Card] = []
    table_seats: list[Seat] = []
    for i, item in enumerate(as_list(o.get("table", []), "position/table")):
        entry = as_object(item, f"position/table/{i}")
        table_seats.append(as_int(field(entry, "seat", "table"), f"position/table/{i}/seat"))
        table_cards.append(as_card(field(entry, "card", "table"), f"position/table/{i}/card"))
    losers = as_list(o.get("losers", []), "position/losers")
    seen: set[PositionKey] = set()
    for i, item in enumerate(as_list(o.get("seen", []), "position/seen")):
        at = f"position/seen/{i}"
        entry = as_object(item, at)
        seen.add(
            position_key(
                as_int(field(entry, "to_move", at), f"{at}/to_move"),
                card_lists(field(entry, "hands", at), f"{at}/hands"),
                as_cards(entry.get("table", []), f"{at}/table"),
                as_int(entry.get("pile_target", 0), f"{at}/pile_target"),
            )
        )
    s = MelnikiAState(
        opts=opts,
        players=n,
        dealer=head.dealer,
        trump=SUIT_OF[trump_card],
        trump_card=trump_card,
        stage=stage,
        turn=head.turn,
        hands=card_lists(field(o, "hands", "position"), "position/hands"),
        stock=as_cards(o.get("stock", []), "position/stock"),
        aside=as_cards(o.get("aside", []), "position/aside"),
        table=tuple(table_cards),
        table_seats=tuple(table_seats),
        target=as_int(o.get("pile_target", 0), "position/pile_target"),
        piles=card_lists(o.get("piles", [[] for _ in range(n)]), "position/piles"),
        first_out=_opt_seat(o.get("first_out"), "position/first_out"),
        accepts=as_int(o.get("accepts", 0), "position/accepts"),
        last_winner=_opt_seat(o.get("last_winner"), "position/last_winner"),
        discard=as_cards(o.get("discard", []), "position/discard"),
        losers=tuple(as_int(p, f"position/losers/{i}") for i, p in enumerate(losers)),
        legal=(),  # found below, once the position is known to be sound
        seen=frozenset(seen),
        since_aside=as_int(o.get("since_aside", 0), "position/since_aside"),
    )
    if s.stage == STAGE_TWO and opts.stage_two_stall in REPEATING:
        # the position itself counts as seen (melniki-a/stage-two-stall, AMB-MELNIKIA-14 d)
        s = s._replace(seen=s.seen | {position_key(s.turn, s.hands, s.table, s.target)})
    _check_position(s)
    return s._replace(legal=_choices(s))


def _check_position(s: MelnikiAState) -> None:
    n = s.players
    if len(s.hands) != n or len(s.piles) != n:
        raise FormatError(f"position: hands and piles need one entry per seat ({n})")
    if s.stage == OVER:
        if s.turn != -1:
            raise FormatError("position/to_move: must be null when the game is over")
    elif not 0 <= s.turn < n:
        raise FormatError("position/to_move: must be a seat")
    elif not s.hands[s.turn] and not (
        # AMB-MELNIKIA-20 b: one without cards to whom a card is laid must accept it
        (s.stage == STAGE_TWO and s.table and s.opts.empty_player == "must-accept")
        # AMB-MELNIKIA-07 b: so, in stage 1, one to whom a card is led
        or (s.stage == STAGE_ONE and s.table and s.opts.stage_one_empty == "must-accept")
    ):  # melniki-a/pass-on: who holds no cards is passed over
        raise FormatError("position/to_move: the player to act must hold cards")
    # melniki-a/stage-one-end: stage 1 goes on only while two players hold cards (the card led
    # counts for its leader): while the stock lasts each player of a trick draws back to three
    if s.stage == STAGE_ONE and len(set(holders(s.hands)) | set(s.table_seats)) < 2:
        raise FormatError("position: in stage1 at least two players hold cards")
    if any(not 0 <= p < n for p in s.table_seats + s.losers):
        raise FormatError("position/table: seats must be seats of the game")
    if any(len(h) != n or not 0 <= p < n for p, h, _, _ in s.seen):
        raise FormatError("position/seen: positions of this table (a seat, a hand per seat)")
    limit = s.opts.stage_two_limit
    if s.since_aside < 0 or (s.stage == STAGE_ONE and s.since_aside):
        raise FormatError("position/since_aside: stage2 decisions, 0 or more (0 in stage1)")
    if s.stage == STAGE_TWO and at_limit(limit, s.since_aside):
        # melniki-a/stage-two-limit: a stage 2 that went on so long without a pile is over
        raise FormatError(
            f"position/since_aside: stage_two_limit ({limit}) decisions have been made since "
            "the last pile was laid aside: stage2 is over"
        )
    if s.stage == STAGE_ONE and len(s.table) > 1:
        raise FormatError("position/table: in stage1 at most the card led is on the table")
    if s.stage == STAGE_TWO and (s.stock or (s.table and not 2 <= s.target <= n)):
        raise FormatError("position: in stage2 the stock is empty and pile_target is 2..players")
    try:
        _check_pack(all_cards(s), _pack(s.opts, s.players), "a position")
    except SetupError as e:
        raise FormatError(f"position: {e}") from None
