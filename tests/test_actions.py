"""The action shapes of reference/core/actions.py and the reader every game's parse_action uses."""

from __future__ import annotations

import re

import pytest

from reference.core.actions import (
    AmountAction,
    CardAction,
    CardsAction,
    Pass,
    Play,
    SeatAction,
    Take,
    read_action,
)
from reference.core.cards import card_name, parse_card
from reference.core.errors import FormatError
from reference.core.jsontypes import JSON


class Raise(SeatAction):
    __slots__ = ()
    KIND = "raise"


class Open(CardAction):
    __slots__ = ()
    KIND = "open"


class Lead(CardsAction):
    __slots__ = ()
    KIND = "lead"


class Bid(AmountAction):
    __slots__ = ()
    KIND = "bid"


ACTIONS = (Play, Take, Pass, Raise, Open, Lead, Bid)
C = parse_card


@pytest.mark.parametrize(
    "action",
    [Play(1, C("QS")), Take(0), Pass(2), Raise(3), Open(1, C("7H")), Bid(2, 5)]
    + [Lead(0, tuple(sorted((C("7H"), C("QS")))))],
)
def test_an_action_is_read_back_from_its_json_form(action: object) -> None:
    assert isinstance(action, ACTIONS)
    read = read_action(action.to_json(), "toy", ACTIONS)
    assert read == action and type(read) is type(action)


def test_several_cards_are_read_in_canonical_order() -> None:
    canonical = tuple(sorted((C("QS"), C("7H"))))
    orders: tuple[list[JSON], ...] = (["QS", "7H"], ["7H", "QS"])
    for given in orders:
        read = read_action({"type": "lead", "seat": 0, "cards": given}, "toy", ACTIONS)
        assert read == Lead(0, canonical)
        assert read.to_json()["cards"] == [card_name(c) for c in canonical]


def test_a_seat_beyond_the_table_is_well_formed_unless_the_game_bounds_its_seats() -> None:
    assert read_action({"type": "take", "seat": 9}, "toy", ACTIONS) == Take(9)
    with pytest.raises(FormatError, match=re.escape("action/seat: 9 is not a seat of this game")):
        read_action({"type": "take", "seat": 9}, "toy", ACTIONS, seats=4)
    with pytest.raises(FormatError, match=re.escape("action/seat: -1")):
        read_action({"type": "take", "seat": -1}, "toy", ACTIONS, seats=4)
    assert read_action({"type": "take", "seat": 3}, "toy", ACTIONS, seats=4) == Take(3)


@pytest.mark.parametrize(
    ("obj", "where"),
    [
        ([], "action"),
        ({"seat": 0}, "missing field 'type'"),
        ({"type": "take"}, "missing field 'seat'"),
        ({"type": 1, "seat": 0}, "action/type"),
        ({"type": "take", "seat": "0"}, "action/seat"),
        ({"type": "play", "seat": 0}, "missing field 'card'"),
        ({"type": "play", "seat": 0, "card": "ZZ"}, "action/card"),
        ({"type": "lead", "seat": 0, "cards": "QS"}, "action/cards"),
        ({"type": "bid", "seat": 0, "amount": "5"}, "action/amount"),
        (
            {"type": "fly", "seat": 0},
            "action/type: 'fly' is not an action of toy (play, take, pass, raise, open, lead, bid)",
        ),
    ],
)
def test_a_malformed_action_names_what_is_wrong(obj: JSON, where: str) -> None:
    with pytest.raises(FormatError, match=re.escape(where)):
        read_action(obj, "toy", ACTIONS)
