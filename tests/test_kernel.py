"""The kernel a game plugs into: options read off one declaration, the observables table."""

from __future__ import annotations

import re
from dataclasses import FrozenInstanceError, dataclass
from typing import Final, NamedTuple

import pytest

from reference.core.actions import Pass
from reference.core.cards import DECK_32
from reference.core.errors import FormatError, SetupError
from reference.core.game import DeckOrder, Outcome, Table
from reference.core.jsontypes import JSON, JSONObject
from reference.core.kernel import GameOptions, Kernel, Observable, PerSeat, option
from reference.core.positions import Head, Notation
from reference.games import REGISTRY


@dataclass(frozen=True, slots=True)
class Toy(GameOptions):
    stake: int = option(2, "An agreed stake.", minimum=1, maximum=9)
    ending: str = option("soon", "When it ends.", ("soon", "late"), ruling="AMB-TOY-01")
    strict: bool = option(True, "Whether it is strict.", (True, False), ruling="AMB-TOY-02")

    @property
    def late(self) -> bool:
        return self.ending == "late"


class ToyState(NamedTuple):
    players: int
    over: bool


def _toy(table: tuple[Observable[ToyState] | PerSeat[ToyState], ...]) -> Kernel[ToyState, Pass]:
    def setup(t: Table) -> ToyState:
        return ToyState(t.players, False)

    def legal(s: ToyState) -> tuple[Pass, ...]:
        return () if s.over else (Pass(0),)

    def position(s: ToyState) -> JSONObject:
        return {"players": s.players}

    def load(pos: JSON) -> ToyState:
        return ToyState(2, False)

    return Kernel(
        id="toy",
        title="Toy",
        players=range(2, 4),
        options=Toy.specs(),
        rules=(),
        pack=DECK_32,
        state_type=ToyState,
        actions=(Pass,),
        setup=setup,
        legal_actions=legal,
        apply=lambda s, a: s._replace(over=True),
        to_move=lambda s: None if s.over else 0,
        outcome=lambda s: Outcome((0,), (1,), "done") if s.over else None,
        phase=lambda s: "over" if s.over else "play",
        seats=lambda s: s.players,
        table=table,
        parse_action=lambda obj: Pass(0),
        position=position,
        load_position=load,
        cards=lambda s: (),
    )


def test_option_specs_are_read_off_the_declaration_in_field_order() -> None:
    specs = Toy.specs()
    assert list(specs) == ["stake", "ending", "strict"]
    assert specs["stake"].name == "stake" and specs["stake"].default == 2
    assert (specs["stake"].minimum, specs["stake"].maximum, specs["stake"].ruling) == (1, 9, None)
    assert specs["ending"].values == ("soon", "late") and specs["ending"].ruling == "AMB-TOY-01"


def test_options_of_a_table_take_given_values_else_defaults() -> None:
    opts = Toy.of("toy", Toy.specs(), {"ending": "late"})
    assert (opts.stake, opts.ending, opts.strict, opts.late) == (2, "late", True, True)
    with pytest.raises(FrozenInstanceError):
        opts.stake = 3  # type: ignore[misc]


@pytest.mark.parametrize(
    "given", [{"stake": 0}, {"stake": 10}, {"ending": "never"}, {"strict": 1}, {"colour": "red"}]
)
def test_an_option_outside_its_declaration_is_refused(given: dict[str, int | str]) -> None:
    with pytest.raises(SetupError, match="toy"):
        Toy.of("toy", Toy.specs(), given)


def test_a_variant_offering_fewer_options_keeps_the_rest_at_defaults() -> None:
    offered = {k: v for k, v in Toy.specs().items() if k != "strict"}
    with pytest.raises(SetupError, match="unknown option 'strict'"):
        Toy.of("toy-variant", offered, {"strict": False})
    opts = Toy.of("toy-variant", offered, {"stake": 5})
    assert opts.strict is True
    assert opts.to_json(offered) == {"stake": 5, "ending": "soon"}


def test_the_common_observables_come_first_and_each_declared_one_follows() -> None:
    game = _toy((Observable("stakes", lambda s: 2 * s.players), PerSeat("hand", lambda s, p: [p])))
    assert game.observables == ("to_move", "phase", "legal", "outcome", "stakes", "hand.<seat>")
    s = game.setup(Table(3, 0, DeckOrder(DECK_32)))
    assert [game.observe(s, n) for n in ("to_move", "phase", "stakes", "hand.2")] == [
        0,
        "play",
        6,
        [2],
    ]
    assert game.observe(s, "legal") == [{"type": "pass", "seat": 0}]
    assert game.observe(s, "outcome") is None
    done = game.apply(s, Pass(0))
    assert game.observe(done, "outcome") == {"winners": [0], "losers": [1], "reason": "done"}
    assert game.observe(done, "to_move") is None and game.is_action(Pass(1))


@pytest.mark.parametrize(
    "name", ["hand.3", "hand.-1", "hand.x", "hand.", "hand.１", "stakes.0", "x"]
)
def test_an_observable_the_game_has_not_is_a_key_error(name: str) -> None:
    game = _toy((Observable("stakes", lambda s: 2 * s.players), PerSeat("hand", lambda s, p: [p])))
    with pytest.raises(KeyError, match="toy has no observable"):
        game.observe(ToyState(3, False), name)


@pytest.mark.parametrize("twice", ["phase", "hand", "pile.0"])
def test_an_observable_declared_twice_or_with_a_dot_is_refused(twice: str) -> None:
    with pytest.raises(ValueError, match="declared twice or badly"):
        _toy((PerSeat("hand", lambda s, p: [p]), Observable(twice, lambda s: 0)))


def test_a_registered_game_names_the_module_of_its_rules() -> None:
    assert REGISTRY["gorka"].module == "reference.games.gorka"
    assert REGISTRY["mushka-pamfil"].module == "reference.games.mushka"


def _two_or_three(n: int, opts: Toy) -> None:
    if not 2 <= n <= 3:
        raise SetupError(f"toy: {n} players", "toy/players")


TOY_NOTATION: Final = Notation("toy", Toy, Toy.specs(), {1: "play", 0: "over"}, _two_or_three)


def _head(pos: JSON) -> Head[Toy]:
    return TOY_NOTATION.read(pos)


def test_a_position_head_is_read_with_its_options_dealer_phase_and_turn() -> None:
    head = _head(
        {
            "game": "toy",
            "players": 3,
            "dealer": 1,
            "options": {"stake": 4},
            "phase": "play",
            "to_move": 2,
        }
    )
    assert (head.players, head.dealer, head.options.stake, head.phase, head.turn) == (3, 1, 4, 1, 2)
    over = _head(
        {"game": "toy", "players": 2, "dealer": 0, "phase": "over", "to_move": None, "x": 1}
    )
    assert (over.options, over.phase, over.turn, over.fields["x"]) == (Toy(), 0, -1, 1)


def test_a_position_head_is_written_as_it_is_read() -> None:
    written = TOY_NOTATION.head(3, 2, Toy(stake=4), 1, None)
    assert written == {
        "game": "toy",
        "players": 3,
        "dealer": 2,
        "options": {"stake": 4, "ending": "soon", "strict": True},
        "phase": "play",
        "to_move": None,
    }
    head = _head(written)
    assert (head.players, head.dealer, head.options, head.phase, head.turn) == (
        3,
        2,
        Toy(stake=4),
        1,
        -1,
    )


@pytest.mark.parametrize(
    ("pos", "where"),
    [
        ({"game": "gorka", "players": 2, "phase": "play"}, "position/game"),
        ({"game": "toy", "phase": "play"}, "missing field 'players'"),
        ({"game": "toy", "players": 4, "phase": "play"}, "position: toy/players: toy: 4 players"),
        ({"game": "toy", "players": 2, "phase": "play", "options": {"stake": 0}}, "stake=0"),
        ({"game": "toy", "players": 2, "dealer": 0, "phase": "deal"}, "'deal' is not one of"),
        ({"game": "toy", "players": 2, "phase": "play"}, "missing field 'dealer'"),
        ({"game": "toy", "players": 2, "dealer": 2, "phase": "play"}, "position/dealer: 2 is"),
        ({"game": "toy", "players": 2, "dealer": -1, "phase": "play"}, "position/dealer: -1"),
        (
            {"game": "toy", "players": 2, "dealer": 0, "phase": "play", "to_move": "0"},
            "position/to_move",
        ),
    ],
)
def test_a_bad_position_head_names_what_is_wrong(pos: JSON, where: str) -> None:
    with pytest.raises(FormatError, match=re.escape(where)):
        _head(pos)
