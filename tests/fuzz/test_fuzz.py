"""The fuzzer finds, shrinks and writes divergences; it is reproducible and shards cleanly."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from conformance import adapter, fuzz, protocol, runner, suite, validate
from reference import games
from reference.core.jsontypes import JSONObject
from tests.fuzz import wrong_adapter

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
WRONG = HERE / "wrong_adapter.py"
#: The games the comparisons between runs use (the other games are still being written).
STABLE = ("melniki-b",)


def wrong(mode: str) -> tuple[str, ...]:
    return (sys.executable, str(WRONG), mode)


def run_fuzz(
    tmp_path: Path, config: fuzz.Config, *, jobs: int = 1, scheduler: str | None = None
) -> tuple[int, list[JSONObject], str]:
    out, err = io.StringIO(), io.StringIO()
    results = tmp_path / "fuzz.jsonl"
    code = fuzz.main(
        config,
        jobs=jobs,
        scheduler=scheduler,
        json_path=str(results),
        out_dir=str(tmp_path / "found"),
        out=out,
        err=err,
    )
    lines = [json.loads(x) for x in results.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["type"] == "header" and lines[-1]["type"] == "summary"
    return code, lines, out.getvalue() + err.getvalue()


def games_of(lines: list[JSONObject]) -> list[tuple[object, ...]]:
    return sorted(
        (x["index"], x["seed"], x["game"], x["players"], x["deal_seed"], x["moves"], x["outcome"])
        for x in lines
        if x["type"] == "game"
    )


def replay(path: str, impl: tuple[str, ...] | None) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    options = runner.Options(impl=shlex.join(impl) if impl else None, paths=(path,))
    code = runner.main(options, out=out, err=err)
    return code, out.getvalue() + err.getvalue()


@pytest.mark.parametrize(
    ("mode", "max_acts"),
    [("trick-winner", 6), ("follow-suit", 6), ("covering", 6)],
)
def test_a_wrong_rule_is_found_shrunk_and_replayed(
    tmp_path: Path, mode: str, max_acts: int
) -> None:
    config = fuzz.Config(
        argv=wrong(mode), games=("melniki-b",), count=8, seed=3, max_shrinks=1, command="fuzz"
    )
    code, lines, text = run_fuzz(tmp_path, config)
    assert code == runner.EXIT_FAILED, text
    found = [x for x in lines if x["type"] == "divergence"]
    assert found, text
    assert f"game seed {found[0]['seed']}" in text  # the seed of every failure is printed
    files = [str(x["file"]) for x in found if x.get("file")]
    assert len(files) == 1  # max_shrinks=1: one shrunk scenario
    scenario = json.loads(Path(files[0]).read_text(encoding="utf-8"))
    assert scenario["level"] == "found"
    assert set(scenario["found_by"]) == {"seed", "command", "date"}
    assert "--game-seed" in scenario["found_by"]["command"]
    assert scenario["setup"]["players"] == 2  # fewest players
    assert sum("act" in s for s in scenario["steps"]) <= max_acts
    assert len(scenario["steps"]) <= max_acts + 1
    loaded, problems = validate.validate_paths([files[0]])
    assert not problems and len(loaded) == 1
    code, text = replay(files[0], wrong(mode))
    assert code == runner.EXIT_FAILED and "FAIL" in text, text
    code, text = replay(files[0], None)
    assert code == runner.EXIT_OK, text


def _first_note(divergence: JSONObject) -> object:
    failures = divergence.get("failures")
    first = failures[0] if isinstance(failures, list) and failures else None
    return first.get("note") if isinstance(first, dict) else None


def test_divergences_of_one_broken_rule_are_one_group_with_a_count_and_an_example(
    tmp_path: Path,
) -> None:
    config = fuzz.Config(
        argv=wrong("follow-suit"), games=("melniki-b",), count=16, seed=0, shrink=False
    )
    code, lines, text = run_fuzz(tmp_path, config)
    assert code == runner.EXIT_FAILED, text
    found = [x for x in lines if x["type"] == "divergence"]
    legal = [x for x in found if _first_note(x) == "legal"]
    assert len(legal) >= 3, text
    shown = text.splitlines()
    assert not any(line.startswith("FAIL ") for line in shown), text  # no line a divergence
    groups = [line for line in shown if re.match(r"^ +[0-9]+  melniki-b  ", line)]
    assert f"{len(legal):>6}  melniki-b  legal  no rule cited by the reference" in groups, text
    assert sum(int(line.split()[0]) for line in groups) == len(found)
    examples = [line for line in shown if line.startswith("        e.g. game seed ")]
    assert len(examples) == len(groups)
    assert f"game seed {found[0]['seed']}" in text  # the first of each group is its example
    seeds = [line for line in shown if "game seed" in line and not line.startswith("        e.g.")]
    assert all(line.startswith("        other game seeds: ") for line in seeds), seeds


def test_a_field_besides_the_seat_and_the_card_is_checked(tmp_path: Path) -> None:
    """The refused actions the fuzzer sends are near misses of every field and kind
    (:mod:`conformance.nearmiss`): an implementation that checks an action by its kind, seat
    and card alone (michigan taking a stake of any chips, a bid of any amount, as the first
    one allowed) is found, and the shrunk scenario fails it and passes the reference."""
    config = fuzz.Config(
        argv=wrong("fields"),
        games=("michigan",),
        count=12,
        seed=3,
        illegal=0.3,
        max_shrinks=1,
        command="fuzz",
    )
    code, lines, text = run_fuzz(tmp_path, config)
    assert code == runner.EXIT_FAILED, text
    files = [str(x["file"]) for x in lines if x["type"] == "divergence" and x.get("file")]
    assert len(files) == 1, text
    scenario = json.loads(Path(files[0]).read_text(encoding="utf-8"))
    refused = [s for s in scenario["steps"] if "act" in s and "rejected" in s.get("expect", {})]
    assert refused, scenario  # the divergence is an action the reference refuses
    code, text = replay(files[0], wrong("fields"))
    assert code == runner.EXIT_FAILED and "FAIL" in text, text
    code, text = replay(files[0], None)
    assert code == runner.EXIT_OK, text


def test_the_reference_against_itself_has_no_divergence(tmp_path: Path) -> None:
    config = fuzz.Config(argv=tuple(runner.default_command()), count=30, seed=5)
    code, lines, text = run_fuzz(tmp_path, config)
    assert code == runner.EXIT_OK, text
    summary = lines[-1]
    assert summary["games"] == 30 and summary["divergences"] == 0 and summary["errors"] == 0
    decisions, counted = summary["decisions"], summary["counted"]
    assert isinstance(decisions, int) and isinstance(counted, int)
    assert decisions > 0 and counted >= 1
    drawn = {x["game"] for x in lines if x["type"] == "game"}
    assert len(drawn) >= min(3, len(games()))  # several games drawn, when there are several
    assert "games/s" in text


def test_same_seed_same_games_and_shards_partition_them(tmp_path: Path) -> None:
    base = fuzz.Config(
        argv=tuple(runner.default_command()), games=STABLE, count=12, seed=9, max_steps=30
    )
    _, whole, _ = run_fuzz(tmp_path, base)
    _, again, _ = run_fuzz(tmp_path, base)
    assert games_of(whole) == games_of(again)
    parts: list[tuple[object, ...]] = []
    for i in range(3):
        _, lines, _ = run_fuzz(tmp_path, replace(base, shard=(i, 3)))
        parts += games_of(lines)
    assert sorted(parts) == games_of(whole)
    assert len({p[0] for p in parts}) == len(parts)  # no index in two shards
    _, two_jobs, _ = run_fuzz(tmp_path, base, jobs=2)
    assert games_of(two_jobs) == games_of(whole)


def test_game_seed_replays_one_game(tmp_path: Path) -> None:
    base = fuzz.Config(argv=tuple(runner.default_command()), count=3, seed=4, max_steps=20)
    _, whole, _ = run_fuzz(tmp_path, base)
    target = [x for x in whole if x["type"] == "game"][2]
    one = replace(base, game_seed=int(str(target["seed"])))
    _, lines, _ = run_fuzz(tmp_path, one)
    (game,) = [x for x in lines if x["type"] == "game"]
    assert (game["game"], game["deal_seed"], game["moves"]) == (
        target["game"],
        target["deal_seed"],
        target["moves"],
    )


def test_a_wrong_count_is_found(tmp_path: Path) -> None:
    config = fuzz.Config(argv=wrong("count"), games=("melniki-b",), count=17, seed=1)
    code, lines, text = run_fuzz(tmp_path, config)
    assert code == runner.EXIT_FAILED, text
    found = [x for x in lines if x["type"] == "divergence"]
    assert found and all("count" in x for x in found)


def test_a_crash_during_count_is_an_error_not_a_divergence(tmp_path: Path) -> None:
    """An implementation that dies on ``count`` broke down: that is an error, counted and shown
    as one, not a divergence (the games themselves are right)."""
    config = fuzz.Config(argv=wrong("count-crash"), games=("melniki-b",), count=17, seed=1)
    code, lines, text = run_fuzz(tmp_path, config)
    assert code == runner.EXIT_FAILED, text
    summary = lines[-1]
    assert (summary["divergences"], summary["errors"]) == (0, 2), summary
    assert summary["counted"] == 0
    assert "0 divergences, 2 errors" in text
    errors = [x for x in lines if x["type"] == "game" and x["outcome"] == runner.ERROR]
    assert [x["index"] for x in errors] == [0, 16]  # one game in 16 is counted
    assert all("count" in str(x["message"]) for x in errors), errors
    found = [x for x in lines if x["type"] == "divergence"]
    assert [x["outcome"] for x in found] == [runner.ERROR, runner.ERROR]
    assert all("exited" in str(x["message"]) for x in found), found
    assert "FAIL" not in text


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_sigterm_and_sighup_leave_a_complete_file_and_nothing_running(
    tmp_path: Path, sig: signal.Signals
) -> None:
    """Each game's line is written (flushed) as the game ends; SIGTERM or SIGHUP ends the
    campaign in order: a summary that says ``interrupted`` and counts the games written, the
    exit status 128 + the signal, the implementation ended."""
    results = tmp_path / "fuzz.jsonl"
    pid_file = tmp_path / "impl.pid"
    cmd = [
        sys.executable,
        "-m",
        "conformance",
        "fuzz",
        "--impl",
        shlex.join(wrong("stall")),
        "--game",
        "melniki-b",
        "--games",
        "250",
        "--timeout",
        "600",
        "--json",
        str(results),
    ]
    env = dict(os.environ, WRONG_PID_FILE=str(pid_file))
    proc = subprocess.Popen(
        cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )

    def games_written() -> int:
        text = results.read_text(encoding="utf-8") if results.exists() else ""
        return text.count('"type":"game"')

    try:
        deadline = time.monotonic() + 300
        # the implementation answers 20 games, then none: the campaign waits on the 21st
        while games_written() < wrong_adapter.STALL_AFTER:
            assert time.monotonic() < deadline, f"{games_written()} game lines written"
            assert proc.poll() is None, proc.communicate()
            time.sleep(0.05)
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(60)
            # a killed campaign cannot end its implementation: end it here
            with contextlib.suppress(FileNotFoundError, ProcessLookupError):
                os.kill(int(pid_file.read_text(encoding="utf-8")), signal.SIGKILL)
    assert proc.returncode == 128 + sig, out + err
    lines = [json.loads(x) for x in results.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["type"] == "header" and lines[-1]["type"] == "summary"
    summary = lines[-1]
    assert summary["interrupted"] is True
    assert summary["exit_code"] == 128 + sig
    games = [x for x in lines if x["type"] == "game"]
    assert len(games) == summary["games"] == wrong_adapter.STALL_AFTER
    assert sorted(x["index"] for x in games) == list(range(wrong_adapter.STALL_AFTER))
    assert all(x["outcome"] == runner.PASS for x in games)
    assert f"summary: {wrong_adapter.STALL_AFTER} games" in out
    pid = int(pid_file.read_text(encoding="utf-8"))
    assert not Path(f"/proc/{pid}").exists(), "the implementation is still there"


def test_dask_local_cluster(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    base = fuzz.Config(
        argv=tuple(runner.default_command()), games=STABLE, count=10, seed=2, max_steps=40
    )
    _, local, _ = run_fuzz(tmp_path, base)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        code, lines, text = run_fuzz(tmp_path, base, scheduler=cluster.scheduler_address)
    assert code == runner.EXIT_OK, text
    assert games_of(lines) == games_of(local)


def test_the_command_line(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "conformance",
            "fuzz",
            "--games",
            "4",
            "--seed",
            "1",
            "--max-steps",
            "20",
            "--json",
            str(tmp_path / "r.jsonl"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "summary: 4 games" in done.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "conformance", "fuzz", "--shard", "3/2"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert bad.returncode == runner.EXIT_USAGE


def test_the_reference_adapter_counts() -> None:
    start = adapter.start_answer()
    assert start["capabilities"] == ["count"]
    protocol.check_start(start)
    setup = {"players": 2, "dealer": 0, "options": {}, "deal": {"seed": 1}}
    line = json.dumps({"cmd": "count", "seq": 4, "game": "melniki-b", "setup": setup, "depth": 3})
    reply, stop = adapter.answer(line.encode())
    assert reply == {"seq": 4, "count": 27} and not stop
    bad = json.dumps({"cmd": "count", "seq": 5, "game": "melniki-b", "setup": setup, "depth": -1})
    reply, _ = adapter.answer(bad.encode())
    assert reply is not None and "errored" in reply


@pytest.mark.parametrize("game_id", sorted(games()))
def test_results_taken_while_playing_equal_a_replay(game_id: str) -> None:
    """The fuzzer takes the reference's results while it plays a game (no second walk): they
    must be exactly what the engine answers when it replays the trial's moves from the setup."""
    declared = protocol.check_start(adapter.start_answer())
    config = fuzz.Config(argv=("unused",), games=(game_id,), illegal=0.3, max_steps=60)
    checked = 0
    for index in range(12):
        item = fuzz.new_prepared(config, declared, fuzz.game_seed(7, index))
        assert item is not None
        replayed = fuzz.prepare(item.trial)
        assert item.results == replayed.results
        assert item.wire == replayed.wire
        checked += any(not m.legal for m in item.trial.moves)
    assert checked > 0  # refused actions were among the moves compared


@pytest.mark.parametrize(("mode", "same_bytes"), [("ok", True), ("spaced", False)])
def test_answers_are_judged_as_json_whatever_their_bytes(mode: str, same_bytes: bool) -> None:
    """An answer byte for byte the reference's own passes without being decoded; the same
    answer written otherwise (spaces, escapes, member order) passes too, and the harness then
    stops comparing bytes."""
    config = fuzz.Config(argv=wrong(mode), games=STABLE, count=12, seed=3, max_steps=30)
    player = fuzz.Player(config)
    try:
        summary = fuzz.run_chunk_with(player, config, config.indices())
    finally:
        player.close()
    lines = summary["lines"]
    assert isinstance(lines, list) and len(lines) == 12
    assert all(isinstance(x, dict) and x["outcome"] == runner.PASS for x in lines), lines
    assert summary["found"] == []
    assert player.same_bytes is same_bytes


def test_only_declared_options_and_observables_are_sent_and_compared(tmp_path: Path) -> None:
    """An implementation that declares one option and four observables per game, and declines
    a game naming another option: the fuzzer sends it only what it declares and compares
    its games (every one, none skipped, none diverging)."""
    config = fuzz.Config(
        argv=(sys.executable, str(Path(__file__).parent / "subset_adapter.py")),
        games=("melniki-b", "svinyi", "mushka-pamfil"),
        count=24,
        seed=11,
    )
    code, lines, text = run_fuzz(tmp_path, config)
    assert code == runner.EXIT_OK, text
    summary = lines[-1]
    assert summary["divergences"] == 0 and summary["errors"] == 0, text
    assert summary["skipped"] == 0, text
    assert summary["games"] == 24
    header = lines[0]["suite"]
    assert isinstance(header, dict) and header["suite_version"] == suite.VERSION
    kinds = summary["kinds"]
    assert isinstance(kinds, dict)
    positions = kinds["position"]
    assert isinstance(positions, int) and positions > 0  # positions leave out options too


def test_an_option_not_declared_is_left_out_of_the_setup() -> None:
    start = adapter.start_answer()
    start["games"] = {
        "svinyi": {"options": {"unplaced": ["own-store"]}, "observables": ["to_move", "stock"]}
    }
    declared = protocol.check_start(start)
    config = fuzz.Config(argv=("x",), games=("svinyi",), mix=(("deal", 1), ("position", 1)))
    for seed in range(12):
        trial = fuzz.new_trial(config, declared, fuzz.game_seed(3, seed))
        assert trial is not None
        setup = trial.setup()
        assert setup["options"] == {"unplaced": "own-store"}
        position = setup.get("position")
        if isinstance(position, dict):
            assert position["options"] == {"unplaced": "own-store"}
        prepared = fuzz.prepare(trial)
        asked = {n for step in prepared.steps for n in step.observe}
        assert asked == {"to_move", "stock"}
