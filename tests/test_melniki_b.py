"""melniki-b: rules tested by name, the position notation, and option errors."""

from __future__ import annotations

import pytest

from reference import Dealt, DeckOrder, FormatError, IllegalAction, SetupError, Table, games
from reference.core.actions import Play, Take
from reference.core.cards import DECK_36, card_name, parse_card, parse_cards
from reference.core.shuffle import shuffle
from reference.games.melniki_b import GAME, MelnikiState, load_position, position

C = parse_card


def deal(
    hands: list[str], up: str = "6D", players: int = 2, **options: bool | int | str
) -> MelnikiState:
    parsed = tuple(parse_cards(h.split()) for h in hands)
    used = {c for h in parsed for c in h} | {C(up)}
    stock = tuple(c for c in DECK_36 if c not in used)
    return GAME.setup(Table(players, 0, Dealt(parsed, stock, (C(up),)), options))


def test_players_two_or_four() -> None:
    for n in (2, 4):
        GAME.setup(Table(n, 0, DeckOrder(DECK_36)))
    with pytest.raises(SetupError) as e:
        GAME.setup(Table(3, 0, DeckOrder(DECK_36)))
    assert e.value.rule_id == "melniki-b/players"
    GAME.setup(Table(3, 0, DeckOrder(DECK_36), {"three_players": True}))


def test_unknown_option_is_a_clear_error() -> None:
    with pytest.raises(SetupError, match=r"unknown option 'trumps'.*after_take"):
        GAME.setup(Table(2, 0, DeckOrder(DECK_36), {"trumps": 1}))


def test_follow_suit_refusal_leaves_the_state_unchanged() -> None:
    s = GAME.apply(deal(["AS 7H 9C", "KS 8H TD"]), Play(0, C("7H")))
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, Play(1, C("TD")))
    assert e.value.rule_id == "melniki-b/follow-suit"
    assert s.table == (C("7H"),) and s.hands[1] == parse_cards(["KS", "8H", "TD"])


def test_else_trump() -> None:
    s = GAME.apply(deal(["AS 7H 9C", "KS 8H TD"]), Play(0, C("9C")))
    assert GAME.legal_actions(s) == (Play(1, C("TD")),)


def test_winner_draws_first_and_leads() -> None:
    s = deal(["AS 7H 9C", "KS 8H TD"])
    s = GAME.apply(GAME.apply(s, Play(0, C("7H"))), Play(1, C("8H")))
    assert s.turn == 1 and C("6S") in s.hands[1] and C("7S") in s.hands[0]


def test_cannot_beat_takes_and_last_holder_loses() -> None:
    s = GAME.load_position(
        {
            "game": "melniki-b",
            "players": 2,
            "dealer": 0,
            "phase": "stage2",
            "trump_card": "6D",
            "to_move": 0,
            "hands": [["7H"], ["KS"]],
            "discard": [card_name(c) for c in DECK_36 if c not in (C("7H"), C("KS"))],
        }
    )
    s = GAME.apply(s, Play(0, C("7H")))
    assert GAME.legal_actions(s) == (Take(1),)
    s = GAME.apply(s, Take(1))
    outcome = GAME.outcome(s)
    assert outcome is not None and outcome.losers == (1,) and outcome.winners == (0,)


@pytest.mark.parametrize("seed", range(30))
def test_position_notation_round_trips_through_a_game(seed: int) -> None:
    # A fixed choice rule can pass a card back and forth for ever in stage 2 (the text sets no
    # end, AMB-MELNIKIB-11), so the walk is bounded.
    s = GAME.setup(Table(4, seed % 4, DeckOrder(shuffle(DECK_36, seed))))
    step = 0
    while GAME.legal_actions(s) and step < 300:
        assert load_position(position(s)) == s
        legal = GAME.legal_actions(s)
        s = GAME.apply(s, legal[(seed + step) % len(legal)])
        step += 1
    assert load_position(position(s)) == s


def test_a_position_missing_a_card_names_the_card() -> None:
    pos = position(GAME.setup(Table(2, 0, DeckOrder(DECK_36))))
    hands = pos["hands"]
    assert isinstance(hands, list) and isinstance(hands[0], list)
    hands[0] = hands[0][1:]
    with pytest.raises(FormatError, match="missing"):
        load_position(pos)


def test_registered_under_its_id() -> None:
    assert games()["melniki-b"].id == "melniki-b"
