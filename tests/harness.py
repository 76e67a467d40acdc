"""The generic stateful test any game plugs into (design §4).

A Hypothesis ``RuleBasedStateMachine`` deals a random table (seat count,
options, seeded deck), then plays random legal actions and tries random
illegal ones, checking after every step:

* the cards in play are the cards dealt, none lost or duplicated;
* chips are conserved;
* ``legal_actions`` is empty exactly when the game is over (outcome set, nobody to move);
* ``to_move`` is a seat of the table;
* every legal action is accepted; every other action is refused with
  :class:`IllegalAction`, the state unchanged;
* the position notation and the action JSON round-trip;
* at the end, replaying the action log from the deal gives an equal state,
  and a new table is dealt, so one example plays as many games as its steps allow;
* the game's own invariants.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from reference.core.cards import card_name
from reference.core.errors import FormatError, IllegalAction
from reference.core.game import AnyGame, DeckOrder, Table
from reference.core.game import seat_counts as accepted_seat_counts
from reference.core.jsontypes import JSONObject
from reference.core.options import OptionSpec, OptionValue
from reference.core.shuffle import shuffle

Invariant = Callable[[object], None]
#: Games played to the end, by game id, over the test session (reported by the tests).
GAMES_FINISHED: dict[str, int] = {}
ACTION_TYPES: Final = ("play", "take", "pass")


def option_values(spec: OptionSpec) -> st.SearchStrategy[OptionValue]:
    """Every value of an option: its listed values, or integers in its range."""
    if spec.values:
        return st.sampled_from(spec.values)
    lo = 0 if spec.minimum is None else spec.minimum
    hi = lo + 100 if spec.maximum is None else spec.maximum
    return st.integers(lo, hi)


def seat_counts(game: AnyGame, options: dict[str, OptionValue]) -> tuple[int, ...]:
    """The seat counts the game accepts under these options (some options allow more), once
    per game and options.

    Drawn from instead of filtering refused tables: a filter that rejects most draws
    fails Hypothesis' health check on a busy machine.
    """
    key = (game.id, tuple(sorted(options.items())))
    if key not in _SEAT_COUNTS:
        _SEAT_COUNTS[key] = accepted_seat_counts(game, options)
    return _SEAT_COUNTS[key]


_SEAT_COUNTS: dict[tuple[str, tuple[tuple[str, OptionValue], ...]], tuple[int, ...]] = {}


def tables(game: AnyGame) -> st.SearchStrategy[Table]:
    """Random tables of a game: players, dealer, options, and a seeded deck order."""

    @st.composite
    def build(draw: st.DrawFn) -> Table:
        options = {name: draw(option_values(spec)) for name, spec in sorted(game.options.items())}
        counts = seat_counts(game, options)
        if not counts:
            # options under which no table can be dealt (michigan: fewer than four chips each
            # under short_stake=sit-out, so everyone sits out): play the defaults instead
            options = {name: spec.default for name, spec in sorted(game.options.items())}
            counts = seat_counts(game, options)
        players = draw(st.sampled_from(counts))
        dealer = draw(st.integers(0, players - 1))
        seed = draw(st.integers(0, 2**64 - 1))
        return Table(players, dealer, DeckOrder(shuffle(game.pack, seed)), options)

    return build()


#: One integer encodes an arbitrary attempt (cheaper to draw than a dictionary).
ATTEMPTS: Final = st.integers(0, 2**20 - 1)


def attempt_json(code: int, players: int, game: AnyGame) -> JSONObject:
    """An arbitrary action of the common shapes, legal or not, decoded from ``code``."""
    kind = ACTION_TYPES[code % len(ACTION_TYPES)]
    seat = (code // len(ACTION_TYPES)) % players
    cards = sorted(set(game.pack))
    obj: JSONObject = {"type": kind, "seat": seat}
    if kind == "play":
        obj["card"] = card_name(cards[(code // 64) % len(cards)])
    return obj


def machine(game: AnyGame, extra: Invariant | None = None) -> type[RuleBasedStateMachine]:
    """A state machine class that tests ``game``."""

    class GameMachine(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.table: Table | None = None
            self.state: object = None
            self.log: list[object] = []
            self.dealt: list[int] = []
            self.chips: int | None = None

        @initialize(table=tables(game))
        def deal(self, table: Table) -> None:
            self._start(table)

        def _start(self, table: Table) -> None:
            self.state = game.setup(table)
            self.table = table
            self.log = []
            self.dealt = sorted(game.cards(self.state))
            self.chips = game.chips(self.state)

        @precondition(lambda self: self.over() and self.table is not None)
        @rule(table=tables(game))
        def next_deal(self, table: Table) -> None:
            """A finished game is checked for replay, then a new one is dealt."""
            self._check_replay()
            GAMES_FINISHED[game.id] = GAMES_FINISHED.get(game.id, 0) + 1
            self._start(table)

        def over(self) -> bool:
            return self.table is None or game.outcome(self.state) is not None

        @precondition(lambda self: not self.over())
        @rule(data=st.data())
        def step(self, data: st.DataObject) -> None:
            """Try an arbitrary action (refused unless legal), then play a legal one."""
            assert self.table is not None
            self._attempt(
                attempt_json(data.draw(ATTEMPTS, label="attempt"), self.table.players, game)
            )
            legal = game.legal_actions(self.state)
            assert legal, "a game that is not over has a legal action"
            action = legal[data.draw(st.integers(0, len(legal) - 1), label="action")]
            self.state = game.apply(self.state, action)
            self.log.append(action)

        def _attempt(self, obj: JSONObject) -> None:
            try:
                action = game.parse_action(obj)
            except FormatError:
                return
            # of the same kind as well as equal: actions of two kinds may hold the same fields
            if any(type(x) is type(action) and x == action for x in game.legal_actions(self.state)):
                return  # accepted: checked for every legal action by legal_iff_not_over
            before = game.position(self.state)
            try:
                game.apply(self.state, action)
            except IllegalAction as e:
                assert any(r.id == e.rule_id for r in game.rules), f"unknown rule {e.rule_id}"
            else:
                raise AssertionError(f"{obj} is not legal but was accepted")
            assert game.position(self.state) == before, "a refused action changed the state"

        @invariant()
        def conserved(self) -> None:
            if self.table is None:
                return
            assert sorted(game.cards(self.state)) == self.dealt, "cards lost or duplicated"
            assert game.chips(self.state) == self.chips, "chips not conserved"

        @invariant()
        def legal_iff_not_over(self) -> None:
            if self.table is None:
                return
            legal = game.legal_actions(self.state)
            done = game.outcome(self.state) is not None
            mover = game.to_move(self.state)
            assert (not legal) == done, "legal actions empty exactly when the game is over"
            assert (mover is None) == done
            if mover is not None:
                assert 0 <= mover < self.table.players
                assert all(a == game.parse_action(game.action_json(a)) for a in legal)
                for a in legal:
                    game.apply(self.state, a)  # every legal action is accepted

        @invariant()
        def round_trip(self) -> None:
            if self.table is None:
                return
            pos = game.position(self.state)
            assert game.load_position(pos) == self.state, "position notation round trip"

        @invariant()
        def game_specific(self) -> None:
            if self.table is not None and extra is not None:
                extra(self.state)

        def teardown(self) -> None:
            self._check_replay()

        def _check_replay(self) -> None:
            if self.table is None:
                return
            replay = game.setup(self.table)
            for a in self.log:
                replay = game.apply(replay, a)
            assert replay == self.state, "replaying the log gives the same state"

    GameMachine.__name__ = f"Machine_{game.id.replace('-', '_')}"
    return GameMachine
