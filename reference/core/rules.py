"""Rules: what the code enforces, each tied to the source sentences it comes from."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule of a game.

    ``id`` is ``<game>/<slug>``; ``cites`` the sentence ids it comes from
    (``002:P7.S3``) and the rulings (``AMB-MELNIKIB-05``) that settle its gaps;
    ``statement`` says it in English.
    """

    id: str
    cites: tuple[str, ...]
    statement: str


#: Conventions every game takes for granted, settled once in ruling AMB-CORE-01.
OUT_OF_TURN = Rule(
    "core/out-of-turn",
    ("AMB-CORE-01",),
    "Only the player whose turn it is may act; an action by any other seat is refused.",
)
NOT_HELD = Rule(
    "core/not-held",
    ("AMB-CORE-01",),
    "A player can play only a card he holds.",
)
GAME_OVER = Rule(
    "core/game-over",
    ("AMB-CORE-01",),
    "No action is taken once the game is over.",
)
WRONG_ACTION = Rule(
    "core/wrong-action",
    ("AMB-CORE-01",),
    "An action of a kind that does not fit the moment (a take when a card must be led, "
    "and the like) is refused.",
)
CORE_RULES = (OUT_OF_TURN, NOT_HELD, GAME_OVER, WRONG_ACTION)
