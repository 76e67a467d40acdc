"""The мушки: the position notation, the decision functions, and the registry."""

from __future__ import annotations

import typing

import pytest

from reference import DeckOrder, FormatError, SetupError, Table, games
from reference.core.cards import DECK_52, parse_card
from reference.core.shuffle import shuffle
from reference.games import mushka

C = parse_card
#: The four games of :mod:`reference.games.mushka` (Лентюрлю and копилка have modules of their own).
IDS = sorted(
    g.id for g in (mushka.GAME, mushka.GAME_MISTIGRI, mushka.GAME_PAMFIL, mushka.GAME_SHUTIKHA)
)


@pytest.mark.parametrize("game_id", IDS)
@pytest.mark.parametrize("seed", range(25))
def test_position_notation_round_trips_through_a_game(game_id: str, seed: int) -> None:
    game = games()[game_id]
    players = 3 + seed % 8
    options = {"gather": "claim"} if seed % 3 == 0 and "gather" in game.options else {}
    s = game.setup(Table(players, seed % players, DeckOrder(shuffle(DECK_52, seed)), options))
    step = 0
    while game.legal_actions(s):
        assert game.load_position(game.position(s)) == s
        legal = game.legal_actions(s)
        s = game.apply(s, legal[(seed * 7 + step) % len(legal)])
        step += 1
    assert game.load_position(game.position(s)) == s
    assert game.outcome(s) is not None


def test_a_position_missing_a_card_names_the_card() -> None:
    game = mushka.GAME
    pos = game.position(game.setup(Table(4, 0, DeckOrder(DECK_52))))
    hands = pos["hands"]
    assert isinstance(hands, list) and isinstance(hands[0], list)
    hands[0] = hands[0][1:]
    with pytest.raises(FormatError, match="missing"):
        game.load_position(pos)


def test_unknown_option_is_a_clear_error() -> None:
    with pytest.raises(SetupError, match=r"unknown option 'trumps'"):
        mushka.GAME.setup(Table(4, 0, DeckOrder(DECK_52), {"trumps": 1}))


def test_three_players_use_the_32_card_pack_and_set_the_rest_aside() -> None:
    s = mushka.GAME.setup(Table(3, 0, DeckOrder(DECK_52)))
    assert len(s.aside) == 20 and all(c % 13 + 2 >= 7 for h in s.hands for c in h)


def test_the_ace_of_spades_beats_everything_but_a_trump_in_a_spade_trick() -> None:
    hearts = 1
    k = mushka.BASE
    assert mushka.beats(C("AS"), C("AH"), C("AH"), hearts, k, any_king=False)
    assert mushka.beats(C("2H"), C("AS"), C("AS"), hearts, k, any_king=False)
    # top_trumped=suit-led (the default): following a spade lead it is a plain spade
    assert mushka.beats(C("2H"), C("AS"), C("KS"), hearts, k, any_king=False)
    # top_trumped=when-led: only the ace led itself is trumped
    assert not mushka.beats(C("2H"), C("AS"), C("KS"), hearts, k, any_king=False, when_led=True)
    assert mushka.beats(C("2H"), C("AS"), C("AS"), hearts, k, any_king=False, when_led=True)
    # played to another suit it is the мушка card under either reading
    assert not mushka.beats(C("2H"), C("AS"), C("KD"), hearts, k, any_king=False)


def test_the_king_of_trumps_is_led_under_rule_9() -> None:
    hand = tuple(C(x) for x in ("KH", "3H", "4D"))
    hearts = 1
    assert mushka.lead_choices(hand, hearts, mushka.BASE, mushka.KING_MUST) == (C("KH"),)
    assert mushka.lead_choices(hand, hearts, mushka.BASE, mushka.KING_TRUMPS_FIRST) == (
        C("KH"),
        C("4D"),
    )
    assert mushka.lead_choices(hand, hearts, mushka.BASE, mushka.KING_FREE) == hand
    assert mushka.lead_choices(hand[1:], hearts, mushka.BASE, mushka.KING_MUST) == hand[1:]


def test_trick_points_and_remises_follow_the_text() -> None:
    assert mushka.trick_points(3, False, False) == 3
    assert mushka.trick_points(3, True, False) == 8
    assert mushka.trick_points(3, True, True) == 14
    assert mushka.remise_amount(0, True, False) == 10
    assert mushka.remise_amount(0, False, False) == 5
    assert mushka.remise_amount(1, True, False) == 0


def test_flush_precedence_suit_then_points() -> None:
    hearts = tuple(C(x) for x in ("2H", "3H", "4H", "5H", "6H"))
    spades = tuple(C(x) for x in ("AS", "KS", "QS", "JS", "TS"))
    assert mushka.flush_key(hearts, mushka.BASE) > mushka.flush_key(spades, mushka.BASE)
    low = tuple(C(x) for x in ("2S", "3S", "4S", "5S", "7S"))
    assert mushka.flush_key(spades, mushka.BASE) > mushka.flush_key(low, mushka.BASE)


def test_registered_under_its_id() -> None:
    assert games()["mushka"].id == "mushka"


def test_the_fields_alias_and_places_match_the_state() -> None:
    """``MushkaFields`` (what the fast builder ``_build`` is typed by) lists the state's fields'
    types in order, and each field place names its field."""
    hints = typing.get_type_hints(mushka.MushkaState, vars(mushka))
    assert typing.get_args(mushka.MushkaFields) == tuple(hints.values())
    fields = mushka.MushkaState._fields
    places = {name: value for name, value in vars(mushka).items() if name.startswith("_")}
    named = {
        "_PHASE": "phase",
        "_TURN": "turn",
        "_HANDS": "hands",
        "_STOCK": "stock",
        "_DISCARD": "discard",
        "_DECLARED": "declared",
        "_EXCHANGED": "exchanged",
        "_HOLDER": "holder",
        "_TABLE": "table",
        "_SEATS": "table_seats",
        "_CLAIMS": "claims",
        "_TRICKS": "tricks",
        "_PILES": "piles",
        "_TOP_BEATEN": "top_beaten",
        "_REVOKES": "revokes",
        "_LAST_WINNER": "last_winner",
        "_LAST_TRICK": "last_trick",
        "_LEGAL": "legal",
    }
    for constant, field in named.items():
        assert places[constant] == fields.index(field), constant
