"""The runner against the reference adapter and against misbehaving fake adapters."""

from __future__ import annotations

import io
import json
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conformance import engine, runner, validate
from reference.core.jsontypes import JSON, JSONObject
from tests.conformance.helpers import check_results, fake, outcomes, run

ROOT = Path(__file__).resolve().parents[2]
#: A few quick scenarios: a deal, refused setups, plays with a rejection.
IDS = ("melniki-b-00[4-6]", "melniki-b-013", "melniki-b-018")
SELECTED = ("melniki-b-004", "melniki-b-005", "melniki-b-006", "melniki-b-013", "melniki-b-018")
TARGET = "melniki-b-005"
#: Has rejected actions (follow-suit) and observations.
REJECTING = "melniki-b-018"


def test_whole_suite_passes_through_the_protocol(tmp_path: Path) -> None:
    junit = tmp_path / "junit.xml"
    code, lines, _ = run(tmp_path, None, junit=str(junit))
    assert code == runner.EXIT_OK
    suite = {item.scenario["id"] for item in validate.validate_paths([str(validate.SUITE)])[0]}
    assert set(outcomes(lines).values()) == {"PASS"}
    assert set(outcomes(lines)) == suite
    header = lines[0]
    assert header["protocol"] == 1
    impl = header["implementation"]
    assert isinstance(impl, dict)
    start = impl["start"]
    assert isinstance(start, dict)
    assert isinstance(start["games"], dict) and "melniki-b" in start["games"]
    assert lines[-1]["exit_code"] == 0
    suite_el = ET.parse(junit).getroot().find("testsuite")
    assert suite_el is not None
    assert suite_el.get("tests") == str(len(suite))
    assert suite_el.get("failures") == "0"
    assert suite_el.get("errors") == "0"


def test_jobs_run_in_parallel_and_agree(tmp_path: Path) -> None:
    code, lines, _ = run(tmp_path, None, jobs=3)
    assert code == runner.EXIT_OK
    assert len(outcomes(lines)) == lines[-1]["total"]


def test_filters(tmp_path: Path) -> None:
    code, lines, _ = run(tmp_path, None, ids=IDS)
    assert code == 0
    assert sorted(outcomes(lines)) == list(SELECTED)
    nothing = runner.Options(filters=runner.Filters(tags=("no-such-tag",)))
    assert runner.main(nothing, out=io.StringIO(), err=io.StringIO()) == runner.EXIT_USAGE
    cases = list(runner.iter_cases(filters=runner.Filters(rules=("melniki-b/beat-*",))))
    assert cases
    for case in cases:
        rules = case.scenario["rules"]
        assert isinstance(rules, list)
        assert "melniki-b/beat-as-durak" in rules


def test_usage_errors() -> None:
    for options in (
        runner.Options(impl="'unbalanced"),
        runner.Options(impl="   "),
        runner.Options(timeout=0),
        runner.Options(jobs=0),
        runner.Options(expect="/no/such/file"),
        runner.Options(paths=("/no/such/dir",)),
    ):
        assert runner.main(options, out=io.StringIO(), err=io.StringIO()) == runner.EXIT_USAGE


def test_invalid_suite_is_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "melniki-b-900.json"
    bad.write_text('{"id": "melniki-b-900"}', encoding="utf-8")
    err = io.StringIO()
    code = runner.main(runner.Options(paths=(str(bad),)), out=io.StringIO(), err=err)
    assert code == runner.EXIT_USAGE
    assert "melniki-b-900.json" in err.getvalue()


# --- faults: each gives its outcome, a restarted adapter after, a complete results file --------


@pytest.mark.parametrize(
    ("mode", "outcome", "words"),
    [
        ("hang", "TIMEOUT", "no answer in time"),
        ("crash-run", "ERROR", "exited with status 7"),
        ("garbage", "ERROR", "garbage on stdout"),
        ("partial", "ERROR", "partial line"),
        ("wrong-seq", "ERROR", "seq"),
        ("overlong", "ERROR", "1 MiB"),
        ("errored", "ERROR", "cannot do this one"),
        ("skipped", "SKIP", "not this one"),
    ],
)
def test_fault_on_one_scenario(tmp_path: Path, mode: str, outcome: str, words: str) -> None:
    code, lines, _ = run(tmp_path, fake(mode, TARGET), ids=IDS, timeout=1.0)
    got = outcomes(lines)
    assert got[TARGET] == outcome
    assert all(o == "PASS" for i, o in got.items() if i != TARGET), got
    assert sorted(got) == list(SELECTED)
    target_line = next(x for x in lines if x.get("id") == TARGET)
    assert words in str(target_line["message"])
    assert code == (runner.EXIT_OK if outcome == "SKIP" else runner.EXIT_FAILED)
    restarted = outcome in ("TIMEOUT", "ERROR") and mode != "errored"
    assert lines[-1]["restarts"] == (1 if restarted else 0)


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize(
    ("mode", "words"),
    [
        ("exit-0-on-run", "exited with status 0"),
        ("exit-1-on-run", "exited with status 1"),
        ("close-stdout", "end of output"),
    ],
)
def test_death_in_the_middle_of_a_scenario_is_an_error(
    tmp_path: Path, mode: str, words: str, jobs: int
) -> None:
    """An implementation that exits or closes its output on a request never gives a PASS."""
    code, lines, text = run(tmp_path, fake(mode, TARGET), ids=IDS, timeout=2.0, jobs=jobs)
    got = outcomes(lines)
    assert got[TARGET] == "ERROR", got
    assert all(o == "PASS" for i, o in got.items() if i != TARGET), got
    assert sorted(got) == list(SELECTED)
    assert words in str(next(x for x in lines if x.get("id") == TARGET)["message"])
    assert code == runner.EXIT_FAILED
    assert lines[-1]["restarts"] == 1
    assert "restarts: 1" in text


def test_exit_after_an_answer_is_the_next_scenarios_error(tmp_path: Path) -> None:
    """Exiting before ``stop`` is a fault even after a complete answer: the next one due fails."""
    code, lines, _ = run(tmp_path, fake("early-exit", TARGET), ids=IDS, timeout=2.0)
    got = outcomes(lines)
    assert got[TARGET] == "PASS"
    after = SELECTED[SELECTED.index(TARGET) + 1]
    assert got[after] == "ERROR", got
    assert all(o == "PASS" for i, o in got.items() if i != after), got
    assert code == runner.EXIT_FAILED
    assert lines[-1]["restarts"] == 1


def test_a_child_left_behind_is_killed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The implementation's whole process group ends, even after its leader has exited."""
    pid_file = tmp_path / "orphan.pid"
    monkeypatch.setenv("FAKE_ORPHAN_PID", str(pid_file))
    code, lines, _ = run(tmp_path, fake("orphan", TARGET), ids=IDS, timeout=2.0)
    assert outcomes(lines)[TARGET] == "ERROR"
    assert code == runner.EXIT_FAILED
    pid = int(pid_file.read_text(encoding="utf-8"))
    # the killed child is reaped by init; until then it may linger as a zombie
    for _ in range(200):
        try:
            stat = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8")
        except FileNotFoundError:
            break
        if stat.rsplit(")", 1)[1].split()[0] == "Z":
            break
        time.sleep(0.05)
    else:
        pytest.fail(f"the child {pid} of the implementation is still running")


def test_a_clean_run_sends_stop(tmp_path: Path) -> None:
    """At the end the implementation is told to stop (and exits 0), not only killed."""
    log = tmp_path / "requests.log"
    script = tmp_path / "logging_adapter.py"
    script.write_text(
        "import sys\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        "from conformance import adapter\n"
        f"log = open({str(log)!r}, 'a', encoding='utf-8')\n"
        "for line in sys.stdin.buffer:\n"
        "    log.write(line.decode()); log.flush()\n"
        "    reply, stop = adapter.answer(line.rstrip(b'\\n'))\n"
        "    if stop:\n"
        "        sys.exit(0)\n"
        "    import json; sys.stdout.write(json.dumps(reply) + '\\n'); sys.stdout.flush()\n",
        encoding="utf-8",
    )
    code, lines, _ = run(tmp_path, f"{sys.executable} {script}", ids=IDS, timeout=5.0)
    assert code == runner.EXIT_OK, outcomes(lines)
    assert lines[-1]["restarts"] == 0
    last = json.loads(log.read_text(encoding="utf-8").splitlines()[-1])
    assert last == {"cmd": "stop"}


def test_stderr_flood_never_blocks(tmp_path: Path) -> None:
    code, lines, _ = run(tmp_path, fake("stderr-flood"), ids=IDS, timeout=5.0)
    assert code == runner.EXIT_OK
    assert set(outcomes(lines).values()) == {"PASS"}


def test_slow_answers_pass_within_the_timeout_and_time_out_beyond(tmp_path: Path) -> None:
    code, lines, _ = run(tmp_path, fake("slow"), ids=("melniki-b-004",), timeout=5.0)
    assert code == runner.EXIT_OK
    code, lines, _ = run(
        tmp_path, fake("slow"), ids=("melniki-b-004", "melniki-b-005"), timeout=0.1
    )
    assert code == runner.EXIT_FAILED
    assert set(outcomes(lines).values()) == {"TIMEOUT"}


@pytest.mark.parametrize("mode", ["crash-start", "bad-start", "hang-start"])
def test_no_valid_start_is_exit_3(tmp_path: Path, mode: str) -> None:
    code, lines, text = run(tmp_path, fake(mode), ids=IDS, timeout=0.5, start_timeout=0.5)
    assert code == runner.EXIT_UNUSABLE
    assert lines[-1]["unusable"]
    assert "unusable" in text


def test_no_valid_start_lists_every_scenario_as_not_run(tmp_path: Path) -> None:
    code, lines, _ = run(tmp_path, fake("crash-start"), ids=IDS, start_timeout=0.5)
    assert code == runner.EXIT_UNUSABLE
    assert outcomes(lines) == dict.fromkeys(SELECTED, "ERROR")
    assert all("not run" in str(x["message"]) for x in lines if x["type"] == "scenario")
    assert lines[-1]["run"] == lines[-1]["total"] == len(SELECTED)


def test_control_characters_from_an_implementation_are_escaped(tmp_path: Path) -> None:
    junit = tmp_path / "junit.xml"
    code, lines, text = run(tmp_path, fake("escapes", TARGET), ids=IDS, junit=str(junit))
    assert code == runner.EXIT_FAILED
    assert outcomes(lines)[TARGET] == "ERROR"
    assert "\x1b" not in text and "\x00" not in text and "\u202e" not in text
    assert "\\x1b[2K\\x0dPASS    forged\\x0aline" in text
    assert not any(line.startswith("PASS    forged") for line in text.splitlines())
    root = ET.parse(junit).getroot()  # parses: no raw control characters in the XML
    assert "forged" in ET.tostring(root, encoding="unicode")
    # the results file keeps the message exactly (JSON escapes it)
    target = next(x for x in lines if x.get("id") == TARGET)
    assert "\x1b[2K\rPASS    forged" in str(target["message"])


def test_pipelined_durations_count_from_when_the_answer_is_due(tmp_path: Path) -> None:
    """A scenario queued behind slow answers is not charged for their time."""
    code, lines, _ = run(tmp_path, fake("slow"), ids=IDS, timeout=5.0)
    assert code == runner.EXIT_OK
    durations = [float(str(x["duration"])) for x in lines if x["type"] == "scenario"]
    # each answer takes the fake's 0.3 s; queued ones would add up to 0.6, 0.9, 1.2, 1.5 s
    total = float(str(lines[-1]["duration"]))
    assert sum(durations) <= total


def test_missing_program_is_exit_3(tmp_path: Path) -> None:
    code, lines, _ = run(tmp_path, "/no/such/program --flag", ids=IDS)
    assert code == runner.EXIT_UNUSABLE
    assert "cannot start" in str(lines[-1]["unusable"])


def test_wrong_rule_id_is_a_warning_unless_strict(tmp_path: Path) -> None:
    code, lines, _ = run(tmp_path, fake("wrong-code"), ids=(REJECTING, TARGET))
    assert code == runner.EXIT_OK
    assert set(outcomes(lines).values()) == {"PASS"}
    assert all(x.get("warnings") for x in lines if x.get("type") == "scenario")
    code, lines, _ = run(tmp_path, fake("wrong-code"), ids=(REJECTING, TARGET), strict_codes=True)
    assert code == runner.EXIT_FAILED
    assert set(outcomes(lines).values()) == {"FAIL"}


def test_failures_name_the_step_expected_and_observed(tmp_path: Path) -> None:
    code, lines, _ = run(tmp_path, fake("accept-all"), ids=(REJECTING,))
    assert code == runner.EXIT_FAILED
    line = lines[1]
    assert line["outcome"] == "FAIL"
    failures = line["failures"]
    assert isinstance(failures, list) and failures
    first = failures[0]
    assert isinstance(first, dict)
    assert isinstance(first["step"], int)
    assert first["expected"] == {"rejected": "melniki-b/follow-suit"}
    assert first["observed"] == {"accepted": True}
    code, lines, _ = run(tmp_path, fake("no-observe"), ids=(REJECTING,))
    assert lines[1]["outcome"] == "FAIL"
    assert "not reported" in json.dumps(lines[1]["failures"])


def test_expected_failures_give_xfail_and_xpass(tmp_path: Path) -> None:
    expect = tmp_path / "expected.txt"
    expect.write_text(f"# known\n{REJECTING} accepts everything\nmelniki-b-004\n", encoding="utf-8")
    code, lines, _ = run(
        tmp_path, fake("accept-all"), ids=(REJECTING, "melniki-b-004"), expect=str(expect)
    )
    got = outcomes(lines)
    assert got == {REJECTING: "XFAIL", "melniki-b-004": "XPASS"}
    assert code == runner.EXIT_FAILED


def test_undeclared_option_values_are_skipped(tmp_path: Path) -> None:
    # the fake declares only must_beat=false: melniki-b-020 needs must_beat=true
    code, lines, _ = run(tmp_path, fake("defaults-only"), ids=("melniki-b-019", "melniki-b-020"))
    assert outcomes(lines) == {"melniki-b-019": "PASS", "melniki-b-020": "SKIP"}
    assert code == runner.EXIT_OK


def test_ctrl_c_writes_partial_results_and_the_footer(tmp_path: Path) -> None:
    results = tmp_path / "partial.jsonl"
    cmd = [
        sys.executable,
        "-m",
        "conformance",
        "run",
        "--impl",
        fake("hang", "melniki-b-013"),
        "--timeout",
        "30",
        "--json",
        str(results),
        "--id",
        "melniki-b-00*",
        "--id",
        "melniki-b-013",
    ]
    # The run must take Ctrl-C as from a terminal even when these tests run as a background
    # job, which starts with SIGINT ignored: a child inherits an ignored signal (and Python
    # then installs no KeyboardInterrupt for it), but not a handler, which exec resets.
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    finally:
        signal.signal(signal.SIGINT, before)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        text = results.read_text(encoding="utf-8") if results.exists() else ""
        if text.count("\n") >= 10:  # the header and the nine melniki-b-00N results
            break
        time.sleep(0.05)
    time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=20)
    assert proc.returncode == runner.EXIT_INTERRUPTED, err
    lines = [json.loads(x) for x in results.read_text(encoding="utf-8").splitlines()]
    check_results(lines)
    footer = lines[-1]
    assert footer["interrupted"] is True
    assert footer["run"] == 9  # melniki-b-013 hangs: no outcome
    assert footer["total"] == 10


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_sigterm_and_sighup_write_the_footer_and_leave_nothing_running(
    tmp_path: Path, sig: signal.Signals
) -> None:
    results = tmp_path / "partial.jsonl"
    pid_file = tmp_path / "impl.pid"
    impl = tmp_path / "hanging_adapter.py"
    impl.write_text(
        "import os, sys\n"
        f"open({str(pid_file)!r}, 'w').write(str(os.getpid()))\n"
        f"sys.argv = ['fake', 'hang', 'melniki-b-013']\n"
        f"sys.path.insert(0, {str(ROOT / 'tests' / 'conformance')!r})\n"
        "import fake_adapter\n"
        "sys.exit(fake_adapter.main())\n",
        encoding="utf-8",
    )
    cmd = [
        sys.executable,
        "-m",
        "conformance",
        "run",
        "--impl",
        f"{sys.executable} {impl}",
        "--timeout",
        "60",
        "--json",
        str(results),
        "--id",
        "melniki-b-013",
    ]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    for _ in range(400):  # the header is written once the implementation has started
        if results.exists() and results.read_text(encoding="utf-8").count("\n") >= 1:
            break
        time.sleep(0.05)
    time.sleep(0.2)
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 128 + sig, err
    lines = [json.loads(x) for x in results.read_text(encoding="utf-8").splitlines()]
    check_results(lines)
    assert lines[-1]["interrupted"] is True
    assert lines[-1]["exit_code"] == 128 + sig
    pid = int(pid_file.read_text(encoding="utf-8"))
    assert (
        not Path(f"/proc/{pid}").exists()
        or "Z"
        in Path(f"/proc/{pid}/stat").read_text(encoding="utf-8").rsplit(")", 1)[1].split()[:1]
    )


def test_large_pipelined_requests_and_answers_never_deadlock(tmp_path: Path) -> None:
    """Requests over the byte window and answers over a pipe's buffer still flow."""
    steps: list[JSONObject] = [
        {"expect": {"legal": [], "hand.0": [], "hand.1": []}} for _ in range(900)
    ]
    plan_steps = engine.plan({"setup": {}, "steps": list[JSON](steps)})[1]
    setup: JSONObject = {"players": 2, "dealer": 0, "options": {}, "deal": {"seed": 3}}
    answer = engine.execute("melniki-b", setup, plan_steps)
    results = answer["results"]
    assert isinstance(results, list)
    for step, got in zip(steps, results, strict=True):
        assert isinstance(got, dict)
        step["expect"] = got["observed"]
    paths = []
    for k in range(4):
        scenario: JSONObject = {
            "id": f"melniki-b-{950 + k}",
            "game": "melniki-b",
            "title": "a long observation run (harness test)",
            "source": [{"sentence": "002:P6.S3", "quote": "Каждому игроку сдают по три карты."}],
            "rules": ["melniki-b/deal-three"],
            "rulings": {},
            "level": "normative",
            "tags": [],
            "setup": setup,
            "steps": list[JSON](steps),
        }
        path = tmp_path / f"melniki-b-{950 + k}.json"
        path.write_text(json.dumps(scenario, ensure_ascii=False), encoding="utf-8")
        assert len(json.dumps(scenario)) > runner.WINDOW_BYTES
        paths.append(str(path))
    out, err = io.StringIO(), io.StringIO()
    t0 = time.monotonic()
    code = runner.main(runner.Options(paths=tuple(paths), timeout=20.0), out=out, err=err)
    assert code == runner.EXIT_OK, err.getvalue()
    assert time.monotonic() - t0 < 20


def test_a_request_waiting_for_the_pipe_never_deadlocks_with_unread_answers() -> None:
    """An implementation that writes a lot before it reads again, while the harness writes a
    long request: the harness reads its output while it waits for room in the pipe."""
    child = (
        "import sys\n"
        "out = sys.stdout.buffer\n"
        "for i in range(40):\n"
        "    out.write(b'x' * 8000 + b'\\n')\n"  # 320 KB: more than a pipe holds
        "out.flush()\n"
        "n = len(sys.stdin.buffer.readline())\n"
        "out.write(str(n).encode() + b'\\n')\n"
        "out.flush()\n"
    )
    proc = runner.Process([sys.executable, "-c", child])
    try:
        request = b"y" * 200_000 + b"\n"  # more than a pipe holds
        proc.send(request, time.monotonic() + 20)
        lines = [proc.read_line(time.monotonic() + 20) for _ in range(41)]
    finally:
        proc.kill()
    assert all(line == b"x" * 8000 for line in lines[:40])
    assert lines[40] == str(len(request)).encode()


@pytest.mark.parametrize("command", ["run", "perft", "fuzz"])
def test_an_unknown_game_is_a_usage_error_naming_the_games(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from conformance.__main__ import main  # noqa: PLC0415

    assert main([command, "--game", "chess"]) == runner.EXIT_USAGE
    err = capsys.readouterr().err
    assert "unknown game 'chess'" in err
    assert "melniki-b" in err and "michigan" in err


def test_an_outcomes_reason_is_not_compared_in_a_view_either() -> None:
    """The outcome a view holds is compared as the outcome observable is: without its reason,
    prose for people; what it says of winners and losers still counts."""
    expected: JSON = {"seat": 0, "outcome": {"winners": [1], "losers": [0], "reason": "a"}}
    worded: JSON = {"seat": 0, "outcome": {"winners": [1], "losers": [0], "reason": "b"}}
    other: JSON = {"seat": 0, "outcome": {"winners": [0], "losers": [1], "reason": "a"}}
    for name in ("view.0", "view.public"):
        assert engine.same(name, expected, worded)
        assert not engine.same(name, expected, other)
    assert engine.same("view.0", {"seat": 0, "outcome": None}, {"seat": 0, "outcome": None})
