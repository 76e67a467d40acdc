"""The first released suite, 1.0.0, kept frozen: today's validator and reference against it, the
changelog's list of what no longer passes, and ``run --suite-version``."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from conformance import engine, pinned, report, runner, suite, validate
from reference import games
from reference.core.jsontypes import JSON, JSONObject

from .helpers import check_results, outcomes

ROOT = Path(__file__).resolve().parents[2]
FIRST: str = "1.0.0"
#: The commit of the first release, where the frozen copy comes from.
FIRST_COMMIT = "f5b3016"
NO_FILTERS = runner.Filters()


def _changelog() -> str:
    return (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")


def _first() -> list[validate.Loaded]:
    return pinned.load(FIRST)


def _expected_differences() -> dict[str, str]:
    return suite.no_longer_passing(_changelog(), FIRST)


# --- the frozen copy ---------------------------------------------------------------------------


def test_the_first_release_is_kept_frozen_with_where_it_comes_from() -> None:
    loaded = _first()
    ids = [str(item.scenario["id"]) for item in loaded]
    assert len(ids) == 411 == len(set(ids))
    frozen = pinned.frozen_versions()
    assert frozen[0] == FIRST and suite.VERSION not in frozen
    assert pinned.available() == [*frozen, suite.VERSION]
    assert all(item.path == f"suite-{FIRST}/{item.scenario['id']}.json" for item in loaded)
    readme = (pinned.FROZEN / "README.md").read_text(encoding="utf-8")
    assert f"`suite-{FIRST}.jsonl`" in readme and f"commit `{FIRST_COMMIT}`" in readme


def _git_scenarios(commit: str) -> dict[str, JSONObject] | None:
    """The scenario files of the suite at a commit of this checkout (None: no such history)."""
    try:
        done = subprocess.run(
            ["git", "archive", commit, "conformance/scenarios"],
            cwd=ROOT,
            capture_output=True,
            timeout=60,
            check=False,
        )
    except OSError:
        return None
    if done.returncode != 0:
        return None
    out: dict[str, JSONObject] = {}
    with tarfile.open(fileobj=io.BytesIO(done.stdout)) as tar:
        for member in tar.getmembers():
            f = tar.extractfile(member) if member.name.endswith(".json") else None
            if f is not None:
                out[member.name] = json.loads(f.read())
    return out


def test_the_frozen_copy_is_the_first_release_unchanged() -> None:
    at_release = _git_scenarios(FIRST_COMMIT)
    if at_release is None:
        pytest.skip(f"commit {FIRST_COMMIT} is not in this checkout's history")
    frozen = [item.scenario for item in _first()]
    assert frozen == [at_release[path] for path in sorted(at_release)]


# --- (a) today's validator -----------------------------------------------------------------


def test_every_scenario_of_1_0_0_validates_or_is_refused_naming_the_version_and_the_change() -> (
    None
):
    refused: dict[str, list[validate.Problem]] = {}
    for item in _first():
        data = json.dumps(item.scenario, ensure_ascii=False).encode("utf-8")
        scenario, problems = validate.validate_bytes(item.path, data)
        if problems:
            refused[str(item.scenario["id"])] = problems
        else:
            assert scenario == item.scenario
    # the svinyi positions of 1.0.0 leave out phase, which 2.0.0 made required
    assert sorted(refused) == [f"svinyi-{n:03}" for n in range(5, 18)]
    since = suite.REQUIRED_SINCE["svinyi", "phase"]
    assert since.since == "2.0.0"
    for problems in refused.values():
        assert {p.pointer for p in problems} <= {"/setup", "/setup/position"}
        (named,) = [p for p in problems if p.pointer == "/setup/position"]
        assert 'missing field "phase"' in named.message
        assert "since suite 2.0.0" in named.message and "1.0.0" in named.message
        assert '"play", or "over"' in named.message


def test_a_field_made_required_is_named_only_where_it_was() -> None:
    (item,) = [i for i in _first() if i.scenario["id"] == "svinyi-005"]
    as_michigan = {**item.scenario, "game": "michigan", "id": "michigan-005"}
    data = json.dumps(as_michigan, ensure_ascii=False).encode("utf-8")
    _, problems = validate.validate_bytes("michigan-005.json", data)
    assert problems
    assert not any("since suite" in p.message for p in problems)


# --- (b) today's reference, and the changelog -----------------------------------------------


def _differences_in_process() -> dict[str, str]:
    """Each scenario of 1.0.0 today's reference does not pass, with its first difference."""
    out: dict[str, str] = {}
    for item in _first():
        try:
            found = [str(m) for m in engine.run_in_process(item.scenario)]
        except engine.ScenarioError as e:
            found = [f"the reference cannot load it: {e}"]
        if found:
            out[str(item.scenario["id"])] = found[0]
    return out


def test_what_1_0_0_no_longer_passes_is_what_the_changelog_lists() -> None:
    differences = _differences_in_process()
    listed = _expected_differences()
    unlisted = {k: v for k, v in differences.items() if k not in listed}
    stale = sorted(k for k in listed if k not in differences)
    assert not unlisted, (
        "scenarios of 1.0.0 that today's reference fails, not listed with the reason under "
        f"'{suite.no_longer_passing_heading(FIRST)}' in CHANGELOG.md: {unlisted}"
    )
    assert not stale, f"listed in CHANGELOG.md as no longer passing, but they pass: {stale}"


#: The readings 1.0.0 had where a default changed since (the changelog's reasons).
READINGS_OF_1_0_0: dict[str, str] = {
    "king_lead": "free",
    "pamfil_declare": "automatic",
    "stall_end": "none",
    "unplaced": "own-store",
}


def _as_1_0_0_ran(scenario: JSONObject) -> JSONObject:
    """The scenario under the readings 1.0.0 had, its position (if any) with its ``phase``."""
    game = games()[str(scenario["game"])]
    old = {
        name: value
        for name, value in READINGS_OF_1_0_0.items()
        if name in game.options and game.options[name].allows(value)
    }
    setup = scenario["setup"]
    assert isinstance(setup, dict)
    position = setup.get("position")
    if isinstance(position, dict):
        options = position.get("options", {})
        assert isinstance(options, dict)
        phase = "over" if position.get("to_move") is None else "play"
        position = {"phase": phase, **position, "options": {**options, **old}}
        return {**scenario, "setup": {**setup, "position": position}}
    options = setup.get("options", {})
    assert isinstance(options, dict)
    return {**scenario, "setup": {**setup, "options": {**options, **old}}}


def test_each_listed_scenario_passes_under_the_readings_of_1_0_0() -> None:
    """The reasons hold: under the readings 1.0.0 had, with a position's phase given, every
    scenario of 1.0.0 passes again."""
    for item in _first():
        restored = _as_1_0_0_ran(item.scenario)
        assert engine.run_in_process(restored) == [], item.scenario["id"]


def test_the_listed_scenarios_are_of_1_0_0_each_with_a_reason() -> None:
    first = {str(item.scenario["id"]) for item in _first()}
    listed = _expected_differences()
    assert listed and set(listed) <= first
    assert all(len(reason) > 20 for reason in listed.values())
    # the list is in the section of the version that changed them, not in 1.0.0's
    assert suite.no_longer_passing_heading(FIRST) in suite.changelog_sections(_changelog())["2.0.0"]


def test_the_list_is_read_from_every_later_section() -> None:
    heading = suite.no_longer_passing_heading("1.0.0")
    text = (
        f"# C\n\n## Unreleased\n\n{heading}\n\n- `svinyi-004`: now this\n\n"
        f"## [2.0.0] - 2026-12-05\n\n### Changed (breaking)\n\n- `gorka-001`: not a list\n\n"
        f"{heading}\n\nwhy these\n\n"
        "- `svinyi-004`, `mushka-017`: the first\n  reason, on two lines\n"
        "- `svinyi-006`: another\n\n### Added\n\n- `gorka-002`: not either\n\n"
        f"## [1.0.0] - 2026-11-29\n\n{heading}\n\n- `gorka-003`: too early\n"
    )
    assert suite.no_longer_passing(text, "1.0.0") == {
        "svinyi-004": "now this",
        "mushka-017": "the first reason, on two lines",
        "svinyi-006": "another",
    }
    assert suite.no_longer_passing(text, "2.0.0") == {}  # each list names its version
    later = text.replace(
        "## Unreleased\n\n### Scenarios of 1.0.0", "## Unreleased\n\n### Scenarios of 2.0.0"
    )
    assert suite.no_longer_passing(later, "2.0.0") == {"svinyi-004": "now this"}
    with pytest.raises(ValueError, match="each item"):
        suite.no_longer_passing(f"## Unreleased\n\n{heading}\n\n- `svinyi-004` passes\n", "1.0.0")
    with pytest.raises(ValueError, match="each item"):
        suite.no_longer_passing(f"## Unreleased\n\n{heading}\n\n- svinyi-004: no id\n", "1.0.0")


# --- run --suite-version ---------------------------------------------------------------------


def _run(
    tmp_path: Path,
    version: str | None,
    filters: runner.Filters = NO_FILTERS,
    paths: tuple[str, ...] = (),
) -> tuple[int, list[JSONObject], str]:
    out, err = io.StringIO(), io.StringIO()
    results = tmp_path / "results.jsonl"
    options = runner.Options(
        json_path=str(results), suite_version=version, filters=filters, paths=paths
    )
    code = runner.main(options, out=out, err=err)
    lines: list[JSONObject] = []
    if results.exists():
        lines = [json.loads(x) for x in results.read_text(encoding="utf-8").splitlines()]
        check_results(lines)
    return code, lines, out.getvalue() + err.getvalue()


def _at(line: JSONObject, *keys: str) -> JSON:
    """A field of a results line, inside the objects named by ``keys``."""
    value: JSON = line
    for key in keys:
        assert isinstance(value, dict)
        value = value[key]
    return value


def test_a_run_pinned_to_1_0_0_sends_its_scenarios_and_fails_only_the_listed_ones(
    tmp_path: Path,
) -> None:
    code, lines, text = _run(tmp_path, FIRST)
    assert code == runner.EXIT_FAILED
    header = lines[0]
    assert _at(header, "suite", "suite_version") == FIRST
    assert _at(header, "suite", "scenarios") == 411
    assert _at(header, "options", "suite_version") == FIRST
    seen = outcomes(lines)
    assert len(seen) == 411
    assert {k for k, v in seen.items() if v != runner.PASS} == set(_expected_differences())
    files = {str(x["id"]): str(x["file"]) for x in lines if x["type"] == "scenario"}
    assert files["svinyi-005"] == f"suite-{FIRST}/svinyi-005.json"
    assert (
        "replay: python -m conformance run --suite-version 1.0.0 --id svinyi-005\n"
        "                python -m conformance run --suite-version 1.0.0 --id svinyi-005"
    ) in text
    # the report replays a failure pinned the same way
    markdown = tmp_path / "report.md"
    assert report.main([str(tmp_path / "results.jsonl")], output=str(markdown), markdown=True) == 0
    shown = markdown.read_text(encoding="utf-8")
    assert f"| suite version | {FIRST} |" in shown
    assert "python -m conformance run --suite-version 1.0.0 --id mushka-017" in shown


def test_a_pinned_run_sends_the_scenario_as_it_was(tmp_path: Path) -> None:
    err = io.StringIO()
    options = runner.Options(suite_version=FIRST, filters=runner.Filters(ids=("svinyi-005",)))
    cases, status = runner.select(options, err)
    assert status is None
    (case,) = cases
    position = json.loads(case.wire)["setup"]["position"]
    assert "phase" not in position  # as 1.0.0 had it; today's suite gives it
    (today,) = runner.select(runner.Options(filters=options.filters), err)[0]
    assert "phase" in json.loads(today.wire)["setup"]["position"]


def test_the_current_version_is_the_suite_as_it_is(tmp_path: Path) -> None:
    ids = runner.Filters(ids=("svinyi-06[45]", "mushka-017"))
    code, lines, _ = _run(tmp_path, suite.VERSION, ids)
    assert code == runner.EXIT_OK
    assert _at(lines[0], "suite", "suite_version") == suite.VERSION
    assert _at(lines[0], "options", "suite_version") == suite.VERSION
    assert outcomes(lines) == dict.fromkeys(["mushka-017", "svinyi-064", "svinyi-065"], "PASS")
    assert all(str(x["file"]).startswith(str(validate.SUITE)) for x in lines[1:-1])
    _, unpinned, _ = _run(tmp_path, None, ids)
    assert _at(unpinned[0], "options", "suite_version") is None
    assert _at(unpinned[0], "suite", "suite_version") == suite.VERSION


@pytest.mark.parametrize("version", ["1.5.0", "0.9.0", "9.0.0", "latest", "1.0"])
def test_an_unknown_version_is_a_usage_error_naming_the_versions(
    version: str, tmp_path: Path
) -> None:
    code, lines, text = _run(tmp_path, version)
    assert code == runner.EXIT_USAGE and not lines
    assert f"--suite-version {version!r}" in text
    assert f"the versions available are {', '.join(pinned.available())}" in text


def test_a_pinned_version_takes_no_paths(tmp_path: Path) -> None:
    code, lines, text = _run(tmp_path, FIRST, paths=(str(validate.SUITE),))
    assert code == runner.EXIT_USAGE and not lines
    assert "give no PATHS" in text


def test_the_command_line_takes_the_version() -> None:
    def command(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "conformance", "run", *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )

    unknown = command("--suite-version", "9.9.9")
    assert unknown.returncode == runner.EXIT_USAGE
    assert f"the versions available are {', '.join(pinned.available())}" in unknown.stderr
    first = command("--suite-version", FIRST, "--id", "gorka-00[12]")
    assert first.returncode == runner.EXIT_OK
    assert "summary: PASS 2" in first.stdout
    assert "--suite-version X.Y.Z" in command("--help").stdout


def test_replay_commands_keep_the_pin() -> None:
    mine = str(validate.SUITE / "gorka" / "gorka-001.json")
    assert runner.replay_commands("gorka-001", "suite-1.0.0/gorka-001.json", ["./impl"], FIRST) == (
        "python -m conformance run --suite-version 1.0.0 --impl ./impl --id gorka-001",
        "python -m conformance run --suite-version 1.0.0 --id gorka-001",
    )
    assert runner.replay_commands("gorka-001", mine, None, suite.VERSION) == (
        f"python -m conformance run --suite-version {suite.VERSION} --id gorka-001",
        "python -m reference replay gorka-001",
    )


def test_the_docs_say_how_to_pin_and_upgrade() -> None:
    implementers, changelog = (
        " ".join((ROOT / "docs" / name).read_text(encoding="utf-8").split())
        for name in ("implementers.rst", "changelog.rst")
    )
    for page in (implementers, changelog):
        assert "--suite-version" in page and "suite-1.0.0.jsonl" in page
        assert suite.no_longer_passing_heading(FIRST).removeprefix("### ") in page
    assert "Pinning a version of the suite" in implementers and "To upgrade" in implementers
    sections = suite.changelog_sections(_changelog())
    assert any(
        "`python -m conformance run --suite-version X.Y.Z`" in text for text in sections.values()
    )


@pytest.mark.parametrize("version", [v for v in pinned.frozen_versions() if v != FIRST])
def test_each_later_frozen_version_differs_from_today_only_as_the_changelog_says(
    version: str,
) -> None:
    """A frozen version after the first: its scenarios validate today, and the ones today's
    reference no longer passes are exactly those listed, with the reason, under *Scenarios of
    VERSION that no longer pass*."""
    loaded = pinned.load(version)
    assert loaded, f"suite {version}: no scenario frozen"
    found: dict[str, str] = {}
    for item in loaded:
        try:
            failures = [str(m) for m in engine.run_in_process(item.scenario)]
        except engine.ScenarioError as e:
            failures = [f"the reference cannot load it: {e}"]
        if failures:
            found[str(item.scenario["id"])] = failures[0]
    listed = suite.no_longer_passing(_changelog(), version)
    unlisted = {k: v for k, v in found.items() if k not in listed}
    stale = sorted(k for k in listed if k not in found)
    heading = suite.no_longer_passing_heading(version)
    assert not unlisted, f"suite {version}: failing, not listed under '{heading}': {unlisted}"
    assert not stale, f"suite {version}: listed under '{heading}' but passing: {stale}"
