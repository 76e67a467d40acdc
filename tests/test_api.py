"""The public API: what ``reference`` exports and what every game offers."""

from __future__ import annotations

import reference
from reference import games
from reference.core.game import COMMON_OBSERVABLES

PUBLIC = {
    "AnyGame",
    "Dealt",
    "DeckOrder",
    "FormatError",
    "IllegalAction",
    "Outcome",
    "SetupError",
    "Table",
    "games",
    "shuffle",
}


def test_public_names_are_exactly_these() -> None:
    assert set(reference.__all__) == PUBLIC
    assert all(hasattr(reference, name) for name in PUBLIC)


def test_every_game_offers_the_contract() -> None:
    for gid, game in games().items():
        assert game.id == gid
        assert set(COMMON_OBSERVABLES) <= set(game.observables)
        assert game.rules and game.pack and game.players
        for name, spec in game.options.items():
            assert spec.name == name and spec.allows(spec.default)


def test_the_game_ids_are_the_stable_ones() -> None:
    stable = {
        "melniki-a",
        "melniki-b",
        "tsyganka",
        "svinyi",
        "mushka",
        "mushka-mistigri",
        "mushka-pamfil",
        "mushka-shutikha",
        "mushka-lenturlu",
        "mushka-kopilka",
        "lotereya",
        "gorka",
        "michigan",
    }
    assert set(games()) <= stable
