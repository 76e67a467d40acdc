"""svinyi: rules tested by name, the position notation, and setup errors."""

from __future__ import annotations

import pytest

from reference import DeckOrder, FormatError, IllegalAction, SetupError, Table
from reference.core.actions import Pass
from reference.core.cards import DECK_52, parse_card
from reference.core.shuffle import shuffle
from reference.games import SVINYI as GAME
from reference.games.svinyi import (
    PIG,
    Lay,
    burden,
    fits_pig,
    fits_store,
    load_position,
    position,
    win_allowed,
)

C = parse_card


def test_players_two_to_sixteen() -> None:
    GAME.setup(Table(16, 0, DeckOrder(DECK_52)))
    with pytest.raises(SetupError) as e:
        GAME.setup(Table(1, 0, DeckOrder(DECK_52)))
    assert e.value.rule_id == "svinyi/players"


def test_store_and_pig_fits() -> None:
    assert fits_store(C("8H"), C("9C")) and not fits_store(C("8H"), C("TC"))
    assert fits_store(C("KD"), C("AS")) and not fits_store(C("AD"), C("2S"))
    assert fits_pig(C("3H"), (C("2S"),), follow=False)
    assert not fits_pig(C("3H"), (C("2S"),), follow=True)
    assert not fits_pig(C("2H"), (), follow=False)
    assert burden((C("AS"), C("9H"), C("AD"))) == 1
    assert PIG == -1


@pytest.mark.parametrize("seed", range(30))
def test_position_notation_round_trips_through_a_game(seed: int) -> None:
    n = 2 + seed % 15
    options: dict[str, bool | int | str] = {
        "first_pig": ("taken-out", "first-drawn")[seed % 2],
        "pig_suit": ("any", "follow")[seed // 2 % 2],
        "unplaced": ("hand", "own-store")[seed // 4 % 2],
        "first_turn_win": (True, False)[seed // 8 % 2],
    }
    s = GAME.setup(Table(n, seed % n, DeckOrder(shuffle(DECK_52, seed)), options))
    step = 0
    while GAME.legal_actions(s) and step < 500:
        assert load_position(position(s)) == s
        legal = GAME.legal_actions(s)
        s = GAME.apply(s, legal[(seed * 7 + step) % len(legal)])
        step += 1
    assert GAME.outcome(s) is not None
    assert load_position(position(s)) == s


@pytest.mark.parametrize("seed", range(16))
def test_apply_accepts_a_move_exactly_when_legal_actions_lists_it(seed: int) -> None:
    """Every card onto every store and the pig, and the pass, at every position of a seeded
    game, under each reading of the pig rules (pig_duty, pig_suit, draw) and of unplaced."""
    n = 2 + seed % 3
    options: dict[str, bool | int | str] = {
        "pig_duty": ("any", "drawn")[seed % 2],
        "pig_suit": ("any", "follow")[seed // 2 % 2],
        "draw": ("once", "while-laid")[seed // 4 % 2],
        "unplaced": ("hand", "own-store")[seed // 8 % 2],
    }
    s = GAME.setup(Table(n, 0, DeckOrder(shuffle(DECK_52, seed)), options))
    step = 0
    while legal := GAME.legal_actions(s):
        seat = GAME.to_move(s)
        assert seat is not None
        tried: list[Lay | Pass] = [Lay(seat, c, t) for c in range(52) for t in (*range(n), PIG)]
        for a in [*tried, Pass(seat)]:
            try:
                GAME.apply(s, a)
            except IllegalAction:
                assert a not in legal, f"{a} is listed but refused"
            else:
                assert a in legal, f"{a} is accepted but not listed"
        s = GAME.apply(s, legal[(seed * 7 + step) % len(legal)])
        step += 1


def test_a_position_missing_a_card_is_refused() -> None:
    pos = position(GAME.setup(Table(2, 0, DeckOrder(DECK_52))))
    stock = pos["stock"]
    assert isinstance(stock, list)
    pos["stock"] = stock[1:]
    with pytest.raises(FormatError, match="52-card pack"):
        load_position(pos)


@pytest.mark.parametrize(("phase", "to_move"), [("over", 1), ("play", None)])
def test_a_position_is_over_exactly_when_no_one_is_to_move(phase: str, to_move: int | None) -> None:
    pos = position(GAME.setup(Table(2, 0, DeckOrder(DECK_52))))
    assert pos["phase"] == "play" and pos["to_move"] == 1
    pos["phase"], pos["to_move"] = phase, to_move
    with pytest.raises(FormatError, match="position/phase"):
        load_position(pos)


def test_a_win_from_the_second_turn_under_first_turn_win_false() -> None:
    assert win_allowed(1, 4, first_turn_win=True)
    assert not win_allowed(4, 4, first_turn_win=False)
    assert win_allowed(5, 4, first_turn_win=False)


def test_kept_cards_are_refused_in_a_position_under_own_store() -> None:
    pos = position(GAME.setup(Table(2, 0, DeckOrder(DECK_52), {"unplaced": "own-store"})))
    stock, held = pos["stock"], pos["held"]
    assert isinstance(stock, list) and isinstance(held, list)
    pos["held"] = [[stock[-1]], []]
    pos["stock"] = stock[:-1]
    with pytest.raises(FormatError, match="unplaced=own-store"):
        load_position(pos)


@pytest.mark.parametrize(
    ("pig", "pig_suit", "refused"),
    [
        (["2C", "3C", "4C"], "follow", False),
        (["2D", "3H"], "any", False),
        (["2D", "3H"], "follow", True),  # a card of another suit under follow
        (["3D"], "any", True),  # no pig begins with a three
        (["2D", "4D"], "any", True),  # a rank skipped
        (["6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD"], "any", True),  # the king ends a pig
    ],
)
def test_a_position_holds_only_a_pig_play_can_build(
    pig: list[str], pig_suit: str, refused: bool
) -> None:
    options = {"pig_suit": pig_suit, "first_pig": "first-drawn"}
    pos = position(GAME.setup(Table(2, 0, DeckOrder(DECK_52), options)))
    stock = pos["stock"]
    assert isinstance(stock, list) and pos["pig"] == []
    pos["stock"] = [c for c in stock if c not in pig]  # the pig's cards all lie in the stock
    pos["pig"] = list(pig)
    if refused:
        with pytest.raises(FormatError, match="position/pig"):
            load_position(pos)
    else:
        assert load_position(pos).pig == tuple(parse_card(c) for c in pig)
