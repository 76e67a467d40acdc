"""Random legal (and illegal) play of every registered game, with the generic invariants."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, seed, settings
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
#: A game whose random play is long is run in parts (each its share of the examples and of
#: the games to finish, from its own seed under CI), so that no one test runs for minutes.
PARTS = ci_budget("PARTS")
CASES = [(g, part) for g in sorted(games()) for part in range(PARTS.get(g, 1))]


def _share(total: int, parts: int) -> int:
    return -(-total // parts)


@pytest.mark.parametrize(("game_id", "part"), CASES, ids=[f"{g}-{k}" for g, k in CASES])
def test_random_play_keeps_the_invariants(game_id: str, part: int) -> None:
    parts = PARTS.get(game_id, 1)
    cls = machine(games()[game_id], EXTRA.get(game_id))
    if CI and parts > 1:
        cls = seed(part)(cls)  # derandomized parts would otherwise play the same examples
    before = GAMES_FINISHED.get(game_id, 0)
    run_state_machine_as_test(  # type: ignore[no-untyped-call, unused-ignore]
        cls,
        settings=settings(
            max_examples=_share(MORE_EXAMPLES.get(game_id, EXAMPLES), parts),
            stateful_step_count=max(STEPS, LONG_STEPS.get(game_id, STEPS)),
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example],
        ),
    )
    finished = GAMES_FINISHED.get(game_id, 0) - before
    print(f"{game_id} part {part + 1} of {parts}: {finished} random games played to the end")
    least = _share(GAMES, parts)
    assert finished >= least, f"{finished} games played to the end, fewer than {least}"


def test_every_game_has_its_own_invariants() -> None:
    assert set(EXTRA) == set(games())
