"""Свиньи, as told in seed 000 ("Глава LVII. ... Свиньи"): game id ``svinyi``.

A two or a six in the middle is the pig, built upward to the king; each player
keeps a store before him, built downward regardless of suit (kings on aces);
a player gets rid of his cards onto the pig or onto the stores of his two
neighbours; a card that fits the pig must go on the pig; the first to have
nothing left but aces wins.

The text gives no turn structure: rulings ``AMB-SVINYI-NN`` settle it. A turn
is: the player to move takes the top card of the stock (automatically, it is
no choice), plays cards (the drawn one, the cards he kept from earlier turns,
or his own store's top card) onto the pig or a neighbour's store, and passes;
a drawn card he has not placed stays with him, face up before him, for a later
turn (``unplaced=hand``; under ``unplaced=own-store`` it goes onto his own
store whatever its rank).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final, NamedTuple, Self

from mypy_extensions import mypyc_attr

from reference.core import observables as obs
from reference.core.actions import Pass, read_action
from reference.core.cards import (
    ACE,
    DECK_36,
    DECK_52,
    KING,
    RANK_OF,
    SUIT_OF,
    Card,
    card_name,
)
from reference.core.errors import FormatError, IllegalAction, SetupError
from reference.core.game import DeckOrder, Outcome, Table
from reference.core.holdings import Holdings, put
from reference.core.jsontypes import (
    JSON,
    JSONObject,
    as_card,
    as_cards,
    as_int,
    as_list,
    card_lists,
    field,
)
from reference.core.kernel import GameOptions, Observable, PerSeat, Shown, Viewer, option
from reference.core.positions import Notation
from reference.core.rules import GAME_OVER, NOT_HELD, OUT_OF_TURN, Rule
from reference.core.seats import Seat, left, right
from reference.core.states import named_updates
from reference.core.views import public

GAME_ID: Final = "svinyi"
TITLE: Final = "Свиньи (seed 000, «Глава LVII. ... Свиньи»)"
MAX_PLAYERS: Final = 16
PIG: Final = -1  # the target of a card laid on the pig
NO_CARD: Final = -1
#: The ranks that begin a pig: the twos and sixes (under pig_base=lowest, AMB-SVINYI-13, the
#: lowest rank of the pack alone).
PIG_BASES: Final = (2, 6)
#: The seat counts the text allows, and the pack a table is dealt from.
PLAYER_COUNTS: Final = range(2, MAX_PLAYERS + 1)
PACK: Final = DECK_52
ACES: Final = frozenset(c for c in PACK if RANK_OF[c] == ACE)
#: The cards of the 36-card pack (svinyi/pack, AMB-SVINYI-15 b).
SIX_TO_ACE: Final = frozenset(DECK_36)

RULES: Final = (OUT_OF_TURN, NOT_HELD, GAME_OVER) + (
    Rule(
        "svinyi/players",
        ("000:P26.S2", "AMB-SVINYI-01"),
        "Any number from two to sixteen play.",
    ),
    Rule(
        "svinyi/pack",
        ("000:P26.S2", "AMB-SVINYI-15"),
        "The full pack of 52 cards is used (under pack=by-players, the 36-card pack, six to ace, "
        "by tables of at most small_pack_players).",
    ),
    Rule(
        "svinyi/first-pig",
        ("000:P26.S2", "000:P26.S3", "AMB-SVINYI-02", "AMB-SVINYI-13"),
        "The first two or six from the top of the pack is laid face up in the middle as the "
        "first pig (under first_pig=first-drawn there is no pig until one is drawn; under "
        "pig_base=lowest the lowest card of the pack alone: a two of 52, a six of 36).",
    ),
    Rule(
        "svinyi/stores",
        ("000:P26.S3", "AMB-SVINYI-03", "AMB-SVINYI-20"),
        "Each player in turn from the dealer's left takes one card off the pack and lays it "
        "face up before him: his store (under store_pig=begins, with no pig in the middle, a "
        "two or six so taken is laid out as the pig and he takes the next card).",
    ),
    Rule(
        "svinyi/turns",
        ("000:P26.S3", "AMB-SVINYI-04"),
        "In turn from the dealer's left each player takes the top card of the stock, plays, and "
        "passes (under draw=while-laid he takes another card each time he has laid the card "
        "drawn, while the stock lasts; under lay_duty=must he may pass only when no card of "
        "his can be laid).",
    ),
    Rule(
        "svinyi/unplaced",
        ("000:P27.S1", "000:P28.S1", "AMB-SVINYI-09"),
        "A drawn card not placed by the pass stays with the player, face up before him, to be "
        "laid on a later turn (under unplaced=own-store it goes onto his own store whatever "
        "its rank).",
    ),
    Rule(
        "svinyi/own-cards",
        ("000:P28.S1", "AMB-SVINYI-04", "AMB-SVINYI-09"),
        "A player plays only the card he drew this turn, the cards he kept from earlier turns, "
        "or the top card of his own store.",
    ),
    Rule(
        "svinyi/pig-ascending",
        ("000:P26.S3", "000:P29.S1", "AMB-SVINYI-05", "AMB-SVINYI-18"),
        "Onto the pig goes the next rank up, of any suit (of the pig's suit under "
        "pig_suit=follow).",
    ),
    Rule(
        "svinyi/store-descending",
        ("000:P27.S1", "AMB-SVINYI-14"),
        "Onto a store goes the next rank down, regardless of suit (any lower rank under "
        "store_step=any-lower); nothing goes onto an empty store.",
    ),
    Rule(
        "svinyi/king-on-ace",
        ("000:P27.S2",),
        "Aces go nowhere, neither on the pig nor on a store; kings go on aces.",
    ),
    Rule(
        "svinyi/ace-fixed",
        ("000:P27.S3",),
        "An ace lying on a store cannot be taken off, not even onto the pig.",
    ),
    Rule(
        "svinyi/pig-ends-king",
        ("000:P27.S4",),
        "A pig ends with a king and is set aside.",
    ),
    Rule(
        "svinyi/next-pig",
        ("000:P27.S5", "AMB-SVINYI-02", "AMB-SVINYI-13", "AMB-SVINYI-16", "AMB-SVINYI-21"),
        "With no pig in the middle (one pig at a time), the first two or six drawn from the "
        "stock begins the next pig "
        "(under pig_base=lowest the first of the pack's lowest rank: a two of 52, a six of 36; "
        "under pig_from=any also one he kept or has on top of his store).",
    ),
    Rule(
        "svinyi/neighbours-only",
        ("000:P28.S1", "AMB-SVINYI-17"),
        "Cards go onto the stores of one's two neighbours only, right and left (under "
        "own_store=in-order onto his own store too, in the same descending order).",
    ),
    Rule(
        "svinyi/pig-first",
        ("000:P29.S1", "AMB-SVINYI-08"),
        "A card of his that fits the pig cannot go onto a store and must be laid on the pig "
        "before he passes (under pig_duty=drawn only the card drawn this turn is so bound).",
    ),
    Rule(
        "svinyi/shed-wins",
        ("000:P28.S1", "AMB-SVINYI-07", "AMB-SVINYI-10"),
        "The first player whose store and kept cards hold nothing but aces, with no drawn card "
        "in hand, wins (under first_turn_win=false, not before his second turn; under "
        "win_at=stock-gone, only once the stock is gone); the test is made after each card he "
        "lays, never at a pass.",
    ),
    Rule(
        "svinyi/stock-out",
        ("AMB-SVINYI-06", "AMB-SVINYI-07"),
        "When a turn would begin and the stock is empty the round ends (under "
        "stock_gone=last-round, once each player has had one more turn, drawing nothing): the "
        "players with the "
        "fewest cards other than aces in their stores and kept cards win (under "
        "stock_out=no-winner nobody wins, but under win_at=stock-gone those who have shed).",
    ),
)


@dataclass(frozen=True, slots=True)
class SvinyiOptions(GameOptions):
    """The options of one game (the rulings)."""

    first_pig: str = option(
        "taken-out",
        "The first pig: the first two or six from the top of the pack, laid out before the "
        "stores (taken-out); or the first two or six drawn in play (first-drawn).",
        ("taken-out", "first-drawn"),
        ruling="AMB-SVINYI-02",
    )
    pig_suit: str = option(
        "any",
        "Whether the pig is built regardless of suit (any) or in the suit of its base.",
        ("any", "follow"),
        ruling="AMB-SVINYI-05",
    )
    unplaced: str = option(
        "hand",
        "A drawn card not placed by the pass: kept face up before the player, to be laid on a "
        "later turn (hand); or put onto his own store whatever its rank (own-store).",
        ("hand", "own-store"),
        ruling="AMB-SVINYI-09",
    )
    first_turn_win: bool = option(
        True,
        "Whether a player who sheds everything on his first turn wins (true), or a win "
        "counts only from his second turn, once every player has had a turn (false).",
        (True, False),
        ruling="AMB-SVINYI-10",
    )
    win_at: str = option(
        "at-once",
        "When shedding wins: at once, on the lay that leaves nothing but aces (at-once); or "
        "only once the stock is gone, so that a player who sheds earlier plays on and the "
        "players with nothing but aces when the stock runs out win (stock-gone).",
        ("at-once", "stock-gone"),
        ruling="AMB-SVINYI-07",
    )
    stock_gone: str = option(
        "end",
        "When a turn would begin with the stock gone: the round ends (end); or every player "
        "has one more turn, drawing nothing, laying his kept cards and his store's top, and "
        "then the round ends (last-round). stock_out says who wins it.",
        ("end", "last-round"),
        ruling="AMB-SVINYI-06",
    )
    stock_out: str = option(
        "fewest",
        "The round ended by the stock running out: won by the players with the fewest cards "
        "other than aces (fewest), or by nobody (no-winner).",
        ("fewest", "no-winner"),
        ruling="AMB-SVINYI-06",
    )
    pig_duty: str = option(
        "any",
        "Which cards that fit the pig must go on it before any other move: any card he "
        "could lay (any), or only the card drawn this turn (drawn).",
        ("any", "drawn"),
        ruling="AMB-SVINYI-08",
    )
    store_pig: str = option(
        "no",
        "A two or six taken as a store card while no pig lies in the middle: a store card "
        "like any other (no); or laid out as the pig, the player taking the next card for "
        "his store (begins).",
        ("no", "begins"),
        ruling="AMB-SVINYI-03",
    )
    draw: str = option(
        "once",
        "How many cards a player draws in his turn: one (once); or another each time he has "
        "laid the card drawn, while the stock lasts (while-laid).",
        ("once", "while-laid"),
        ruling="AMB-SVINYI-04",
    )
    drawn_card: str = option(
        "shown",
        "What the others see of the card the player to move has drawn and not yet laid: the "
        "card, turned up as it comes off the stock (shown); or nothing until he lays it or "
        "keeps it face up at his pass, the drawer alone seeing it (drawer). Only the view "
        "changes.",
        ("shown", "drawer"),
        ruling="AMB-SVINYI-11",
    )
    kept_shown: str = option(
        "face-up",
        "What the others see of the cards a player has kept from earlier turns: the cards, "
        "face up before him (face-up); or only how many, the cards held in his hand, seen by "
        "him alone (hidden). Only the view changes.",
        ("face-up", "hidden"),
        ruling="AMB-SVINYI-22",
    )
    store_step: str = option(
        "one",
        "What goes onto a store: the next rank down, a king on an ace (one); or any lower rank, "
        "the ace high, so that any card but an ace goes on an ace (any-lower).",
        ("one", "any-lower"),
        ruling="AMB-SVINYI-14",
    )
    pack: str = option(
        "52",
        "The pack: the full 52 cards at any table (52); or the 36-card pack, six to ace, at a "
        "table of at most small_pack_players, the 52 at a larger one (by-players).",
        ("52", "by-players"),
        ruling="AMB-SVINYI-15",
    )
    small_pack_players: int = option(
        4,
        "Under pack=by-players, the most players who play with the 36-card pack (what counts "
        "as «большое количество» is agreed; four as for цыганка, 000:P21.S2).",
        minimum=2,
        maximum=MAX_PLAYERS - 1,
        ruling="AMB-SVINYI-15",
    )
    pig_base: str = option(
        "two-or-six",
        "The cards that begin a pig: every two and six (two-or-six); or those of the lowest "
        "rank of the pack in play, the twos of the 52-card pack, a six being then a card like "
        "any other (lowest).",
        ("two-or-six", "lowest"),
        ruling="AMB-SVINYI-13",
    )
    lay_duty: str = option(
        "free",
        "Whether laying is free, a player passing when he likes once nothing is bound to the "
        "pig (free); or compulsory, a player passing only when no card of his can be laid "
        "anywhere (must).",
        ("free", "must"),
        ruling="AMB-SVINYI-04",
    )
    pig_from: str = option(
        "talon",
        "With no pig in the middle, which two or six begins the next: only one just drawn from "
        "the stock (talon); or also one the player kept from an earlier turn or has on top of "
        "his store (any).",
        ("talon", "any"),
        ruling="AMB-SVINYI-16",
    )
    own_store: str = option(
        "no",
        "Whether a player may lay a card on his own store: never, only on his neighbours' (no); "
        "or in the same descending order as on theirs (in-order).",
        ("no", "in-order"),
        ruling="AMB-SVINYI-17",
    )
    pigs_aside: str = option(
        "face-up",
        "The pigs finished with a king and set aside: as they lay, face up, their cards seen "
        "by all (face-up); or turned face down, only how many seen (face-down). Only the "
        "view changes.",
        ("face-up", "face-down"),
        ruling="AMB-SVINYI-12",
    )


OPTIONS: Final = SvinyiOptions.specs()
#: The options of a table that gives none.
DEFAULT_OPTIONS: Final = SvinyiOptions()


@named_updates
class SvinyiState(NamedTuple):
    """A position. ``stores`` and ``pig`` are bottom first; ``hand`` is the card the player to
    move drew this turn and has not yet placed (-1 if none); ``held`` the cards each player
    kept, face up before him, from earlier turns (in the order kept; always empty under
    ``unplaced=own-store``); ``turn`` is -1 once over; ``extra`` counts the cards taken off
    the pack beyond the stores and one a turn (a pig taken among the stores under
    ``store_pig=begins``, the further cards drawn under ``draw=while-laid``), so that the
    turns of the round can be counted. ``legal`` holds the actions the rules allow the player
    to move (what :func:`legal_actions` answers, empty once over), found once when the
    position is reached. ``after`` counts the turns begun with the stock gone (under
    ``stock_gone=last-round``, AMB-SVINYI-06; else 0)."""

    opts: SvinyiOptions
    players: int
    dealer: Seat
    stock: tuple[Card, ...]
    stores: Holdings
    held: Holdings
    pig: tuple[Card, ...]
    done: tuple[Card, ...]
    turn: Seat
    hand: Card
    winners: tuple[Seat, ...]
    extra: int
    legal: tuple[Action, ...]
    after: int = 0


STATE: Final = SvinyiState


class _Lay(NamedTuple):
    seat: Seat
    card: Card
    onto: int  # PIG, or the seat whose store


@mypyc_attr(native_class=False)
class Lay(_Lay):
    """Lay a card (the drawn one or the top of one's own store) on the pig or a store."""

    __slots__ = ()
    KIND: ClassVar[str] = "play"

    def to_json(self) -> JSONObject:
        return {
            "type": self.KIND,
            "seat": self.seat,
            "card": card_name(self.card),
            "onto": "pig" if self.onto == PIG else self.onto,
        }

    @classmethod
    def from_json(cls, seat: Seat, o: JSONObject) -> Self:
        c = as_card(field(o, "card", "action"), "action/card")
        onto = field(o, "onto", "action")
        if onto == "pig":
            return cls(seat, c, PIG)
        target = as_int(onto, "action/onto")
        if not 0 <= target < MAX_PLAYERS:
            raise FormatError(f"action/onto: 'pig' or a seat, not {target}")
        return cls(seat, c, target)


Action = Lay | Pass
ACTIONS: Final[tuple[type[Action], ...]] = (Lay, Pass)


# --- decision functions (with contracts) ------------------------------------------------


def fits_store(c: Card, top: Card) -> bool:
    """Whether ``c`` may be laid on a store whose top card is ``top``: one rank lower,
    regardless of suit, or a king on an ace; an ace never.

    pre: 0 <= c < 52 and 0 <= top < 52
    post: not (__return__ and RANK_OF[c] == ACE)
    post: not __return__ or RANK_OF[c] == RANK_OF[top] - 1 or RANK_OF[top] == ACE
    """
    rc, rt = RANK_OF[c], RANK_OF[top]
    if rc == ACE:  # svinyi/king-on-ace: aces go nowhere
        return False
    if rt == ACE:  # svinyi/king-on-ace
        return rc == KING
    return rc == rt - 1  # svinyi/store-descending


def fits_store_lower(c: Card, top: Card) -> bool:
    """Whether ``c`` may be laid on a store whose top card is ``top`` under store_step=any-lower
    (AMB-SVINYI-14 b): any lower rank, regardless of suit, the ace high (a king, or any card
    below it, on an ace); an ace never.

    pre: 0 <= c < 52 and 0 <= top < 52
    post: not (__return__ and RANK_OF[c] == ACE)
    post: __return__ == (RANK_OF[c] < RANK_OF[top])
    """
    if RANK_OF[c] == ACE:  # svinyi/king-on-ace: aces go nowhere
        return False
    return RANK_OF[c] < RANK_OF[top]  # svinyi/store-descending (AMB-SVINYI-14 b): any lower


def fits_pig(c: Card, pig: tuple[Card, ...], follow: bool) -> bool:
    """Whether ``c`` goes on the pig: the next rank up from its top card (in its suit if
    ``follow``); never an ace, and nothing on an empty pig (a pig is begun by a drawn two or six).

    pre: 0 <= c < 52 and len(pig) <= 12 and all(0 <= p < 52 for p in pig)
    post: not (__return__ and RANK_OF[c] == ACE)
    post: not __return__ or (len(pig) > 0 and RANK_OF[c] == RANK_OF[pig[-1]] + 1)
    """
    if not pig or RANK_OF[c] == ACE:  # svinyi/king-on-ace
        return False
    if follow and SUIT_OF[c] != SUIT_OF[pig[0]]:  # svinyi/pig-ascending
        return False
    return RANK_OF[c] == RANK_OF[pig[-1]] + 1  # svinyi/pig-ascending (AMB-SVINYI-18 a: next rank)


def pig_ranks(rule: str, lowest: int) -> tuple[int, ...]:
    """The ranks that begin a pig under pig_base ``rule``, ``lowest`` being the lowest rank of
    the pack in play: every two and six, or the lowest rank alone.

    pre: rule in ("two-or-six", "lowest") and lowest in (2, 6)
    post: __return__ == ((lowest,) if rule == "lowest" else (2, 6))
    post: all(r in (2, 6) for r in __return__)
    """
    if rule == "lowest":  # AMB-SVINYI-13 b: «двойка или шестерка», the lowest card of the pack
        return (lowest,)
    return PIG_BASES  # AMB-SVINYI-13 a: a two or a six, whatever the pack


def _pig_built(pig: tuple[Card, ...], follow: bool, bases: frozenset[Card]) -> bool:
    """Whether play can build ``pig``: one of the ``bases`` (svinyi/next-pig), then each rank
    above it in turn, in its suit if ``follow`` (svinyi/pig-ascending); never a king, for the
    king ends it (svinyi/pig-ends-king). A position's check, so it does not lean on
    :func:`fits_pig`."""
    base = pig[0]
    return (
        base in bases
        and all(RANK_OF[c] == RANK_OF[base] + i for i, c in enumerate(pig))
        and not (follow and any(SUIT_OF[c] != SUIT_OF[base] for c in pig))
        and RANK_OF[pig[-1]] != KING
    )


def _pigs_whole(done: tuple[Card, ...], follow: bool, bases: frozenset[Card]) -> bool:
    """Whether ``done`` is the pigs set aside one after another, each one play can build
    (:func:`_pig_built`) ended by its king (svinyi/pig-ends-king). A position's check."""
    start = 0
    for i, c in enumerate(done):
        if RANK_OF[c] == KING:  # svinyi/pig-ends-king: the king ends the pig begun at start
            if i == start or not _pig_built(done[start:i], follow, bases):
                return False
            if follow and SUIT_OF[c] != SUIT_OF[done[start]]:  # AMB-SVINYI-05 b
                return False
            if RANK_OF[done[i - 1]] != KING - 1:
                return False
            start = i + 1
    return start == len(done)


def sheds(store: tuple[Card, ...]) -> bool:
    """Whether a store holds nothing but aces (the winning condition).

    pre: len(store) <= 52 and all(0 <= c < 52 for c in store)
    post: __return__ == all(RANK_OF[c] == ACE for c in store)
    """
    return ACES.issuperset(store)


def win_allowed(turn_no: int, players: int, first_turn_win: bool) -> bool:
    """Whether a player who has shed everything but his aces in the ``turn_no``-th turn of
    the round (counted from 1) wins: always (``first_turn_win``), or else only once every
    player has had his first turn.

    pre: 1 <= turn_no <= 52 and 2 <= players <= 16
    post: __return__ == (first_turn_win or turn_no > players)
    post: not (turn_no > players) or __return__
    """
    if first_turn_win:  # AMB-SVINYI-10 (a): whoever sheds first wins, from his first turn
        return True
    return turn_no > players  # AMB-SVINYI-10 (b): not on his first turn


def burden(store: tuple[Card, ...]) -> int:
    """The cards of a store (or of a store and a player's kept cards) other than aces,
    counted when the stock runs out.

    pre: len(store) <= 52 and all(0 <= c < 52 for c in store)
    post: 0 <= __return__ <= len(store)
    """
    return sum(1 for c in store if RANK_OF[c] != ACE)


# --- setup --------------------------------------------------------------------------------


def pack_of(opts: SvinyiOptions, players: int) -> tuple[Card, ...]:
    """The pack ``players`` play with under ``opts`` (svinyi/pack): the 52 cards, or under
    pack=by-players at a table of at most small_pack_players the 36, six to ace."""
    # AMB-SVINYI-15 b: «при большом количестве играющих … полную колоду»: a small table, 36
    if opts.pack == "by-players" and players <= opts.small_pack_players:
        return DECK_36
    return DECK_52  # AMB-SVINYI-15 a: the full pack at any table


def _check_pack(cards: tuple[Card, ...], pack: tuple[Card, ...], where: str) -> None:
    if sorted(cards) != list(pack):  # svinyi/pack
        raise SetupError(
            f"{GAME_ID}: {where} must hold the {len(pack)}-card pack exactly once", "svinyi/pack"
        )


def _check_players(n: int, opts: SvinyiOptions) -> None:
    if not 2 <= n <= MAX_PLAYERS:  # svinyi/players
        raise SetupError(
            f"{GAME_ID}: {n} players; the model seats two to sixteen", "svinyi/players"
        )


def setup(table: Table) -> SvinyiState:
    """The position after the pig and the stores are laid out, the first player to move."""
    opts = SvinyiOptions.of(GAME_ID, OPTIONS, table.options) if table.options else DEFAULT_OPTIONS
    n = table.players
    _check_players(n, opts)
    # The table names the dealer: how he is chosen, and who deals next, lie outside one
    # game (AMB-SVINYI-20).
    if not 0 <= table.dealer < n:  # svinyi/stores: the deal goes from a dealer at the table
        raise SetupError(
            f"{GAME_ID}: dealer seat {table.dealer} is not a seat of {n} players", "svinyi/stores"
        )
    deal = table.deal
    pack = pack_of(opts, n)  # svinyi/pack (AMB-SVINYI-15)
    bases = _base_cards(opts, n)  # svinyi/first-pig (AMB-SVINYI-13): the cards that begin a pig
    pig: tuple[Card, ...] = ()
    if isinstance(deal, DeckOrder):
        order = deal.cards
        if len(pack) == len(DECK_36) and len(order) == len(DECK_52):
            # svinyi/pack (AMB-SVINYI-15 b): the 52-card order stripped of its twos to fives
            order = tuple([c for c in order if c in SIX_TO_ACE])
        _check_pack(order, pack, "the deck order")
        if opts.first_pig == "taken-out":  # svinyi/first-pig (AMB-SVINYI-02): the first 2 or 6
            i = next(k for k, c in enumerate(order) if c in bases)
            pig = (order[i],)
            order = order[:i] + order[i + 1 :]
        built: list[tuple[Card, ...]] = [()] * n
        begins = opts.store_pig == "begins"
        k = 0
        for j in range(n):  # svinyi/stores (AMB-SVINYI-03): one each from the dealer's left
            # AMB-SVINYI-03 b: under store_pig=begins a two or six taken while no pig lies out
            # is laid out as the pig, and the player takes the next card for his store
            while begins and not pig and order[k] in bases:
                pig = (order[k],)
                k += 1
            built[(table.dealer + 1 + j) % n] = (order[k],)
            k += 1
        stores: Holdings = tuple(built)
        stock = order[k:]
        extra = k - n
    else:
        if len(deal.hands) != n or any(len(h) != 1 for h in deal.hands):
            raise SetupError(f"{GAME_ID}: a deal gives each of {n} one store card", "svinyi/stores")
        want_pig = 1 if opts.first_pig == "taken-out" else 0
        if len(deal.up) != want_pig or any(c not in bases for c in deal.up):
            raise SetupError(
                f"{GAME_ID}: the pig laid out is one card that begins a pig (a two or six; a two "
                "under pig_base=lowest)",
                "svinyi/first-pig",
            )
        stores, stock, pig = deal.hands, deal.stock, deal.up
        extra = 0
        _check_pack(tuple(c for h in stores for c in h) + stock + pig, pack, "the deal")
    s = SvinyiState(
        opts=opts,
        players=n,
        dealer=table.dealer,
        stock=stock,
        stores=stores,
        held=((),) * n,
        pig=pig,
        done=(),
        turn=-1,
        hand=NO_CARD,
        winners=(),
        extra=extra,
        legal=(),  # found by _begin_turn, once the first player has drawn
    )
    return _begin_turn(s, left(table.dealer, n), s.held, s.stores)  # svinyi/turns (AMB-SVINYI-04)


def _begin_turn(s: SvinyiState, seat: Seat, held: Holdings, stores: Holdings) -> SvinyiState:
    """``seat`` takes the top card of the stock, the kept cards and the stores lying as
    ``held`` and ``stores``; over if the stock is gone (svinyi/stock-out)."""
    opts, players = s.opts, s.players
    if not s.stock and opts.stock_gone == "last-round" and s.after < players:
        # svinyi/stock-out (AMB-SVINYI-06 c): one more turn each, with no card to draw
        return s._replace(
            stores=stores,
            held=held,
            turn=seat,
            hand=NO_CARD,
            legal=_choices(opts, players, seat, NO_CARD, held, stores, s.pig),
            after=s.after + 1,
        )
    if not s.stock:  # svinyi/stock-out (AMB-SVINYI-06)
        loads = tuple(burden(stores[p] + held[p]) for p in range(players))
        least = min(loads)
        fewest = tuple(p for p in range(players) if loads[p] == least)
        # AMB-SVINYI-06 b: nobody has shed: nobody wins; AMB-SVINYI-07 b: whoever has shed
        # by now wins, the win being checked only now
        shed = tuple(p for p in fewest if least == 0) if opts.win_at == "stock-gone" else ()
        winners = shed if opts.stock_out == "no-winner" else fewest
        return s._replace(
            stores=stores, held=held, turn=-1, hand=NO_CARD, winners=winners, legal=()
        )
    hand = s.stock[0]  # svinyi/turns
    return s._replace(
        stock=s.stock[1:],
        stores=stores,
        held=held,
        turn=seat,
        hand=hand,
        legal=_choices(opts, players, seat, hand, held, stores, s.pig),
    )


# --- moves --------------------------------------------------------------------------------


def _movable(hand: Card, kept: tuple[Card, ...], top: tuple[Card, ...]) -> list[Card]:
    """The cards the player to move may lay: the drawn card ``hand``, the cards he ``kept``
    (but aces: svinyi/king-on-ace), then the ``top`` of his store, if any (not an ace)."""
    out = [] if hand == NO_CARD else [hand]
    # svinyi/own-cards (AMB-SVINYI-09): kept cards are his to lay on any later turn;
    # svinyi/ace-fixed: an ace on his store stays there
    out += [c for c in kept + top if RANK_OF[c] != ACE]
    return out


def _starts_pig(
    pig: tuple[Card, ...], hand: Card, c: Card, bases: frozenset[Card], any_card: bool
) -> bool:
    # svinyi/next-pig: only a card drawn from the stock («первой показавшейся из талона»: a
    # kept card showed earlier; AMB-SVINYI-16 a), or under pig_from=any (``any_card``) any
    # card of his he may lay (AMB-SVINYI-16 b); only when no pig lies in the middle
    # (AMB-SVINYI-02, -03; one pig at a time, AMB-SVINYI-21 a), and only one of the ``bases``
    # (AMB-SVINYI-13)
    return not pig and (c == hand or any_card) and c in bases


def _base_cards(opts: SvinyiOptions, players: int) -> frozenset[Card]:
    """The cards that begin a pig under ``opts`` at a table of ``players`` (svinyi/next-pig,
    AMB-SVINYI-13): the lowest rank of its pack is the six of the 36-card pack, else the two."""
    lowest = 6 if len(pack_of(opts, players)) == len(DECK_36) else 2  # AMB-SVINYI-15
    return BASE_CARDS[pig_ranks(opts.pig_base, lowest)]


def _neighbours(seat: Seat, n: int) -> tuple[Seat, ...]:
    lt, rt = left(seat, n), right(seat, n)  # svinyi/neighbours-only
    return (lt,) if lt == rt else (lt, rt)  # AMB-SVINYI-04: with two, one neighbour


def _store_targets(opts: SvinyiOptions, players: int, seat: Seat) -> tuple[Seat, ...]:
    """The seats whose stores ``seat`` may lay on (svinyi/neighbours-only): his neighbours'
    (AMB-SVINYI-17 a), and under own_store=in-order his own too (AMB-SVINYI-17 b)."""
    if opts.own_store == "in-order":  # AMB-SVINYI-17 b
        return _neighbours(seat, players) + (seat,)
    return _neighbours(seat, players)


def _targets(s: SvinyiState, seat: Seat) -> tuple[Seat, ...]:
    return _store_targets(s.opts, s.players, seat)  # svinyi/neighbours-only


def _pig_bound(
    opts: SvinyiOptions,
    pig: tuple[Card, ...],
    hand: Card,
    movable: list[Card],
    bases: frozenset[Card],
) -> list[Card]:
    """Of the cards he may lay (``movable``, the drawn card ``hand`` first), those that must go
    on the pig now (svinyi/pig-first): a card that fits the pig, or a drawn card of the
    ``bases`` that begins one."""
    # svinyi/next-pig: nothing fits an empty pig; a drawn two or six begins one (and only
    # then: while a pig runs, a two or six is a card like any other, AMB-SVINYI-21 a)
    if not pig:
        if opts.pig_from == "any" and opts.pig_duty == "any":
            # AMB-SVINYI-16 b: any two or six of his begins it, and so must (AMB-SVINYI-08 a)
            return [c for c in movable if c in bases]
        return [hand] if hand != NO_CARD and _starts_pig(pig, hand, hand, bases, False) else []
    follow = opts.pig_suit == "follow"
    if opts.pig_duty == "drawn":  # AMB-SVINYI-08 b: only the card drawn this turn is bound
        return [hand] if hand != NO_CARD and fits_pig(hand, pig, follow) else []
    return [c for c in movable if fits_pig(c, pig, follow)]


def _choices(  # noqa: PLR0917 (positional: the parts of a position, in the state's order)
    opts: SvinyiOptions,
    players: int,
    seat: Seat,
    hand: Card,
    held: Holdings,
    stores: Holdings,
    pig: tuple[Card, ...],
) -> tuple[Action, ...]:
    """Every action the rules allow ``seat`` of ``players`` under ``opts``, to move with
    ``hand`` drawn, over the kept cards ``held``, the ``stores`` and the ``pig`` as they lie."""
    bases = _base_cards(opts, players)  # AMB-SVINYI-13: the cards that begin a pig
    movable = _movable(hand, held[seat], stores[seat][-1:])
    lays = LAYS[seat]
    bound = _pig_bound(opts, pig, hand, movable, bases)
    if bound:  # svinyi/pig-first (AMB-SVINYI-08): before any other move
        return tuple([lays[c][PIG] for c in bound])
    follow = opts.pig_suit == "follow"
    # a card a player may lay on the pig or elsewhere, as he likes: one that fits the pig under
    # pig_duty=drawn (AMB-SVINYI-08 b); with no pig out, under pig_from=any, any two or six of
    # his, which begins one (AMB-SVINYI-16 b)
    pig_free = opts.pig_duty == "drawn" if pig else opts.pig_from == "any"
    fits = fits_store_lower if opts.store_step == "any-lower" else fits_store  # AMB-SVINYI-14
    # the neighbours' stores and their top cards: nothing goes onto an empty store
    targets = _store_targets(opts, players, seat)  # svinyi/neighbours-only (AMB-SVINYI-17)
    tops = [(t, stores[t][-1]) for t in targets if stores[t]]
    out: list[Action] = []
    for c in movable:
        if pig_free and (fits_pig(c, pig, follow) if pig else c in bases):
            out.append(lays[c][PIG])
        for t, top in tops:
            if fits(c, top):
                out.append(lays[c][t])
    if not out or opts.lay_duty == "free":  # svinyi/turns (AMB-SVINYI-04 d: must lay if able)
        out.append(PASSES[seat])
    return tuple(out)


def legal_actions(s: SvinyiState) -> tuple[Action, ...]:
    """Every action the rules allow now (empty once the game is over): those the position
    carries, found by :func:`_choices` when it was reached."""
    return s.legal


PASSES: Final = tuple(Pass(seat) for seat in range(MAX_PLAYERS))
#: ``BASE_CARDS[ranks]``: the cards of the ``ranks`` that may begin a pig (svinyi/next-pig),
#: by what :func:`pig_ranks` answers.
BASE_CARDS: Final[dict[tuple[int, ...], frozenset[Card]]] = {
    ranks: frozenset(c for c in PACK if RANK_OF[c] in ranks) for ranks in (PIG_BASES, (2,), (6,))
}
#: ``LAYS[seat][card][onto]``: the action objects, built once (index ``PIG``, the last, is
#: the pig; index ``t`` the store of seat ``t``).
LAYS: Final = tuple(
    tuple(
        tuple(Lay(seat, c, t) for t in range(MAX_PLAYERS)) + (Lay(seat, c, PIG),) for c in range(52)
    )
    for seat in range(MAX_PLAYERS)
)


def _after_lay(s: SvinyiState, seat: Seat, c: Card) -> tuple[Card, Holdings, Holdings]:
    """Take ``c`` from where it was (the drawn card, a kept card or his own store's top):
    the drawn card, the kept cards and the stores after it."""
    if c == s.hand:
        return NO_CARD, s.held, s.stores
    if c in s.held[seat]:
        kept = list(s.held[seat])
        kept.remove(c)
        return s.hand, put(s.held, seat, tuple(kept)), s.stores
    return s.hand, s.held, put(s.stores, seat, s.stores[seat][:-1])


def _put_by(s: SvinyiState, seat: Seat) -> tuple[Holdings, Holdings]:
    """At the pass, the kept cards and the stores once the drawn card he has not laid is put
    by (svinyi/unplaced)."""
    held, stores, hand = s.held, s.stores, s.hand
    if hand == NO_CARD:
        return held, stores
    if s.opts.unplaced == "hand":  # svinyi/unplaced: he keeps it before him (AMB-SVINYI-09 a)
        return put(held, seat, held[seat] + (hand,)), stores
    # svinyi/unplaced (AMB-SVINYI-09 b): onto his own store, whatever its rank
    return held, put(stores, seat, stores[seat] + (hand,))


def _turn_no(s: SvinyiState) -> int:
    """Which turn of the round this is, from 1: the stock shrinks by one card a turn."""
    pack = len(pack_of(s.opts, s.players))  # svinyi/pack (AMB-SVINYI-15)
    start = pack - s.players - (1 if s.opts.first_pig == "taken-out" else 0)
    return start - len(s.stock) - s.extra


def _won(s: SvinyiState, seat: Seat, hand: Card, held: Holdings, stores: Holdings) -> bool:
    """Whether ``seat`` wins by the card he has just laid, leaving ``hand``, ``held`` and
    ``stores``: nothing but aces in his store and kept cards, no drawn card left
    (svinyi/shed-wins), and not too early (AMB-SVINYI-10). A lay leaves the stock as it was,
    so the turn is counted on ``s``, the position before it."""
    shed = hand == NO_CARD and sheds(stores[seat]) and sheds(held[seat])
    if s.opts.win_at == "stock-gone" and s.stock:  # AMB-SVINYI-07 b: not while the stock lasts
        return False
    return shed and win_allowed(_turn_no(s), s.players, s.opts.first_turn_win)


def _laid(
    s: SvinyiState,
    seat: Seat,
    c: Card,
    *,
    hand: Card,
    held: Holdings,
    stores: Holdings,
    pig: tuple[Card, ...],
    done: tuple[Card, ...],
) -> SvinyiState:
    """The position once ``seat`` has laid ``c`` from ``s``, leaving ``hand``, ``held``,
    ``stores``, ``pig`` and ``done``: won (svinyi/shed-wins), or his move again, with another
    card drawn if he laid the one he drew under draw=while-laid (svinyi/turns)."""
    if _won(s, seat, hand, held, stores):
        return s._replace(
            stores=stores,
            held=held,
            pig=pig,
            done=done,
            turn=-1,
            hand=hand,
            winners=(seat,),
            legal=(),
        )
    stock, extra = s.stock, s.extra
    if draws_again(s.opts.draw, c == s.hand, False, len(stock)):
        # svinyi/turns (AMB-SVINYI-04 b): he has laid the card drawn: he takes another
        hand = stock[0]
        stock = stock[1:]
        extra += 1
    return s._replace(
        stock=stock,
        stores=stores,
        held=held,
        pig=pig,
        done=done,
        turn=seat,
        hand=hand,
        extra=extra,
        legal=_choices(s.opts, s.players, seat, hand, held, stores, pig),
    )


def apply(s: SvinyiState, a: Action) -> SvinyiState:
    """The position after ``a``, or :class:`IllegalAction` naming the rule it breaks."""
    if s.turn < 0:
        raise IllegalAction("core/game-over", "the game is over")
    seat = a.seat
    if seat != s.turn:
        raise IllegalAction("core/out-of-turn", f"it is seat {s.turn}'s turn, not seat {seat}'s")
    if isinstance(a, Pass):
        if a not in s.legal:  # svinyi/pig-first
            _refuse(s, a)
        held, stores = _put_by(s, seat)
        return _begin_turn(s, left(seat, s.players), held, stores)
    c = a.card
    if c != s.hand and c not in s.stores[seat] and c not in s.held[seat]:
        raise IllegalAction("core/not-held", f"seat {seat} has no {card_name(c)}")
    if a not in s.legal:  # not one of the actions open: the rule it breaks
        _refuse(s, a)
    hand, held, stores = _after_lay(s, seat, c)
    pig, done = s.pig, s.done
    if a.onto != PIG:
        stores = put(stores, a.onto, s.stores[a.onto] + (c,))
    elif _starts_pig(  # svinyi/next-pig (AMB-SVINYI-16)
        pig, s.hand, c, _base_cards(s.opts, s.players), s.opts.pig_from == "any"
    ):
        pig = (c,)
    elif RANK_OF[c] == KING:  # svinyi/pig-ends-king
        done += (*pig, c)
        pig = ()
    else:
        pig += (c,)
    return _laid(s, seat, c, hand=hand, held=held, stores=stores, pig=pig, done=done)


def draws_again(rule: str, laid_drawn: bool, over: bool, stock: int) -> bool:
    """Whether the player takes another card from the stock: only under draw=while-laid, when
    he has just laid the card he drew, the round goes on and the stock is not empty.

    pre: rule in ("once", "while-laid") and stock >= 0
    post: __return__ == (rule == "while-laid" and laid_drawn and not over and stock > 0)
    """
    return rule == "while-laid" and laid_drawn and not over and stock > 0


def _refuse(s: SvinyiState, a: Action) -> None:
    """Raise :class:`IllegalAction` naming the rule ``a`` breaks, ``a`` not being among the
    actions open, by the player to move and of cards he holds (:func:`apply` checks those
    first): the rules checked one by one, in the order play states them."""
    seat = a.seat
    movable = _movable(s.hand, s.held[seat], s.stores[seat][-1:])
    bases = _base_cards(s.opts, s.players)
    bound = _pig_bound(s.opts, s.pig, s.hand, movable, bases)
    if isinstance(a, Pass):
        if bound:  # svinyi/pig-first
            raise IllegalAction(
                "svinyi/pig-first", f"{card_name(bound[0])} fits the pig and must go on it"
            )
        if s.opts.lay_duty == "must":  # svinyi/turns (AMB-SVINYI-04 d)
            raise IllegalAction(
                "svinyi/turns", "a card of his can be laid: under lay_duty=must he lays it first"
            )
        return
    c = a.card
    if c not in movable:
        if RANK_OF[c] == ACE and s.stores[seat] and c == s.stores[seat][-1]:
            raise IllegalAction("svinyi/ace-fixed", f"{card_name(c)} lies on his store for good")
        if RANK_OF[c] == ACE and c in s.held[seat]:
            raise IllegalAction("svinyi/king-on-ace", f"{card_name(c)}: aces go nowhere")
        raise IllegalAction(
            "svinyi/own-cards", f"{card_name(c)} is not the card drawn nor the top of his store"
        )
    if a.onto == PIG:
        if _starts_pig(s.pig, s.hand, c, bases, s.opts.pig_from == "any"):  # svinyi/next-pig
            return
        if not fits_pig(c, s.pig, s.opts.pig_suit == "follow"):
            if RANK_OF[c] == ACE:
                raise IllegalAction("svinyi/king-on-ace", "aces go nowhere, not on the pig")
            if not s.pig:
                raise IllegalAction(  # AMB-SVINYI-13: which ranks begin one
                    "svinyi/next-pig",
                    "no pig lies out: only a drawn card that begins one (a two or six; a two "
                    "under pig_base=lowest) does",
                )
            raise IllegalAction(
                "svinyi/pig-ascending",
                f"{card_name(c)} does not follow {card_name(s.pig[-1])} on the pig",
            )
        if bound and c not in bound:  # svinyi/pig-first (AMB-SVINYI-08 b): the drawn card first
            raise IllegalAction(
                "svinyi/pig-first",
                f"{card_name(bound[0])}, the card drawn, fits the pig and must go on it first",
            )
        return
    if bound:  # svinyi/pig-first
        raise IllegalAction(
            "svinyi/pig-first", f"{card_name(bound[0])} fits the pig and must go on it first"
        )
    if a.onto not in _targets(s, seat):  # svinyi/neighbours-only
        raise IllegalAction(
            "svinyi/neighbours-only", f"seat {seat} may lay cards only on his neighbours' stores"
        )
    target = s.stores[a.onto]
    lower = s.opts.store_step == "any-lower"  # AMB-SVINYI-14
    fits = fits_store_lower if lower else fits_store
    if not target or not fits(c, target[-1]):
        if RANK_OF[c] == ACE or (target and RANK_OF[target[-1]] == ACE):
            raise IllegalAction("svinyi/king-on-ace", "aces go nowhere; only a king goes on an ace")
        raise IllegalAction(
            "svinyi/store-descending",
            f"{card_name(c)} is not {'below' if lower else 'one rank below'} the top of seat "
            f"{a.onto}'s store",
        )


def to_move(s: SvinyiState) -> Seat | None:
    return None if s.turn < 0 else s.turn


#: The phases a position names: the round is played until it is over (no one to move).
PLAY: Final = 1
OVER: Final = 0
PHASES: Final = {PLAY: "play", OVER: "over"}


def phase_name(s: SvinyiState) -> str:
    return PHASES[OVER if s.turn < 0 else PLAY]


def outcome(s: SvinyiState) -> Outcome | None:
    """The winner(s), once the round is over."""
    if s.turn >= 0:
        return None
    winners = s.winners
    # AMB-SVINYI-06 b: a round nobody won is drawn: nobody loses either
    losers = tuple(p for p in range(s.players) if p not in winners) if winners else ()
    w = winners[0] if len(winners) == 1 else -1
    if w >= 0 and sheds(s.stores[w]) and sheds(s.held[w]) and s.stock:
        reason = f"seat {w} has nothing left but aces"
    elif not winners:
        reason = "the stock is gone and nobody has shed his cards: nobody wins"
    else:
        reason = "the stock is gone: the fewest cards other than aces win"
    return Outcome(winners=winners, losers=losers, reason=reason)


def all_cards(s: SvinyiState) -> tuple[Card, ...]:
    return (
        s.stock
        + tuple(c for st in s.stores for c in st)
        + tuple(c for h in s.held for c in h)
        + s.pig
        + s.done
        + (() if s.hand == NO_CARD else (s.hand,))
    )


def chips_in_play(s: SvinyiState) -> None:
    """None: the game is played for no chips."""
    return


def _names(cs: tuple[Card, ...]) -> JSON:
    """The cards' names, in the order given."""
    out: list[JSON] = [card_name(c) for c in cs]
    return out


def _hand(s: SvinyiState, p: Seat) -> JSON:
    """The cards before the player: those he kept, then the card he drew this turn."""
    drawn = s.hand != NO_CARD and p == s.turn
    return _names(s.held[p] + ((s.hand,) if drawn else ()))


def _stores(s: SvinyiState) -> JSON:
    """Every seat's store, by seat, each bottom first."""
    out: list[JSON] = [_names(st) for st in s.stores]
    return out


def _pigs_done(s: SvinyiState) -> JSON:
    """How many pigs have been finished with a king and set aside."""
    return sum(1 for c in s.done if RANK_OF[c] == KING)


STORES: Final[Observable[SvinyiState]] = Observable("stores", _stores)
PIG_CARDS: Final[Observable[SvinyiState]] = Observable(
    "pig", lambda s: _names(s.pig)
)  # bottom first
PIGS_DONE: Final[Observable[SvinyiState]] = Observable("pigs_done", _pigs_done)

OBSERVABLES: Final[tuple[Observable[SvinyiState] | PerSeat[SvinyiState], ...]] = (
    PerSeat("hand", _hand),
    obs.STOCK_SIZE,
    obs.STOCK,
    STORES,
    PIG_CARDS,
    PIGS_DONE,
)


def _kept(s: SvinyiState, viewer: Viewer) -> JSON:
    """Every seat's kept cards, by seat, each in canonical card order where the viewer may see
    them (AMB-SVINYI-22: every seat's, face up; under kept_shown=hidden his own only while the
    round goes on, every hand shown at its end), else how many."""
    # AMB-SVINYI-22 b: hidden in the hand until the round is over; then shown, for the win
    # («спустить все карты», 000:P28.S1) and the count of cards left (AMB-SVINYI-06) are told
    # from them
    hidden = s.opts.kept_shown == "hidden" and s.turn >= 0
    out: list[JSON] = [
        len(h) if hidden and seat != viewer else _names(tuple(sorted(h)))
        for seat, h in enumerate(s.held)
    ]
    return out


def _drawn(s: SvinyiState, viewer: Viewer) -> JSON:
    """The card the player to move drew and has not laid, if the viewer may see it."""
    if s.hand == NO_CARD:
        return None
    if s.opts.drawn_card == "drawer" and viewer != s.turn:  # AMB-SVINYI-11 b: his alone
        return None
    return card_name(s.hand)  # AMB-SVINYI-11 a: turned up off the stock («показавшейся»)


def _pigs_aside(s: SvinyiState, viewer: Viewer) -> JSON:
    """The cards of the pigs set aside, in canonical card order, where they lie face up."""
    if s.opts.pigs_aside == "face-down":  # AMB-SVINYI-12 b: turned down, a count only
        return None
    return _names(tuple(sorted(s.done)))  # AMB-SVINYI-12 a: set aside as they lay


#: What each seat may see (design §2), field by field (:mod:`reference.core.views`). Every
#: card is face up but the stock's: a seat, and a bystander, see the same, and the stock's
#: order is all that is hidden (its size is seen), but under the options that hide the card
#: drawn (AMB-SVINYI-11 b), the kept cards (AMB-SVINYI-22 b) or the pigs set aside
#: (AMB-SVINYI-12 b).
VIEW: Final[tuple[Shown[SvinyiState], ...]] = (
    # svinyi/stores: 000:P26.S3 each lays his store card before him, built on in sight (000:P27.S1)
    public(STORES),
    # svinyi/unplaced (AMB-SVINYI-09 a): the cards a player keeps lie face up before him
    # (AMB-SVINYI-22 a; under kept_shown=hidden in his hand, the others seeing how many)
    Shown("kept", _kept),
    # svinyi/turns, svinyi/next-pig: the card drawn «показавшейся из талона» (AMB-SVINYI-11)
    Shown("drawn", _drawn),
    # svinyi/first-pig: 000:P26.S2 «кладется открытая двойка или шестерка»: the pig lies face up
    public(PIG_CARDS),
    # svinyi/pig-ends-king: 000:P27.S4 «откладывается в сторону»: how many, seen by all
    public(PIGS_DONE),
    # svinyi/pig-ends-king (AMB-SVINYI-12): the cards of the pigs set aside, face up or not
    Shown("pigs_aside", _pigs_aside),
    # svinyi/turns: the stock (талон) is face down: its size is seen, its cards are not
    public(obs.STOCK_SIZE),
)


def parse_action(obj: JSON) -> Action:
    """An action from its JSON form, or :class:`FormatError` saying what is wrong."""
    return read_action(obj, GAME_ID, ACTIONS, seats=MAX_PLAYERS)


NOTATION: Final = Notation(GAME_ID, SvinyiOptions, OPTIONS, PHASES, _check_players)


def position(s: SvinyiState) -> JSONObject:
    """The position in this game's notation (its FEN); :func:`load_position` reads it back."""
    out: JSONObject = {
        **NOTATION.head(s.players, s.dealer, s.opts, OVER if s.turn < 0 else PLAY, to_move(s)),
        "hand": None if s.hand == NO_CARD else card_name(s.hand),
        "stock": [card_name(c) for c in s.stock],
        "stores": [[card_name(c) for c in st] for st in s.stores],
        "held": [[card_name(c) for c in h] for h in s.held],
        "pig": [card_name(c) for c in s.pig],
        "pigs_done": [card_name(c) for c in s.done],
        "winners": list(s.winners),
    }
    if s.extra:  # AMB-SVINYI-03 b, AMB-SVINYI-04 b: cards off the pack beyond one a turn
        out["extra"] = s.extra
    if s.after:  # AMB-SVINYI-06 c: the turns of the last round begun
        out["after"] = s.after
    return out


def load_position(pos: JSON) -> SvinyiState:
    """A state from the position notation; checks the pack's cards are all there once."""
    head = NOTATION.read(pos)
    o, n, opts = head.fields, head.players, head.options
    hand = o.get("hand")
    winners = as_list(o.get("winners", []), "position/winners")
    s = SvinyiState(
        opts=opts,
        players=n,
        dealer=head.dealer,
        stock=as_cards(o.get("stock", []), "position/stock"),
        stores=card_lists(field(o, "stores", "position"), "position/stores"),
        held=card_lists(o.get("held", [[] for _ in range(n)]), "position/held"),
        pig=as_cards(o.get("pig", []), "position/pig"),
        done=as_cards(o.get("pigs_done", []), "position/pigs_done"),
        turn=head.turn,
        hand=NO_CARD if hand is None else as_card(hand, "position/hand"),
        winners=tuple(as_int(p, f"position/winners/{i}") for i, p in enumerate(winners)),
        extra=as_int(o.get("extra", 0), "position/extra"),
        legal=(),  # found below, once the position is known to be sound
        after=as_int(o.get("after", 0), "position/after"),
    )
    if len(s.stores) != n or len(s.held) != n:
        raise FormatError(f"position: one store and one kept row per seat ({n})")
    if (head.phase == OVER) != (s.turn < 0):
        raise FormatError("position/phase: over exactly when no one is to move (to_move null)")
    if opts.unplaced == "own-store" and any(s.held):
        raise FormatError("position/held: no kept cards under unplaced=own-store")
    if not -1 <= s.turn < n or (s.turn < 0 and s.hand != NO_CARD):
        raise FormatError("position/to_move: a seat, or null (then no card in hand)")
    if not 0 <= s.after <= n or (s.after and (s.stock or opts.stock_gone != "last-round")):
        # AMB-SVINYI-06 c: the last round's turns, one a player, once the stock is gone
        raise FormatError(
            "position/after: 0, or under stock_gone=last-round with the stock gone at most one "
            "turn a player"
        )
    if any(not 0 <= p < n for p in s.winners):
        raise FormatError("position/winners: seats of the game")
    if s.pig and not _pig_built(s.pig, opts.pig_suit == "follow", _base_cards(opts, n)):
        raise FormatError(
            "position/pig: a two or six (a two under pig_base=lowest), then each rank above it "
            "in turn below the king (in the base's suit under pig_suit=follow)"
        )
    # AMB-SVINYI-12 b: pigs set aside face down are seen by their number alone, which the
    # position must then tell: whole pigs, each to its king (a loose pile would tell none)
    face_down = opts.pigs_aside == "face-down"
    if face_down and not _pigs_whole(s.done, opts.pig_suit == "follow", _base_cards(opts, n)):
        raise FormatError(
            "position/pigs_done: under pigs_aside=face-down, whole pigs one after another, each "
            "from its first card to its king (svinyi/pig-ends-king)"
        )
    try:
        _check_pack(all_cards(s), pack_of(opts, n), "a position")
    except SetupError as e:
        raise FormatError(f"position: {e}") from None
    if s.turn < 0:
        return s
    return s._replace(legal=_choices(opts, n, s.turn, s.hand, s.held, s.stores, s.pig))
