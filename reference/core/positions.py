"""The head every game's position notation shares: ``game``, ``players``, ``dealer``,
``options``, ``phase`` and ``to_move``.

Each game writes and reads its own position (its FEN): the fields after the head are its own.
A game declares its head once, as a :class:`Notation`; it writes the head and reads it back the
same way for every game, naming the field that is wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from mypy_extensions import mypyc_attr

from reference.core.errors import FormatError, SetupError
from reference.core.jsontypes import JSON, JSONObject, as_int, as_list, as_object, as_str, field
from reference.core.kernel import GameOptions
from reference.core.options import OptionSpec, OptionValue
from reference.core.seats import Seat

Opts = TypeVar("Opts", bound=GameOptions)


def open_position(pos: JSON, game_id: str) -> JSONObject:
    """The position as a JSON object, if it is one of the game ``game_id``."""
    o = as_object(pos, "position")
    game = as_str(field(o, "game", "position"), "position/game")
    if game != game_id:
        raise FormatError(f"position/game: {game!r} is not {game_id!r}")
    return o


def given_options(o: Mapping[str, JSON]) -> dict[str, OptionValue]:
    """The option values a position gives (``options``, none if it is missing), unchecked
    against the game's options (the game's own ``resolve`` does that)."""
    given: dict[str, OptionValue] = {}
    for k, v in as_object(o.get("options", {}), "position/options").items():
        if not isinstance(v, (bool, int, str)):
            raise FormatError(
                f"position/options/{k}: an option value is a boolean, integer or string"
            )
        given[k] = v
    return given


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Head(Generic[Opts]):
    """The head of a position, read and checked: the game's own fields are in ``fields``.

    ``dealer`` is a seat of the table; ``phase`` is the game's code for the phase named;
    ``turn`` is ``to_move``, -1 if null.
    """

    fields: JSONObject
    players: int
    dealer: Seat
    options: Opts
    phase: int
    turn: Seat


def read_head(
    pos: JSON,
    game_id: str,
    *,
    options: type[Opts],
    specs: Mapping[str, OptionSpec],
    phases: Mapping[int, str],
    check_players: Callable[[int, Opts], None],
) -> Head[Opts]:
    """The head of a position of ``game_id``: its options checked against ``specs``, its seat
    count by ``check_players`` (the setup's own rule: a ``SetupError``), its dealer a seat of
    the table, its phase one of ``phases``; every fault is a :class:`FormatError` naming the
    field."""
    o = open_position(pos, game_id)
    n = as_int(field(o, "players", "position"), "position/players")
    given = given_options(o)
    try:
        opts = options.of(game_id, specs, given)
        check_players(n, opts)
    except SetupError as e:
        raise FormatError(f"position: {e}") from None
    name = as_str(field(o, "phase", "position"), "position/phase")
    phase = next((code for code, known in phases.items() if known == name), None)
    if phase is None:
        raise FormatError(f"position/phase: {name!r} is not one of {', '.join(phases.values())}")
    dealer = as_int(field(o, "dealer", "position"), "position/dealer")
    if not 0 <= dealer < n:
        raise FormatError(f"position/dealer: {dealer} is not a seat")
    to_move = o.get("to_move")
    turn = -1 if to_move is None else as_int(to_move, "position/to_move")
    return Head(o, n, dealer, opts, phase, turn)


def read_seats(value: JSON, where: str, n: int) -> tuple[Seat, ...]:
    """A position's list of seats (at ``where``), each a seat of the ``n`` at the table."""
    out = tuple(as_int(v, f"{where}/{i}") for i, v in enumerate(as_list(value, where)))
    if any(not 0 <= p < n for p in out):
        raise FormatError(f"{where}: seats are from 0 to {n - 1}")
    return out


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Notation(Generic[Opts]):
    """The head of one game's position notation, declared once.

    ``options`` is the game's typed options and ``specs`` the options it offers (a position
    writes each of them); ``phases`` names the phases a position may be in, by the game's
    code; ``check_players`` is the setup's own rule on the seat count. A game's ``position``
    writes :meth:`head` and then its own fields; its ``load_position`` starts with :meth:`read`.
    """

    game: str
    options: type[Opts]
    specs: Mapping[str, OptionSpec]
    phases: Mapping[int, str]
    check_players: Callable[[int, Opts], None]

    def head(
        self, players: int, dealer: Seat, opts: Opts, phase: int, to_move: Seat | None
    ) -> JSONObject:
        """The head of a position: the table, its options, the phase and who is to move."""
        return {
            "game": self.game,
            "players": players,
            "dealer": dealer,
            "options": opts.to_json(self.specs),
            "phase": self.phases[phase],
            "to_move": to_move,
        }

    def read(self, pos: JSON) -> Head[Opts]:
        """The head of ``pos``, read and checked as :func:`read_head` does."""
        return read_head(
            pos,
            self.game,
            options=self.options,
            specs=self.specs,
            phases=self.phases,
            check_players=self.check_players,
        )
