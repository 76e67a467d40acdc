"""The shared mechanics: cards, seats, tricks, covering, ledger, options."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference.core.cards import (
    ACE_HIGH,
    DECK_32,
    DECK_36,
    DECK_52,
    RANK_OF,
    SUIT_OF,
    TWO_PACKS_52,
    card,
    card_name,
    card_symbol,
    parse_card,
)
from reference.core.covering import covering_cards, covers
from reference.core.deals import deal_from_json, deal_to_json
from reference.core.errors import FormatError, SetupError
from reference.core.game import Dealt, DeckOrder
from reference.core.ledger import Ledger, open_ledger
from reference.core.options import OptionSpec, resolve
from reference.core.positions import given_options, open_position
from reference.core.seats import left, next_holding, right
from reference.core.shuffle import shuffle
from reference.core.tricks import playable, trick_winner

cards52 = st.sampled_from(DECK_52)
suits = st.integers(0, 3)


def test_decks_have_the_sizes_the_texts_give() -> None:
    assert (len(DECK_32), len(DECK_36), len(DECK_52), len(TWO_PACKS_52)) == (32, 36, 52, 104)
    assert min(RANK_OF[c] for c in DECK_36) == 6
    assert min(RANK_OF[c] for c in DECK_32) == 7


def test_card_notation_round_trips_and_errors_say_what_a_card_is() -> None:
    assert all(parse_card(card_name(c)) == c for c in DECK_52)
    assert card_name(card(12, 0)) == "QS"
    assert card_symbol(parse_card("TD")) == "10♦"
    with pytest.raises(ValueError, match=r"rank .* then suit"):
        parse_card("10D")


def test_seats_count_to_the_left() -> None:
    assert left(3, 4) == 0
    assert right(0, 4) == 3
    assert next_holding(0, (1, 0, 0, 2)) == 3
    assert next_holding(2, (0, 0, 5, 0)) is None


def test_follow_suit_then_trump_then_anything() -> None:
    hand = tuple(parse_card(c) for c in ("AS", "7H", "TD"))
    assert playable(hand, None, 2, True) == hand
    assert playable(hand, 0, 2, True) == (parse_card("AS"),)
    assert playable(hand, 3, 2, True) == (parse_card("TD"),)
    assert playable(hand, 3, 2, False) == hand
    assert playable(hand, 3, None, True) == hand


def test_trick_goes_to_the_highest_trump_else_the_highest_of_the_suit_led() -> None:
    trick = tuple(parse_card(c) for c in ("9C", "AC", "6D", "AS"))
    assert trick_winner(trick, 2, ACE_HIGH) == 2
    assert trick_winner(trick, None, ACE_HIGH) == 1
    ace_low = (0, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1)  # the ace below the two
    assert trick_winner(trick, None, ace_low) == 0


@given(cards52, cards52, st.none() | suits)
def test_covering_is_antisymmetric(a: int, b: int, trump: int | None) -> None:
    assert not (covers(a, b, trump, ACE_HIGH) and covers(b, a, trump, ACE_HIGH))


def test_covering_follows_durak() -> None:
    assert covers(parse_card("7H"), parse_card("8H"), 2, ACE_HIGH)
    assert covers(parse_card("AH"), parse_card("6D"), 2, ACE_HIGH)
    assert not covers(parse_card("6D"), parse_card("AH"), 2, ACE_HIGH)
    assert not covers(parse_card("TD"), parse_card("9D"), 2, ACE_HIGH)
    hand = tuple(parse_card(c) for c in ("6H", "8H", "TD", "KC"))
    assert covering_cards(parse_card("7H"), hand, 2, ACE_HIGH) == (
        parse_card("8H"),
        parse_card("TD"),
    )


@given(st.lists(st.tuples(st.integers(0, 2), st.integers(0, 2), st.integers(0, 50)), max_size=20))
def test_ledger_conserves_its_total(moves: list[tuple[int, int, int]]) -> None:
    ledger = open_ledger(("a", "b", "pot"), (100, 100, 0))
    names = ledger.accounts
    for i, j, amount in moves:
        ledger = ledger.transfer(names[i], names[j], amount)
    assert ledger.total == 200


@given(st.lists(st.tuples(st.integers(0, 2), st.integers(0, 2), st.integers(0, 50)), max_size=20))
def test_ledger_transfers_are_the_transfers_one_after_another(
    moves: list[tuple[int, int, int]],
) -> None:
    ledger = open_ledger(("a", "b", "pot"), (100, 7, 0))
    names = ledger.accounts
    batch = [(names[i], names[j], amount) for i, j, amount in moves]
    one_by_one = ledger
    for source, target, amount in batch:
        one_by_one = one_by_one.transfer(source, target, amount)
    assert ledger.transfers(batch) == one_by_one


@given(st.lists(st.tuples(st.integers(0, 2), st.integers(0, 2), st.integers(0, 50)), max_size=20))
def test_ledger_transfers_by_place_are_the_transfers_by_name(
    moves: list[tuple[int, int, int]],
) -> None:
    ledger = open_ledger(("a", "b", "pot"), (100, 7, 0))
    names = ledger.accounts
    by_name = ledger.transfers([(names[i], names[j], amount) for i, j, amount in moves])
    assert ledger.transfers_by_place(moves) == by_name


def test_ledger_refuses_a_negative_transfer() -> None:
    with pytest.raises(ValueError, match="non-negative"):
        open_ledger(("a", "b"), (1, 1)).transfer("a", "b", -1)
    ledger = open_ledger(("a", "b"), (1, 1))
    with pytest.raises(ValueError, match="non-negative"):
        ledger.transfers([("a", "b", 1), ("b", "a", -1)])
    with pytest.raises(ValueError, match="non-negative"):
        ledger.transfers_by_place([(0, 1, 1), (1, 0, -1)])
    assert ledger.balances == (1, 1)


def test_a_transfer_gives_a_ledger_with_the_balances_moved() -> None:
    moved = open_ledger(("a", "b"), (3, 4)).transfer("a", "b", 2)
    assert type(moved) is Ledger
    assert (moved.accounts, moved.balances) == (("a", "b"), (1, 6))


def test_unknown_option_and_value_errors_name_the_valid_ones() -> None:
    specs = {"x": OptionSpec("x", 1, "doc", (1, 3)), "stake": OptionSpec("stake", 10, "doc", (), 1)}
    assert resolve("g", specs, {}) == {"x": 1, "stake": 10}
    with pytest.raises(SetupError, match="the options are: stake, x"):
        resolve("g", specs, {"y": 1})
    with pytest.raises(SetupError, match="values: 1, 3"):
        resolve("g", specs, {"x": 2})
    with pytest.raises(SetupError, match=r"an integer in \[1\.\.\]"):
        resolve("g", specs, {"stake": 0})
    with pytest.raises(SetupError):
        resolve("g", specs, {"x": True})


def test_suit_of_a_card() -> None:
    assert SUIT_OF[parse_card("QC")] == 3


def test_deal_json_round_trips_and_errors_name_the_pointer() -> None:
    assert deal_from_json({"seed": 5}, DECK_36) == DeckOrder(shuffle(DECK_36, 5))
    dealt = Dealt((tuple(DECK_36[:3]), tuple(DECK_36[3:6])), tuple(DECK_36[7:]), (DECK_36[6],))
    assert deal_from_json(deal_to_json(dealt), DECK_36) == dealt
    order = DeckOrder(DECK_36)
    assert deal_from_json(deal_to_json(order), DECK_36) == order
    with pytest.raises(FormatError, match="deal/hands/1/0"):
        deal_from_json({"hands": [["AS"], ["XX"]]}, DECK_36)
    with pytest.raises(FormatError, match="give seed, order, or hands"):
        deal_from_json({}, DECK_36)


def test_a_position_head_names_the_field_that_is_wrong() -> None:
    assert open_position({"game": "gorka", "players": 3}, "gorka") == {
        "game": "gorka",
        "players": 3,
    }
    with pytest.raises(FormatError, match="position/game: 'gorka' is not 'michigan'"):
        open_position({"game": "gorka"}, "michigan")
    with pytest.raises(FormatError, match="position: expected an object"):
        open_position([1], "gorka")
    assert given_options({"options": {"a": 1, "b": "x", "c": True}}) == {
        "a": 1,
        "b": "x",
        "c": True,
    }
    assert given_options({}) == {}
    with pytest.raises(FormatError, match="position/options/a: an option value is a boolean"):
        given_options({"options": {"a": [1]}})
