"""What each seat may see (design §2): a game's view leaks nothing the rules keep from a seat,
and hides nothing they show it.

For random tables (options drawn too) and random legal play, at states picked along the game,
for every seat and for a bystander:

* **no leak**: the cards the seat may not see (all but those its oracle, ``tests/views``, says
  it sees) renamed among themselves give a position whose view for that seat is the same;
* **nothing kept back**: a card it sees and one it does not renamed into each other give a
  position whose view for that seat differs.

A renamed position the game refuses to load (the renaming broke one of its rules: a hand that
could not have passed, a card its phase forbids) is counted and skipped; each game must check
both properties many times. The counts are printed in the terminal summary.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reference import games
from reference.core.errors import FormatError, SetupError
from reference.core.game import AnyGame, Table
from tests.harness import tables
from tests.views.oracle import Oracle, cards_in, oracle, renamed

GAMES: Final = sorted(games())
SCENARIOS: Final = Path(__file__).resolve().parents[1] / "conformance" / "scenarios"
VIEW_GAMES: Final = [gid for gid in GAMES if "view.public" in games()[gid].observables]
#: States checked in a game, picked at random along it.
PICKS: Final = 3
#: The least number of times each property must be checked for a game to pass.
LEAST: Final = 20


def _played(game: AnyGame, table: Table, rng: random.Random) -> list[object]:
    """The states of one random game, from the deal to its end."""
    state = game.setup(table)
    states = [state]
    while legal := game.legal_actions(state):
        state = game.apply(state, rng.choice(legal))
        states.append(state)
    return states


def _check(
    game: AnyGame, see: Oracle, state: object, rng: random.Random, counts: Counter[str]
) -> None:
    pos = game.position(state)
    cards = cards_in(pos)
    players = pos["players"]
    assert isinstance(players, int)
    for viewer in [*range(players), None]:
        seen = see(pos, viewer)
        hidden = sorted(cards - seen)
        view = game.view(state, viewer)
        who = "a bystander" if viewer is None else f"seat {viewer}"
        if len(hidden) >= 2:
            moved = hidden[:]
            rng.shuffle(moved)
            try:
                other = game.load_position(renamed(pos, dict(zip(hidden, moved, strict=True))))
            except (SetupError, FormatError):
                counts["refused"] += 1
            else:
                assert game.view(other, viewer) == view, (
                    f"{game.id}: the view of {who} changes when cards it may not see move "
                    f"({dict(zip(hidden, moved, strict=True))}) at {pos}"
                )
                counts["no leak"] += 1
        shown = sorted(seen & cards)
        if shown and hidden:
            c, h = rng.choice(shown), rng.choice(hidden)
            try:
                other = game.load_position(renamed(pos, {c: h, h: c}))
            except (SetupError, FormatError):
                counts["refused"] += 1
            else:
                assert game.view(other, viewer) != view, (
                    f"{game.id}: the view of {who} is the same when {c}, which it may see, "
                    f"and {h}, which it may not, change places at {pos}"
                )
                counts["nothing kept back"] += 1


@pytest.mark.parametrize("gid", VIEW_GAMES)
def test_a_seat_sees_what_the_rules_show_it_and_nothing_more(
    gid: str, record_property: Callable[[str, object], None]
) -> None:
    game = games()[gid]
    see = oracle(gid)
    assert see is not None, f"{gid} has a view but no oracle (tests/views/seen_<game>.py)"
    counts: Counter[str] = Counter()

    @settings(max_examples=max(settings().max_examples // 5, 12))
    @given(table=tables(game), seed=st.integers(0, 2**32 - 1))
    def check(table: Table, seed: int) -> None:
        rng = random.Random(seed)
        try:
            states = _played(game, table, rng)
        except SetupError:
            return
        for state in rng.sample(states, min(PICKS, len(states))):
            _check(game, see, state, rng, counts)
        counts["games"] += 1

    check()
    record_property("koloda-counts", f"views {gid}: {dict(sorted(counts.items()))}")
    assert counts["no leak"] >= LEAST, f"{gid}: only {counts['no leak']} renamings loaded"
    assert counts["nothing kept back"] >= LEAST, (
        f"{gid}: only {counts['nothing kept back']} swaps loaded"
    )


@pytest.mark.parametrize("gid", GAMES)
def test_every_game_has_a_view_an_oracle_and_view_scenarios(gid: str) -> None:
    """Design §7.7: every game says what each seat may see; its leak test has an oracle; the suite
    asks for its view (``view.<seat>`` or ``view.public``) in at least four scenarios tagged
    ``view`` (at the deal, after a face-down act, after a face-up act, at the end)."""
    assert gid in VIEW_GAMES, f"{gid} has no view (VIEW in its module)"
    assert oracle(gid) is not None, f"{gid} has no oracle (tests/views/seen_<game>.py)"
    asking = 0
    for path in sorted((SCENARIOS / gid).glob("*.json")):
        scenario = json.loads(path.read_text(encoding="utf-8"))
        if "view" not in scenario.get("tags", []):
            continue
        asked = {
            name
            for step in scenario.get("steps", [])
            if isinstance(step.get("expect"), dict)
            for name in step["expect"]
        }
        asking += any(name.startswith("view.") for name in asked)
    assert asking >= 4, f"{gid}: {asking} scenarios tagged view ask for a view"
