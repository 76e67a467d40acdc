"""Every game of the corpus through OpenSpiel: registered with its options as parameters,
OpenSpiel's own random simulation test under the defaults and under seeded random option mixes,
the same views as the model at every step of a game played both ways, and the action encoding
round-tripping for every legal action met."""

from __future__ import annotations

import json
import random

import pytest

from reference.core.errors import SetupError
from reference.core.game import AnyGame, DeckOrder, Table, seat_counts
from reference.core.options import OptionValue
from reference.games import REGISTRY
from tests.openspiel import require

pyspiel, bridge = require()

from reference.openspiel import KolodaState  # noqa: E402  (pyspiel is there: require passed)

#: OpenSpiel's random simulations per game under the defaults, and per option mix.
SIMS = 5
MIX_SIMS = 2
#: The seeded random option mixes per game, and their seed.
MIXES = 3
SEED = 20_261_207
#: Random games per game played both through OpenSpiel and on the model.
LOCKSTEP_GAMES = 2
#: Random games of each zero-sum game, each under its own option mix.
ZERO_SUM_GAMES = 30


def option_mix(game: AnyGame, rng: random.Random) -> tuple[int, dict[str, OptionValue]]:
    """A random reading of every option with a closed set of values (amounts at their
    defaults), and a random seat count the game sets up under it."""
    while True:
        options: dict[str, OptionValue] = {
            name: rng.choice(spec.values)
            for name, spec in sorted(game.options.items())
            if spec.values
        }
        counts = seat_counts(game, options)
        players = rng.choice(counts)
        try:
            game.setup(Table(players, 0, DeckOrder(game.pack), options))
        except SetupError:
            continue
        return players, options


def params(players: int, options: dict[str, OptionValue]) -> dict[str, OptionValue]:
    """The OpenSpiel parameters of a table."""
    return {"players": players, **{k: bridge.parameter_value(v) for k, v in options.items()}}


def test_every_game_is_registered_with_its_options_as_parameters() -> None:
    assert tuple(bridge.short_name(g) for g in REGISTRY) == bridge.GAMES
    assert "koloda_mushka_kopilka" in pyspiel.registered_names()
    for gid, model in REGISTRY.items():
        game = pyspiel.load_game(bridge.short_name(gid))
        spec = game.get_type().parameter_specification
        assert set(spec) == {"players", "max_game_length", *model.options}
        for name, option in model.options.items():
            value = game.get_parameters()[name]
            default = bridge.parameter_value(option.default)
            assert type(value) is type(default) and value == default, name
        assert game.num_players() == seat_counts(model, {})[0]
        assert game.max_game_length() == bridge.MAX_GAME_LENGTH
        assert game.max_chance_outcomes() == 52


def test_parameters_reach_the_model() -> None:
    game = pyspiel.load_game("koloda_mushka", {"players": 4, "must_beat": False})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    position = state.position()
    assert position["players"] == 4
    options = position["options"]
    assert isinstance(options, dict) and options["must_beat"] is False


def run_sims(game_name: str, parameters: dict[str, OptionValue], sims: int) -> None:
    """OpenSpiel's random simulation test (serialising and reading back states on the way)."""
    game = pyspiel.load_game(game_name, parameters)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_openspiels_random_simulation_passes_for_every_game_under_the_defaults(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for name in bridge.GAMES:
        run_sims(name, {}, SIMS)
    with capsys.disabled():
        print(f"\nrandom_sim_test, defaults: {len(bridge.GAMES)} games, {SIMS} sims each")


def test_openspiels_random_simulation_passes_under_random_option_mixes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rng = random.Random(SEED)
    played = 0
    for gid, model in REGISTRY.items():
        for _ in range(MIXES):
            players, options = option_mix(model, rng)
            run_sims(bridge.short_name(gid), params(players, options), MIX_SIMS)
            played += 1
    with capsys.disabled():
        print(f"\nrandom_sim_test, option mixes: {played} tables, {MIX_SIMS} sims each")


def lockstep(gid: str, players: int, options: dict[str, OptionValue], seed: int) -> int:
    """One random game through OpenSpiel and on the model side by side (same deck order, same
    choices): the same views, player to move and legal actions at every step; every legal
    action's id decodes to its JSON notation. The decisions played."""
    model = REGISTRY[gid]
    game = pyspiel.load_game(bridge.short_name(gid), params(players, options))
    space = bridge.ActionSpace(model, players, game.chips)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
        state.apply_action(rng.choice([card for card, _ in outcomes]))
    deck = tuple(a for a in state.history())
    direct = model.setup(Table(players, 0, DeckOrder(deck), options))
    decisions = 0
    while True:
        for seat in range(players):
            view = json.loads(state.observation_string(seat))
            assert view == model.view(direct, seat), (gid, decisions, seat)
        legal = model.legal_actions(direct)
        if not legal:
            assert state.is_terminal()
            return decisions
        seat_to_move = model.to_move(direct)
        assert state.current_player() == seat_to_move
        hand = state.hand(seat_to_move)
        ids = state.legal_actions()
        assert len(ids) == len(legal) and all(0 <= i < game.num_distinct_actions() for i in ids)
        for action in legal:
            notation = model.action_json(action)
            action_id = space.encode(notation, hand)
            assert action_id in ids
            assert space.decode(action_id, seat_to_move, hand) == notation
            assert model.parse_action(notation) == action
            assert json.loads(state.action_to_string(seat_to_move, action_id)) == notation
        chosen = rng.choice(ids)
        played = model.parse_action(space.decode(chosen, seat_to_move, hand))
        state.apply_action(chosen)
        direct = model.apply(direct, played)
        decisions += 1


def test_a_game_through_openspiel_sees_what_the_model_shows(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rng = random.Random(SEED + 1)
    games = decisions = 0
    for gid, model in REGISTRY.items():
        tables = [(seat_counts(model, {})[0], {}), option_mix(model, rng)]
        for players, options in tables:
            for k in range(LOCKSTEP_GAMES):
                decisions += lockstep(gid, players, options, seed=k)
                games += 1
    with capsys.disabled():
        print(f"\nlockstep: {games} games, {decisions} decisions, every legal action round-tripped")


def test_an_information_state_adds_the_seats_own_actions() -> None:
    game = pyspiel.load_game("koloda_melniki_b")
    state = game.new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node():
        state.apply_action(rng.choice([c for c, _ in state.chance_outcomes()]))
    mine: list[object] = []
    for _ in range(6):
        seat = state.current_player()
        action = rng.choice(state.legal_actions())
        if seat == 0:
            mine.append(json.loads(state.action_to_string(seat, action)))
        state.apply_action(action)
    info = json.loads(state.information_state_string(0))
    assert info["own"] == mine
    assert info["view"] == json.loads(state.observation_string(0))


def test_returns_follow_the_outcome() -> None:
    for gid in REGISTRY:
        game = pyspiel.load_game(bridge.short_name(gid))
        rng = random.Random(7)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([c for c, _ in state.chance_outcomes()]))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        outcome = state.outcome()
        assert outcome is not None
        returns = state.returns()
        if gid in bridge.WIN_LOSS:
            assert outcome.scores is None
            for seat, r in enumerate(returns):
                assert r == (1 if seat in outcome.winners else -1 if seat in outcome.losers else 0)
        else:
            assert outcome.scores is not None, gid
            assert returns == [s - game.share for s in outcome.scores]
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)


def play_out(state: KolodaState, rng: random.Random) -> None:
    """Random play to the end (chance by its odds)."""
    while not state.is_terminal():
        if state.is_chance_node():
            cards, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(cards, weights=odds)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def test_the_games_declared_zero_sum_are_and_no_other_is() -> None:
    rng = random.Random(SEED + 2)
    for gid, model in REGISTRY.items():
        game = pyspiel.load_game(bridge.short_name(gid))
        zero = game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
        assert zero == (gid in bridge.ZERO_SUM)
        if not zero:
            continue
        for _ in range(ZERO_SUM_GAMES):
            players, options = option_mix(model, rng)
            state = pyspiel.load_game(bridge.short_name(gid), params(players, options))
            state = state.new_initial_state()
            play_out(state, rng)
            assert sum(state.returns()) == 0, (gid, players, options)


def test_a_game_is_cut_at_max_game_length_with_nothing_won() -> None:
    game = pyspiel.load_game("koloda_melniki_a", {"max_game_length": 5})
    assert game.max_game_length() == 5
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    for _ in range(5):
        assert not state.is_terminal()
        state.apply_action(state.legal_actions()[0])
    assert state.is_terminal() and state.truncated()
    assert state.returns() == [0.0, 0.0] and state.legal_actions() == []


def test_a_string_option_of_digits_is_marked_in_its_parameter() -> None:
    game = pyspiel.load_game("koloda_svinyi")
    assert game.get_parameters()["pack"] == "n52"
    assert pyspiel.load_game("koloda_svinyi(pack=n52)").options == {}
    assert pyspiel.load_game("koloda_svinyi", {"pack": "52"}).options == {}
    assert pyspiel.load_game("koloda_svinyi(pack=by-players)").options == {"pack": "by-players"}


def test_a_state_survives_serialisation() -> None:
    game = pyspiel.load_game("koloda_gorka", {"players": 3, "overblind": "chosen"})
    state = game.new_initial_state()
    rng = random.Random(5)
    while state.is_chance_node() or (not state.is_terminal() and len(state.history()) < 34):
        if state.is_chance_node():
            state.apply_action(rng.choice([c for c, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert state2.history() == state.history()
    assert state2.position() == state.position()


def test_a_state_from_a_position_goes_on_as_the_game_it_came_from() -> None:
    game = pyspiel.load_game("koloda_mushka", {"players": 4, "gather": "claim"})
    state = game.new_initial_state()
    rng = random.Random(11)
    while state.is_chance_node() or len(state.history()) < 52 + 6:
        if state.is_chance_node():
            state.apply_action(rng.choice([c for c, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    copy = game.state_at(state.position())
    while not state.is_terminal():
        assert copy.current_player() == state.current_player()
        assert copy.legal_actions() == state.legal_actions()
        for seat in range(4):
            assert copy.observation_string(seat) == state.observation_string(seat)
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        copy.apply_action(action)
    assert copy.is_terminal() and copy.returns() == state.returns()
    other = pyspiel.load_game("koloda_mushka", {"players": 4})
    with pytest.raises(ValueError, match="another table"):
        other.state_at(state.position())
