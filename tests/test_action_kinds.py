"""An action is legal by its kind as well as its fields.

Several games have kinds of action with the same fields (a lead and a beat are a seat and
cards, a pass and a take a seat alone). An action of one kind, with the fields of a legal
action of another, must be refused unless it is legal itself: over seeded random games of
every game, each legal action is retyped as every other kind the game has.
"""

from __future__ import annotations

import random

import pytest

from reference import DeckOrder, FormatError, IllegalAction, SetupError, Table, games, shuffle
from reference.core.jsontypes import JSONObject
from tests.harness import seat_counts

GAMES = 8


@pytest.mark.parametrize("game_id", sorted(games()))
def test_an_action_of_another_kind_with_the_same_fields_is_refused(game_id: str) -> None:
    game = games()[game_id]
    kinds = game.kinds
    rng = random.Random(game_id)
    tried = 0
    for _ in range(GAMES):
        n = rng.choice(seat_counts(game, {}))  # the seat counts the defaults allow
        try:
            s = game.setup(
                Table(n, rng.randrange(n), DeckOrder(shuffle(game.pack, rng.getrandbits(64))))
            )
        except SetupError:
            continue  # a seat count allowed only under a non-default option
        while legal := game.legal_actions(s):
            listed = [game.action_json(a) for a in legal]
            for obj in listed:
                for kind in kinds:
                    retyped: JSONObject = {**obj, "type": kind}
                    try:
                        a = game.parse_action(retyped)
                    except FormatError:
                        continue  # not the fields of that kind
                    if game.action_json(a) in listed:
                        continue  # legal itself
                    tried += 1
                    with pytest.raises(IllegalAction):
                        game.apply(s, a)
            s = game.apply(s, legal[rng.randrange(len(legal))])
    assert tried, "no action of one kind has the fields of another: the test tries nothing"
