"""``python -m reference``, driven end to end as a person would: a subprocess with piped input."""

from __future__ import annotations

import json
import os
import pty
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conformance import engine, validate
from reference import games
from reference.core.cards import SUIT_OF, parse_card
from reference.core.deals import deal_from_json
from reference.core.game import Table
from reference.core.jsontypes import JSON

ROOT = Path(__file__).resolve().parents[2]
RED = "\x1b[31m"


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env["PYTHONPATH"] = str(ROOT)
    env.update(extra)
    return env


def cli(
    *args: str, stdin: str = "", module: str = "reference", **env: str
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        env=_env(**env),
        timeout=60,
        check=False,
    )


def _json(text: str) -> dict[str, JSON]:
    value = json.loads(text)
    assert isinstance(value, dict)
    return value


# --- games and rules ------------------------------------------------------------------------


def test_games_is_a_short_table_and_a_game_lists_its_options() -> None:
    r = cli("games")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].split() == ["game", "players", "cards", "text", "name"]
    rows = lines[1 : 1 + len(games())]
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
    for line, (gid, game) in zip(rows, sorted(games().items()), strict=True):
        assert line.split()[0] == gid
        seats = game.players
        want = f"{seats.start}-{seats[-1]}" if len(seats) > 1 else f"{seats.start}"
        assert line.split()[1] == want
    assert lines[-1] == "a game with its options: python -m reference games GAME"
    assert "\x1b[" not in r.stdout  # piped: plain text
    for gid, game in games().items():
        one = cli("games", gid)
        assert one.returncode == 0, one.stderr
        assert one.stdout.startswith(gid + "  ")
        for name in game.options:
            assert f"\n  {name}=" in one.stdout, (gid, name)
    assert _json(cli("games", "melniki-b", "--json").stdout)["id"] == "melniki-b"


def test_koloda_names_itself_in_errors() -> None:
    r = cli("play", "no-such-game", module="conformance.console")
    assert r.returncode == 2
    assert r.stderr.startswith("koloda play: error: unknown game 'no-such-game'"), r.stderr
    r = cli("run", "--timeout", "x", module="conformance.console")
    assert r.returncode == 2 and "koloda run: error: argument --timeout" in r.stderr, r.stderr
    r = cli("play", "no-such-game")
    assert r.stderr.startswith("python -m reference play: error: unknown game"), r.stderr


def test_games_json_parses_with_options_defaults_and_values() -> None:
    r = cli("games", "--json")
    assert r.returncode == 0, r.stderr
    doc = _json(r.stdout)
    listed = doc["games"]
    assert isinstance(listed, list)
    by_id = {g["id"]: g for g in listed if isinstance(g, dict)}
    assert set(by_id) == set(games())
    melniki = by_id["melniki-b"]
    assert isinstance(melniki, dict)
    assert melniki["players"] == [2, 4]
    deck = melniki["deck"]
    assert isinstance(deck, dict) and deck["cards"] == 36
    options = melniki["options"]
    assert isinstance(options, dict)
    assert options["must_beat"] == {
        "default": False,
        "doc": games()["melniki-b"].options["must_beat"].doc,
        "ruling": "AMB-MELNIKIB-05",
        "values": [False, True],
    }


def test_rules_of_one_rule_cite_russian_and_english() -> None:
    r = cli("rules", "melniki-b", "--rule", "follow-suit")
    assert r.returncode == 0, r.stderr
    assert "melniki-b/follow-suit: On the card led a player must lay" in r.stdout
    assert "002:P7.S3" in r.stdout
    assert "На выхоженную карту обязательно нужно класть карту той же масти." in r.stdout
    assert "On the card led one must lay a card of the same suit." in r.stdout


def test_rules_show_rulings_with_readings_and_options() -> None:
    r = cli("rules", "melniki-b")
    assert r.returncode == 0, r.stderr
    for rule in games()["melniki-b"].rules:
        assert rule.id in r.stdout
    assert "AMB-MELNIKIB-05" in r.stdout
    assert "[must_beat=true]" in r.stdout
    assert "(default) [must_beat=false]" in r.stdout


def test_rules_json_parses() -> None:
    r = cli("rules", "melniki-b", "--rule", "melniki-b/must-beat", "--json")
    assert r.returncode == 0, r.stderr
    doc = _json(r.stdout)
    rules = doc["rules"]
    assert isinstance(rules, list) and len(rules) == 1
    rule = rules[0]
    assert isinstance(rule, dict)
    assert rule["id"] == "melniki-b/must-beat"
    assert rule["sentences"] == [
        {
            "id": "002:P7.S3",
            "text": "На выхоженную карту обязательно нужно класть карту той же масти.",
            "english": "On the card led one must lay a card of the same suit.",
        }
    ]
    rulings = rule["rulings"]
    assert isinstance(rulings, list) and rulings
    ruling = rulings[0]
    assert isinstance(ruling, dict) and ruling["id"] == "AMB-MELNIKIB-05"


# --- errors name the valid names -------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "names"),
    [
        (("rules", "durak"), ["unknown game 'durak'", *games()]),
        (("play", "durak"), ["unknown game 'durak'", *games()]),
        (("rules", "melniki-b", "--rule", "nope"), ["no rule 'nope'", "melniki-b/follow-suit"]),
        (
            ("play", "melniki-b", "--option", "trumps=1"),
            ["no option 'trumps'", *games()["melniki-b"].options],
        ),
        (
            ("play", "melniki-b", "--option", "after_take=never"),
            ["'never' is not a value", "taker, skip-taker"],
        ),
        (("play", "melniki-b", "--option", "must_beat=yes"), ["false, true"]),
        (("play", "melniki-b", "--players", "9"), ["2 to 4 players"]),
        (("play", "melniki-b", "--record", "game.json"), ["melniki-b-901.json"]),
        (("replay", "melniki-b-99999"), ["no scenario 'melniki-b-99999'"]),
    ],
)
def test_bad_names_exit_2_naming_the_valid_ones(args: tuple[str, ...], names: list[str]) -> None:
    r = cli(*args)
    assert r.returncode == 2, (r.stdout, r.stderr)
    for name in names:
        assert name in r.stderr, (name, r.stderr)


def _integer_option() -> tuple[str, str, int, str] | None:
    """A registered game with an integer-range option: game, option, a value below it, range."""
    for gid, game in sorted(games().items()):
        for name, spec in sorted(game.options.items()):
            if not spec.values and spec.minimum is not None:
                return gid, name, spec.minimum - 1, spec.describe_values()
    return None


def test_an_integer_option_out_of_range_names_its_range() -> None:
    found = _integer_option()
    if found is None:
        pytest.skip("no registered game has an integer-range option")
    gid, name, value, allowed = found
    r = cli("play", gid, "--option", f"{name}={value}")
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert allowed.split("[")[-1].rstrip("]") in r.stderr, r.stderr


def test_help_everywhere_with_examples() -> None:
    for args in ((), ("games",), ("rules",), ("replay",), ("play",)):
        r = cli(*args, "--help")
        assert r.returncode == 0, r.stderr
        assert "examples:" in r.stdout, args


# --- replay -----------------------------------------------------------------------------------


def test_replay_of_a_real_scenario_checks_every_expectation() -> None:
    r = cli("replay", "melniki-b-018")
    assert r.returncode == 0, r.stdout + r.stderr
    out = r.stdout
    assert "refused by melniki-b/follow-suit" in out
    assert "На выхоженную карту" in out  # the rule's source sentence
    assert "hand.1" in out and "♠" in out  # the table, with card symbols
    assert "✗" not in out
    assert out.count("✓") >= 5
    assert "PASS" in out


def test_replay_of_a_broken_expectation_fails_with_a_cross(tmp_path: Path) -> None:
    source = ROOT / "conformance" / "scenarios" / "melniki-b" / "melniki-b-030.json"
    scenario = _json(source.read_text(encoding="utf-8"))
    steps = scenario["steps"]
    assert isinstance(steps, list)
    last = steps[-1]
    assert isinstance(last, dict) and isinstance(last["expect"], dict)
    last["expect"]["to_move"] = 0
    path = tmp_path / "melniki-b-030.json"
    path.write_text(json.dumps(scenario, ensure_ascii=False), encoding="utf-8")
    r = cli("replay", str(path), "--brief")
    assert r.returncode == 1, r.stdout + r.stderr
    assert "✗ to_move: expected 0, observed 2" in r.stdout
    assert "FAIL" in r.stdout


def test_replay_shows_escape_sequences_of_a_file_escaped(tmp_path: Path) -> None:
    """A title, a tag or a quote holding terminal escape sequences is shown escaped, as run
    shows them: never played to the terminal (which could erase a ✗ and print a ✓)."""
    source = ROOT / "conformance" / "scenarios" / "melniki-b" / "melniki-b-030.json"
    scenario = _json(source.read_text(encoding="utf-8"))
    scenario["title"] = "a title\x1b[2J\x1b[1A✓ all good\r"
    scenario["tags"] = ["\x1b]0;owned\x07"]
    path = tmp_path / "melniki-b-030.json"
    path.write_text(json.dumps(scenario, ensure_ascii=False), encoding="utf-8")
    r = cli("replay", str(path), "--brief")
    assert "\x1b" not in r.stdout + r.stderr and "\r" not in r.stdout + r.stderr
    assert "a title\\x1b[2J\\x1b[1A✓ all good\\x0d" in r.stdout
    assert "\\x1b]0;owned\\x07" in r.stdout


def test_replay_as_a_seat_shows_only_what_it_may_see() -> None:
    """``replay --seat K`` draws the table as seat K sees it; a seat not at the table is a usage
    error."""
    seen = cli("replay", "gorka-054", "--seat", "0")
    assert seen.returncode == 0, seen.stdout + seen.stderr
    assert "seat 0's view" in seen.stdout
    assert not re.search(r"^  hand\.1 ", seen.stdout, re.M)  # no other seat's hand drawn
    everything = cli("replay", "gorka-054")
    assert "seat 0's view" not in everything.stdout
    assert re.search(r"^  hand\.1 ", everything.stdout, re.M)
    bad = cli("replay", "gorka-054", "--seat", "9")
    assert bad.returncode == 2 and "--seat 9" in bad.stderr


# --- play -------------------------------------------------------------------------------------


def _follow_suit_seed() -> tuple[int, str]:
    """A seed where seat 0 (dealer, leading) holds one suit only and seat 1 holds that suit and
    another card: whatever seat 0 leads, that other card is refused to seat 1."""
    game = games()["melniki-b"]
    for seed in range(5000):
        state = game.setup(Table(2, 0, deal_from_json({"seed": seed}, game.pack)))
        h0, h1 = game.observe(state, "hand.0"), game.observe(state, "hand.1")
        assert isinstance(h0, list) and isinstance(h1, list)
        suits0 = {SUIT_OF[parse_card(str(c))] for c in h0}
        if len(suits0) != 1:
            continue
        (led,) = suits0
        others = [str(c) for c in h1 if SUIT_OF[parse_card(str(c))] != led]
        if others and len(others) < len(h1):
            return seed, others[0]
    raise AssertionError("no such seed")


def test_an_illegal_choice_is_answered_with_its_rule_and_the_recorded_game_replays(
    tmp_path: Path,
) -> None:
    seed, wrong = _follow_suit_seed()
    record = tmp_path / "melniki-b-901.json"
    r = cli(
        "play",
        "melniki-b",
        "--seed",
        str(seed),
        "--seat",
        "1",
        "--record",
        str(record),
        stdin=f"{wrong}\n1\nq\n",
    )
    assert r.returncode == 0, r.stdout + r.stderr
    out = r.stdout
    assert "refused by melniki-b/follow-suit" in out
    assert "On the card led a player must lay a card of the same suit" in out  # the statement
    assert "002:P7.S3" in out and "На выхоженную карту" in out  # its source sentence
    assert "the game goes on" in out
    assert out.count("seat 1 to move:") >= 2  # asked again after the refusal
    scenario = _json(record.read_text(encoding="utf-8"))
    assert scenario["id"] == "melniki-b-901"
    assert scenario["level"] == "found"
    assert "source" not in scenario
    assert scenario["rules"] == ["melniki-b/follow-suit"]
    found_by = scenario["found_by"]
    assert isinstance(found_by, dict) and found_by["seed"] == seed
    assert "python -m reference play melniki-b" in str(found_by["command"])
    setup = scenario["setup"]
    assert isinstance(setup, dict) and isinstance(setup["deal"], dict)
    order = setup["deal"]["order"]
    assert isinstance(order, list) and len(order) == 36
    steps = scenario["steps"]
    assert isinstance(steps, list)
    assert {"rejected": "melniki-b/follow-suit"} in [
        s.get("expect") for s in steps if isinstance(s, dict)
    ]
    run = cli("run", str(record), module="conformance")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "PASS    melniki-b-901" in run.stdout


@pytest.mark.parametrize("gid", sorted(games()))
def test_a_watched_game_is_recorded_and_passes_the_runner(gid: str, tmp_path: Path) -> None:
    game = games()[gid]
    record = tmp_path / f"{gid}-900.json"
    args = ["play", gid, "--seat", "none", "--seed", "11", "--quiet", "--record", str(record)]
    r = cli(*args, "--players", str(_playable(gid, game.players)))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "recorded" in r.stdout
    scenario = _json(record.read_text(encoding="utf-8"))
    assert scenario["level"] == "found" and scenario["rules"] == []
    steps = scenario["steps"]
    assert isinstance(steps, list) and isinstance(steps[-1], dict)
    expect = steps[-1]["expect"]
    assert isinstance(expect, dict)
    for name in game.observables:
        assert name.replace("<seat>", "0") in expect
    # What `python -m conformance run FILE` does (shown end to end for a played game above),
    # in this process to keep the suite fast: validate the file, run it on the reference, judge.
    loaded, problems = validate.validate_paths([str(record)])
    assert not problems, [str(p) for p in problems]
    assert engine.run_in_process(loaded[0].scenario) == []


def _playable(gid: str, players: range) -> int:
    """The fewest players the game sets up with its default options."""
    game = games()[gid]
    for n in players:
        try:
            game.setup(Table(n, 0, deal_from_json({"seed": 1}, game.pack)))
        except ValueError:
            continue
        return n
    raise AssertionError(f"{gid} sets up with no player count")


def test_watch_stops_at_the_step_limit() -> None:
    r = cli("play", "melniki-b", "--seat", "none", "--seed", "3", "--max-steps", "4")
    assert r.returncode == 0, r.stderr
    assert "step limit reached (4 actions)" in r.stdout
    assert r.stdout.count("seat ") >= 4


# --- colour -------------------------------------------------------------------------------------


def _on_a_terminal(*args: str, **env: str) -> str:
    """The output of the CLI with its stdout on a pseudo-terminal."""
    master, slave = pty.openpty()
    with subprocess.Popen(
        [sys.executable, "-m", "reference", *args],
        stdin=subprocess.DEVNULL,
        stdout=slave,
        stderr=subprocess.DEVNULL,
        cwd=ROOT,
        env=_env(**env),
    ) as proc:
        os.close(slave)
        chunks = []
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:  # EIO: the terminal's other end is closed
                break
            if not data:
                break
            chunks.append(data)
        proc.wait(timeout=60)
    os.close(master)
    return b"".join(chunks).decode("utf-8")


def test_colour_on_a_terminal_red_hearts_and_no_color_honoured() -> None:
    coloured = _on_a_terminal("replay", "melniki-b-018", "--brief")
    assert f"{RED}8♥" in coloured
    plain = _on_a_terminal("replay", "melniki-b-018", "--brief", NO_COLOR="1")
    assert "\x1b[" not in plain and "8♥" in plain
    forced = cli("games", "--color", "always")
    assert "\x1b[" in forced.stdout


# --- bad input never gives a traceback --------------------------------------------------------


def test_replay_of_a_deeply_nested_file_is_an_error_not_a_traceback(tmp_path: Path) -> None:
    deep = tmp_path / "melniki-b-901.json"
    deep.write_text('{"a":' * 5000 + "1" + "}" * 5000, encoding="utf-8")
    got = cli("replay", str(deep))
    assert got.returncode == 2
    assert "nested too deeply" in got.stderr
    assert "Traceback" not in got.stderr


def test_an_unwritable_record_path_is_refused_before_the_game(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    got = cli("play", "melniki-b", "--seat", "0", "--record", f"{blocker}/melniki-b-901.json")
    assert got.returncode == 2
    assert "--record" in got.stderr and "Traceback" not in got.stderr
    assert "seat 0 to move" not in got.stdout  # refused before any game was dealt


def test_a_huge_number_at_the_prompt_is_no_action() -> None:
    got = cli("play", "melniki-b", "--seat", "0", "--seed", "1", stdin="9" * 5000 + "\nq\n")
    assert got.returncode == 0, got.stderr
    assert "no action 999999999999…" in got.stdout
    assert "Traceback" not in got.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_output_to_a_full_device_is_an_error_not_a_traceback() -> None:
    with open("/dev/full", "w", encoding="utf-8") as full:
        got = subprocess.run(
            [sys.executable, "-m", "reference", "rules", "melniki-b"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env=_env(),
            timeout=60,
            check=False,
        )
    assert got.returncode == 1
    assert "cannot write the output" in got.stderr
    assert "Traceback" not in got.stderr and "Exception ignored" not in got.stderr
