"""Every scenario of the suite passes on the reference, in process."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conformance.engine import run_in_process
from conformance.trace import SCENARIOS

FILES = sorted(SCENARIOS.rglob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_scenario_passes_on_the_reference(path: Path) -> None:
    scenario = json.loads(path.read_text(encoding="utf-8"))
    mismatches = run_in_process(scenario)
    assert not mismatches, "\n".join(str(m) for m in mismatches)


def test_scenario_ids_are_unique_and_match_file_names() -> None:
    ids = [json.loads(p.read_text(encoding="utf-8"))["id"] for p in FILES]
    assert len(ids) == len(set(ids))
    assert ids == [p.stem for p in FILES]


def test_the_suite_is_not_empty() -> None:
    assert len(FILES) >= 40
