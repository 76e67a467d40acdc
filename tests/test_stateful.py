"""Random legal (and illegal) play of every registered game, with the generic invariants."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test

from reference import games
from tests.harness import GAMES_FINISHED, machine
from tests.invariants import ci_budget, discover

#: Under CI: at least 500 random games per game (design §7); locally a quick run.
CI = settings().database is None and bool(__import__("os").environ.get("CI"))
EXAMPLES, STEPS, GAMES = (160, 400, 500) if CI else (20, 200, 20)

EXTRA = discover()
LONG_STEPS = ci_budget("STEPS")
#: Games that need more examples under CI get more locally too, in the same proportion
#: (else a long game finishes too few random games for the local bar, now and then).
MORE_EXAMPLES = {
    g: n if CI else -(-n * EXAMPLES // 160) for g, n in ci_budget("CI_EXAMPLES").items()
}


@pytest.mark.parametrize("game_id", sorted(games()))
def test_random_play_keeps_the_invariants(game_id: str) -> None:
    cls = machine(games()[game_id], EXTRA.get(game_id))
    before = GAMES_FINISHED.get(game_id, 0)
    run_state_machine_as_test(  # type: ignore[no-untyped-call, unused-ignore]
        cls,
        settings=settings(
            max_examples=MORE_EXAMPLES.get(game_id, EXAMPLES),
            stateful_step_count=max(STEPS, LONG_STEPS.get(game_id, STEPS)),
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example],
        ),
    )
    finished = GAMES_FINISHED.get(game_id, 0) - before
    print(f"{game_id}: {finished} random games played to the end")
    assert finished >= GAMES, f"{finished} games played to the end, fewer than {GAMES}"


def test_every_game_has_its_own_invariants() -> None:
    assert set(EXTRA) == set(games())
