"""The public API: what ``reference`` exports and what every game offers."""

from __future__ import annotations

import random
from functools import partial

import pytest

import reference
from conformance import fuzz
from reference import games
from reference.core.errors import SetupError
from reference.core.game import COMMON_OBSERVABLES, OUTCOME_PARTS, AnyGame, DeckOrder, Table
from reference.core.jsontypes import JSON
from reference.core.shuffle import shuffle

PUBLIC = {
    "AnyGame",
    "Dealt",
    "DeckOrder",
    "FormatError",
    "IllegalAction",
    "Outcome",
    "SetupError",
    "Table",
    "build",
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


def test_the_kinds_of_a_game_are_the_types_its_actions_write() -> None:
    """``kinds`` lists, sorted and once each, the ``KIND`` of every action class of the game,
    and every action legal in a seeded random game writes one of them as its type."""
    import random  # noqa: PLC0415

    from reference.core.errors import SetupError  # noqa: PLC0415
    from reference.core.game import DeckOrder, Erased, Table  # noqa: PLC0415
    from reference.core.shuffle import shuffle  # noqa: PLC0415

    for gid, game in sorted(games().items()):
        assert isinstance(game, Erased), gid
        declared = {c.KIND for c in game.game.actions}
        assert game.kinds == tuple(sorted(declared)), gid
        seen: set[object] = set()
        for n in game.players:
            try:
                state = game.setup(Table(n, 0, DeckOrder(shuffle(game.pack, 7)), {}))
            except SetupError:
                continue
            rng = random.Random(gid)
            for _ in range(2_000):
                legal = game.legal_actions(state)
                if not legal:
                    break
                seen.update(game.action_json(a)["type"] for a in legal)
                state = game.apply(state, legal[rng.randrange(len(legal))])
        assert seen and seen <= set(game.kinds), (gid, seen - set(game.kinds))


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


def test_the_parts_of_an_outcome_are_observable_on_their_own() -> None:
    """Each part of an outcome: null while the game is on, the outcome's part once it is over."""
    for gid, game in sorted(games().items()):
        assert set(OUTCOME_PARTS) <= set(game.observables), gid
        state, _ = _first_table(game, 5)
        observe = partial(game.observe, state)
        assert [observe(p) for p in OUTCOME_PARTS] == [None, None, None]
        rng = random.Random(5)
        for _ in range(20_000):
            legal = game.legal_actions(state)
            if not legal:
                break
            state = game.apply(state, rng.choice(legal))
        outcome = game.outcome(state)
        assert outcome is not None, gid
        whole = outcome.to_json()
        observe = partial(game.observe, state)
        assert observe("outcome.winners") == whole["winners"]
        assert observe("outcome.losers") == whole["losers"]
        assert observe("outcome.scores") == whole.get("scores")
        assert game.observe(state, "outcome.winners") == whole["winners"]


def _first_table(game: AnyGame, seed: int) -> tuple[object, int]:
    """The first state of the smallest table the game deals under its default options."""
    for n in game.players:
        try:
            return game.setup(Table(n, 0, DeckOrder(shuffle(game.pack, seed)), {})), n
        except SetupError:
            continue
    raise AssertionError(f"{game.id} deals no table under its default options")


def _missing(name: str) -> JSON:
    return ["missing", name]


def test_a_view_gives_what_observe_gives_for_every_name_and_marks_the_unknown() -> None:
    for gid, game in games().items():
        state, n = _first_table(game, 11)
        names = fuzz.observables(game, n)
        unknown = ["no-such", f"hand.{n}", "hand.x", "hand."]
        view = game.viewer(names + unknown, state, _missing)
        rng = random.Random(3)
        for _ in range(30):
            got = view(state)
            assert list(got) == names + unknown, gid
            for name in names:
                assert got[name] == game.observe(state, name), (gid, name)
            for name in unknown:
                assert got[name] == ["missing", name], (gid, name)
            legal = game.legal_actions(state)
            if not legal:
                break
            state = game.apply(state, rng.choice(legal))


def test_a_view_refuses_a_state_of_another_table() -> None:
    game = games()["melniki-b"]
    two = game.setup(Table(2, 0, DeckOrder(shuffle(game.pack, 1)), {}))
    four = game.setup(Table(4, 0, DeckOrder(shuffle(game.pack, 1)), {}))
    view = game.viewer(["hand.0"], two, _missing)
    with pytest.raises(ValueError, match="2 seats"):
        view(four)
    with pytest.raises(TypeError):
        view(games()["gorka"].setup(Table(2, 0, DeckOrder(shuffle(games()["gorka"].pack, 1)), {})))


def _first_state(game: AnyGame) -> object:
    for n in game.players:
        try:
            return game.setup(Table(n, 0, DeckOrder(shuffle(game.pack, 1)), {}))
        except SetupError:
            continue
    raise AssertionError(f"{game.id} deals at no table size")


def test_a_state_or_action_of_another_game_is_a_type_error() -> None:
    """The type-erased surface checks what it is given: a state of another game, or a value that
    is no state or no action at all, is a ``TypeError`` naming the game, never a wrong answer.
    (Actions such as ``Play`` are shared between games, so only states can be foreign.)"""
    every = games()
    states = {gid: _first_state(game) for gid, game in every.items()}
    for gid, game in every.items():
        own = states[gid]
        action = game.legal_actions(own)[0]
        for foreign in states.values():
            if type(foreign) is type(own):
                continue  # variants of one module share its state type
            with pytest.raises(TypeError, match=gid):
                game.legal_actions(foreign)
            with pytest.raises(TypeError, match=gid):
                game.apply(foreign, action)
        for nonsense in (None, 1, "state", (own,)):
            with pytest.raises(TypeError, match=gid):
                game.legal_actions(nonsense)
            with pytest.raises(TypeError, match=gid):
                game.apply(own, nonsense)
            with pytest.raises(TypeError, match=gid):
                game.apply(nonsense, action)


def test_build_says_the_source_runs_here() -> None:
    # the tests run the source; nox -s compiled checks the compiled build says "compiled"
    assert reference.build() == "interpreted"
