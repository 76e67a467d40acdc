"""The play shell shows a seated player no card the rules keep from him.

A game of random opponents is played through the shell (the player always takes the first
action of his menu); then every card the screen names must be one the player could see at some
moment of that game, by the game's oracle (``tests/views``, stated apart from the view the
shell draws): in his hand, face up on the table, shown, or played to a trick.
"""

from __future__ import annotations

import io
import re
from typing import Final

import pytest

from reference import games
from reference.cli.common import read_card
from reference.cli.play import HELP, Session, settings
from reference.cli.style import Style
from reference.core.jsontypes import JSON
from tests.views.oracle import CARDS, oracle

#: A card as the shell writes it: rank (10 for ten) and suit symbol.
SYMBOL: Final = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]")
#: The games whose tables hide the most: the stock and discards of мушка, the dark cards of горка.
GAMES: Final = [
    g for g in ("gorka", "mushka", "michigan") if "view.public" in games()[g].observables
]


def _labels(value: JSON) -> set[str]:
    """Card names that label a place of the table, as keys (Мичиган's boodle cards, face up)."""
    if isinstance(value, dict):
        return {k for k in value if k in CARDS}.union(*map(_labels, value.values()))
    if isinstance(value, list):
        return set().union(*map(_labels, value)) if value else set()
    return set()


def _played(game_id: str, seed: int, players: int) -> tuple[str, Session]:
    cfg = settings(
        game_id=game_id,
        players=players,
        dealer=0,
        seed=seed,
        option_texts=[],
        seat_text="0",
        max_steps=400,
        record=None,
        argv=["play", game_id],
    )
    out = io.StringIO()
    session = Session(cfg, io.StringIO("1\n" * 400), out, Style(colour=False))
    session.run()
    return out.getvalue(), session


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_seated_player_is_shown_no_card_he_may_not_see(game_id: str, seed: int) -> None:
    game = games()[game_id]
    see = oracle(game_id)
    assert see is not None
    players = game.players.start + seed % len(game.players)
    screen, session = _played(game_id, seed, players)
    # the cards seat 0 could see at some moment: replay the game from its deal
    start = Session(session.cfg, io.StringIO(""), io.StringIO(), Style(colour=False)).state
    state = start
    seeable = see(game.position(state), 0) | _labels(game.position(state))
    for step in session.log.steps:
        assert isinstance(step, dict)
        act = step["act"]
        assert isinstance(act, dict)
        if act.get("type") == "play":  # a card played to the table is played face up
            card = act.get("card")
            if isinstance(card, str):
                seeable.add(card)
        state = game.apply(state, game.parse_action(act))
        seeable |= see(game.position(state), 0)
    named = {read_card(symbol) for symbol in SYMBOL.findall(screen.replace(HELP, ""))}
    leaked = sorted(str(c) for c in named - seeable)
    assert not leaked, f"{game_id} seed {seed}: seat 0 was shown {leaked}\n{screen[:3000]}"
    assert "face up" not in screen.splitlines()[0]  # not an open table
