"""The implementation's command, as an implementer meets it first: ``--impl`` empty, the
implementation named before any result, and a command that cannot start explained once.

Driven end to end: ``python -m conformance …`` and ``koloda …`` as subprocesses.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conformance import command

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "conformance" / "examples" / "js" / "adapter.js"


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT)
    return env


def conformance(
    *args: str, cwd: Path = ROOT, koloda: bool = False
) -> subprocess.CompletedProcess[str]:
    """``python -m conformance ARGS`` (or ``koloda ARGS``) with piped output."""
    module = "conformance.console" if koloda else "conformance"
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=cwd,
        env=_env(),
        timeout=120,
        check=False,
    )


# --- an empty --impl is a usage error, never the reference ---------------------------------


@pytest.mark.parametrize("impl", ["", "   ", "\t"])
@pytest.mark.parametrize(
    "args",
    [
        ("run", "--id", "melniki-b-004"),
        ("fuzz", "--games", "1"),
        ("perft", "--game", "melniki-a"),
        ("readings", "melniki-b-018"),
    ],
)
def test_an_empty_impl_is_a_usage_error_not_the_reference(impl: str, args: tuple[str, ...]) -> None:
    r = conformance(*args, "--impl", impl)
    assert r.returncode == 2, r.stdout + r.stderr
    assert "--impl is empty" in r.stderr
    assert "PASS" not in r.stdout and "implementation:" not in r.stdout


def test_koloda_run_with_an_empty_impl_is_a_usage_error() -> None:
    r = conformance("run", "--impl", "", "--id", "melniki-b-004", koloda=True)
    assert r.returncode == 2
    assert "--impl is empty" in r.stderr and "PASS" not in r.stdout


def test_the_reference_is_named_before_the_results() -> None:
    r = conformance("run", "--id", "melniki-b-00[45]")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    first = lines[0]
    assert first.startswith("implementation: koloda-reference ")
    assert "(no --impl)" in first
    assert lines[1].startswith("PASS")


def test_an_implementation_given_is_named_by_its_start_answer_and_command() -> None:
    impl = f"{sys.executable} -m conformance adapter"
    for args in (
        ("run", "--id", "melniki-b-004"),
        ("fuzz", "--games", "1", "--game", "melniki-b"),
        ("perft", "--game", "melniki-a"),
        ("readings", "melniki-b-018"),
    ):
        r = conformance(*args, "--impl", impl)
        assert r.returncode == 0, (args, r.stdout, r.stderr)
        named = [x for x in r.stdout.splitlines() if x.startswith("implementation: ")]
        assert len(named) == 1, (args, r.stdout)
        name = named[0]
        assert "koloda-reference" in name and "(Python" in name and impl in name, name


# --- a command that does not start: one message, its cause, a hint -------------------------

BROKEN = """\
import sys
sys.stderr.write("internal/loader.js:1\\n  throw err;\\n\\n")
sys.stderr.write("Error: Cannot find module './rules'\\n")
for i in range(40):
    sys.stderr.write(f"    at frame {i} (internal/loader.js:{i}:1)\\n")
sys.stderr.write("the very last line\\n")
sys.exit(1)
"""


def test_a_start_that_fails_is_one_message_with_the_cause_as_lines(tmp_path: Path) -> None:
    script = tmp_path / "broken.py"
    script.write_text(BROKEN, encoding="utf-8")
    results = tmp_path / "results.jsonl"
    impl = f"{sys.executable} {script}"
    r = conformance("run", "--impl", impl, "--game", "melniki-a", "--json", str(results))
    assert r.returncode == 3
    shown = (r.stdout + r.stderr).splitlines()
    assert len(shown) < 40, "\n".join(shown)
    assert not any(x.startswith("ERROR") for x in shown)
    # the line that says what is wrong, and the last one, each a line of its own
    assert "    Error: Cannot find module './rules'" in shown
    assert "    the very last line" in shown
    assert "\\n" not in r.stdout  # not a Python repr
    assert any(x.strip() == command.HINT for x in shown)
    scenarios = [json.loads(x) for x in results.read_text(encoding="utf-8").splitlines()][1:-1]
    assert len(scenarios) > 1 and {s["outcome"] for s in scenarios} == {"ERROR"}
    assert f"{len(scenarios)} of {len(scenarios)} scenarios not run" in r.stdout
    # a scenario's message is the cause in one line, not the whole stderr again
    assert all("\n" not in s["message"] for s in scenarios)


@pytest.fixture
def js_here(tmp_path: Path) -> Path:
    """A directory holding a copy of the example adapter as it comes out of an archive that
    keeps no modes (not executable), and its module."""
    for name in ("adapter.js", "melniki.js"):
        shutil.copy(EXAMPLE.parent / name, tmp_path / name)
    (tmp_path / "adapter.js").chmod(0o644)
    return tmp_path


def test_a_script_not_executable_says_chmod_or_its_interpreter(js_here: Path) -> None:
    r = conformance("run", "--impl", "./adapter.js", "--id", "melniki-a-001", cwd=js_here)
    assert r.returncode == 3
    assert "./adapter.js is not executable: chmod +x ./adapter.js" in r.stdout
    assert "run it with node: --impl 'node ./adapter.js'" in r.stdout
    assert len(r.stdout.splitlines()) < 8


def test_a_script_named_without_its_interpreter_says_which(js_here: Path) -> None:
    r = conformance("run", "--impl", "adapter.js", "--id", "melniki-a-001", cwd=js_here)
    assert r.returncode == 3
    assert "adapter.js is a file here, not a command on PATH" in r.stdout
    assert "run it with node: --impl 'node adapter.js'" in r.stdout


def test_a_missing_command_is_named() -> None:
    r = conformance("run", "--impl", "no-such-adapter-command", "--id", "melniki-a-001")
    assert r.returncode == 3
    assert "no command 'no-such-adapter-command' on PATH" in r.stdout
    assert command.HINT in r.stdout


def test_the_shipped_example_adapter_is_executable() -> None:
    assert os.access(EXAMPLE, os.X_OK)
    assert EXAMPLE.read_text(encoding="utf-8").startswith("#!")
    if shutil.which("git") and (ROOT / ".git").exists():
        staged = subprocess.run(
            ["git", "ls-files", "-s", "conformance/examples/js/adapter.js"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
        ).stdout
        assert staged.startswith("100755"), staged


# --- usage: only the constraint broken -----------------------------------------------------


def test_a_negative_timeout_names_only_that_constraint() -> None:
    r = conformance("run", "--timeout", "-1", "--id", "melniki-a-001")
    assert r.returncode == 2
    assert r.stderr == "--timeout must be positive (not -1)\n"
