"""The list of slow tests (tests/conftest.py) names tests that exist: a renamed or removed test
cannot silently leave its slow mark behind, nor a misspelt entry mark nothing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import SLOW

ROOT = Path(__file__).resolve().parent.parent
#: The collection runs apart from this run: none of its pytest-xdist worker variables.
ENV = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}


def test_every_slow_entry_names_tests_that_exist() -> None:
    assert SLOW
    found = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *SLOW],
        cwd=ROOT,
        env=ENV,
        capture_output=True,
        text=True,
        check=False,
    )
    assert found.returncode == 0, found.stdout[-3000:] + found.stderr[-3000:]
    collected = [line for line in found.stdout.splitlines() if "::" in line]
    for entry in SLOW:
        assert any(node == entry or node.partition("[")[0] == entry for node in collected), (
            f"{entry}: no such test"
        )


def test_the_slow_tests_are_marked() -> None:
    found = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-q",
            "-p",
            "no:cacheprovider",
            "-m",
            "not slow",
            *{entry.partition("::")[0] for entry in SLOW},
        ],
        cwd=ROOT,
        env=ENV,
        capture_output=True,
        text=True,
        check=False,
    )
    left = [line for line in found.stdout.splitlines() if "::" in line]
    unmarked = sorted(
        entry for entry in SLOW if any(n == entry or n.partition("[")[0] == entry for n in left)
    )
    assert not unmarked, f"listed slow but not marked: {unmarked}"
