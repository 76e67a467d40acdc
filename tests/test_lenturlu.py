"""mushka-lenturlu: setup errors, the deal, the layout, the position notation and the ledger."""

from __future__ import annotations

import pytest

from reference import Dealt, DeckOrder, FormatError, IllegalAction, SetupError, Table, games
from reference.core.ace_low import LOW_RANK, next_up_low
from reference.core.actions import Buy, Pass, Play
from reference.core.cards import DECK_52, names, parse_card
from reference.core.shuffle import shuffle
from reference.games import MUSHKA_LENTURLU as GAME
from reference.games.lenturlu import (
    OPTIONS,
    LenturluState,
    card_points,
    continuations,
    deal_hands,
    face_points,
    follows,
    hand_points,
    layout_amounts,
    lead_choices,
    load_position,
    position,
    restore_shares,
    stalled,
)

C = parse_card


def test_three_to_seven_players_and_a_clear_error_beyond() -> None:
    for n in range(3, 8):
        GAME.setup(Table(n, 0, DeckOrder(DECK_52)))
    for n in (1, 2, 8, 9):
        with pytest.raises(SetupError, match="three to seven") as e:
            GAME.setup(Table(n, 0, DeckOrder(DECK_52)))
        assert e.value.rule_id == "mushka-lenturlu/players"


def test_unknown_option_is_a_clear_error() -> None:
    with pytest.raises(SetupError, match=r"unknown option 'stakes'.*stake"):
        GAME.setup(Table(4, 0, DeckOrder(DECK_52), {"stakes": 1}))


@pytest.mark.parametrize(
    ("n", "size", "stock"), [(3, 12, 16), (4, 12, 4), (5, 9, 7), (6, 8, 4), (7, 7, 3)]
)
def test_the_deal_table(n: int, size: int, stock: int) -> None:
    hands, rest = deal_hands(n, 1, shuffle(DECK_52, n), "twelve", False)
    assert all(len(h) == size for h in hands) and len(rest) == stock
    assert sorted([c for h in hands for c in h] + list(rest)) == list(DECK_52)


def test_three_players_fifteen() -> None:
    hands, rest = deal_hands(3, 0, DECK_52, "fifteen", False)
    assert [len(h) for h in hands] == [15, 15, 15] and len(rest) == 7


def test_dealt_hands_equal_the_deck_order_that_deals_them() -> None:
    order = shuffle(DECK_52, 11)
    hands, stock = deal_hands(5, 2, order, "twelve", False)
    a = GAME.setup(Table(5, 2, DeckOrder(order)))
    b = GAME.setup(Table(5, 2, Dealt(hands, stock)))
    assert a == b


def test_layout_split() -> None:
    assert layout_amounts(50, False) == (14, 6, 8, 10, 12)
    assert layout_amounts(50, True) == (14, 6, 8, 10, 12)
    assert layout_amounts(40, False) == (11, 5, 6, 8, 10)
    assert layout_amounts(40, True) == (13, 4, 6, 8, 9)
    assert layout_amounts(30, False) == (8, 4, 5, 6, 7)
    for total in range(200):
        assert sum(layout_amounts(total, False)) == total == sum(layout_amounts(total, True))


def test_restore_shares_and_points() -> None:
    assert restore_shares(14, 4) == (4, 4, 3, 3)
    assert restore_shares(6, 2) == (3, 3)
    assert [card_points(C(x), 1) for x in ("AH", "5C", "TD", "JH", "QD", "KS")] == [
        1,
        5,
        10,
        10,
        10,
        10,
    ]
    assert [card_points(C(x), 1) for x in ("QS", "JC", "KH", "7D", "AS")] == [20, 20, 20, 14, 1]
    assert card_points(C("AS"), 2) == 2
    assert hand_points((C("QS"), C("JC"), C("7D")), 1) == 54
    # AMB-MUSHKALENTURLU-15 (twin_points=second-way, under way=king): face value only
    assert face_points((C("QS"), C("JC"), C("7D"), C("AS"), C("5H"))) == 33


def test_sequences_ace_low() -> None:
    assert next_up_low(C("AD")) == C("2D") and next_up_low(C("KD")) is None
    assert next_up_low(C("9C")) == C("TC")
    assert LOW_RANK[C("AS")] == 1 and LOW_RANK[C("QH")] == 12 and LOW_RANK[C("KH")] == 13
    assert follows(C("TS"), C("JS"), False) and not follows(C("TS"), C("JH"), False)
    assert follows(C("TS"), C("JH"), True) and not follows(C("QC"), C("AC"), True)
    assert continuations((C("JH"), C("JS"), C("4C")), C("TS"), True) == (C("JH"), C("JS"))
    hand = (C("KS"), C("3C"))
    assert lead_choices(hand, True) == (C("3C"),)
    assert lead_choices(hand, False) == hand
    assert lead_choices((C("KS"),), True) == (C("KS"),)


def test_a_refused_action_leaves_the_state_unchanged() -> None:
    s = GAME.setup(Table(4, 0, DeckOrder(DECK_52)))
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, Buy(1))
    assert e.value.rule_id == "core/wrong-action"
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, Pass(2))
    assert e.value.rule_id == "core/out-of-turn"
    assert s == GAME.setup(Table(4, 0, DeckOrder(DECK_52)))


def test_every_kopeck_is_accounted_for() -> None:
    s = GAME.setup(Table(5, 0, DeckOrder(shuffle(DECK_52, 5)), {"stake": 10, "purse": 50}))
    assert GAME.chips(s) == 250
    assert GAME.observe(s, "chips") == [40] * 5 and GAME.observe(s, "pot") == 50


@pytest.mark.parametrize("seed", range(40))
def test_position_notation_round_trips_through_a_game(seed: int) -> None:
    n = 3 + seed % 5
    opts = {
        name: spec.values[seed // 2 % len(spec.values)]
        for name, spec in OPTIONS.items()
        if spec.values
    }
    s = GAME.setup(Table(n, seed % n, DeckOrder(shuffle(DECK_52, seed)), opts))
    total = GAME.chips(s)
    step = 0
    while GAME.legal_actions(s):
        assert load_position(position(s)) == s
        legal = GAME.legal_actions(s)
        s = GAME.apply(s, legal[(seed * 7 + step) % len(legal)])
        step += 1
        assert GAME.chips(s) == total
    assert load_position(position(s)) == s
    assert GAME.outcome(s) is not None


def test_a_position_missing_a_card_names_it() -> None:
    pos = position(GAME.setup(Table(4, 0, DeckOrder(DECK_52))))
    hands = pos["hands"]
    assert isinstance(hands, list) and isinstance(hands[0], list)
    hands[0] = hands[0][1:]
    with pytest.raises(FormatError, match="missing"):
        load_position(pos)


def test_actions_round_trip() -> None:
    for a in (Play(2, C("QS")), Buy(1), Pass(0)):
        assert GAME.parse_action(GAME.action_json(a)) == a
    with pytest.raises(FormatError):
        GAME.parse_action({"type": "take", "seat": 1})


def test_registered_under_its_id() -> None:
    assert games()["mushka-lenturlu"].id == "mushka-lenturlu"


def _pass_whenever_possible(
    options: dict[str, str], players: int, seed: int, start: LenturluState | None = None
) -> int | None:
    """Decisions until the end when every player passes whenever he may (None: not in 5000)."""
    s = start or GAME.setup(Table(players, 0, DeckOrder(shuffle(DECK_52, seed)), options))
    for k in range(5000):
        legal = GAME.legal_actions(s)
        if not legal:
            return k
        passes = [a for a in legal if isinstance(a, Pass)]
        s = GAME.apply(s, passes[0] if passes else legal[0])
    return None


@pytest.mark.parametrize("seed", range(12))
def test_players_who_always_pass_still_end_the_game(seed: int) -> None:
    """all_pass=round-continues would let the game go round for ever; stall_end=must-buy
    (AMB-MUSHKALENTURLU-17) forces a buy after a whole round of passes, so it ends. The
    literal reading (stall_end=none) does not."""
    for all_pass in ("last-leads", "round-continues"):
        n = 3 + seed % 5
        assert _pass_whenever_possible({"all_pass": all_pass}, n, seed) is not None
    looping = {"all_pass": "round-continues", "stall_end": "none"}
    stuck = load_position(
        {
            "game": "mushka-lenturlu",
            "players": 3,
            "dealer": 0,
            "options": {"all_pass": "round-continues", "stall_end": "none"},
            "phase": "play",
            "to_move": 1,
            "layout": {"7D": 8, "QS": 4, "AS": 5, "JC": 6, "KH": 7},
            "hands": [["3C"], ["4C"], ["5C"]],
            "stock": [c for c in names(DECK_52) if c not in ("3C", "4C", "5C", "8S", "9S", "TS")],
            "table": ["8S", "9S", "TS"],
            "run": "TS",
            "last_seat": 0,
            "passes": 1,
        }
    )
    assert _pass_whenever_possible(looping, 3, 0, stuck) is None


def test_stalled() -> None:
    assert stalled(4, 4, False, True) and not stalled(3, 4, False, True)
    assert not stalled(4, 4, True, True) and not stalled(4, 4, False, False)
