"""An independent brute-force ``count`` (perft) for melniki-b, for the fixtures' test.

It never asks the model for its legal actions: at every node it tries every
action that can be written (each seat playing each card of the pack, each seat
taking) and follows those the model accepts. A node where nothing is accepted
ends the game there and counts once, as in :func:`conformance.engine.count`.
"""

from __future__ import annotations

from collections.abc import Mapping

from conformance import engine
from reference.core.cards import card_name
from reference.core.errors import IllegalAction
from reference.core.jsontypes import JSON, JSONObject


def brute_count(game_id: str, setup: Mapping[str, JSON], depth: int) -> int:
    game, state = engine.start(game_id, setup)
    players = setup.get("players")
    assert isinstance(players, int)
    writable: list[JSONObject] = []
    for seat in range(players):
        writable += [{"type": "play", "seat": seat, "card": card_name(c)} for c in game.pack]
        writable.append({"type": "take", "seat": seat})
    actions = [game.parse_action(a) for a in writable]

    def walk(s: object, d: int) -> int:
        if d == 0:
            return 1
        children = []
        for a in actions:
            try:
                children.append(game.apply(s, a))
            except IllegalAction:
                continue
        if not children:
            return 1
        return sum(walk(c, d - 1) for c in children)

    return walk(state, depth)
