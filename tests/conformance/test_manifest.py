"""The manifest of the released suite: no change to what implementations are judged by goes
without a version bump or a line in the changelog's Unreleased section."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conformance import manifest, suite
from reference.core.jsontypes import JSONObject

ROOT = Path(__file__).resolve().parents[2]
GAME = "melniki-b"
CHANGELOG = f"""# Changelog

## Unreleased

## [{suite.VERSION}] - 2026-12-05

- everything
"""


def test_the_suite_matches_its_manifest_or_the_changelog_names_each_change() -> None:
    """Fails on a change to a scenario, an interface, a ruling or an option default that is
    neither released (a version bump with a rewritten manifest) nor named in Unreleased."""
    problems = manifest.problems(
        manifest.load(), manifest.build(), manifest.CHANGELOG.read_text(encoding="utf-8")
    )
    assert not problems, "\n\n".join(problems)


def test_the_manifest_is_of_the_suite_version() -> None:
    assert manifest.load()["suite_version"] == suite.VERSION


@pytest.fixture
def copy(tmp_path: Path) -> manifest.Sources:
    """A copy of one game's scenarios and interface and of the register."""
    sources = manifest.Sources(tmp_path / "scenarios", tmp_path / "interface", tmp_path / "r.json")
    shutil.copytree(manifest.PACKAGE / "scenarios" / GAME, sources.scenarios / GAME)
    sources.interfaces.mkdir()
    shutil.copy(manifest.PACKAGE / "interface" / f"{GAME}.json", sources.interfaces)
    shutil.copy(manifest.PACKAGE / "register.json", sources.register)
    return sources


def _edit(path: Path, change: str) -> None:
    data: JSONObject = json.loads(path.read_text(encoding="utf-8"))
    if change == "expect":
        steps = data["steps"]
        assert isinstance(steps, list)
        steps.append({"observe": ["to_move"], "expect": {"to_move": None}})
    elif change == "default":
        rulings = data["rulings"]
        assert isinstance(rulings, list)
        ruling = next(r for r in rulings if isinstance(r, dict) and r["id"] == "AMB-MELNIKIB-11")
        assert isinstance(ruling, dict)
        ruling["default"] = "b"
    elif change == "required":
        position = data["position"]
        assert isinstance(position, dict)
        fields = position["fields"]
        assert isinstance(fields, dict)
        field = fields["options"]
        assert isinstance(field, dict)
        field["required"] = True
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")


def test_an_unrecorded_change_to_a_scenario_fails_and_says_what_to_do(
    copy: manifest.Sources,
) -> None:
    released = manifest.build(copy)
    _edit(copy.scenarios / GAME / f"{GAME}-018.json", "expect")
    current = manifest.build(copy)
    changes = manifest.compare(released, current)
    assert [(c.key, c.how) for c in changes] == [(f"{GAME}-018", "changed")]
    (problem,) = manifest.problems(released, current, CHANGELOG)
    assert f"{GAME}-018: scenario changed" in problem
    assert "Unreleased" in problem and "bump VERSION in conformance/suite.py" in problem
    assert manifest.WRITE in problem
    # named in Unreleased, the change is ongoing work and the check passes
    noted = CHANGELOG.replace("## Unreleased\n", f"## Unreleased\n\n- Changed: `{GAME}-018`\n")
    assert manifest.problems(released, current, noted) == []
    # a longer id that starts with it does not name it
    longer = CHANGELOG.replace("## Unreleased\n", f"## Unreleased\n\n- `{GAME}-0189`\n")
    assert manifest.problems(released, current, longer) != []
    # named only in a released section, it is not recorded
    old = CHANGELOG.replace("- everything", f"- `{GAME}-018`")
    assert manifest.problems(released, current, old) != []


def test_a_changed_default_reading_is_a_major_change(copy: manifest.Sources) -> None:
    released = manifest.build(copy)
    _edit(copy.register, "default")
    (change,) = manifest.compare(released, manifest.build(copy))
    assert change.key == "AMB-MELNIKIB-11" and change.level == manifest.MAJOR
    assert 'from "a" to "b"' in change.what


def test_a_changed_interface_names_its_sections(copy: manifest.Sources) -> None:
    released = manifest.build(copy)
    _edit(copy.interfaces / f"{GAME}.json", "required")
    (change,) = manifest.compare(released, manifest.build(copy))
    assert change.key == f"interface/{GAME}"
    assert "sections changed: position" in change.what


def test_added_and_removed_scenarios(copy: manifest.Sources) -> None:
    released = manifest.build(copy)
    moved = copy.scenarios / GAME / f"{GAME}-001.json"
    data = json.loads(moved.read_text(encoding="utf-8"))
    data["id"] = f"{GAME}-999"
    (copy.scenarios / GAME / f"{GAME}-999.json").write_text(json.dumps(data), encoding="utf-8")
    (copy.scenarios / GAME / f"{GAME}-002.json").unlink()
    changes = {c.key: c for c in manifest.compare(released, manifest.build(copy))}
    assert changes[f"{GAME}-999"].level == manifest.MINOR
    assert changes[f"{GAME}-002"].level == manifest.MAJOR
    assert "deprecated, never removed" in changes[f"{GAME}-002"].what
    assert manifest.level_of(changes.values()) == manifest.MAJOR


def test_a_release_needs_a_large_enough_bump_and_its_changelog_section(
    copy: manifest.Sources,
) -> None:
    released = manifest.build(copy, version="2.0.0")
    _edit(copy.register, "default")
    current = manifest.build(copy, version="2.0.0")
    (refusal,) = manifest.release_problems(released, current, CHANGELOG, "2.0.0")
    assert "bump VERSION" in refusal and "major" in refusal
    minor = manifest.build(copy, version="2.1.0")
    text = "## Unreleased\n\n## [2.1.0] - 2027-01-01\n\n- `AMB-MELNIKIB-11`\n"
    (refusal,) = manifest.release_problems(released, minor, text, "2.1.0")
    assert "minor bump" in refusal and "need a major one" in refusal
    major = manifest.build(copy, version="3.0.0")
    assert manifest.release_problems(released, major, text, "3.0.0") == [
        "CHANGELOG.md has no section '## [3.0.0] - DATE'"
    ]
    good = "## Unreleased\n\n## [3.0.0] - 2027-01-01\n\n- Changed: `AMB-MELNIKIB-11` to b\n"
    assert manifest.release_problems(released, major, good, "3.0.0") == []
    # once released, the old manifest no longer matches the version: rewrite it
    (stale,) = manifest.problems(released, major, good, "3.0.0")
    assert manifest.WRITE in stale


def test_a_written_manifest_reads_back(copy: manifest.Sources, tmp_path: Path) -> None:
    built = manifest.build(copy)
    manifest.write(built, tmp_path / "m.json")
    assert manifest.load(tmp_path / "m.json") == built


def test_the_script_checks_the_working_suite() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "manifest.py")],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"suite {suite.VERSION}; manifest of {suite.VERSION}" in done.stdout
