"""The head every game's position notation shares: its ``game`` and its ``options``.

Each game writes and reads its own position (its FEN): the fields after the head are its own.
These readers check the head the same way for all of them, naming the field that is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping

from reference.core.errors import FormatError
from reference.core.jsontypes import JSON, JSONObject, as_object, as_str, field
from reference.core.options import OptionValue


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
