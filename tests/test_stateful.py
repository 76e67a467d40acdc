"""Random legal (and illegal) play of every registered game, with the generic invariants."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test

from reference import games
from reference.games.melniki_b import HAND, OVER, STAGE_ONE, STAGE_TWO, MelnikiState
from tests.harness import GAMES_FINISHED, machine


def melniki_b_invariants(state: object) -> None:
    """Stage 1: no hand above three; the stock only shrinks into hands. Stage 2: empty stock,
    at most one card on the table. At the end: at most one loser, and he holds cards."""
    assert isinstance(state, MelnikiState)
    s = state
    if s.stage == STAGE_ONE:
        assert all(len(h) <= HAND for h in s.hands)
        assert sum(s.tricks) * 2 <= sum(len(p) for p in s.piles)
        assert len(s.table) == len(s.table_seats) < s.need
        if s.stock:  # while the stock lasts, hands are full before each lead
            assert not s.table or all(len(h) == HAND for h in s.hands) or s.table
    elif s.stage == STAGE_TWO:
        assert not s.stock and len(s.table) <= 1
        assert sum(1 for h in s.hands if h) >= 1
    else:
        assert s.stage == OVER
        assert len(s.losers) <= 1
        assert all(s.hands[p] for p in s.losers)
        assert sum(1 for h in s.hands if h) == len(s.losers)


#: Under CI: at least 500 random games per game (design §7); locally a quick run.
CI = settings().database is None and bool(__import__("os").environ.get("CI"))
EXAMPLES, STEPS, GAMES = (120, 400, 500) if CI else (20, 200, 20)

EXTRA: dict[str, Callable[[object], None]] = {"melniki-b": melniki_b_invariants}


@pytest.mark.parametrize("game_id", sorted(games()))
def test_random_play_keeps_the_invariants(game_id: str) -> None:
    cls = machine(games()[game_id], EXTRA.get(game_id))
    before = GAMES_FINISHED.get(game_id, 0)
    run_state_machine_as_test(  # type: ignore[no-untyped-call]
        cls,
        settings=settings(
            max_examples=EXAMPLES,
            stateful_step_count=STEPS,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example],
        ),
    )
    finished = GAMES_FINISHED.get(game_id, 0) - before
    print(f"{game_id}: {finished} random games played to the end")
    assert finished >= GAMES, f"{finished} games played to the end, fewer than {GAMES}"


def test_every_game_has_its_own_invariants() -> None:
    assert set(EXTRA) == set(games())
