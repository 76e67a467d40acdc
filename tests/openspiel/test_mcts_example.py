"""The example of docs/openspiel.rst runs: MCTS for one seat against random players, a handful of
games, and prints a win rate."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.openspiel import require

require()

ROOT = Path(__file__).resolve().parents[2]


def test_the_mcts_example_prints_a_win_rate() -> None:
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "scripts" / "openspiel_mcts.py"),
            "--game",
            "koloda_melniki_b",
            "--games",
            "3",
            "--simulations",
            "5",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "koloda_melniki_b: 3 games, 2 players" in done.stdout
    assert "win rate" in done.stdout
