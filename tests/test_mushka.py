"""The мушки: the position notation, the decision functions, and the registry."""

from __future__ import annotations

import pytest

from reference import DeckOrder, FormatError, SetupError, Table, games
from reference.core.cards import DECK_52, parse_card
from reference.core.jsontypes import JSONObject
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


#: The readings that name a second holder (or more) beside ``holder``, by game.
HELD_READINGS = (
    ("mushka-pamfil", {"ace_of_spades": "keeps-conditions"}),
    ("mushka-pamfil", {"ace_of_spades": "above-pamfil"}),
    ("mushka-shutikha", {"queen_conditions": "both"}),
    ("mushka-shutikha", {"queen_points": "holder"}),
    ("mushka-shutikha", {"queen_conditions": "both", "queen_points": "holder"}),
)


@pytest.mark.parametrize(("game_id", "options"), HELD_READINGS)
@pytest.mark.parametrize("seed", range(12))
def test_the_other_holders_are_named_once_play_begins_and_round_trip(
    game_id: str, options: dict[str, str], seed: int
) -> None:
    """AMB-MUSHKAPAMFIL-01/e, AMB-MUSHKASHUTIKHA-03/d, AMB-MUSHKASHUTIKHA-04/c: when play
    begins, ``held`` names the seat that plays and holds each card the reading names, and the
    position notation carries it."""
    game = games()[game_id]
    players = 3 + seed % 5
    s = game.setup(Table(players, seed % players, DeckOrder(shuffle(DECK_52, seed)), options))
    step = 0
    while game.legal_actions(s) and getattr(s, "phase", None) != mushka.PLAY:
        legal = game.legal_actions(s)
        s = game.apply(s, legal[(seed * 5 + step) % len(legal)])
        step += 1
    assert isinstance(s, mushka.MushkaState)
    if s.phase != mushka.PLAY:
        return  # the deal ended before play (nobody played, or a мушка was shown)
    named = mushka.held_cards(s.variant, s.opts)
    expected = tuple((c, p) for c in named for p in mushka._playing(s) if c in s.hands[p])
    assert s.held == expected
    assert game.load_position(game.position(s)) == s
    while game.legal_actions(s):
        legal = game.legal_actions(s)
        s = game.apply(s, legal[(seed * 5 + step) % len(legal)])
        step += 1
        assert game.load_position(game.position(s)) == s


def test_a_position_without_held_loads_as_before() -> None:
    """A position written before ``held`` was (no such field) loads with nobody named."""
    game = mushka.GAME_PAMFIL
    s = game.setup(Table(4, 0, DeckOrder(DECK_52), {"ace_of_spades": "keeps-conditions"}))
    pos = game.position(s)
    assert "held" not in pos
    assert game.load_position(pos).held == ()


def test_held_names_only_the_cards_of_the_game_each_by_a_seat_that_plays() -> None:
    game = mushka.GAME_SHUTIKHA
    pos = game.position(game.setup(Table(4, 0, DeckOrder(DECK_52))))
    # a card the game has not; a seat out of range; a seat that does not play (none has declared)
    bads: tuple[JSONObject, ...] = ({"JC": 1}, {"AS": 9}, {"AS": 1})
    for bad in bads:
        with pytest.raises(FormatError, match="held"):
            game.load_position({**pos, "held": bad})


def test_the_ace_of_spades_keeps_its_power_below_pamfil() -> None:
    """AMB-MUSHKAPAMFIL-01/e: above the king of trumps, below Памфил, a plain spade in a
    trick led in spades when spades are not trump."""
    hearts = 1
    key = mushka.pamfil_ace_key
    lead = C("5D")
    assert key(C("KH"), lead, hearts) < key(C("AS"), lead, hearts) < key(C("JC"), lead, hearts)
    assert key(C("AS"), C("5S"), hearts) < key(C("2H"), C("5S"), hearts)
    assert key(C("AS"), C("5S"), 0) > key(C("KS"), C("5S"), 0)


def test_the_ace_of_spades_above_pamfil_unless_spades_are_trump() -> None:
    """AMB-MUSHKAPAMFIL-01/f: above Памфил when spades are not trump (then no trump, it beats
    the trumps), just below it when they are; a plain spade in a trick led in spades."""
    hearts, spades = 1, 0
    key = mushka.pamfil_ace_key
    lead = C("5D")
    assert key(C("AS"), lead, hearts, True) > key(C("JC"), lead, hearts, True)
    assert key(C("KS"), lead, spades, True) < key(C("AS"), lead, spades, True)
    assert key(C("AS"), lead, spades, True) < key(C("JC"), lead, spades, True)
    assert key(C("AS"), C("5S"), hearts, True) < key(C("2H"), C("5S"), hearts, True)


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
