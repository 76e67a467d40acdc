"""melniki-a: rules tested by name, the position notation, and setup errors."""

from __future__ import annotations

import pytest

from reference import DeckOrder, FormatError, IllegalAction, SetupError, Table
from reference.core.actions import Play, Take
from reference.core.cards import DECK_36, DECK_52, parse_card
from reference.core.shuffle import shuffle
from reference.games.melniki_a import GAME, load_position, pile_target, position

C = parse_card


def test_players_two_to_ten() -> None:
    for n in (2, 10):
        GAME.setup(Table(n, 0, DeckOrder(DECK_36)))
    for n in (1, 11):
        with pytest.raises(SetupError) as e:
            GAME.setup(Table(n, 0, DeckOrder(DECK_36)))
        assert e.value.rule_id == "melniki-a/players"


def test_a_52_card_order_is_stripped_to_36_by_default() -> None:
    s = GAME.setup(Table(2, 0, DeckOrder(DECK_52)))
    assert sorted(GAME.cards(s)) == list(DECK_36)
    s = GAME.setup(Table(2, 0, DeckOrder(DECK_52), {"pack": 52}))
    assert sorted(GAME.cards(s)) == list(DECK_52)


def test_follow_suit_refusal_leaves_the_state_unchanged() -> None:
    s = GAME.setup(Table(2, 1, DeckOrder(DECK_36)))
    lead = s.hands[0][0]
    s = GAME.apply(s, Play(0, lead))
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, Take(1))
    assert e.value.rule_id == "melniki-a/accept-only-void"
    assert s.table == (lead,)


def test_pile_target() -> None:
    assert pile_target(2, "players-less-one") == 2
    assert pile_target(5, "players-less-one") == 4
    assert pile_target(5, "players") == 5


@pytest.mark.parametrize("seed", range(30))
def test_position_notation_round_trips_through_a_game(seed: int) -> None:
    n = 2 + seed % 9
    options: dict[str, bool | int | str] = {
        "pack": (36, 52)[seed % 2],
        "accepted_card": ("hand", "pile")[seed // 2 % 2],
        "pile_size": ("players-less-one", "players")[seed // 4 % 2],
    }
    s = GAME.setup(Table(n, seed % n, DeckOrder(shuffle(DECK_52, seed)), options))
    step = 0
    while GAME.legal_actions(s) and step < 600:
        assert load_position(position(s)) == s
        legal = GAME.legal_actions(s)
        s = GAME.apply(s, legal[(seed * 7 + step) % len(legal)])
        step += 1
    assert load_position(position(s)) == s


def test_a_position_missing_a_card_names_the_card() -> None:
    pos = position(GAME.setup(Table(2, 0, DeckOrder(DECK_36))))
    hands = pos["hands"]
    assert isinstance(hands, list) and isinstance(hands[0], list)
    hands[0] = hands[0][1:]
    with pytest.raises(FormatError, match="missing"):
        load_position(pos)
