"""melniki-b: rules tested by name, the position notation, and option errors."""

from __future__ import annotations

import itertools
import random

import pytest

from reference import Dealt, DeckOrder, FormatError, IllegalAction, SetupError, Table, games
from reference.core.actions import Play, Take
from reference.core.cards import DECK_36, card_name, parse_card, parse_cards
from reference.core.jsontypes import JSON
from reference.core.shuffle import shuffle
from reference.games import MELNIKI_B as GAME
from reference.games.melniki_b import MelnikiState, load_position, position, stuck_losers

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
    # A stuck second stage ends (melniki-b/stalemate), so a fixed choice rule plays to the end.
    s = GAME.setup(Table(4, seed % 4, DeckOrder(shuffle(DECK_36, seed))))
    step = 0
    while GAME.legal_actions(s):
        assert load_position(position(s)) == s
        legal = GAME.legal_actions(s)
        s = GAME.apply(s, legal[(seed + step) % len(legal)])
        step += 1
    assert load_position(position(s)) == s and GAME.outcome(s) is not None


#: Every value of every option with a closed set of values (no_beat_limit at its least, its
#: default and its greatest value in turn): 2**8 * 3 combinations.
COMBINATIONS = [
    dict(
        zip(
            (
                "three_players",
                "deal_packet",
                "trump_card",
                "must_beat",
                "stage2_leader",
                "voluntary_take",
                "after_take",
                "stalemate",
                "stalemate_result",
            ),
            values,
            strict=True,
        )
    )
    for values in itertools.product(
        *(
            GAME.options[name].values
            for name in (
                "three_players",
                "deal_packet",
                "trump_card",
                "must_beat",
                "stage2_leader",
                "voluntary_take",
                "after_take",
                "stalemate",
                "stalemate_result",
            )
        )
    )
]


def test_every_option_combination_plays_to_an_end() -> None:
    # Deterministic random play (a seeded generator per game): every game ends. Before the
    # stalemate rule, 5 in 100 such games under some combinations passed 5,000 decisions; the
    # bound here is far above the longest game these seeds play (the rule bounds every game:
    # finitely many positions to lead between two beats, or no_beat_limit takes).
    limits = (1, 36, 1000)
    for i, opts in enumerate(COMBINATIONS):
        rng = random.Random(i)
        options: dict[str, bool | int | str] = {**opts, "no_beat_limit": limits[i % 3]}
        players = (2, 3, 4)[i % 3] if opts["three_players"] else (2, 4)[i % 2]
        s = GAME.setup(Table(players, i % players, DeckOrder(shuffle(DECK_36, i)), options))
        steps = 0
        while GAME.outcome(s) is None:
            assert steps < 20_000, (opts, i)
            s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
            steps += 1
        assert GAME.legal_actions(s) == ()


def test_the_reported_loop_now_ends() -> None:
    # Deal seed 6897979101708076613, dealer 1, trump_card=out-of-play, stage2_leader=dealer,
    # after_take=taker: play reached [7S] against [6D] with 7C led, trump hearts, nothing able
    # to beat anything, and went round for ever. Now the position to lead comes back and the
    # game ends drawn (AMB-MELNIKIB-11, AMB-MELNIKIB-12).
    options: JSON = {"trump_card": "out-of-play", "stage2_leader": "dealer", "after_take": "taker"}
    order = shuffle(DECK_36, 6897979101708076613)
    assert card_name(order[6]) == "9H"
    rest: JSON = [card_name(c) for c in DECK_36 if card_name(c) not in ("7S", "7C", "6D", "9H")]
    s = GAME.load_position(
        {
            "game": "melniki-b",
            "players": 2,
            "dealer": 1,
            "options": options,
            "phase": "stage2",
            "trump_card": "9H",
            "to_move": 1,
            "hands": [["7S"], ["6D"]],
            "table": [{"seat": 0, "card": "7C"}],
            "aside": ["9H"],
            "discard": rest,
        }
    )
    seen = 0
    while GAME.outcome(s) is None:
        legal = GAME.legal_actions(s)
        assert all(isinstance(a, Take) for a in legal) or s.table == ()
        s = GAME.apply(s, legal[0])
        seen += 1
        assert seen < 40
    outcome = GAME.outcome(s)
    assert outcome is not None and outcome.losers == () and s.stalled


def test_stuck_losers_by_reading() -> None:
    assert stuck_losers((2, 1), "draw") == ()
    assert stuck_losers((2, 0, 1, 0), "holders-lose") == (0, 2)
    assert stuck_losers((2, 2, 1), "most-cards") == (0, 1)


def test_a_position_missing_a_card_names_the_card() -> None:
    pos = position(GAME.setup(Table(2, 0, DeckOrder(DECK_36))))
    hands = pos["hands"]
    assert isinstance(hands, list) and isinstance(hands[0], list)
    hands[0] = hands[0][1:]
    with pytest.raises(FormatError, match="missing"):
        load_position(pos)


def test_registered_under_its_id() -> None:
    assert games()["melniki-b"].id == "melniki-b"
