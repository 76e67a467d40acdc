"""The contract every game follows (design §2), and its type-erased form.

A game is pure functions over immutable state: ``setup`` from an explicit
:class:`Table`, ``legal_actions``, ``apply`` (a new state, or
:class:`~reference.core.errors.IllegalAction` with the state untouched),
``to_move``, ``outcome``, ``observe`` and ``view`` (what a seat may see). Each
game has typed states and actions (:class:`Game`); code that works on any game
(the harness, the adapter) uses :class:`AnyGame`, the same surface over
``object`` with run-time checks, so no ``Any`` is needed anywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Generic, Protocol, TypeGuard, TypeVar, cast

from reference.core.cards import Card
from reference.core.errors import SetupError
from reference.core.jsontypes import JSON, JSONObject
from reference.core.options import OptionSpec, OptionValue
from reference.core.rules import Rule
from reference.core.seats import Seat


@dataclass(frozen=True, slots=True)
class DeckOrder:
    """A deal given as the whole pack in order, top card first.

    The game deals it as its text says.
    """

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Dealt:
    """A deal given as the hands (by seat), the stock (top first) and face-up cards (a trump)."""

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...] = ()
    up: tuple[Card, ...] = ()


Deal = DeckOrder | Dealt


@dataclass(frozen=True, slots=True)
class Table:
    """What a game starts from: the number of players, the dealer's seat, options and the deal."""

    players: int
    dealer: Seat
    deal: Deal
    options: Mapping[str, OptionValue] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game.

    ``winners`` and ``losers`` are seats (a game that names only a loser lists
    everyone else as winners; a draw has neither); ``scores`` are per-seat
    numbers where the game keeps them; ``reason`` says how it ended.
    """

    winners: tuple[Seat, ...]
    losers: tuple[Seat, ...]
    reason: str
    scores: tuple[int, ...] | None = None

    def to_json(self) -> JSONObject:
        out: JSONObject = {
            "winners": list(self.winners),
            "losers": list(self.losers),
            "reason": self.reason,
        }
        if self.scores is not None:
            out["scores"] = list(self.scores)
        return out


#: The observables every game answers (design §3); games add their own.
COMMON_OBSERVABLES = ("to_move", "phase", "legal", "outcome")
#: The parts of an outcome, each observable on its own (``null`` while the game is on), so
#: that a scenario can pin who won without pinning the scores, or the other way round.
OUTCOME_PARTS = ("outcome.winners", "outcome.losers", "outcome.scores")


def outcome_part(outcome: Outcome | None, name: str) -> JSON:
    """One part of an outcome: its winners, its losers or its scores (``null`` if none kept)."""
    if outcome is None:
        return None
    if name == "outcome.winners":
        return list(outcome.winners)
    if name == "outcome.losers":
        return list(outcome.losers)
    if name == "outcome.scores":
        return None if outcome.scores is None else list(outcome.scores)
    raise KeyError(name)


S = TypeVar("S")
A = TypeVar("A")


def _outcome_part_of(outcome: Callable[[S], Outcome | None], name: str, s: S) -> JSON:
    return outcome_part(outcome(s), name)


class Game(Protocol[S, A]):
    """One game of the corpus, with typed states ``S`` and actions ``A``."""

    @property
    def id(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def players(self) -> range: ...
    @property
    def options(self) -> Mapping[str, OptionSpec]: ...
    @property
    def rules(self) -> tuple[Rule, ...]: ...
    @property
    def observables(self) -> tuple[str, ...]: ...
    @property
    def pack(self) -> tuple[Card, ...]: ...
    @property
    def state_type(self) -> type[S]: ...
    @property
    def actions(self) -> tuple[type[A], ...]: ...
    @property
    def kinds(self) -> tuple[str, ...]: ...

    def is_action(self, a: object) -> TypeGuard[A]: ...
    def setup(self, table: Table) -> S: ...
    def legal_actions(self, s: S) -> tuple[A, ...]: ...
    def apply(self, s: S, a: A) -> S: ...
    def to_move(self, s: S) -> Seat | None: ...
    def outcome(self, s: S) -> Outcome | None: ...
    def observe(self, s: S, name: str) -> JSON: ...
    def view(self, s: S, seat: Seat | None) -> JSONObject: ...
    def reader(self, name: str, seats: int) -> Callable[[S], JSON] | None: ...
    def seats(self, s: S) -> int: ...
    def parse_action(self, obj: JSON) -> A: ...
    def action_json(self, a: A) -> JSONObject: ...
    def position(self, s: S) -> JSONObject: ...
    def load_position(self, pos: JSON) -> S: ...
    def cards(self, s: S) -> tuple[Card, ...]: ...
    def chips(self, s: S) -> int | None: ...


class AnyGame(Protocol):
    """The surface of :class:`Game` over ``object``, for code that serves every game."""

    @property
    def id(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def players(self) -> range: ...
    @property
    def options(self) -> Mapping[str, OptionSpec]: ...
    @property
    def rules(self) -> tuple[Rule, ...]: ...
    @property
    def observables(self) -> tuple[str, ...]: ...
    @property
    def pack(self) -> tuple[Card, ...]: ...
    @property
    def kinds(self) -> tuple[str, ...]: ...
    @property
    def module(self) -> str: ...

    def setup(self, table: Table) -> object: ...
    def legal_actions(self, s: object) -> tuple[object, ...]: ...
    def apply(self, s: object, a: object) -> object: ...
    def to_move(self, s: object) -> Seat | None: ...
    def outcome(self, s: object) -> Outcome | None: ...
    def observe(self, s: object, name: str) -> JSON: ...
    def view(self, s: object, seat: Seat | None) -> JSONObject: ...
    def viewer(
        self, names: Sequence[str], s: object, missing: Callable[[str], JSON]
    ) -> Callable[[object], JSONObject]: ...
    def parse_action(self, obj: JSON) -> object: ...
    def action_json(self, a: object) -> JSONObject: ...
    def position(self, s: object) -> JSONObject: ...
    def load_position(self, pos: JSON) -> object: ...
    def cards(self, s: object) -> tuple[Card, ...]: ...
    def chips(self, s: object) -> int | None: ...


class Erased(Generic[S, A]):
    """A typed game seen as :class:`AnyGame`.

    A state or action of another game is a ``TypeError``.
    """

    #: ``legal_actions(s)``: the legal actions in ``s``; a state of another game is a ``TypeError``.
    legal_actions: Callable[[object], tuple[object, ...]]
    #: ``apply(s, a)``: the state after ``a`` in ``s``; a state or action of another game is a
    #: ``TypeError``.
    apply: Callable[[object, object], object]

    def __init__(self, game: Game[S, A]) -> None:
        self.game = game
        # The two calls of every decision (random playouts make millions) are closures over the
        # game's own functions. A state of exactly the game's type, and an action of exactly one
        # of its action types, go straight through (a set look-up: the apply below is typed to
        # take that tested action); anything else takes the full check, which raises the
        # TypeError.
        state_type, action_types = game.state_type, frozenset(game.actions)
        legal, apply = game.legal_actions, cast(Callable[[S, object], S], game.apply)

        def legal_actions(s: object) -> tuple[object, ...]:
            if type(s) is state_type:
                return legal(s)
            return legal(self._s(s))

        def apply_action(s: object, a: object) -> object:
            if type(s) is state_type and type(a) in action_types:
                return apply(s, a)
            return apply(self._s(s), self._a(a))

        self.legal_actions = legal_actions
        self.apply = apply_action

    @property
    def id(self) -> str:
        return self.game.id

    @property
    def title(self) -> str:
        return self.game.title

    @property
    def players(self) -> range:
        return self.game.players

    @property
    def options(self) -> Mapping[str, OptionSpec]:
        return self.game.options

    @property
    def rules(self) -> tuple[Rule, ...]:
        return self.game.rules

    @property
    def observables(self) -> tuple[str, ...]:
        return self.game.observables + OUTCOME_PARTS

    @property
    def pack(self) -> tuple[Card, ...]:
        return self.game.pack

    @property
    def kinds(self) -> tuple[str, ...]:
        """The kinds of action of the game (the ``type`` of an action's JSON form), sorted."""
        return self.game.kinds

    @property
    def module(self) -> str:
        """The dotted name of the module that holds the game's rules (that of its state)."""
        return self.game.state_type.__module__

    def _s(self, s: object) -> S:
        if isinstance(s, self.game.state_type):
            return s
        raise TypeError(f"{type(s).__name__} is not a state of {self.game.id}")

    def _a(self, a: object) -> A:
        if self.game.is_action(a):
            return a
        raise TypeError(f"{a!r} is not an action of {self.game.id}")

    def setup(self, table: Table) -> object:
        return self.game.setup(table)

    def to_move(self, s: object) -> Seat | None:
        return self.game.to_move(self._s(s))

    def outcome(self, s: object) -> Outcome | None:
        return self.game.outcome(self._s(s))

    def observe(self, s: object, name: str) -> JSON:
        if name in OUTCOME_PARTS:
            return outcome_part(self.game.outcome(self._s(s)), name)
        return self.game.observe(self._s(s), name)

    def view(self, s: object, seat: Seat | None) -> JSONObject:
        """What ``seat`` (``None``: a bystander) may see of ``s``; a seat not at the table is a
        ``ValueError``."""
        t = self._s(s)
        if seat is not None and not 0 <= seat < self.game.seats(t):
            raise ValueError(f"seat {seat} is not at this table of {self.game.seats(t)}")
        return self.game.view(t, seat)

    def viewer(
        self, names: Sequence[str], s: object, missing: Callable[[str], JSON]
    ) -> Callable[[object], JSONObject]:
        """The observables ``names`` as one function of a state of the table of ``s`` (the
        names looked up once): each name's value, or ``missing(name)`` for a name the game
        does not have. The state is checked once a call; a state of another table is a
        ``ValueError``."""
        game = self.game
        seats = game.seats(self._s(s))
        outcome = game.outcome
        readers: list[tuple[str, Callable[[S], JSON] | None]] = []
        for name in names:
            if name in OUTCOME_PARTS:
                readers.append((name, partial(_outcome_part_of, outcome, name)))
            else:
                readers.append((name, game.reader(name, seats)))

        def view(state: object) -> JSONObject:
            t = self._s(state)
            if game.seats(t) != seats:
                raise ValueError(f"a view of a table of {seats} seats, not {game.seats(t)}")
            return {n: missing(n) if read is None else read(t) for n, read in readers}

        return view

    def parse_action(self, obj: JSON) -> object:
        return self.game.parse_action(obj)

    def action_json(self, a: object) -> JSONObject:
        return self.game.action_json(self._a(a))

    def position(self, s: object) -> JSONObject:
        return self.game.position(self._s(s))

    def load_position(self, pos: JSON) -> object:
        return self.game.load_position(pos)

    def cards(self, s: object) -> tuple[Card, ...]:
        return self.game.cards(self._s(s))

    def chips(self, s: object) -> int | None:
        return self.game.chips(self._s(s))


def seat_counts(game: AnyGame, options: Mapping[str, OptionValue]) -> tuple[int, ...]:
    """The seat counts of the game's range that it sets up under these options: an option may
    narrow the range or widen it (michigan's table=two-or-more seats nine and more; lotereya's
    banker and dealer sit at two seats only under officers=play). A table refused for its seat
    count (a rule ``<game>/players``) is left out; one refused for another reason is kept, for
    its setup to say why."""
    counts = []
    for n in game.players:
        try:
            game.setup(Table(n, 0, DeckOrder(game.pack), dict(options)))
        except SetupError as e:
            if e.rule_id is not None and e.rule_id.endswith("/players"):
                continue
        counts.append(n)
    return tuple(counts)
