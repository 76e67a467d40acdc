"""michigan: the position notation, deals, option errors and the ledger."""

from __future__ import annotations

import pytest

from reference import Dealt, DeckOrder, FormatError, IllegalAction, SetupError, Table, games
from reference.core.actions import Pass, Play
from reference.core.cards import DECK_52, parse_card
from reference.core.shuffle import shuffle
from reference.games import MICHIGAN as GAME
from reference.games.michigan import (
    Bid,
    Keep,
    Stake,
    TakeExtra,
    bid_allowed,
    deal_hands,
    lead_choices,
    load_position,
    position,
    settlement,
)

C = parse_card


def test_players_two_to_eight() -> None:
    for n in range(2, 9):
        GAME.setup(Table(n, 0, DeckOrder(DECK_52)))
    for n in (1, 9):
        with pytest.raises(SetupError) as e:
            GAME.setup(Table(n, 0, DeckOrder(DECK_52)))
        assert e.value.rule_id == "michigan/players"


def test_unknown_option_is_a_clear_error() -> None:
    with pytest.raises(SetupError, match=r"unknown option 'chips'.*starting_chips"):
        GAME.setup(Table(2, 0, DeckOrder(DECK_52), {"chips": 1}))


def test_dealt_hands_equal_the_deck_order_that_deals_them() -> None:
    order = shuffle(DECK_52, 7)
    hands, extra = deal_hands(3, 1, (), order)
    by_order = GAME.setup(Table(3, 1, DeckOrder(order)))
    by_hands = GAME.setup(Table(3, 1, Dealt(hands + (extra,))))
    assert by_order.hands == by_hands.hands and by_order.extra == by_hands.extra
    two, extra2 = deal_hands(2, 0, (), order)
    assert len(extra2) == 18 and len(two[0]) == 17
    with pytest.raises(SetupError):  # the extra hand is dealt first, so it is never shorter
        GAME.setup(Table(2, 0, Dealt((extra2, two[1], two[0]))))


def test_a_refused_action_leaves_the_state_unchanged() -> None:
    s = GAME.setup(Table(2, 0, DeckOrder(DECK_52)))
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, Stake(1, (1, 1, 1, 0)))
    assert e.value.rule_id == "michigan/stake-four"
    assert s == GAME.setup(Table(2, 0, DeckOrder(DECK_52)))


def test_every_chip_moves_through_the_ledger() -> None:
    s = GAME.setup(Table(3, 0, DeckOrder(shuffle(DECK_52, 3)), {"starting_chips": 9}))
    s = GAME.apply(s, Stake(1, (4, 0, 0, 0)))
    s = GAME.apply(s, Stake(2, (0, 4, 0, 0)))
    s = GAME.apply(s, Stake(0, (1, 1, 1, 1)))
    s = GAME.apply(s, Keep(0))
    s = GAME.apply(s, Bid(1, 5))
    s = GAME.apply(s, Pass(2))
    assert s.ledger.balances == (10, 0, 5, 5, 5, 1, 1)
    assert GAME.chips(s) == 27
    assert TakeExtra(0) not in GAME.legal_actions(s)


def test_settlement_and_lead_choices() -> None:
    assert settlement((3, 0, 5), (10, 4, 2), 1) == (3, 0, 2)
    hand = (C("3H"), C("2H"), C("9S"), C("4D"))
    assert set(lead_choices(hand, -1, False)) == {C("2H"), C("9S"), C("4D")}
    assert set(lead_choices(hand, 1, False)) == {C("9S"), C("4D")}
    assert lead_choices((C("3H"),), 1, False) == ()
    assert lead_choices((C("3H"),), 1, True) == (C("3H"),)


@pytest.mark.parametrize("seed", range(30))
def test_position_notation_round_trips_through_a_game(seed: int) -> None:
    n = 2 + seed % 7
    opts = {"auction": "open"} if seed % 2 else {}
    s = GAME.setup(Table(n, seed % n, DeckOrder(shuffle(DECK_52, seed)), opts))
    step = 0
    while GAME.legal_actions(s):
        assert load_position(position(s)) == s
        legal = GAME.legal_actions(s)
        s = GAME.apply(s, legal[(seed * 7 + step) % len(legal)])
        step += 1
    assert load_position(position(s)) == s
    assert GAME.outcome(s) is not None


def test_a_position_missing_a_card_names_the_card() -> None:
    pos = position(GAME.setup(Table(2, 0, DeckOrder(DECK_52))))
    hands = pos["hands"]
    assert isinstance(hands, list) and isinstance(hands[0], list)
    hands[0] = hands[0][1:]
    with pytest.raises(FormatError, match="missing"):
        load_position(pos)


def test_a_play_action_round_trips() -> None:
    a = Play(2, C("QS"))
    assert GAME.parse_action(GAME.action_json(a)) == a
    st = Stake(1, (0, 2, 0, 2))
    assert GAME.parse_action(GAME.action_json(st)) == st
    # a boodle card left out has no chips; legal writes all four
    short = GAME.parse_action({"type": "stake", "seat": 1, "chips": {"JC": 4}})
    assert short == Stake(1, (0, 0, 0, 4))
    assert GAME.action_json(short)["chips"] == {"AH": 0, "KD": 0, "QS": 0, "JC": 4}
    # a stake on another card is well formed, and refused by the rule
    other = GAME.parse_action({"type": "stake", "seat": 1, "chips": {"AS": 4}})
    assert GAME.parse_action(GAME.action_json(other)) == other
    s = GAME.setup(Table(players=2, dealer=0, deal=DeckOrder(DECK_52)))
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, other)
    assert e.value.rule_id == "michigan/stake-four"
    with pytest.raises(FormatError):
        GAME.parse_action({"type": "stake", "seat": 1, "chips": {"XX": 4}})


def test_registered_under_its_id() -> None:
    assert games()["michigan"].id == "michigan"


def test_a_bid_beats_the_best_and_may_be_all_a_player_has() -> None:
    assert bid_allowed(16, 0, 16) and not bid_allowed(17, 0, 16)
    assert not bid_allowed(3, 3, 16) and bid_allowed(4, 3, 16)
    assert not bid_allowed(0, 0, 16) and not bid_allowed(1, 0, 0)
