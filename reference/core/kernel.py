"""The kernel a game plugs into: its options, its observables and the :class:`Game` surface.

A game module holds what its text says, in the text's order: rules, options, state, deal,
legal actions, apply, outcome. What every game needs around that is built here from three
declarations:

- **options**: a frozen dataclass deriving from :class:`GameOptions` whose fields are the
  options, each declared once with :func:`option` (default, doc, values or range, ruling). The
  game's option specs (:meth:`GameOptions.specs`), the typed options of a table
  (:meth:`GameOptions.of`) and their JSON form (:meth:`GameOptions.to_json`) are read off it;
  what the rules test (``opts.double_blind``) is a property of the class over the option's value,
  or, on a hot path, a field declared with :func:`reading` and set from the options as they are
  made.
- **observables**: a tuple of :class:`Observable` (one value of the state) and :class:`PerSeat`
  (one value for each seat, asked as ``name.<seat>``). ``to_move``, ``phase``, ``legal`` and
  ``outcome`` (design §3) are provided.
- **the game**: :class:`Kernel` takes the game's pure functions and the two declarations and is
  the game's :class:`~reference.core.game.Game`. A module that declares them under the names
  of :class:`Rules` is made a game by :meth:`Kernel.of` (the registry, ``reference.games``,
  does so for each); a module serving several variants builds its kernels itself.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import ClassVar, Final, Generic, Protocol, Self, TypeGuard, TypeVar

from mypy_extensions import mypyc_attr

from reference.core.actions import legal_json
from reference.core.cards import Card
from reference.core.game import Outcome, Table
from reference.core.jsontypes import JSON, JSONObject
from reference.core.options import OptionSpec, OptionValue, resolve
from reference.core.rules import Rule
from reference.core.seats import Seat

# --- options ----------------------------------------------------------------------------------

V = TypeVar("V", bool, int, str)

_SPEC: Final = "koloda.option"  # the key of a field's OptionSpec in its metadata


def option(
    default: V,
    doc: str,
    values: tuple[V, ...] = (),
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    ruling: str | None = None,
) -> V:
    """One field of a :class:`GameOptions` dataclass: an option with its default.

    ``values`` lists a closed set of values; an agreed amount gives ``minimum``/``maximum``
    instead. ``ruling`` names the register entry whose readings the values select.
    """
    spec = OptionSpec("", default, doc, values, minimum, maximum, ruling)
    made: V = dataclasses.field(default=default, metadata={_SPEC: spec})
    return made


R = TypeVar("R")


def reading(kind: type[R]) -> R:
    """One field of a :class:`GameOptions` dataclass that is no option: a reading the rules
    test (of type ``kind``), set from the options in the class's ``__post_init__`` (not given,
    not shown, not compared: equal options have equal readings)."""
    made: R = dataclasses.field(init=False, repr=False, compare=False)
    return made


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True, slots=True)
class GameOptions:
    """The typed options of a game: subclass it as a frozen dataclass of :func:`option` fields.

    The game offers :meth:`specs` (or, for a variant that offers only some of the options or
    the same under another ruling, its own selection of them); an option a game does not offer
    keeps its default and is not written.
    """

    @classmethod
    def specs(cls) -> dict[str, OptionSpec]:
        """Every declared option, by name, in the order of the fields."""
        out: dict[str, OptionSpec] = {}
        for f in dataclasses.fields(cls):
            spec = f.metadata.get(_SPEC)
            if isinstance(spec, OptionSpec):
                out[f.name] = dataclasses.replace(spec, name=f.name)
        return out

    @classmethod
    def of(
        cls, game: str, specs: Mapping[str, OptionSpec], given: Mapping[str, OptionValue]
    ) -> Self:
        """The options of a table of ``game``: each given value (checked against the offered
        ``specs``), else the default.

        An unknown option or value is a :class:`~reference.core.errors.SetupError`.
        """
        return cls(**resolve(game, specs, given))

    def to_json(self, specs: Mapping[str, OptionSpec]) -> JSONObject:
        """The options as a position writes them: each offered option with its value."""
        out: JSONObject = {}
        for name in specs:
            value: OptionValue = getattr(self, name)
            out[name] = value
        return out


# --- observables ------------------------------------------------------------------------------

S = TypeVar("S")


class Action(Protocol):
    """What the kernel needs of a game's action: its kind, its seat and its JSON form."""

    KIND: ClassVar[str]

    @property
    def seat(self) -> Seat: ...
    def to_json(self) -> JSONObject: ...


A = TypeVar("A", bound=Action)


#: What an observable reads: a state of its game, or of any game whose states have the fields
#: it reads (an observable of every state with ``hands`` serves each such game).
S_contra = TypeVar("S_contra", contravariant=True)


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Observable(Generic[S_contra]):
    """An observable that is one value of the state (``name``), in canonical JSON."""

    name: str
    value: Callable[[S_contra], JSON]


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class PerSeat(Generic[S_contra]):
    """An observable with one value for each seat, asked as ``name.<seat>`` (seat from 0)."""

    name: str
    value: Callable[[S_contra, Seat], JSON]


#: Who looks at a view: a seat, or ``None`` for a bystander (he sees what any seat sees of the
#: table, and no hand).
Viewer = Seat | None


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Shown(Generic[S_contra]):
    """One field of a game's view (:mod:`reference.core.views`): ``name``, and
    ``value(state, viewer)``, what the viewer sees of it."""

    name: str
    value: Callable[[S_contra, Viewer], JSON]


def view_of(fields: tuple[Shown[S], ...], s: S, viewer: Viewer) -> JSONObject:
    """The fields of a view of ``s`` for ``viewer``, by name."""
    return {f.name: f.value(s, viewer) for f in fields}


#: What every game answers (design §3), provided by :class:`Kernel`.
COMMON: Final = ("to_move", "phase", "legal", "outcome")


def _no_chips(s: object) -> int | None:
    return None


# --- the game ---------------------------------------------------------------------------------


class Seated(Protocol):
    """A state that says how many seats its table has."""

    @property
    def players(self) -> int: ...


SS = TypeVar("SS", bound=Seated)


def _seat_count(s: Seated) -> int:
    return s.players


class Rules(Protocol[S, A]):
    """What a game module declares, by these names, for :meth:`Kernel.of` to make it a game.

    The constants: ``GAME_ID``, ``TITLE``, ``PLAYER_COUNTS`` (the seat counts the text
    allows), ``OPTIONS`` (its option specs), ``RULES``, ``PACK`` (the pack a table is dealt
    from), ``STATE`` (the state's class), ``ACTIONS`` (its action classes), ``OBSERVABLES``
    and ``VIEW`` (what each seat may see, :mod:`reference.core.views`).
    The pure functions: ``setup``, ``legal_actions``, ``apply``, ``to_move``, ``outcome``,
    ``phase_name`` (the ``phase`` observable), ``parse_action``, ``position``,
    ``load_position``, ``all_cards`` (every card of a state) and ``chips_in_play`` (None where
    the game has no chips). A state says how many seats its table has (``players``). A module
    is checked against this protocol where the registry makes its game.
    """

    # the module's constants, under their names there (hence upper case)
    @property
    def GAME_ID(self) -> str: ...  # noqa: N802
    @property
    def TITLE(self) -> str: ...  # noqa: N802
    @property
    def PLAYER_COUNTS(self) -> range: ...  # noqa: N802
    @property
    def OPTIONS(self) -> Mapping[str, OptionSpec]: ...  # noqa: N802
    @property
    def RULES(self) -> tuple[Rule, ...]: ...  # noqa: N802
    @property
    def PACK(self) -> tuple[Card, ...]: ...  # noqa: N802
    @property
    def STATE(self) -> type[S]: ...  # noqa: N802
    @property
    def ACTIONS(self) -> tuple[type[A], ...]: ...  # noqa: N802
    @property
    def OBSERVABLES(self) -> tuple[Observable[S] | PerSeat[S], ...]: ...  # noqa: N802
    @property
    def VIEW(self) -> tuple[Shown[S], ...]: ...  # noqa: N802
    def setup(self, table: Table, /) -> S: ...
    def legal_actions(self, s: S, /) -> tuple[A, ...]: ...
    def apply(self, s: S, a: A, /) -> S: ...
    def to_move(self, s: S, /) -> Seat | None: ...
    def outcome(self, s: S, /) -> Outcome | None: ...
    def phase_name(self, s: S, /) -> str: ...
    def parse_action(self, obj: JSON, /) -> A: ...
    def position(self, s: S, /) -> JSONObject: ...
    def load_position(self, pos: JSON, /) -> S: ...
    def all_cards(self, s: S, /) -> tuple[Card, ...]: ...
    def chips_in_play(self, s: S, /) -> int | None: ...


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Kernel(Generic[S, A]):
    """A game of the corpus (:class:`~reference.core.game.Game`) made of its pure functions.

    ``phase`` names the phase of a state (the ``phase`` observable); ``seats`` counts the seats
    at its table (``name.<seat>`` observables exist for seats below it); ``actions`` are the
    game's action types and ``kinds`` their kinds (the ``type`` of their JSON form), sorted;
    ``cards`` lists every card of a state and ``chips`` the chips in play
    (None where the game has none): the stateful tests check both are conserved.
    """

    id: str
    title: str
    players: range
    options: Mapping[str, OptionSpec]
    rules: tuple[Rule, ...]
    pack: tuple[Card, ...]
    state_type: type[S]
    actions: tuple[type[A], ...]
    setup: Callable[[Table], S]
    legal_actions: Callable[[S], tuple[A, ...]]
    apply: Callable[[S, A], S]
    to_move: Callable[[S], Seat | None]
    outcome: Callable[[S], Outcome | None]
    phase: Callable[[S], str]
    seats: Callable[[S], int]
    table: tuple[Observable[S] | PerSeat[S], ...]
    parse_action: Callable[[JSON], A]
    position: Callable[[S], JSONObject]
    load_position: Callable[[JSON], S]
    cards: Callable[[S], tuple[Card, ...]]
    chips: Callable[[S], int | None] = _no_chips
    #: what each seat may see beyond whose view it is, whose turn, the phase and the outcome
    shown: tuple[Shown[S], ...] = ()
    observables: tuple[str, ...] = dataclasses.field(init=False)
    kinds: tuple[str, ...] = dataclasses.field(init=False)
    _plain: Mapping[str, Callable[[S], JSON]] = dataclasses.field(init=False, repr=False)
    _per_seat: Mapping[str, Callable[[S, Seat], JSON]] = dataclasses.field(init=False, repr=False)

    def __post_init__(self) -> None:
        plain: dict[str, Callable[[S], JSON]] = {
            "to_move": self.to_move,
            "phase": self.phase,
            "legal": self._legal,
            "outcome": self._outcome,
        }
        per_seat: dict[str, Callable[[S, Seat], JSON]] = {}
        names = list(COMMON)
        for entry in self.table:
            if entry.name in plain or entry.name in per_seat or "." in entry.name:
                raise ValueError(f"{self.id}: observable {entry.name!r} declared twice or badly")
            if isinstance(entry, PerSeat):
                per_seat[entry.name] = entry.value
                names.append(f"{entry.name}.<seat>")
            else:
                plain[entry.name] = entry.value
                names.append(entry.name)
        if self.shown:
            per_seat["view"] = self.view
            plain["view.public"] = self._public_view
            names += ["view.<seat>", "view.public"]
        object.__setattr__(self, "observables", tuple(names))
        object.__setattr__(self, "kinds", tuple(sorted({a.KIND for a in self.actions})))
        object.__setattr__(self, "_plain", plain)
        object.__setattr__(self, "_per_seat", per_seat)

    @staticmethod
    def of(rules: Rules[SS, A]) -> Kernel[SS, A]:
        """The game a module declares (:class:`Rules`): its constants and functions, by name."""
        return Kernel(
            id=rules.GAME_ID,
            title=rules.TITLE,
            players=rules.PLAYER_COUNTS,
            options=rules.OPTIONS,
            rules=rules.RULES,
            pack=rules.PACK,
            state_type=rules.STATE,
            actions=rules.ACTIONS,
            setup=rules.setup,
            legal_actions=rules.legal_actions,
            apply=rules.apply,
            to_move=rules.to_move,
            outcome=rules.outcome,
            phase=rules.phase_name,
            seats=_seat_count,
            table=rules.OBSERVABLES,
            parse_action=rules.parse_action,
            position=rules.position,
            load_position=rules.load_position,
            cards=rules.all_cards,
            chips=rules.chips_in_play,
            shown=rules.VIEW,
        )

    def _legal(self, s: S) -> JSON:
        return legal_json(self.legal_actions(s))

    def _outcome(self, s: S) -> JSON:
        o = self.outcome(s)
        return None if o is None else o.to_json()

    def view(self, s: S, seat: Seat | None) -> JSONObject:
        """What ``seat`` (``None``: a bystander) may see of ``s``: whose view it is, whose turn,
        the phase and the outcome (public to all), then the game's own fields (:data:`shown`)."""
        out: JSONObject = {
            "seat": seat,
            "to_move": self.to_move(s),
            "phase": self.phase(s),
            "outcome": self._outcome(s),
        }
        out.update(view_of(self.shown, s, seat))
        return out

    def _public_view(self, s: S) -> JSON:
        return self.view(s, None)

    def is_action(self, a: object) -> TypeGuard[A]:
        return isinstance(a, self.actions)

    def observe(self, s: S, name: str) -> JSON:
        """One observable of ``s`` in canonical JSON; an unknown name is a ``KeyError``."""
        read = self.reader(name, self.seats(s))
        if read is None:
            raise KeyError(f"{self.id} has no observable {name!r}")
        return read(s)

    def reader(self, name: str, seats: int) -> Callable[[S], JSON] | None:
        """The function that gives observable ``name`` of a state at a table of ``seats``
        (``hand.2`` is ``hand`` of seat 2), or None if the game has no such observable."""
        plain = self._plain.get(name)
        if plain is not None:
            return plain
        kind, dot, seat = name.partition(".")
        per_seat = self._per_seat.get(kind) if dot else None
        if per_seat is None or not (seat.isascii() and seat.isdigit() and int(seat) < seats):
            return None
        return partial(_of_seat, per_seat, int(seat))

    def action_json(self, a: A) -> JSONObject:
        return a.to_json()


def _of_seat(read: Callable[[S, Seat], JSON], seat: Seat, s: S) -> JSON:
    """What ``read`` gives of ``s`` for ``seat``: a per-seat observable read for one seat."""
    return read(s, seat)
