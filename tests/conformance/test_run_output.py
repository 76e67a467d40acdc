"""What ``run`` prints for a failure, and the scenarios it checks before a run.

A FAIL line names the scenario's title and rules and the commands that replay it, on a
terminal and in a log alike; the results lines carry the title and rules too. ``run --id``
and ``run --game`` check only the suite files that can hold a selected scenario, and pick
exactly the scenarios the full check would.
"""

from __future__ import annotations

import io
import json
import re
import shlex
import shutil
from pathlib import Path

import pytest

from conformance import engine, runner, validate
from tests.conformance.helpers import fake, run

GORKA = validate.SUITE / "gorka"


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _scenario(sid: str) -> dict[str, object]:
    game = sid.rsplit("-", 1)[0]
    path = validate.SUITE / game / f"{sid}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_a_fail_names_title_rules_and_replay_in_a_log(tmp_path: Path) -> None:
    impl = fake("accept-all")
    code, lines, text = run(tmp_path, impl, ids=("gorka-005",))
    assert code == runner.EXIT_FAILED
    scenario = _scenario("gorka-005")
    title, rules = scenario["title"], scenario["rules"]
    assert isinstance(title, str) and isinstance(rules, list)
    first = next(x for x in text.splitlines() if x.startswith("FAIL"))
    # the time is shown only when slow (100 ms or more): a fast fail has none
    assert re.fullmatch(rf"FAIL    gorka-005( \(\d+ ms\))?: {re.escape(title)}", first), first
    assert f"        rules: {', '.join(map(str, rules))}" in text
    run_cmd = f"python -m conformance run --impl {shlex.quote(impl)} --id gorka-005"
    assert f"        replay: {run_cmd}" in text
    assert "                python -m reference replay gorka-005" in text
    assert shlex.split(run_cmd)[4:] == ["--impl", impl, "--id", "gorka-005"]
    line = next(x for x in lines if x["type"] == "scenario")
    assert line["title"] == title and line["rules"] == rules


def test_a_pass_stays_one_line_and_the_default_impl_is_not_named(tmp_path: Path) -> None:
    code, _, text = run(tmp_path, None, ids=("gorka-00[12]",))
    assert code == runner.EXIT_OK
    assert [x for x in text.splitlines() if x.startswith("PASS")] == [
        x for x in text.splitlines() if x.startswith(("PASS", " "))
    ]
    assert "replay" not in text and "rules:" not in text
    assert runner.replay_commands("gorka-001", str(GORKA / "gorka-001.json"), None) == (
        "python -m conformance run --id gorka-001",
        "python -m reference replay gorka-001",
    )


def test_a_file_of_ones_own_is_replayed_by_its_path(tmp_path: Path) -> None:
    mine = tmp_path / "my dir" / "gorka-900.json"
    run_cmd, ref_cmd = runner.replay_commands("gorka-900", str(mine), ["./impl", "--fast"])
    assert shlex.split(run_cmd) == [
        "python",
        "-m",
        "conformance",
        "run",
        "--impl",
        "./impl --fast",
        str(mine),
        "--id",
        "gorka-900",
    ]
    assert shlex.split(ref_cmd) == ["python", "-m", "reference", "replay", str(mine)]


def test_on_a_terminal_the_fail_has_the_same_lines() -> None:
    loaded, problems = validate.validate_paths([str(GORKA / "gorka-005.json")])
    assert not problems
    case = runner.Case.of(loaded[0].path, loaded[0].scenario)
    out, err = io.StringIO(), _Terminal()
    report = runner.Report(out, err, None, 1, ["impl"])
    mismatch = engine.Mismatch(0, {"rejected": "core/out-of-turn"}, {"accepted": True}, "x")
    report.add(runner.Result(case, runner.FAIL, failures=[mismatch]))
    shown = err.getvalue()
    assert out.getvalue() == ""
    assert f"FAIL    gorka-005: {case.scenario['title']}\n" in shown
    assert "        rules: " in shown
    assert "        replay: python -m conformance run --impl impl --id gorka-005\n" in shown
    assert "python -m reference replay gorka-005\n" in shown


def test_an_escape_in_a_title_of_ones_own_is_shown_escaped(tmp_path: Path) -> None:
    scenario = _scenario("gorka-005")
    scenario["title"] = "\x1b[2K\rPASS    forged\nline"
    path = tmp_path / "gorka-901.json"
    scenario["id"] = "gorka-901"
    path.write_text(json.dumps(scenario), encoding="utf-8")
    case = runner.Case.of(str(path), scenario)  # type: ignore[arg-type]
    out = io.StringIO()
    report = runner.Report(out, io.StringIO(), None, 1)
    report.add(runner.Result(case, runner.ERROR, message="boom"))
    text = out.getvalue()
    assert "\x1b" not in text and "\r" not in text
    assert "\\x1b[2K\\x0dPASS    forged\\x0aline" in text
    assert len([x for x in text.splitlines() if not x.startswith(" ")]) == 1


@pytest.mark.parametrize(
    "filters",
    [
        runner.Filters(ids=("melniki-b-01*",)),
        runner.Filters(ids=("gorka-003", "michigan-0?0")),
        runner.Filters(games=("mushka",)),
        runner.Filters(games=("mushka",), ids=("mushka-k*",)),
        runner.Filters(games=("svinyi",), tags=("deal",)),
        runner.Filters(ids=("no-such-*",)),
    ],
)
def test_a_narrowed_check_selects_what_the_full_check_would(filters: runner.Filters) -> None:
    loaded, problems = validate.validate_paths([str(validate.SUITE)])
    assert not problems
    full = [(x.path, x.scenario["id"]) for x in loaded if filters.keep(x.scenario)]
    err = io.StringIO()
    cases, status = runner.select(runner.Options(filters=filters), err)
    if not full:
        assert status == runner.EXIT_USAGE and "no scenario matches" in err.getvalue()
        return
    assert status is None, err.getvalue()
    assert [(c.path, c.id) for c in cases] == full
    kept, missing = runner.narrow([str(validate.SUITE)], filters)
    assert not missing
    assert len(kept) < len(loaded)


def test_a_narrowed_check_still_finds_a_second_file_with_a_selected_id(tmp_path: Path) -> None:
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        shutil.copy(GORKA / "gorka-004.json", tmp_path / folder / "gorka-004.json")
    shutil.copy(GORKA / "gorka-005.json", tmp_path / "a" / "gorka-005.json")
    kept, missing = runner.narrow([str(tmp_path)], runner.Filters(ids=("gorka-004",)))
    assert not missing
    assert sorted(Path(k).relative_to(tmp_path).as_posix() for k in kept) == [
        "a/gorka-004.json",
        "b/gorka-004.json",
    ]
    _, problems = validate.validate_paths(kept)
    assert [p.pointer for p in problems] == ["/id"]
    assert "is also the id of" in problems[0].message


def test_a_missing_path_is_still_a_problem_when_narrowed() -> None:
    err = io.StringIO()
    options = runner.Options(
        paths=(str(validate.SUITE / "no-such-dir"),), filters=runner.Filters(ids=("gorka-001",))
    )
    _, status = runner.select(options, err)
    assert status == runner.EXIT_USAGE
    assert "no such file or directory" in err.getvalue()
