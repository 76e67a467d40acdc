"""The readings explorer (``python -m conformance readings``) and the judging of one's own files."""

from __future__ import annotations

import io
import json
import shlex
import sys
from functools import cache
from pathlib import Path

import pytest

from conformance import engine, readings, runner, validate
from reference import games
from reference.core.jsontypes import JSON, JSONObject

FOLLOW = "На выхоженную карту обязательно нужно класть карту той же масти."
STOCK: list[JSON] = [
    "6S",
    "7S",
    "8S",
    "9S",
    "TS",
    "JS",
    "QS",
    "KS",
    "9H",
    "TH",
    "JH",
    "QH",
    "KH",
    "AH",
    "7D",
    "8D",
    "9D",
    "JD",
    "QD",
    "KD",
    "AD",
    "6C",
    "7C",
    "8C",
    "TC",
    "JC",
    "QC",
    "KC",
    "AC",
]


def explore_main(*args: str, impl: str | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    target, as_json = args[0], "--json" in args
    code = readings.main(target, as_json=as_json, impl=impl, out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def run_main(path: Path) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    code = runner.main(runner.Options(paths=(str(path),)), out=out, err=err)
    return code, out.getvalue() + err.getvalue()


def must_beat_claim(**extra: JSON) -> JSONObject:
    """A reading of one's own: the follower must take the trick when he can (the suite's own
    rule id is not used, the file has no suite id and cites no ruling)."""
    scenario: JSONObject = {
        "id": "uncle-1",
        "game": "melniki-b",
        "title": "My uncle's reading: you must beat when you can",
        "notes": "Played so in Tver; the text only says to follow suit.",
        "source": [{"sentence": "002:P7.S3", "quote": FOLLOW}],
        "rules": ["melniki-b/uncle-must-beat"],
        "rulings": {},
        "level": "ruling",
        "tags": [],
        "setup": {
            "players": 2,
            "dealer": 0,
            "deal": {
                "hands": [["AS", "7H", "9C"], ["6H", "8H", "TD"]],
                "stock": STOCK,
                "up": ["6D"],
            },
        },
        "steps": [
            {"act": {"type": "play", "seat": 0, "card": "7H"}},
            {
                "act": {"type": "play", "seat": 1, "card": "6H"},
                "expect": {"rejected": "melniki-b/uncle-must-beat"},
            },
            {"act": {"type": "play", "seat": 1, "card": "8H"}},
            {"expect": {"trick_winner": 1}},
        ],
    }
    scenario.update(extra)
    return scenario


def write(tmp_path: Path, name: str, value: object) -> Path:
    path = tmp_path / name
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    path.write_text(text, encoding="utf-8")
    return path


@cache
def suite_explorations() -> tuple[readings.Exploration, ...]:
    out = []
    for item in validate.validate_paths([str(validate.SUITE)])[0]:
        out.append(readings.explore(item.path, item.scenario))
    return tuple(out)


def non_default(x: readings.Exploration) -> list[readings.Reading]:
    """The non-default readings a scenario's own combination selects."""
    own = next(t for t in x.tried if t.is_scenario)
    return [r for r in own.readings if not r.default]


# --- the suite's ruling scenarios ---------------------------------------------------------------


def test_every_suite_scenario_passes_under_its_own_combination() -> None:
    for x in suite_explorations():
        own = [t for t in x.tried if t.is_scenario]
        assert len(own) == 1, x.path
        assert own[0].outcome == runner.PASS, (x.path, str(own[0].failure), own[0].message)


def test_a_ruling_scenario_that_fails_under_the_defaults_is_supported_by_its_reading() -> None:
    checked = 0
    for x in suite_explorations():
        mine = non_default(x)
        if x.scenario.get("level") != "ruling" or not mine:
            continue
        kind, text, support = x.verdict()
        if kind == "default":
            continue  # it holds under both readings (e.g. five players refused either way)
        checked += 1
        assert kind == "readings", (x.path, text)
        assert any(r in support for r in mine), (x.path, text, mine)
        for r in mine:
            if r in support:
                assert f"{r.ruling} reading {r.key}" in text
    assert checked >= 50, checked


def test_every_non_default_reading_has_a_scenario_that_fails_under_the_defaults() -> None:
    """Each non-default reading (of an option with values) is told apart from the default by a
    scenario of the suite: one that fails under the defaults and that the reading supports, or
    one that fails when only that reading's options are put back to their defaults."""
    wanted: set[tuple[str, str]] = set()
    for r in readings.register():
        game = games().get(r.game or "")
        if game is None:
            continue
        for reading in r.readings:
            specs = [game.options.get(n) for n in reading.option]
            if reading.default or not specs or not all(s is not None and s.values for s in specs):
                continue
            wanted.add((r.id, reading.key))
    told: set[tuple[str, str]] = set()
    for x in suite_explorations():
        kind, _, support = x.verdict()
        if kind == "readings":
            told |= {(r.ruling, r.key) for r in support if r in non_default(x)}
        # a reading that refines another non-default reading (svinyi's store_pig=begins acts
        # only under first_pig=first-drawn) is told apart from its own default: the scenario's
        # combination with only that reading's options put back to their defaults fails
        own = next(t for t in x.tried if t.is_scenario)
        defaults = {a.option: a.default for a in x.axes}
        for chosen in non_default(x):
            reset = {k: defaults.get(k, v) for k, v in chosen.option.items()}
            back = {**own.options, **reset}
            if any(t.options == back and t.outcome != runner.PASS for t in x.tried):
                told.add((chosen.ruling, chosen.key))
    assert wanted, "the register has readings with options"
    assert sorted(wanted - told) == []


def test_the_explorer_names_the_reading_of_a_ruling_scenario() -> None:
    code, out, err = explore_main("melniki-b-020")
    assert code == readings.EXIT_SUPPORTED, err
    lines = out.splitlines()
    default = next(line for line in lines if line.strip().startswith("FAIL") and "defaults" in line)
    assert "(default)" in default
    assert "first failure: step 1: legal" in out
    assert any(line.strip().startswith("PASS    must_beat=true") for line in lines)
    assert "verdict: FAIL under the default readings" in out
    assert "supported by AMB-MELNIKIB-05 reading b" in out


def test_cited_rulings_come_from_the_rules_and_the_sentences() -> None:
    code, out, _ = explore_main("melniki-b-018", "--json")
    assert code == 0
    obj = json.loads(out)
    assert obj["rulings_cited"] == ["AMB-MELNIKIB-05"]  # its sentence 002:P7.S3
    assert [a["option"] for a in obj["axes"]] == ["must_beat"]
    assert obj["axes"][0]["from"] == ["cited ruling AMB-MELNIKIB-05"]
    assert obj["verdict"]["kind"] == "default"


# --- one's own files ------------------------------------------------------------------------------


def test_a_reading_of_ones_own_is_judged_by_readings(tmp_path: Path) -> None:
    path = write(tmp_path, "uncle.json", must_beat_claim())
    code, out, err = explore_main(str(path))
    assert code == readings.EXIT_SUPPORTED, err
    assert "notes: Played so in Tver" in out
    assert "warning: " in out and '"melniki-b/uncle-must-beat" is not a rule of melniki-b' in out
    assert "/id" in out  # an id outside the game's pattern: a warning
    assert "verdict: FAIL under the default readings" in out
    assert "supported by AMB-MELNIKIB-05 reading b" in out
    # the rejection comes under the reference's rule id: a warning, as in run
    assert "warning: step 1: refused under another rule" in out


def test_a_reading_of_ones_own_is_judged_by_run(tmp_path: Path) -> None:
    path = write(tmp_path, "uncle.json", must_beat_claim())
    code, text = run_main(path)
    assert code == runner.EXIT_FAILED, text
    assert "FAIL    uncle-1" in text
    assert "invalid" not in text
    assert "warning: " in text and "is not a rule of melniki-b" in text
    claim = must_beat_claim()
    setup = claim["setup"]
    assert isinstance(setup, dict)
    setup["options"] = {"must_beat": True}
    code, text = run_main(write(tmp_path, "uncle2.json", claim))
    assert code == runner.EXIT_OK, text
    assert "PASS    uncle-1" in text


def test_options_the_register_does_not_name_still_run(tmp_path: Path) -> None:
    claim = must_beat_claim(rulings={"free_play": True})
    setup = claim["setup"]
    assert isinstance(setup, dict)
    setup["options"] = {"free_play": True}
    path = write(tmp_path, "free.json", claim)
    code, text = run_main(path)
    assert code == runner.EXIT_FAILED, text
    assert "setup refused" in text
    assert "warning: " in text and 'unexpected field "free_play"' in text
    code, out, _ = explore_main(str(path))
    assert code == readings.EXIT_UNSUPPORTED
    assert "held free_play=true: not an option of melniki-b" in out
    assert "no reading of the register supports it" in out


def test_a_setup_the_reference_refuses_or_accepts_is_judged(tmp_path: Path) -> None:
    base = json.loads((validate.SUITE / "melniki-b" / "melniki-b-018.json").read_text("utf-8"))
    base["id"], base["steps"] = "five-1", []
    base["setup"]["players"] = 5
    base["setup"]["deal"] = {"seed": 3}
    base["setup_expect"] = "accepted"
    code, text = run_main(write(tmp_path, "five.json", base))
    assert code == runner.EXIT_FAILED, text
    assert "setup refused" in text
    base["setup_expect"] = {"rejected": "melniki-b/players"}
    code, text = run_main(write(tmp_path, "five.json", base))
    assert code == runner.EXIT_OK, text
    base["setup"]["players"] = 2
    code, text = run_main(write(tmp_path, "five.json", base))
    assert code == runner.EXIT_FAILED, text
    assert "setup should have been refused" in text


def test_the_suite_keeps_every_check(tmp_path: Path) -> None:
    """Inside the suite an unregistered rule id is a problem of the suite, not a warning."""
    scenario = must_beat_claim(id="melniki-b-990")
    _, problems = validate.validate_bytes("melniki-b-990.json", json.dumps(scenario).encode())
    assert any("is not a rule of melniki-b" in p.message for p in problems)
    assert validate.in_suite(validate.SUITE / "melniki-b" / "melniki-b-001.json")
    assert not validate.in_suite(tmp_path / "melniki-b-001.json")


# --- JSON -----------------------------------------------------------------------------------------


def test_json_output_is_one_object_of_a_fixed_shape(tmp_path: Path) -> None:
    path = write(tmp_path, "uncle.json", must_beat_claim())
    code, out, _ = explore_main(str(path), "--json")
    assert code == 0
    obj = json.loads(out)  # one object, nothing else on stdout
    assert obj["format"] == readings.FORMAT
    assert set(obj) == {
        "format",
        "scenario",
        "implementation",
        "file_warnings",
        "rulings_cited",
        "axes",
        "held",
        "total",
        "tried",
        "sampled",
        "cap",
        "combinations",
        "verdict",
    }
    assert obj["scenario"]["notes"].startswith("Played so in Tver")
    assert obj["implementation"] is None
    assert all(set(w) == {"pointer", "message"} for w in obj["file_warnings"])
    assert obj["total"] == obj["tried"] == len(obj["combinations"]) == 2
    assert obj["sampled"] is False and obj["cap"] == readings.CAP
    first, second = obj["combinations"]
    assert set(first) == {
        "index",
        "options",
        "changed",
        "default",
        "scenario",
        "readings",
        "unnamed",
        "outcome",
        "failure",
        "message",
        "warnings",
    }
    assert first["default"] and first["outcome"] == "FAIL" and first["changed"] == {}
    assert set(first["failure"]) == {"step", "expected", "observed", "note"}
    assert first["failure"]["step"] == 1
    assert second["options"] == {"must_beat": True} and second["outcome"] == "PASS"
    assert second["failure"] is None
    assert obj["verdict"]["kind"] == "readings" and obj["verdict"]["passing"] == 1
    assert [(r["ruling"], r["key"]) for r in obj["verdict"]["supported_by"]] == [
        ("AMB-MELNIKIB-05", "b")
    ]


# --- combinations and the cap ---------------------------------------------------------------------


def axes(n: int) -> list[readings.Axis]:
    return [readings.Axis(f"o{i}", (False, True), False, None, (), ()) for i in range(n)]


def test_small_products_are_run_whole_in_product_order() -> None:
    chosen, total = readings.choose(axes(3))
    assert total == 8 and chosen == list(range(8))
    assert readings.combination(axes(3), 0) == {"o0": False, "o1": False, "o2": False}
    assert readings.combination(axes(3), 5) == {"o0": True, "o1": False, "o2": True}
    assert readings.index_of(axes(3), {"o0": True, "o2": True}) == 5


def test_large_products_are_sampled_deterministically() -> None:
    many = axes(12)
    chosen, total = readings.choose(many)
    assert total == 4096
    assert len(chosen) == readings.CAP == len(set(chosen)) and chosen == sorted(chosen)
    assert chosen == readings.choose(many)[0]
    assert 0 in chosen  # the defaults
    for a in many:  # each reading alone
        assert readings.index_of(many, {a.option: True}) in chosen


# --- errors ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("target", "words"),
    [
        ("/no/such/file.json", "no such file"),
        ("melniki-b-999", "no scenario of the suite has this id"),
        ("nogame-001", "no scenario of the suite has this id"),
    ],
)
def test_a_missing_file_or_unknown_id_is_exit_2(target: str, words: str) -> None:
    code, out, err = explore_main(target)
    assert code == runner.EXIT_USAGE and out == ""
    assert words in err and target in err


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"game": ', "(document): not JSON"),
        ("[1, 2]", "a scenario is a JSON object"),
        ('{"setup": {"players": 2, "dealer": 0, "deal": {"seed": 1}}, "steps": []}', 'no "game"'),
        (
            '{"game": "melniki-b", "setup": {"players": 2, "dealer": 0, "deal": {"seed": 1}},'
            ' "steps": [{"act": 3}]}',
            "/steps/0/act",
        ),
        (
            '{"game": "chess", "setup": {"players": 2, "dealer": 0, "deal": {"seed": 1}},'
            ' "steps": []}',
            "/game",
        ),
    ],
)
def test_a_file_that_cannot_be_run_is_exit_2(tmp_path: Path, text: str, words: str) -> None:
    path = write(tmp_path, "broken.json", text)
    code, out, err = explore_main(str(path))
    assert code == runner.EXIT_USAGE and out == ""
    assert str(path) in err and words in err
    code, both = run_main(path)
    assert code == runner.EXIT_USAGE
    assert str(path) in both and words in both and "cannot run" in both


# --- through the protocol -------------------------------------------------------------------------


def test_impl_runs_every_combination_through_the_protocol(tmp_path: Path) -> None:
    path = write(tmp_path, "uncle.json", must_beat_claim())
    impl = shlex.join(runner.default_command())
    code, out, err = explore_main(str(path), "--json", impl=impl)
    assert code == 0, err
    obj = json.loads(out)
    assert obj["implementation"] == runner.default_command()
    assert [c["outcome"] for c in obj["combinations"]] == ["FAIL", "PASS"]
    _, local, _ = explore_main(str(path), "--json")
    mine = [(c["options"], c["failure"]) for c in obj["combinations"]]
    assert mine == [(c["options"], c["failure"]) for c in json.loads(local)["combinations"]]
    code, _, err = explore_main(str(path), impl=shlex.join([sys.executable, "-c", "pass"]))
    assert code == runner.EXIT_UNUSABLE and "unusable" in err


def test_the_engine_judges_each_combination_as_run_does() -> None:
    """The explorer's in-process judging is the engine's: the scenario's own combination of a
    suite scenario gives the verdict of ``engine.run_in_process``."""
    item = validate.validate_paths([str(validate.SUITE / "melniki-b" / "melniki-b-020.json")])[0]
    scenario = item[0].scenario
    x = readings.explore(item[0].path, scenario)
    own = next(t for t in x.tried if t.is_scenario)
    assert engine.run_in_process(readings.with_options(scenario, own.options)) == []
    default = readings.with_options(scenario, x.default().options)
    assert [str(m) for m in engine.run_in_process(default)][:1] == [str(x.default().failure)]
