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


#: The most lines the explorer prints for one scenario of the suite (without --all).
SCREEN = 40


def explore_main(*args: str, impl: str | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    target, as_json, detail = args[0], "--json" in args, "--all" in args
    code = readings.main(target, as_json=as_json, detail=detail, impl=impl, out=out, err=err)
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
    assert "  must_beat  result" in lines
    assert any(line.split() == ["false", "step", "1:", "legal", "defaults"] for line in lines)
    assert any(line.split() == ["true", "PASS", "scenario's"] for line in lines)
    assert "  step 1: legal: expected [" in out  # the first failure, once
    assert "verdict: FAIL under the default readings" in out
    assert "supported by AMB-MELNIKIB-05 reading b" in out
    assert len(lines) <= SCREEN
    code, detail, _ = explore_main("melniki-b-020", "--all")  # today's listing of every run
    assert code == readings.EXIT_SUPPORTED
    default = next(
        d for d in detail.splitlines() if d.strip().startswith("FAIL") and "defaults" in d
    )
    assert "(default)" in default
    assert "first failure: step 1: legal" in detail
    assert any(d.strip().startswith("PASS    must_beat=true") for d in detail.splitlines())


def test_mushka_025_in_one_screen() -> None:
    """The options that change the result are the table's columns, each reading's text is
    printed once, and the options without effect are named."""
    code, out, err = explore_main("mushka-025")
    assert code == readings.EXIT_SUPPORTED, err
    lines = out.splitlines()
    assert len(lines) <= SCREEN, out
    # the options of the rulings its sentences share (what is seen of a revoke, AMB-MUSHKA-22;
    # the мушка card's duty, AMB-MUSHKA-23; trumping while holding the suit, AMB-MUSHKA-60)
    # change nothing here
    no_effect = (
        "no effect on the result: follow_or_trump, must_head, overtrump, revokes_seen,"
        " top_forced, top_ruff, top_trumped, trump_card"
    )
    assert lines[lines.index(no_effect) + 1].split() == [
        "must_beat",
        "revoke",
        "top_follows",
        "result",
    ]
    assert any(
        line.split() == ["true", "refuse", "both", "PASS", "defaults,", "scenario's"]
        for line in lines
    )
    assert any(
        line.split() == ["true", "penalise", "both", "step", "8:", "legal"] for line in lines
    )
    own_suit = "It follows only its own suit: when trumps are led it is a card of another suit"
    assert out.count(own_suit) == 1
    assert '  AMB-MUSHKA-13 b (top_follows="own-suit"): ' + own_suit in out
    assert (
        "verdict: PASS under the default readings; PASS under 47 of 256 of 4608 combinations"
        " (a sample)." in out
    )
    _, detail, _ = explore_main("mushka-025", "--all")
    assert detail.count(own_suit) > 1 and len(detail.splitlines()) > 150


def test_every_suite_scenario_fits_one_screen() -> None:
    longest = (0, "")
    for x in suite_explorations():
        out = io.StringIO()
        readings.write_text(x, out)
        longest = max(longest, (out.getvalue().count("\n"), x.path))
    assert longest[0] <= SCREEN, longest


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
    assert "inexpressible: /setup/options/free_play: melniki-b has no option free_play" in out
    assert "verdict: inexpressible: its setup names an option or a value melniki-b" in out


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


def test_a_reading_of_a_cited_option_that_is_not_the_default(tmp_path: Path) -> None:
    """The uncle's file passes only under must_beat=true, the non-default reading b of the
    ruling its sentence cites."""
    code, out, err = explore_main(str(write(tmp_path, "uncle.json", must_beat_claim())))
    assert code == readings.EXIT_SUPPORTED, err
    assert len(out.splitlines()) <= SCREEN, out
    assert any(
        line.split() == ["false", "step", "1:", "action", "accepted", "defaults,", "scenario's"]
        for line in out.splitlines()
    )
    assert any(line.split() == ["true", "PASS"] for line in out.splitlines())
    assert out.count("As (a), but among the cards he may lay a player must choose one") == 1
    assert out.endswith(
        "verdict: FAIL under the default readings; PASS under 1 of all 2 combination(s); "
        "supported by AMB-MELNIKIB-05 reading b.\n"
    )


def unedited_pamfil() -> JSONObject:
    """A Памфил file written as for plain мушка: the holder of the jack of clubs (seat 3)
    has no declaration to make before play, as under pamfil_declare=automatic."""
    plain = json.loads((validate.SUITE / "mushka" / "mushka-023.json").read_text("utf-8"))
    scenario: JSONObject = {
        **plain,
        "id": "mushka-pamfil-901",
        "game": "mushka-pamfil",
        "rules": ["mushka-pamfil/first-player-leads"],
    }
    return scenario


def test_a_reading_of_an_option_the_scenario_does_not_cite(tmp_path: Path) -> None:
    path = write(tmp_path, "pamfil.json", unedited_pamfil())
    code, out, err = explore_main(str(path))
    assert code == readings.EXIT_SUPPORTED, err
    assert len(out.splitlines()) <= SCREEN, out
    assert "varied: none (it touches no option with readings)" in out
    assert "result: step 8: phase under every combination" in out
    assert '  also passes under pamfil_declare="automatic" (AMB-MUSHKAPAMFIL-06 reading b)\n' in out
    assert (
        'AMB-MUSHKAPAMFIL-06 b (pamfil_declare="automatic"): The declaration is a formality' in out
    )
    assert out.endswith(
        "verdict: FAIL under every reading of the options it touches (all 1 combination(s)); "
        'PASS under pamfil_declare="automatic" (AMB-MUSHKAPAMFIL-06 reading b): an option it '
        "does not cite.\n"
    )
    obj = json.loads(explore_main(str(path), "--json")[1])
    assert obj["verdict"]["kind"] == "uncited"
    assert [(r["ruling"], r["key"]) for r in obj["verdict"]["supported_by"]] == [
        ("AMB-MUSHKAPAMFIL-06", "b")
    ]
    passing = [r for r in obj["search"]["runs"] if r["outcome"] == "PASS"]
    assert [(r["option"], r["value"]) for r in passing] == [("pamfil_declare", "automatic")]


def test_the_search_beyond_is_bounded_and_says_so(tmp_path: Path) -> None:
    path = write(tmp_path, "pamfil.json", unedited_pamfil())
    name, scenario, warnings = readings.load(str(path))
    x = readings.explore(name, scenario, warnings, search_cap=3)
    assert len(x.probes) <= 3 and x.search_cut
    assert "pamfil_declare" in x.search_cut  # the options by name: the bound leaves it out
    out = io.StringIO()
    readings.write_text(x, out)
    assert (
        f"the bound of 3 runs cut the search: {', '.join(x.search_cut)} not tried" in out.getvalue()
    )
    assert x.verdict()[0] == "unposed"
    assert "(within the bound of the search)" in x.verdict()[1]
    runs, cut = readings.plan_search(x.others)
    assert len(runs) <= readings.SEARCH_CAP and cut == ()


def test_a_question_the_register_does_not_pose(tmp_path: Path) -> None:
    """No option of melniki-b moves the first failure: the explorer says the register does
    not pose the question and names the sentence the file cites, with its text. (A claim
    about who may lead is posed now: AMB-MELNIKIB-18 says who leads first. The trump named
    by the turned card is not.)"""
    claim = must_beat_claim(steps=[{"expect": {"trump": "H"}}])
    code, out, err = explore_main(str(write(tmp_path, "hearts.json", claim)))
    assert code == readings.EXIT_UNSUPPORTED, err
    assert len(out.splitlines()) <= SCREEN, out
    assert "no effect on the result: must_beat" in out
    assert ": none changes the result" in out
    assert (
        "verdict: the register does not pose this question: it fails at step 0: trump "
        "under every reading tried"
    ) in out
    assert out.endswith(
        f"  002:P7.S3: {FOLLOW} (On the card led one must lay a card of the same suit.)\n"
    )
    obj = json.loads(explore_main(str(write(tmp_path, "hearts.json", claim)), "--json")[1])
    assert obj["verdict"]["kind"] == "unposed"
    assert obj["sentences"] == [{"id": "002:P7.S3", "text": FOLLOW}]


def test_no_reading_gives_what_the_file_expects(tmp_path: Path) -> None:
    """must_beat moves what is legal at step 1, but neither reading gives the ten of diamonds."""
    claim = must_beat_claim(
        steps=[
            {"act": {"type": "play", "seat": 0, "card": "7H"}},
            {"expect": {"legal": [{"type": "play", "seat": 1, "card": "TD"}]}},
        ]
    )
    code, out, err = explore_main(str(write(tmp_path, "diamond.json", claim)))
    assert code == readings.EXIT_UNSUPPORTED, err
    assert len(out.splitlines()) <= SCREEN, out
    assert any(
        line.split() == ["false", "step", "1:", "legal", "#1", "defaults,", "scenario's"]
        for line in out.splitlines()
    )
    assert any(line.split() == ["true", "step", "1:", "legal", "#2"] for line in out.splitlines())
    assert (
        "verdict: no reading of the register supports it: FAIL under all 2 combination(s) and "
        "under each other option tried; the options move the first failure (step 1: legal #1, "
        "step 1: legal #2, step 0: action refused) but none gives what it expects."
    ) in out
    # step 0: under first_leader=dealer-left (AMB-MELNIKIB-18 b) the dealer does not lead


def test_a_refusal_for_an_unknown_option_value_is_inexpressible(tmp_path: Path) -> None:
    """Five players are refused by melniki-b/players, but this setup is refused first for a
    value must_beat does not have: not a PASS with a warning, an inexpressible setup."""
    claim = must_beat_claim(steps=[], setup_expect={"rejected": "melniki-b/players"})
    setup = claim["setup"]
    assert isinstance(setup, dict)
    setup.update(players=5, deal={"seed": 3}, options={"must_beat": "sometimes"})
    path = write(tmp_path, "five.json", claim)
    code, out, err = explore_main(str(path))
    assert code == readings.EXIT_UNSUPPORTED, err
    assert len(out.splitlines()) <= SCREEN, out
    assert "PASS" not in out
    assert (
        'inexpressible: /setup/options/must_beat: "sometimes" is not a value of must_beat '
        "(false, true)"
    ) in out
    assert "result: inexpressible under every combination" in out
    assert out.endswith(
        "verdict: inexpressible: its setup names an option or a value melniki-b does not have "
        "(/setup/options/must_beat); the setup is refused before any rule is judged, so no "
        "reading of the register can support it or refute it.\n"
    )
    obj = json.loads(explore_main(str(path), "--json")[1])
    assert obj["verdict"]["kind"] == "inexpressible"
    assert {c["outcome"] for c in obj["combinations"]} == {readings.INEXPRESSIBLE}
    assert obj["search"]["done"] is False and obj["search"]["runs"] == []
    setup["options"] = {"must_beat": True}  # expressible: refused by the rule it names
    code, out, _ = explore_main(str(write(tmp_path, "five.json", claim)))
    assert code == readings.EXIT_SUPPORTED and "verdict: PASS under the default readings" in out


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
        "sentences",
        "rulings_cited",
        "axes",
        "held",
        "unexpressed",
        "total",
        "tried",
        "sampled",
        "cap",
        "combinations",
        "search",
        "verdict",
    }
    assert set(obj["search"]) == {"done", "cap", "options", "cut", "runs"}
    assert obj["search"]["cap"] == readings.SEARCH_CAP and obj["search"]["cut"] == []
    assert {r["option"] for r in obj["search"]["runs"]} == {
        a["option"] for a in obj["search"]["options"]
    }
    assert "must_beat" not in {a["option"] for a in obj["search"]["options"]}
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
