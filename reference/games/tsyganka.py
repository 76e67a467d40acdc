"""Цыганка, as told in seed 000 ("Глава LVII. ... Цыганка"): game id ``tsyganka``.

The queen of spades is the gypsy: she covers nothing and nothing covers her.
Stage 1: the whole pack lies face down in a circle, the trump face up in the
middle; the leader draws a card and leads it, his left-hand neighbour draws
and covers it (and takes the trick) if he drew a higher card of its suit,
else the leader takes it; a trump or the gypsy drawn goes to the drawer's
pile and he draws again. Stage 2: a player offers his cards face down to his
left-hand neighbour, who draws one, turns it up, and covers it or accepts it;
the one the gypsy sticks with loses.

Draws from face-down cards are actions choosing a position (``draw`` with a
``position``); what is drawn is fixed by the deal. Gaps are settled by the
rulings ``AMB-TSYGANKA-NN``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final, NamedTuple, Self

from mypy_extensions import mypyc_attr

from reference.core import observables as obs
from reference.core import views
from reference.core.actions import Play, Take, read_action
from reference.core.cards import (
    ACE_HIGH,
    DECK_36,
    DECK_52,
    QUEEN,
    RANK_OF,
    SPADES,
    SUIT_OF,
    Card,
    card,
    card_name,
    suit_letter,
)
from reference.core.covering import covers
from reference.core.errors import FormatError, IllegalAction, SetupError
from reference.core.game import DeckOrder, Outcome, Table
from reference.core.holdings import Holdings, put, without
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
from reference.core.rules import CORE_RULES, Rule
from reference.core.seats import Seat, left, next_holding
from reference.core.states import named_updates

GAME_ID: Final = "tsyganka"
TITLE: Final = "Цыганка (seed 000, «Глава LVII. ... Цыганка»)"
MAX_PLAYERS: Final = 16
GYPSY: Final = card(QUEEN, SPADES)
NO_CARD: Final = -1
#: The seat counts the text allows, and the pack a table is dealt from.
PLAYER_COUNTS: Final = range(2, MAX_PLAYERS + 1)
PACK: Final = DECK_52

RULES: Final = CORE_RULES + (
    Rule(
        "tsyganka/players",
        ("000:P21.S2", "AMB-TSYGANKA-01"),
        "Four or more play (two or three only under fewer_than_four=true).",
    ),
    Rule(
        "tsyganka/pack",
        ("000:P21.S2", "AMB-TSYGANKA-01"),
        "Four play with the 36-card pack, five or more with the 52 (fewer than four with the 36).",
    ),
    Rule(
        "tsyganka/gypsy",
        ("000:P22.S1", "000:P22.S2", "AMB-TSYGANKA-06"),
        "The queen of spades is the gypsy: she covers nothing and nothing covers her.",
    ),
    Rule(
        "tsyganka/circle",
        ("000:P23.S1", "AMB-TSYGANKA-02", "AMB-TSYGANKA-11", "AMB-TSYGANKA-15"),
        "The pack is laid face down in a circle, its bottom card face up in the middle as trump; "
        "the trump card is taken last, when the circle is empty (it stays out of play under "
        "trump_card=out-of-play); the gypsy turned for trump is turned again only under "
        "gypsy_trump=turn-again (gypsy_turned=turn-again under out-of-play), and laid in the "
        "circle, spades staying trump, only under gypsy_trump=spades-stay "
        "(gypsy_turned=spades-stay under out-of-play).",
    ),
    Rule(
        "tsyganka/void-deal",
        ("000:P23.S1", "000:P24.S6", "AMB-TSYGANKA-11", "AMB-TSYGANKA-15"),
        "Under trump_card=out-of-play a deal that turns the gypsy up for trump is void: nothing "
        "is played, nobody wins or loses, and the cards are dealt again (under "
        "gypsy_turned=no-loser it is played and nobody loses; under in-play she is taken last). "
        "Under trump_card=last it is void only under gypsy_trump=redeal.",
    ),
    Rule(
        "tsyganka/dealer-leads",
        ("000:P24.S1",),
        "The dealer leads first, with a card he draws from the circle.",
    ),
    Rule(
        "tsyganka/draw-again",
        ("000:P24.S3", "000:P24.S4", "AMB-TSYGANKA-03"),
        "A trump or the gypsy drawn goes into the drawer's pile and he draws again; neither is "
        "ever led (under follower_trump=covers, a trump drawn by the follower covers; under "
        "leader-takes the follower keeps neither, and the leader takes the trick; under "
        "bank-only the follower keeps it but does not draw again, and the leader takes the "
        "card led alone as his trick).",
    ),
    Rule(
        "tsyganka/cover-draw",
        ("000:P24.S2", "AMB-TSYGANKA-03", "AMB-TSYGANKA-16"),
        "The follower's drawn card covers the lead and takes the trick if it is a higher card of "
        "the suit led; otherwise the leader takes the trick.",
    ),
    Rule(
        "tsyganka/next-lead",
        ("000:P24.S2", "AMB-TSYGANKA-04"),
        "The follower of a trick leads the next (the winner of the trick under "
        "next_lead=winner); play goes on until the circle is empty.",
    ),
    Rule(
        "tsyganka/stage-two",
        ("000:P24.S5", "AMB-TSYGANKA-05"),
        "Each takes up his pile; the dealer (his left-hand neighbour under "
        "first_offer=dealer-left, the last trick's taker under last-winner) offers his cards "
        "face down to his left-hand neighbour, who draws one and turns it up.",
    ),
    Rule(
        "tsyganka/cover-or-accept",
        ("000:P24.S5", "AMB-TSYGANKA-06"),
        "The drawer covers the card turned up, Durak-style (with a higher card of its suit "
        "only, under cover_with=suit), and both go out of play; or he accepts it into his "
        "cards (only when he cannot cover, under must_cover=true).",
    ),
    Rule(
        "tsyganka/offer-on",
        ("000:P24.S6", "AMB-TSYGANKA-05"),
        "Then the drawer offers his cards to his own left-hand neighbour (the same offerer "
        "offers again under offer_on=offerer, and after a cover under offerer-until-take); "
        "players without cards are passed over.",
    ),
    Rule(
        "tsyganka/gypsy-loses",
        ("000:P24.S6", "AMB-TSYGANKA-07"),
        "When only one player holds cards, or no card left can ever cover another, the game is "
        "over: the gypsy is stuck with her holder, who loses.",
    ),
)


@dataclass(frozen=True, slots=True)
class TsygankaOptions(GameOptions):
    """The options of one game (the rulings)."""

    fewer_than_four: bool = option(
        False,
        "Whether two or three may play (with the 36-card pack).",
        (False, True),
        ruling="AMB-TSYGANKA-01",
    )
    follower_trump: str = option(
        "keep",
        "A trump drawn by the follower: kept in his pile and he draws again; or it covers "
        "the lead and takes the trick; or (leader-takes) the redraw is the leader's only, and "
        "the follower's trump or gypsy is a card of another suit: the leader takes the trick; "
        "or (bank-only) the follower keeps his trump or gypsy but does not draw again, and the "
        "leader takes the card led alone as his trick.",
        ("keep", "covers", "leader-takes", "bank-only"),
        ruling="AMB-TSYGANKA-03",
    )
    cover_with: str = option(
        "durak",
        "What covers the card turned up in stage 2: Durak-style, a higher card of its suit or "
        "a trump on a card that is not a trump (durak); or only a higher card of its suit, "
        "as the follower covers in stage 1 (suit).",
        ("durak", "suit"),
        ruling="AMB-TSYGANKA-06",
    )
    must_cover: bool = option(
        False,
        "Whether a drawer in stage 2 who can cover must do so.",
        (False, True),
        ruling="AMB-TSYGANKA-06",
    )
    next_lead: str = option(
        "follower",
        "Who leads the next trick of stage 1: the follower of the last (play goes round to "
        "the left), or the winner of the last.",
        ("follower", "winner"),
        ruling="AMB-TSYGANKA-04",
    )
    trump_card: str = option(
        "last",
        "The trump card in the middle of the circle: taken last, when the circle is empty; "
        "or out of play, showing the trump only.",
        ("last", "out-of-play"),
        ruling="AMB-TSYGANKA-02",
    )
    gypsy_turned: str = option(
        "redeal",
        "Under trump_card=out-of-play, the gypsy turned for trump: the deal is void and is "
        "dealt again (redeal); the deal is played with her out of play and nobody loses "
        "(no-loser); she alone is taken last, as under trump_card=last (in-play); or the next "
        "card up the pack is turned for trump and she goes into the circle (turn-again); or "
        "spades stay trump and she alone goes into the circle, nothing left in the middle "
        "(spades-stay).",
        ("redeal", "no-loser", "in-play", "turn-again", "spades-stay"),
        ruling="AMB-TSYGANKA-11",
    )
    gypsy_trump: str = option(
        "drawn-last",
        "Under trump_card=last, the gypsy turned for trump: she stays the trump card and is "
        "drawn last (drawn-last); the deal is void and is dealt again (redeal); or the next "
        "card up the pack is turned for trump and she goes into the circle (turn-again); or "
        "spades stay trump and she alone goes into the circle, nothing left in the middle "
        "(spades-stay).",
        ("drawn-last", "redeal", "turn-again", "spades-stay"),
        ruling="AMB-TSYGANKA-15",
    )
    offer_on: str = option(
        "drawer",
        "Who offers next in stage 2 after a cover or an acceptance: the drawer, to his own "
        "left-hand neighbour (drawer); the same offerer again, until his cards are gone "
        "(offerer); or the same offerer after a cover and the drawer after an acceptance "
        "(offerer-until-take).",
        ("drawer", "offerer", "offerer-until-take"),
        ruling="AMB-TSYGANKA-05",
    )
    first_offer: str = option(
        "dealer",
        "Who offers his cards first in stage 2: the dealer, the dealer's left-hand "
        "neighbour (who led first in stage 1), or the taker of the last trick of stage 1.",
        ("dealer", "dealer-left", "last-winner"),
        ruling="AMB-TSYGANKA-05",
    )
    piles_shown: str = option(
        "own",
        "What is seen of the stage-1 piles (the tricks taken, the trumps and the gypsy drawn): "
        "each by its owner only, the others seeing how many cards it holds; or every pile by "
        "everyone (face up). Changes only what is seen.",
        ("own", "face-up"),
        ruling="AMB-TSYGANKA-08",
    )
    discard_shown: str = option(
        "face-down",
        "What is seen of the cards covered in stage 2 and their covers, out of play: how many "
        "(face down, as in Durak); or the cards (face up). Changes only what is seen.",
        ("face-down", "face-up"),
        ruling="AMB-TSYGANKA-09",
    )


OPTIONS: Final = TsygankaOptions.specs()
#: The options of a table that gives none.
DEFAULT_OPTIONS: Final = TsygankaOptions()


STAGE_ONE: Final = 1
STAGE_TWO: Final = 2
OVER: Final = 0
PHASES: Final = {STAGE_ONE: "stage1", STAGE_TWO: "stage2", OVER: "over"}


@named_updates
class TsygankaState(NamedTuple):
    """A position. Stage 1: ``circle`` (face down, in position order), ``middle`` (the trump
    card, until taken), ``lead`` (the card led, or -1), ``leader``. Stage 2: ``hands`` (each in
    the order its holder spreads it), ``offerer``, ``up`` (the card drawn and turned up, or -1).
    ``turn`` is the seat to act, -1 once over."""

    opts: TsygankaOptions
    players: int
    dealer: Seat
    trump_card: Card
    stage: int
    turn: Seat
    circle: tuple[Card, ...]
    middle: Card
    lead: Card
    leader: Seat
    piles: Holdings
    hands: Holdings
    offerer: Seat
    up: Card
    discard: tuple[Card, ...]
    last_winner: Seat
    loser: Seat


STATE: Final = TsygankaState


class _Draw(NamedTuple):
    seat: Seat
    position: int


@mypyc_attr(native_class=False)
class Draw(_Draw):
    """Draw the face-down card at ``position`` (of the circle, or of the hand offered)."""

    __slots__ = ()
    KIND: ClassVar[str] = "draw"

    def to_json(self) -> JSONObject:
        return {"type": self.KIND, "seat": self.seat, "position": self.position}

    @classmethod
    def from_json(cls, seat: Seat, o: JSONObject) -> Self:
        position = as_int(field(o, "position", "action"), "action/position")
        if not 0 <= position < 52:
            raise FormatError(f"action/position: 0 to 51, not {position}")
        return cls(seat, position)


Action = Draw | Play | Take
ACTIONS: Final[tuple[type[Action], ...]] = (Draw, Play, Take)

DRAWS: Final = tuple(tuple(Draw(seat, i) for i in range(52)) for seat in range(MAX_PLAYERS))
PLAYS: Final = tuple(tuple(Play(seat, c) for c in range(52)) for seat in range(MAX_PLAYERS))
TAKES: Final = tuple(Take(seat) for seat in range(MAX_PLAYERS))


# --- decision functions (with contracts) ------------------------------------------------


def keeps(c: Card, trump: int) -> bool:
    """Whether a drawn card goes to the drawer's pile (a trump or the gypsy), never led.

    pre: 0 <= c < 52 and 0 <= trump <= 3
    post: __return__ == (c == GYPSY or SUIT_OF[c] == trump)
    """
    return c == GYPSY or SUIT_OF[c] == trump  # tsyganka/draw-again


def follower_keeps(c: Card, trump: int, rule: str) -> bool:
    """Whether the follower puts the card he drew into his pile: a trump or the gypsy
    (``rule`` ``keep``, and ``bank-only``, where he does not draw again:
    :func:`follower_redraws`); the gypsy only (``covers``: his trump covers); neither
    (``leader-takes``: the redraw is the leader's, both are cards of another suit).

    pre: 0 <= c < 52 and 0 <= trump <= 3
    pre: rule in ("keep", "covers", "leader-takes", "bank-only")
    post: not __return__ or keeps(c, trump)
    post: rule != "leader-takes" or not __return__
    """
    if rule == "leader-takes":  # tsyganka/draw-again (AMB-TSYGANKA-03 c): the leader's only
        return False
    if rule == "covers":  # tsyganka/draw-again (AMB-TSYGANKA-03 b): the gypsy only
        return c == GYPSY
    return keeps(c, trump)  # tsyganka/draw-again (AMB-TSYGANKA-03 a, e)


def follower_redraws(rule: str) -> bool:
    """Whether the follower who has put a trump or the gypsy into his pile draws again to
    cover: yes, but under ``bank-only``, where the redraw is for leading only and the card led
    stays uncovered.

    pre: rule in ("keep", "covers", "leader-takes", "bank-only")
    post: __return__ == (rule != "bank-only")
    """
    # tsyganka/draw-again (AMB-TSYGANKA-03 e): «выдернуть другую карту, чтобы с нее ходить»
    return rule != "bank-only"


def draw_covers(lead: Card, drawn: Card) -> bool:
    """Whether the follower's drawn card covers the lead: a higher card of the suit led,
    never the gypsy.

    pre: 0 <= lead < 52 and 0 <= drawn < 52 and lead != drawn
    post: not (__return__ and (drawn == GYPSY or lead == GYPSY))
    post: not __return__ or (SUIT_OF[drawn] == SUIT_OF[lead] and RANK_OF[drawn] > RANK_OF[lead])
    """
    if GYPSY in (lead, drawn):  # tsyganka/gypsy
        return False
    # AMB-TSYGANKA-16: aces high (RANK_OF: two to ace)
    return SUIT_OF[drawn] == SUIT_OF[lead] and RANK_OF[drawn] > RANK_OF[lead]


def beats(up: Card, c: Card, trump: int | None) -> bool:
    """Whether ``c`` covers the card turned up in stage 2: Durak-style, the gypsy excepted
    (with ``trump`` None, as under cover_with=suit: only a higher card of its suit).

    pre: 0 <= up < 52 and 0 <= c < 52 and (trump is None or 0 <= trump <= 3)
    post: not (__return__ and (c == GYPSY or up == GYPSY))
    post: not (__return__ and beats(c, up, trump))
    """
    if GYPSY in (up, c):  # tsyganka/gypsy
        return False
    return covers(up, c, trump, ACE_HIGH)  # tsyganka/cover-or-accept (AMB-TSYGANKA-16: aces high)


def cover_trump(rule: str, trump: int) -> int | None:
    """The suit that covers any other in stage 2: the trump (``rule`` ``durak``); none under
    cover_with=suit, where only a higher card of the suit turned up covers it.

    pre: rule in ("durak", "suit") and 0 <= trump <= 3
    post: __return__ == (None if rule == "suit" else trump)
    """
    if rule == "suit":  # tsyganka/cover-or-accept (AMB-TSYGANKA-06 c): «кроет» as in stage 1
        return None
    return trump  # tsyganka/cover-or-accept (AMB-TSYGANKA-06 a): Durak-style


def drawn_at(position: int, size: int) -> int | None:
    """The place a draw at ``position`` takes in ``size`` face-down cards (the circle, or the
    cards offered), or None when no card lies there: a draw is only ever of a card that is
    there (core/wrong-action).

    pre: 0 <= size <= 52 and -64 <= position <= 64
    post: (__return__ is None) == (not 0 <= position < size)
    post: __return__ is None or __return__ == position
    """
    return position if 0 <= position < size else None


def stuck(cards: tuple[Card, ...], trump: int | None) -> bool:
    """Whether no card of ``cards`` can ever cover another: the gypsy is then stuck for good.

    pre: len(cards) <= 5 and all(0 <= c < 52 for c in cards)
    pre: trump is None or 0 <= trump <= 3
    post: __return__ == (not any(beats(x, y, trump) for x in cards for y in cards))
    """
    return not any(beats(x, y, trump) for x in cards for y in cards)


#: The game is over when no more than this many players hold cards (AMB-TSYGANKA-07).
LAST_HOLDERS: Final = 1

#: At most this many cards can be left with none able to cover another (one of each plain
#: suit and the gypsy; a trump with any other card but the gypsy can always cover).
STUCK_MAX: Final = 4
#: Under cover_with=suit (AMB-TSYGANKA-06 c), with no trump covering: one of each suit and
#: the gypsy.
STUCK_MAX_SUIT: Final = 5


def next_leader(leader: Seat, follower: Seat, winner: Seat, rule: str) -> Seat:
    """Who leads the next trick of stage 1: the follower (``rule`` ``follower``), or the
    winner of the trick (``winner``).

    pre: 0 <= leader < 16 and 0 <= follower < 16 and leader != follower
    pre: winner in (leader, follower)
    pre: rule in ("follower", "winner")
    post: __return__ in (leader, follower)
    post: __return__ == (winner if rule == "winner" else follower)
    """
    if rule == "winner":  # tsyganka/next-lead (AMB-TSYGANKA-04 b): the winner leads again
        return winner
    return follower  # tsyganka/next-lead (AMB-TSYGANKA-04 a): play passes to the left


def middle_drawn(rule: str, gypsy_rule: str, trump_card: Card) -> bool:
    """Whether the trump card in the middle is drawn, last, when the circle is empty: always
    under trump_card=last (``rule``); under out-of-play only the gypsy turned for trump, and
    only under gypsy_turned=in-play (``gypsy_rule``).

    pre: rule in ("last", "out-of-play")
    pre: gypsy_rule in ("redeal", "no-loser", "in-play", "turn-again", "spades-stay")
    pre: 0 <= trump_card < 52
    post: __return__ == (rule == "last" or (trump_card == GYPSY and gypsy_rule == "in-play"))
    """
    if rule == "last":  # tsyganka/circle (AMB-TSYGANKA-02 a): taken last
        return True
    # tsyganka/void-deal (AMB-TSYGANKA-11 c): the gypsy turned up alone is taken last
    return trump_card == GYPSY and gypsy_rule == "in-play"


def void_deal(rule: str, gypsy_rule: str, trump_card: Card) -> bool:
    """Whether the deal is void, to be dealt again: the gypsy turned for trump under
    trump_card=out-of-play (``rule``) and gypsy_turned=redeal (``gypsy_rule``).

    pre: rule in ("last", "out-of-play")
    pre: gypsy_rule in ("redeal", "no-loser", "in-play", "turn-again", "spades-stay")
    pre: 0 <= trump_card < 52
    post: __return__ == (rule == "out-of-play" and trump_card == GYPSY and gypsy_rule == "redeal")
    """
    # tsyganka/void-deal (AMB-TSYGANKA-11 a): she would never come into play
    return rule == "out-of-play" and trump_card == GYPSY and gypsy_rule == "redeal"


def void_last(rule: str, last_rule: str, trump_card: Card) -> bool:
    """Whether the deal is void, to be dealt again: the gypsy turned for trump under
    trump_card=last (``rule``) and gypsy_trump=redeal (``last_rule``).

    pre: rule in ("last", "out-of-play")
    pre: last_rule in ("drawn-last", "redeal", "turn-again", "spades-stay")
    pre: 0 <= trump_card < 52
    post: __return__ == (rule == "last" and trump_card == GYPSY and last_rule == "redeal")
    """
    # tsyganka/void-deal (AMB-TSYGANKA-15 b): the gypsy's holder would be known to all
    return rule == "last" and trump_card == GYPSY and last_rule == "redeal"


def turns_again(rule: str, gypsy_rule: str, last_rule: str) -> bool:
    """Whether a gypsy turned for trump is put into the circle and the next card up the pack
    turned instead: gypsy_trump=turn-again under trump_card=last (``rule``, ``last_rule``),
    gypsy_turned=turn-again under out-of-play (``gypsy_rule``).

    pre: rule in ("last", "out-of-play")
    pre: gypsy_rule in ("redeal", "no-loser", "in-play", "turn-again", "spades-stay")
    pre: last_rule in ("drawn-last", "redeal", "turn-again", "spades-stay")
    post: __return__ == ((gypsy_rule if rule == "out-of-play" else last_rule) == "turn-again")
    """
    if rule == "last":  # tsyganka/circle (AMB-TSYGANKA-15 c)
        return last_rule == "turn-again"
    return gypsy_rule == "turn-again"  # tsyganka/circle (AMB-TSYGANKA-11 d)


def laid_in_circle(rule: str, gypsy_rule: str, last_rule: str) -> bool:
    """Whether a gypsy turned for trump is laid in the circle with spades staying trump and
    no card left in the middle: gypsy_trump=spades-stay under trump_card=last (``rule``,
    ``last_rule``), gypsy_turned=spades-stay under out-of-play (``gypsy_rule``).

    pre: rule in ("last", "out-of-play")
    pre: gypsy_rule in ("redeal", "no-loser", "in-play", "turn-again", "spades-stay")
    pre: last_rule in ("drawn-last", "redeal", "turn-again", "spades-stay")
    post: __return__ == ((gypsy_rule if rule == "out-of-play" else last_rule) == "spades-stay")
    """
    if rule == "last":  # tsyganka/circle (AMB-TSYGANKA-15 e)
        return last_rule == "spades-stay"
    return gypsy_rule == "spades-stay"  # tsyganka/circle (AMB-TSYGANKA-11 e)


def trump_turned(circle: tuple[Card, ...], middle: Card, again: bool) -> tuple[Card, ...]:
    """The circle and the trump card, as one order (the trump card last): as laid out; or,
    when ``again`` and the gypsy was turned, the next card up the pack turned for trump and
    the gypsy laid in its place, last in the circle.

    pre: len(circle) >= 1 and middle not in circle
    post: sorted(__return__) == sorted(circle + (middle,))
    post: __return__[-1] != GYPSY or not again
    """
    if again and middle == GYPSY:  # tsyganka/circle (AMB-TSYGANKA-11 d, AMB-TSYGANKA-15 c)
        return circle[:-1] + (GYPSY, circle[-1])
    return circle + (middle,)


def _middle_drawn(s: TsygankaState) -> bool:
    return middle_drawn(s.opts.trump_card, s.opts.gypsy_turned, s.trump_card)


def _laid_in_circle(s: TsygankaState) -> bool:
    """Whether the gypsy was turned for trump and laid in the circle, spades staying trump
    (AMB-TSYGANKA-15 e, AMB-TSYGANKA-11 e): nothing lies in the middle."""
    o = s.opts
    return s.trump_card == GYPSY and laid_in_circle(o.trump_card, o.gypsy_turned, o.gypsy_trump)


def _void(s: TsygankaState) -> bool:
    o = s.opts
    return void_deal(o.trump_card, o.gypsy_turned, s.trump_card) or void_last(
        o.trump_card, o.gypsy_trump, s.trump_card
    )


# --- setup ------------------------------------------------------------------------------------


def _pack(players: int) -> tuple[Card, ...]:
    return DECK_52 if players >= 5 else DECK_36  # tsyganka/pack


def _check_pack(cards: tuple[Card, ...], pack: tuple[Card, ...], where: str) -> None:
    if sorted(cards) != list(pack):  # tsyganka/pack
        raise SetupError(
            f"{GAME_ID}: {where} must hold the {len(pack)}-card pack exactly once", "tsyganka/pack"
        )


def _check_players(n: int, opts: TsygankaOptions) -> None:
    low = 2 if opts.fewer_than_four else 4
    if not low <= n <= MAX_PLAYERS:  # tsyganka/players
        raise SetupError(
            f"{GAME_ID}: {n} players; four or more (two or three with fewer_than_four=true)",
            "tsyganka/players",
        )


def setup(table: Table) -> TsygankaState:
    """The circle laid out, the trump in the middle, the dealer to draw and lead."""
    opts = TsygankaOptions.of(GAME_ID, OPTIONS, table.options) if table.options else DEFAULT_OPTIONS
    n = table.players
    _check_players(n, opts)
    if not 0 <= table.dealer < n:  # tsyganka/dealer-leads: the deal goes from a dealer at the table
        raise SetupError(
            f"{GAME_ID}: dealer seat {table.dealer} is not a seat of {n} players",
            "tsyganka/dealer-leads",
        )
    pack = _pack(n)
    deal = table.deal
    if isinstance(deal, DeckOrder):
        order = deal.cards
        if len(pack) == 36 and len(order) == 52:  # AMB-TSYGANKA-02: stripped to the 36
            order = tuple(c for c in order if RANK_OF[c] >= 6)
        _check_pack(order, pack, "the deck order")
        circle, middle = order[:-1], order[-1]  # tsyganka/circle: the bottom card is trump
    else:
        if any(deal.hands) or len(deal.up) != 1:
            raise SetupError(
                f"{GAME_ID}: a deal is the circle (as the stock) and the trump (up)",
                "tsyganka/circle",
            )
        circle, middle = deal.stock, deal.up[0]
        _check_pack(circle + deal.up, pack, "the deal")
    # AMB-TSYGANKA-11 d, AMB-TSYGANKA-15 c: the gypsy turned for trump may be turned again
    again = turns_again(opts.trump_card, opts.gypsy_turned, opts.gypsy_trump)
    *rest, middle = trump_turned(circle, middle, again)
    circle = tuple(rest)
    trump_card = middle
    if middle == GYPSY and laid_in_circle(opts.trump_card, opts.gypsy_turned, opts.gypsy_trump):
        # tsyganka/circle (AMB-TSYGANKA-15 e, AMB-TSYGANKA-11 e): she named spades trump and is
        # laid last in the circle (the draw is blind), nothing left in the middle
        circle, middle = circle + (GYPSY,), NO_CARD
    empty: Holdings = tuple(() for _ in range(n))
    s = TsygankaState(
        opts=opts,
        players=n,
        dealer=table.dealer,
        trump_card=trump_card,
        stage=STAGE_ONE,
        turn=table.dealer,  # tsyganka/dealer-leads
        circle=circle,
        middle=middle,
        lead=NO_CARD,
        leader=table.dealer,
        piles=empty,
        hands=empty,
        offerer=-1,
        up=NO_CARD,
        discard=(),
        last_winner=-1,
        loser=-1,
    )
    if _void(s):  # tsyganka/void-deal (AMB-TSYGANKA-11 a, AMB-TSYGANKA-15 b): nothing is played
        return s._replace(stage=OVER, turn=-1, loser=-1)
    return s


# --- stage 1 ------------------------------------------------------------------------------


def _take_from_circle(s: TsygankaState, position: int) -> tuple[Card, tuple[Card, ...], Card]:
    """The card drawn at ``position``, and the circle and the middle it leaves."""
    if s.circle:
        return s.circle[position], s.circle[:position] + s.circle[position + 1 :], s.middle
    return s.middle, (), NO_CARD  # tsyganka/circle (AMB-TSYGANKA-02): last


def _stage_one(s: TsygankaState, seat: Seat, position: int) -> TsygankaState:
    c, circle, middle = _take_from_circle(s, position)
    trump = SUIT_OF[s.trump_card]
    # tsyganka/circle (AMB-TSYGANKA-02 b): under trump_card=out-of-play the trump card is
    # never drawn (but the gypsy under gypsy_turned=in-play, AMB-TSYGANKA-11 c), and stage 1
    # is over with the last card of the circle
    exhausted = not circle and (middle == NO_CARD or not _middle_drawn(s))
    piles = s.piles
    if s.lead == NO_CARD:  # the leader draws to lead
        if keeps(c, trump):  # tsyganka/draw-again
            s = s._replace(circle=circle, middle=middle, piles=put(piles, seat, piles[seat] + (c,)))
            return _begin_stage_two(s) if exhausted else s
        if exhausted:  # AMB-TSYGANKA-04: the last card, nobody to cover it: the leader's
            piles = put(piles, seat, piles[seat] + (c,))
            return _begin_stage_two(s._replace(circle=circle, middle=middle, piles=piles))
        return s._replace(circle=circle, middle=middle, lead=c, turn=left(seat, s.players))
    leader = s.leader
    lead = s.lead
    # AMB-TSYGANKA-03: the follower keeps a trump (or, under covers, only the gypsy; under
    # leader-takes, neither: both are cards of another suit and the leader takes them)
    rule = s.opts.follower_trump
    if follower_keeps(c, trump, rule):
        piles = put(piles, seat, piles[seat] + (c,))  # tsyganka/draw-again
        if not follower_redraws(rule):
            # AMB-TSYGANKA-03 e: he draws no other card, the lead stays uncovered: the
            # leader takes it alone as his trick
            piles = put(piles, leader, piles[leader] + (lead,))
            nxt = next_leader(leader, seat, leader, s.opts.next_lead)  # tsyganka/next-lead
            s = s._replace(
                circle=circle,
                middle=middle,
                piles=piles,
                lead=NO_CARD,
                last_winner=leader,
                leader=nxt,
                turn=nxt,
            )
            return _begin_stage_two(s) if exhausted else s
        if not exhausted:
            return s._replace(circle=circle, middle=middle, piles=piles)
        # AMB-TSYGANKA-04: the circle is gone with the lead uncovered: the leader takes it
        piles = put(piles, leader, piles[leader] + (lead,))
        s = s._replace(circle=circle, middle=middle, piles=piles, lead=NO_CARD, last_winner=leader)
        return _begin_stage_two(s)
    # tsyganka/cover-draw (a trump here covers only under follower_trump=covers; under
    # leader-takes it is of another suit, AMB-TSYGANKA-03 c)
    trump_covers = keeps(c, trump) and s.opts.follower_trump == "covers"
    winner = seat if trump_covers or draw_covers(lead, c) else leader
    nxt = next_leader(leader, seat, winner, s.opts.next_lead)  # tsyganka/next-lead
    s = s._replace(
        circle=circle,
        middle=middle,
        piles=put(piles, winner, piles[winner] + (lead, c)),
        lead=NO_CARD,
        last_winner=winner,
        leader=nxt,
        turn=nxt,
    )
    return _begin_stage_two(s) if exhausted else s


# --- stage 2 ------------------------------------------------------------------------------


def _begin_stage_two(s: TsygankaState) -> TsygankaState:
    # tsyganka/stage-two: each takes up his pile; the dealer offers first
    hands = s.piles
    s = s._replace(stage=STAGE_TWO, piles=tuple(() for _ in range(s.players)))
    # AMB-TSYGANKA-05: the dealer offers first (his left-hand neighbour under dealer-left, the
    # last trick's taker under last-winner)
    first = first_offerer(s.opts.first_offer, s.dealer, s.players, s.last_winner)
    return _offer(s, first, hands, s.discard)


def first_offerer(rule: str, dealer: Seat, players: int, last_winner: Seat) -> Seat:
    """The seat that offers first in stage 2 (or, without cards, the next holder to his left):
    the dealer; under first_offer=dealer-left his left-hand neighbour; under last-winner the
    taker of the last trick of stage 1 (``last_winner``; the dealer if no trick was taken).

    pre: rule in ("dealer", "dealer-left", "last-winner")
    pre: 2 <= players <= 36 and 0 <= dealer < players and -1 <= last_winner < players
    post: 0 <= __return__ < players
    post: rule != "dealer" or __return__ == dealer
    post: rule != "dealer-left" or __return__ == (dealer + 1) % players
    post: rule != "last-winner" or __return__ == (dealer if last_winner < 0 else last_winner)
    """
    if rule == "dealer-left":  # tsyganka/stage-two (AMB-TSYGANKA-05 b)
        return (dealer + 1) % players
    if rule == "last-winner" and last_winner >= 0:  # tsyganka/stage-two (AMB-TSYGANKA-05 c)
        return last_winner
    # tsyganka/stage-two (AMB-TSYGANKA-05 a; under c with no trick taken, the dealer)
    return dealer


def next_offerer(rule: str, offerer: Seat, drawer: Seat, took: bool) -> Seat:
    """Who offers next in stage 2 (or, without cards, the next holder to his left) once the
    drawer has covered or accepted (``took``): the drawer (``rule`` ``drawer``); the same
    offerer again (``offerer``); the same offerer after a cover, the drawer after an
    acceptance (``offerer-until-take``).

    pre: rule in ("drawer", "offerer", "offerer-until-take")
    pre: 0 <= offerer < 16 and 0 <= drawer < 16 and offerer != drawer
    post: __return__ in (offerer, drawer)
    post: rule != "drawer" or __return__ == drawer
    post: rule != "offerer" or __return__ == offerer
    """
    if rule == "offerer":  # tsyganka/offer-on (AMB-TSYGANKA-05 d): he offers till he is out
        return offerer
    if rule == "offerer-until-take" and not took:  # tsyganka/offer-on (AMB-TSYGANKA-05 e)
        return offerer
    return drawer  # tsyganka/offer-on (AMB-TSYGANKA-05 a): the drawer offers on


def _offer(
    s: TsygankaState, offerer: Seat, hands: Holdings, discard: tuple[Card, ...]
) -> TsygankaState:
    """``offerer`` (or the next holder to his left) offers to the next holder to his left,
    with ``hands`` and ``discard`` as the last card left them."""
    counts = tuple(map(len, hands))
    # AMB-TSYGANKA-02 b, AMB-TSYGANKA-11 b: the gypsy turned for trump stays out of play and
    # sticks with nobody (under no-loser: in-play takes her before stage 2, redeal never plays)
    gypsy_out = s.middle == GYPSY and not _middle_drawn(s)
    holding = len(counts) - counts.count(0)  # the seats holding cards
    if holding <= LAST_HOLDERS:  # tsyganka/gypsy-loses: she stays with the last holder
        held = [p for p, k in enumerate(counts) if k]
        return _over(s, hands, discard, held[0] if held and not gypsy_out else -1)
    # AMB-TSYGANKA-07: no card left can ever cover another (AMB-TSYGANKA-06 c: no trump
    # covers under cover_with=suit, and five cards may be left so)
    trump = _cover_trump(s)
    most = STUCK_MAX if trump is not None else STUCK_MAX_SUIT
    if sum(counts) <= most and stuck(
        tuple(c for h in hands for c in h), trump
    ):  # tsyganka/gypsy-loses: no card can go any more
        holder = -1 if gypsy_out else next(p for p, h in enumerate(hands) if GYPSY in h)
        return _over(s, hands, discard, holder)
    if not counts[offerer]:  # tsyganka/offer-on (AMB-TSYGANKA-05): passed over
        nxt = next_holding(offerer, counts)
        assert nxt is not None
        offerer = nxt
    drawer = next_holding(offerer, counts)
    assert drawer is not None
    return s._replace(hands=hands, discard=discard, offerer=offerer, turn=drawer, up=NO_CARD)


def _over(
    s: TsygankaState, hands: Holdings, discard: tuple[Card, ...], loser: Seat
) -> TsygankaState:
    """The end of stage 2, with ``hands`` and ``discard`` as the last card left them: ``loser``
    left with the gypsy (-1: nobody; tsyganka/gypsy-loses)."""
    return s._replace(
        hands=hands, discard=discard, stage=OVER, turn=-1, offerer=-1, up=NO_CARD, loser=loser
    )


def _cover_trump(s: TsygankaState) -> int | None:
    return cover_trump(s.opts.cover_with, SUIT_OF[s.trump_card])


def _stage_two(s: TsygankaState, a: Action) -> TsygankaState:
    seat = a.seat
    trump = _cover_trump(s)  # AMB-TSYGANKA-06: None under cover_with=suit
    if s.up == NO_CARD:
        if not isinstance(a, Draw):
            raise IllegalAction("core/wrong-action", "first draw a card from the cards offered")
        offered = s.hands[s.offerer]
        i = drawn_at(a.position, len(offered))
        if i is None:  # core/wrong-action: no draw past the cards offered
            raise IllegalAction("core/wrong-action", f"no card at position {a.position}")
        c = offered[i]
        hands = put(s.hands, s.offerer, offered[:i] + offered[i + 1 :])
        return s._replace(hands=hands, up=c)  # tsyganka/stage-two: turned face up
    if isinstance(a, Draw):
        raise IllegalAction("core/wrong-action", "a card is turned up: cover it or accept it")
    hand = s.hands[seat]
    if isinstance(a, Take):
        # AMB-TSYGANKA-06: he may accept whenever he likes, unless must_cover
        if s.opts.must_cover and any(beats(s.up, c, trump) for c in hand):
            raise IllegalAction(
                "tsyganka/cover-or-accept", f"seat {seat} can cover {card_name(s.up)} and must"
            )
        nxt = next_offerer(s.opts.offer_on, s.offerer, seat, took=True)  # tsyganka/offer-on
        return _offer(s, nxt, put(s.hands, seat, hand + (s.up,)), s.discard)
    if a.card not in hand:
        raise IllegalAction("core/not-held", f"seat {seat} does not hold {card_name(a.card)}")
    if not beats(s.up, a.card, trump):
        if GYPSY in (s.up, a.card):
            raise IllegalAction("tsyganka/gypsy", "the gypsy covers nothing and nothing covers her")
        raise IllegalAction(
            "tsyganka/cover-or-accept",
            f"{card_name(a.card)} does not cover {card_name(s.up)} "
            f"(trump {suit_letter(SUIT_OF[s.trump_card])})",
        )
    hands = put(s.hands, seat, without(hand, a.card))
    nxt = next_offerer(s.opts.offer_on, s.offerer, seat, took=False)  # tsyganka/offer-on
    return _offer(s, nxt, hands, s.discard + (s.up, a.card))


# --- the game -----------------------------------------------------------------------------


def legal_actions(s: TsygankaState) -> tuple[Action, ...]:
    """Every action the rules allow now (empty once the game is over)."""
    if s.stage == OVER:
        return ()
    seat = s.turn
    draws = DRAWS[seat]
    if s.stage == STAGE_ONE:
        return draws[: len(s.circle)] if s.circle else draws[:1]
    if s.up == NO_CARD:
        return draws[: len(s.hands[s.offerer])]
    row = PLAYS[seat]
    trump = _cover_trump(s)  # AMB-TSYGANKA-06: no trump covers under cover_with=suit
    # tsyganka/cover-or-accept: a card that covers the card turned up, or accepting it
    out: list[Action] = [row[c] for c in s.hands[seat] if beats(s.up, c, trump)]
    if not (out and s.opts.must_cover):  # AMB-TSYGANKA-06: he may accept, unless must_cover
        out.append(TAKES[seat])
    return tuple(out)


def apply(s: TsygankaState, a: Action) -> TsygankaState:
    """The position after ``a``, or :class:`IllegalAction` naming the rule it breaks."""
    if s.stage == OVER:
        raise IllegalAction("core/game-over", "the game is over")
    if a.seat != s.turn:
        raise IllegalAction("core/out-of-turn", f"it is seat {s.turn}'s turn, not seat {a.seat}'s")
    if s.stage == STAGE_ONE:
        if not isinstance(a, Draw):
            raise IllegalAction("core/wrong-action", "in stage 1 a player draws from the circle")
        size = len(s.circle) if s.circle else 1
        i = drawn_at(a.position, size)
        if i is None:  # core/wrong-action: no draw past the circle
            raise IllegalAction("core/wrong-action", f"no card at position {a.position}")
        return _stage_one(s, a.seat, i)
    return _stage_two(s, a)


def to_move(s: TsygankaState) -> Seat | None:
    return None if s.stage == OVER else s.turn


def phase_name(s: TsygankaState) -> str:
    return PHASES[s.stage]


def outcome(s: TsygankaState) -> Outcome | None:
    """The loser, with whom the gypsy stuck."""
    if s.stage != OVER:
        return None
    if _void(s):  # tsyganka/void-deal (AMB-TSYGANKA-11 a, -15 b): nobody wins or loses
        return Outcome(winners=(), losers=(), reason="void deal: to be dealt again")
    losers = (s.loser,) if s.loser >= 0 else ()
    winners = tuple(p for p in range(s.players) if p not in losers)
    who = f"seat {s.loser}" if s.loser >= 0 else "nobody"
    return Outcome(winners=winners, losers=losers, reason=f"the gypsy stuck with {who}")


def all_cards(s: TsygankaState) -> tuple[Card, ...]:
    return (
        s.circle
        + (() if s.middle == NO_CARD else (s.middle,))
        + (() if s.lead == NO_CARD else (s.lead,))
        + tuple(c for p in s.piles for c in p)
        + tuple(c for h in s.hands for c in h)
        + (() if s.up == NO_CARD else (s.up,))
        + s.discard
    )


def chips_in_play(s: TsygankaState) -> None:
    """None: the game is played for no chips."""
    return


def _on_table(s: TsygankaState) -> JSON:
    """The card on the table: the lead in stage 1, the card turned up in stage 2."""
    on = s.lead if s.stage == STAGE_ONE else s.up
    return [] if on == NO_CARD else [card_name(on)]


def _circle_size(s: TsygankaState) -> JSON:
    """The cards still to be drawn: the trump card counts unless it stays out of play (and
    none is drawn from a void deal)."""
    if _void(s):  # tsyganka/void-deal (AMB-TSYGANKA-11 a, -15 b): nothing is drawn
        return 0
    drawable = s.middle != NO_CARD and _middle_drawn(s)
    return len(s.circle) + (1 if drawable else 0)


#: The card on the table (:func:`_on_table`), the trump suit, and the cards left to draw.
TABLE: Final = Observable("table", _on_table)
TRUMP: Final[Observable[TsygankaState]] = Observable(
    "trump", lambda s: suit_letter(SUIT_OF[s.trump_card])
)
CIRCLE_SIZE: Final = Observable("circle_size", _circle_size)

OBSERVABLES: Final[tuple[Observable[TsygankaState] | PerSeat[TsygankaState], ...]] = (
    obs.HAND,
    obs.PILE,  # his stage-1 pile: tricks, trumps, gypsy
    TABLE,
    TRUMP,
    obs.TRUMP_CARD,
    CIRCLE_SIZE,
    obs.TRICK_WINNER,
    obs.DISCARD,  # out of play: each card turned up, its cover
)


def _pile_sizes(s: TsygankaState, viewer: Viewer) -> JSON:
    """How many cards each seat's pile holds, by seat (the backs are seen)."""
    return views.pile_sizes(s.piles)


def _piles(s: TsygankaState, viewer: Viewer) -> JSON:
    """Each seat's pile, by seat, in canonical card order where the viewer may see it
    (AMB-TSYGANKA-08: its owner; every seat under piles_shown=face-up), else null."""
    return views.piles_seen(s.piles, s.opts.piles_shown, viewer)


def _discard_size(s: TsygankaState, viewer: Viewer) -> JSON:
    return len(s.discard)


def _discard(s: TsygankaState, viewer: Viewer) -> JSON:
    """The cards out of play in canonical card order where they lie face up
    (AMB-TSYGANKA-09), else null."""
    return views.laid_aside(s.discard, s.opts.discard_shown)


#: What each seat may see (design §2), field by field (:mod:`reference.core.views`).
VIEW: Final[tuple[Shown[TsygankaState], ...]] = (
    # 000:P24.S5, 000:P25.S2: the cards taken up in stage 2, held so that nobody can see their
    # order or where the gypsy is: the holder's own, as a multiset
    views.HAND,
    views.HAND_SIZES,  # the backs of every hand are seen
    # 000:P24.S1: the card led, drawn from the circle (the card drawn to cover it settles the
    # trick at once); 000:P24.S5: the card drawn in stage 2, «лицевой стороной кладет на стол»
    views.public(TABLE),
    views.public(TRUMP),  # 000:P23.S1: the trump in the middle of the circle
    # tsyganka/circle, AMB-TSYGANKA-02: the card in the middle lies face up; its name stays
    # known once taken
    views.public(obs.TRUMP_CARD),
    # AMB-TSYGANKA-10: the circle lies face down: how many cards are left to draw is seen
    views.public(CIRCLE_SIZE),
    views.public(obs.TRICK_WINNER),  # who takes a trick is seen
    Shown("pile_sizes", _pile_sizes),  # AMB-TSYGANKA-08: the size of each pile
    Shown("piles", _piles),  # AMB-TSYGANKA-08: each by its owner, by default
    Shown("discard_size", _discard_size),  # AMB-TSYGANKA-09: how many are out of play
    Shown("discard", _discard),  # AMB-TSYGANKA-09: face down by default
)


def parse_action(obj: JSON) -> Action:
    """An action from its JSON form, or :class:`FormatError` saying what is wrong."""
    return read_action(obj, GAME_ID, ACTIONS, seats=MAX_PLAYERS)


def _card_or_none(c: Card) -> JSON:
    return None if c == NO_CARD else card_name(c)


NOTATION: Final = Notation(GAME_ID, TsygankaOptions, OPTIONS, PHASES, _check_players)


def position(s: TsygankaState) -> JSONObject:
    """The position in this game's notation (its FEN); :func:`load_position` reads it back."""
    return {
        **NOTATION.head(s.players, s.dealer, s.opts, s.stage, to_move(s)),
        "trump_card": card_name(s.trump_card),
        "circle": [card_name(c) for c in s.circle],
        "middle": _card_or_none(s.middle),
        "lead": _card_or_none(s.lead),
        "leader": s.leader,
        "piles": [[card_name(c) for c in p] for p in s.piles],
        "hands": [[card_name(c) for c in h] for h in s.hands],
        "offerer": None if s.offerer < 0 else s.offerer,
        "up": _card_or_none(s.up),
        "discard": [card_name(c) for c in s.discard],
        "last_winner": None if s.last_winner < 0 else s.last_winner,
        "loser": None if s.loser < 0 else s.loser,
    }


def _seat_or_none(value: JSON, where: str) -> int:
    return -1 if value is None else as_int(value, where)


def _card_opt(value: JSON, where: str) -> Card:
    return NO_CARD if value is None else as_card(value, where)


def load_position(pos: JSON) -> TsygankaState:
    """A state from the position notation; checks the pack is all there once."""
    head = NOTATION.read(pos)
    o, n, opts, stage = head.fields, head.players, head.options, head.phase
    empty: list[JSON] = [[] for _ in range(n)]
    s = TsygankaState(
        opts=opts,
        players=n,
        dealer=head.dealer,
        trump_card=as_card(field(o, "trump_card", "position"), "position/trump_card"),
        stage=stage,
        turn=head.turn,
        circle=as_cards(o.get("circle", []), "position/circle"),
        middle=_card_opt(o.get("middle"), "position/middle"),
        lead=_card_opt(o.get("lead"), "position/lead"),
        leader=as_int(o.get("leader", 0), "position/leader"),
        piles=card_lists(o.get("piles", empty), "position/piles"),
        hands=card_lists(o.get("hands", empty), "position/hands"),
        offerer=_seat_or_none(o.get("offerer"), "position/offerer"),
        up=_card_opt(o.get("up"), "position/up"),
        discard=as_cards(as_list(o.get("discard", []), "position/discard"), "position/discard"),
        last_winner=_seat_or_none(o.get("last_winner"), "position/last_winner"),
        loser=_seat_or_none(o.get("loser"), "position/loser"),
    )
    if len(s.piles) != n or len(s.hands) != n:
        raise FormatError(f"position: one pile and one hand per seat ({n})")
    if (s.stage == OVER) != (s.turn == -1) or not -1 <= s.turn < n:
        raise FormatError("position/to_move: a seat, null exactly when the game is over")
    rules = s.opts
    again = turns_again(rules.trump_card, rules.gypsy_turned, rules.gypsy_trump)
    if s.trump_card == GYPSY and again:
        # AMB-TSYGANKA-11 d, AMB-TSYGANKA-15 c: the gypsy turned is turned again
        raise FormatError("position/trump_card: under turn-again the gypsy is never the trump")
    in_circle = _laid_in_circle(s)
    if in_circle:  # tsyganka/circle (AMB-TSYGANKA-15 e, -11 e): she is in play, the middle empty
        if s.middle != NO_CARD:
            raise FormatError(
                "position/middle: under spades-stay the gypsy turned for trump is laid in the "
                "circle and nothing lies in the middle"
            )
    elif _void(s):  # tsyganka/void-deal (AMB-TSYGANKA-11 a, -15 b): over as dealt, nothing played
        if s.stage != OVER or s.lead != NO_CARD or any(s.piles) or any(s.hands) or s.discard:
            raise FormatError(
                "position/phase: a deal turning up the gypsy that is void (trump_card="
                "out-of-play with gypsy_turned=redeal, or last with gypsy_trump=redeal) is "
                "over as dealt, nothing drawn"
            )
    elif not _middle_drawn(s):  # AMB-TSYGANKA-02 b, AMB-TSYGANKA-11 b: never drawn
        if s.middle != s.trump_card or (s.stage == STAGE_ONE and not s.circle):
            raise FormatError(
                "position/middle: under trump_card=out-of-play the trump card stays in the "
                "middle and stage1 has a circle"
            )
    elif s.stage != STAGE_ONE and s.middle != NO_CARD:
        raise FormatError("position/middle: the trump card is taken before stage2")
    middle_gone = s.middle == NO_CARD and not in_circle  # AMB-TSYGANKA-15 e: never there
    if s.circle and not _void(s) and (s.stage != STAGE_ONE or middle_gone):
        # tsyganka/circle
        raise FormatError(
            "position/circle: the circle is drawn out before stage2, and the trump card in the "
            "middle is taken only after it"
        )
    if s.stage == STAGE_TWO and not (0 <= s.offerer < n and s.hands[s.turn]):
        raise FormatError("position/offerer: in stage2 a seat offers to a player holding cards")
    if s.stage == STAGE_TWO and s.up == NO_CARD and not s.hands[s.offerer]:
        raise FormatError("position/offerer: the offerer must hold cards to draw from")
    try:
        _check_pack(all_cards(s), _pack(n), "a position")
    except SetupError as e:
        raise FormatError(f"position: {e}") from None
    return s
