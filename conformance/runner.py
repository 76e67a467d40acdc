"""The runner: the suite against an implementation, through protocol v1.

``python -m conformance run [--impl "COMMAND"] ...`` starts the implementation
as a subprocess (its command split with :mod:`shlex`, never a shell), sends it
each selected scenario without the expected values, judges the answers and
reports one outcome per scenario:

PASS, FAIL (with the step, expected and observed), ERROR (the implementation
broke the protocol, crashed or said ``errored``), TIMEOUT, SKIP (a game, an
option value or an observable the implementation does not declare, or its own ``skipped``),
XFAIL and XPASS (for the scenarios listed in an expected-failure file).

Every read is bounded (1 MiB a line, a deadline a scenario); stderr is drained
by a thread so a chatty implementation can never block; after any fault the
implementation is killed and a fresh one started for the next scenario.
The runner works on POSIX systems (it waits on pipes with :mod:`selectors`).
"""

from __future__ import annotations

import contextlib
import ctypes
import fnmatch
import functools
import itertools
import json
import os
import queue
import selectors
import shlex
import signal
import stat
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import BinaryIO, Final, TextIO

from conformance import command, engine, pinned, protocol, validate
from conformance.suite import VERSION as SUITE_VERSION
from reference import __version__, games
from reference.core.jsontypes import JSON, JSONObject

PASS: Final = "PASS"
FAIL: Final = "FAIL"
ERROR: Final = "ERROR"
TIMEOUT: Final = "TIMEOUT"
SKIP: Final = "SKIP"
XFAIL: Final = "XFAIL"
XPASS: Final = "XPASS"
OUTCOMES: Final = (PASS, FAIL, ERROR, TIMEOUT, SKIP, XFAIL, XPASS)
BAD: Final = frozenset({FAIL, ERROR, TIMEOUT, XPASS})

EXIT_OK: Final = 0
EXIT_FAILED: Final = 1
EXIT_USAGE: Final = 2
EXIT_UNUSABLE: Final = 3
EXIT_INTERRUPTED: Final = 130

RESULTS_FORMAT: Final = "koloda-conformance-results/1"
STDERR_TAIL: Final = 2000
#: The first bytes of the implementation's stderr, kept: what a failed start says first.
STDERR_HEAD: Final = 4096
#: While waiting for an answer, how often (seconds) the implementation is checked for having
#: exited with its output held open by a process it started.
LEADER_POLL: Final = 0.2
#: After this many failed restarts in a row, the implementation is given up.
MAX_FAILED_STARTS: Final = 3
#: Requests in flight at once (pipelining) with one implementation process, and their bytes.
WINDOW: Final = 16
WINDOW_BYTES: Final = 32 * 1024


#: The most bytes of answers read ahead while requests wait for room in the pipe.
READ_AHEAD_LIMIT: Final = 64 * protocol.MAX_LINE
#: A scenario's time is shown on its line from this many milliseconds on (every duration is
#: in the results file): a line of ``(0 ms)`` after each scenario says nothing.
SHOWN_MS: Final = 100


def default_command() -> list[str]:
    """The reference adapter, run the way an implementation is: as a subprocess."""
    return [sys.executable, "-m", "conformance", "adapter"]


# --- the implementation as a process --------------------------------------------------


class FaultError(Exception):
    """The implementation broke down; ``outcome`` is ERROR or TIMEOUT; ``cause``: the message
    without the end of its stderr."""

    def __init__(self, outcome: str, message: str, cause: str | None = None) -> None:
        super().__init__(message)
        self.outcome = outcome
        self.message = message
        self.cause = message if cause is None else cause


class UnusableError(Exception):
    """The implementation gave no valid answer to ``start``."""


#: The environment variable that marks every process an implementation starts (its value is
#: one per implementation process), so that the processes it leaves behind are found.
MARK: Final = "KOLODA_CONFORMANCE_PROCESS"
#: ``PR_SET_CHILD_SUBREAPER`` of ``<linux/prctl.h>``.
_PR_SET_CHILD_SUBREAPER: Final = 36
#: Rounds of killing what an implementation left behind (each may find what the last started).
_SWEEPS: Final = 10
_marks = itertools.count(1)


def become_subreaper() -> bool:
    """On Linux, make this process a child subreaper (``prctl(PR_SET_CHILD_SUBREAPER)``), once:
    a process orphaned below it (an implementation's child whose parent exited, one that
    double-forked) is then adopted by it rather than by init, so that it can be found and
    ended. Whether this process is one (False elsewhere, or if the call failed)."""
    return _subreaper(os.getpid())  # a forked child is not a subreaper: once per process


@functools.cache
def _subreaper(pid: int) -> bool:
    if not sys.platform.startswith("linux"):
        return False
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return False
    done: int = prctl(_PR_SET_CHILD_SUBREAPER, ctypes.c_ulong(1), ctypes.c_ulong(0), 0, 0)
    return done == 0


def _children() -> dict[int, list[int]]:
    """Every process's children, from ``/proc`` (empty where there is none)."""
    out: dict[int, list[int]] = {}
    with contextlib.suppress(OSError):
        for entry in os.scandir("/proc"):
            if not entry.name.isdigit():
                continue
            try:
                with open(f"/proc/{entry.name}/stat", "rb") as f:
                    text = f.read()
            except OSError:
                continue  # ended meanwhile
            # pid (comm) state ppid ...: comm may hold spaces and parentheses
            fields = text[text.rfind(b")") + 2 :].split()
            if len(fields) > 1:
                out.setdefault(int(fields[1]), []).append(int(entry.name))
    return out


def _below(children: Mapping[int, Sequence[int]], roots: Iterable[int]) -> set[int]:
    """The descendants of the roots (not the roots themselves)."""
    found: set[int] = set()
    todo = [c for r in roots for c in children.get(r, ())]
    while todo:
        pid = todo.pop()
        if pid not in found:
            found.add(pid)
            todo.extend(children.get(pid, ()))
    return found


def _marked(pid: int, mark: bytes) -> bool:
    """Whether process ``pid`` was started with this mark in its environment."""
    try:
        with open(f"/proc/{pid}/environ", "rb") as f:
            return mark in f.read().split(b"\0")
    except OSError:
        return False


def _reap(pids: Iterable[int], timeout: float = 5.0) -> None:
    """Wait for the killed processes that are this process's children (adopted orphans), so
    that none is left a zombie; others are not ours to wait for."""
    deadline = time.monotonic() + timeout
    for pid in pids:
        while True:
            try:
                done, _ = os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                break
            if done or time.monotonic() > deadline:
                break
            time.sleep(0.01)


class Process:
    """One running implementation: bounded, deadline-driven line exchange over its pipes."""

    def __init__(self, argv: Sequence[str], cwd: str | None = None) -> None:
        self.argv = list(argv)
        become_subreaper()
        self.mark = f"{os.getpid()}.{next(_marks)}"
        try:
            self.proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                bufsize=0,
                cwd=cwd,
                start_new_session=True,  # its own process group: killed as a whole
                env={**os.environ, MARK: self.mark},
            )
        except OSError as e:
            why = command.why_not_started(self.argv, e)
            raise UnusableError(
                f"cannot start {shlex.join(self.argv)}: {why}\n  {command.HINT}"
            ) from None
        assert self.proc.stdin and self.proc.stdout and self.proc.stderr
        self._in = self.proc.stdin.fileno()
        self._out = self.proc.stdout.fileno()
        os.set_blocking(self._in, False)
        os.set_blocking(self._out, False)
        self._reads = selectors.DefaultSelector()
        self._reads.register(self._out, selectors.EVENT_READ)
        self._writes = selectors.DefaultSelector()
        self._writes.register(self._in, selectors.EVENT_WRITE)
        # while a request waits for room in the pipe, the answers are read too (see send)
        self._both = selectors.DefaultSelector()
        self._both.register(self._in, selectors.EVENT_WRITE)
        self._both.register(self._out, selectors.EVENT_READ)
        self._out_done = False
        self._buf = bytearray()
        self._scanned = 0
        self._tail = bytearray()
        self._head = bytearray()
        self._stderr_bytes = 0
        self._tail_lock = threading.Lock()
        self._drain = threading.Thread(target=self._drain_stderr, daemon=True)
        self._drain.start()

    def _drain_stderr(self) -> None:
        stream = self.proc.stderr
        assert stream is not None
        with contextlib.suppress(OSError, ValueError):
            while chunk := stream.read(65536):
                with self._tail_lock:
                    self._stderr_bytes += len(chunk)
                    self._head += chunk[: STDERR_HEAD - len(self._head)]
                    self._tail += chunk
                    del self._tail[:-STDERR_TAIL]

    def stderr_tail(self) -> str:
        """The last lines the implementation wrote to stderr (for error reports)."""
        with self._tail_lock:
            text = self._tail.decode("utf-8", "replace").strip()
        return text[-STDERR_TAIL:]

    def stderr_excerpt(self) -> list[str]:
        """The first and last lines the implementation wrote to stderr, each :func:`printable`."""
        with self._tail_lock:
            head, tail, total = bytes(self._head), bytes(self._tail), self._stderr_bytes
        return [printable(line) for line in command.excerpt(head, tail, total)]

    def _gone(self, what: str) -> FaultError:
        code = self.proc.poll()
        if code is None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                code = self.proc.wait(0.5)
        status = "is still running" if code is None else f"exited with status {code}"
        tail = self.stderr_tail()
        note = f"; stderr ends: {tail[-400:]!r}" if tail else ""
        cause = f"{what}: the implementation {status}"
        return FaultError(ERROR, cause + note, cause)

    def send(self, data: bytes, deadline: float) -> None:
        """Write a request, waiting for the pipe at most until ``deadline``.

        While the pipe is full, what the implementation writes is read into the buffer of
        :meth:`read_line`: an implementation busy writing answers nobody reads would stop
        reading requests, and both sides would wait for ever (pipes hold 16 pages, and a small
        request may take a page of its own, so a byte count alone cannot prevent it)."""
        view = memoryview(data)
        while view:
            try:
                n = os.write(self._in, view)
                view = view[n:]
                continue
            except BlockingIOError:
                pass
            except (BrokenPipeError, ConnectionResetError):
                raise self._gone("the request could not be written") from None
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise FaultError(TIMEOUT, "the implementation does not read its input")
            for key, _ in self._both.select(remaining):
                if key.fd == self._out:
                    self._read_ahead()

    def _read_ahead(self) -> None:
        """Read what the implementation has written (for :meth:`read_line`), without waiting."""
        try:
            chunk = os.read(self._out, 65536)
        except (BlockingIOError, OSError):
            return
        if not chunk:  # its end of output: read_line reports it when it gets there
            if not self._out_done:
                self._both.unregister(self._out)
                self._out_done = True
            return
        self._buf += chunk
        if len(self._buf) > READ_AHEAD_LIMIT:
            raise FaultError(
                ERROR, "the implementation writes far more than the answers it was asked for"
            )

    def read_line(self, deadline: float) -> bytes:
        """The next line (without newline), read at most until ``deadline``; bounded to 1 MiB."""
        while True:
            i = self._buf.find(b"\n", self._scanned)
            if i >= 0:
                line = bytes(self._buf[:i])
                del self._buf[: i + 1]
                self._scanned = 0
                if len(line) > protocol.MAX_LINE:
                    raise FaultError(ERROR, f"a line of {len(line)} bytes; the limit is 1 MiB")
                return line
            self._scanned = len(self._buf)
            if len(self._buf) > protocol.MAX_LINE:
                raise FaultError(
                    ERROR, "a line longer than 1 MiB (the limit); nothing more is read"
                )
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise FaultError(TIMEOUT, "no answer in time")
            if not self._reads.select(min(remaining, LEADER_POLL)):
                if self.proc.poll() is not None:
                    # its leader is gone but something it started holds the output open
                    raise self._gone(
                        "no answer, and its output is held open by a process left behind"
                    )
                continue
            try:
                chunk = os.read(self._out, 65536)
            except BlockingIOError:
                continue
            except OSError as e:
                raise self._gone(f"reading its output failed ({e})") from None
            if not chunk:
                partial = f" after a partial line {bytes(self._buf[:80])!r}" if self._buf else ""
                raise self._gone(f"end of output{partial}")
            self._buf += chunk

    def exchange(self, request: bytes, timeout: float) -> JSONObject:
        """Send one request and decode the one answer line."""
        deadline = time.monotonic() + timeout
        self.send(request, deadline)
        line = self.read_line(deadline)
        try:
            return protocol.decode(line)
        except protocol.ProtocolError as e:
            raise FaultError(ERROR, f"garbage on stdout: {e}") from None

    def exited(self) -> FaultError | None:
        """The fault, if the implementation has exited by itself (it may only exit on ``stop``)."""
        if self.proc.poll() is None:
            return None
        return self._gone("it exited before it was told to stop")

    def kill(self) -> None:
        """End the implementation and everything it started, now.

        The whole process group is killed even when its leader has already exited: a
        child left behind could hold the pipes open or go on running. Then the processes
        that left the group (``setsid``) are killed too: those below the leader when it was
        killed, and those this process adopted as a subreaper that carry the
        implementation's mark (:data:`MARK`); the adopted ones are reaped.
        """
        below = _below(_children(), [self.proc.pid]) if self.proc.poll() is None else set()
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                self.proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(5)
        self._end_strays(below)
        self._close()

    def _end_strays(self, below: set[int]) -> None:
        """Kill and reap what the implementation left behind (see :meth:`kill`)."""
        mark = f"{MARK}={self.mark}".encode()
        me = os.getpid()
        ended: set[int] = set()
        for _ in range(_SWEEPS):
            children = _children()
            adopted = {p for p in children.get(me, ()) if p in below or _marked(p, mark)}
            strays = (below | adopted | _below(children, adopted)) - ended - {self.proc.pid}
            if not strays:
                break
            for pid in strays:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGKILL)
            ended |= strays
            below = set()
        _reap(ended)

    def stop(self, timeout: float = 1.0) -> None:
        """Ask the implementation to stop; kill it if it does not exit in time."""
        if self.proc.poll() is None:
            with contextlib.suppress(FaultError, OSError):
                self.send(protocol.stop_request(), time.monotonic() + timeout)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout)
        self.kill()

    def _close(self) -> None:
        self._reads.close()
        self._writes.close()
        self._both.close()
        for stream in (self.proc.stdin, self.proc.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        self._drain.join(1.0)
        if self.proc.stderr is not None and not self._drain.is_alive():
            with contextlib.suppress(OSError):
                self.proc.stderr.close()


def launch(argv: Sequence[str], timeout: float) -> tuple[Process, protocol.StartAnswer]:
    """Start the implementation and shake hands; :class:`UnusableError` if no valid start."""
    proc = Process(argv)
    try:
        answer = proc.exchange(protocol.start_request(), timeout)
        return proc, protocol.check_start(answer)
    except (FaultError, protocol.ProtocolError) as e:
        proc.kill()  # its stderr is read to the end (or for a second) first
        cause = e.cause if isinstance(e, FaultError) else str(e)
        message = command.start_failed(argv, printable(cause), proc.stderr_excerpt())
        raise UnusableError(message) from None


# --- scenarios, outcomes ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Case:
    """A scenario ready to send: the file, the scenario, its plan and its encoded wire form."""

    path: str
    scenario: JSONObject
    steps: tuple[engine.Step, ...]
    wire: bytes

    @property
    def id(self) -> str:
        return str(self.scenario.get("id"))

    @property
    def game(self) -> str:
        return str(self.scenario.get("game"))

    @staticmethod
    def of(path: str, scenario: JSONObject) -> Case:
        wire = protocol.wire_scenario(scenario)
        text = json.dumps(wire, ensure_ascii=False, separators=(",", ":"))
        return Case(path, scenario, protocol.wire_steps(wire), text.encode("utf-8"))


@dataclass(slots=True)
class Result:
    """The outcome of one scenario."""

    case: Case
    outcome: str
    duration: float = 0.0
    message: str = ""
    failures: list[engine.Mismatch] = field(default_factory=list)
    warnings: list[engine.Mismatch] = field(default_factory=list)

    def to_json(self) -> JSONObject:
        out: JSONObject = {
            "type": "scenario",
            "id": self.case.id,
            "game": self.case.game,
            "file": self.case.path,
            "outcome": self.outcome,
            "duration": round(self.duration, 6),
        }
        if self.message:
            out["message"] = self.message
        if self.failures:
            out["failures"] = [_mismatch(m) for m in self.failures]
        if self.warnings:
            out["warnings"] = [_mismatch(m) for m in self.warnings]
        title, rules = self.case.scenario.get("title"), self.case.scenario.get("rules")
        if isinstance(title, str):
            out["title"] = title
        if isinstance(rules, list) and all(isinstance(r, str) for r in rules):
            out["rules"] = list(rules)
        return out

    def detail(self) -> str:
        """A few lines for people: why it failed, or the warnings (each line :func:`printable`)."""
        lines = [printable(str(m)) for m in self.failures]
        if self.message:
            lines.insert(0, printable(self.message))
        lines += [f"warning: {printable(str(m))}" for m in self.warnings]
        return "\n".join(lines)


def printable(text: str) -> str:
    """``text`` safe for a terminal, a log line and XML: control and format characters escaped.

    What an implementation writes (its error messages, its stderr, its observations) is
    shown to people: a raw escape sequence could erase an ERROR line and print a fake PASS,
    a newline could forge a line of its own, and XML 1.0 cannot hold most control characters.
    """
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch.isprintable() or ch == " ":
            out.append(ch)
        elif ord(ch) <= 0xFF:
            out.append(f"\\x{ord(ch):02x}")
        elif ord(ch) <= 0xFFFF:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(f"\\U{ord(ch):08x}")
    return "".join(out)


def _mismatch(m: engine.Mismatch) -> JSONObject:
    return {"step": m.step, "expected": m.expected, "observed": m.observed, "note": m.note}


def effective_options(scenario: Mapping[str, JSON]) -> dict[str, JSON]:
    """Every option value a scenario depends on: its rulings, setup options and position options."""
    out: dict[str, JSON] = {}
    rulings = scenario.get("rulings")
    if isinstance(rulings, dict):
        out.update(rulings)
    setup = scenario.get("setup")
    if isinstance(setup, dict):
        for source in (setup.get("options"), _position_options(setup)):
            if isinstance(source, dict):
                out.update(source)
    return out


def _position_options(setup: Mapping[str, JSON]) -> JSON:
    position = setup.get("position")
    return position.get("options") if isinstance(position, dict) else None


def unsupported(case: Case, declared: protocol.StartAnswer) -> str | None:
    """Why the implementation cannot run a scenario (its game, an option value it depends on or
    an observable it asks for not declared), or None."""
    if case.scenario.get("deprecated") is not None:
        return "deprecated scenario"
    options = declared.games.get(case.game)
    if options is None:
        return f"game {case.game} is not declared by the implementation"
    game = games().get(case.game)
    for name, value in effective_options(case.scenario).items():
        spec = game.options.get(name) if game is not None else None
        if spec is None or not isinstance(value, (bool, int, str)) or not spec.allows(value):
            # not an option value of the game (a reading of one's own, outside the register):
            # the implementation is asked, and judged on what it does with such a setup
            continue
        support = options.get(name)
        if support is None:
            # an option the implementation does not list: only its default is supported
            if engine.canonical(value) == engine.canonical(spec.default):
                continue
            return f"option {name}={engine.canonical(value)} is not declared by the implementation"
        if not support.allows(value):
            return f"option {name}={engine.canonical(value)} is not declared by the implementation"
    asked = (name for step in case.steps for name in step.observe)
    missing = declared.unsupported_observables(case.game, asked)
    if missing:
        names = ", ".join(missing)
        return (
            f"observable{'s' if len(missing) > 1 else ''} {names} not among those the "
            f"implementation declares for "
            f"{case.game} (games/{case.game}/observables)"
        )
    return None


def code_warnings(
    scenario: Mapping[str, JSON], answer: Mapping[str, JSON]
) -> list[engine.Mismatch]:
    """Rejections under another rule id than the scenario's (warnings without --strict-codes)."""
    out: list[engine.Mismatch] = []
    expect_setup = scenario.get("setup_expect")
    if "setup_rejected" in answer and isinstance(expect_setup, dict):
        want = expect_setup.get("rejected")
        if want is not None and answer["setup_rejected"] != want:
            seen: JSONObject = {"rejected": answer["setup_rejected"]}
            out.append(
                engine.Mismatch(None, {"rejected": want}, seen, "setup refused under another rule")
            )
        return out
    steps, results = scenario.get("steps"), answer.get("results")
    if not isinstance(steps, list) or not isinstance(results, list):
        return out
    for i, (step, got) in enumerate(zip(steps, results, strict=False)):
        if not (isinstance(step, dict) and isinstance(got, dict) and "act" in step):
            continue
        expect = step.get("expect")
        if isinstance(expect, dict) and "rejected" in expect and "rejected" in got:
            if got["rejected"] != expect["rejected"]:
                out.append(engine.Mismatch(i, expect, got, "refused under another rule"))
        elif "accepted" not in got or expect not in (None, "accepted"):
            break  # judge reports the departure; later steps are not comparable
    return out


def read_expected_failures(path: str) -> dict[str, str]:
    """Read an expected-failure file: per line a scenario id (or glob) and a reason; # comments."""
    out: dict[str, str] = {}
    for raw in Path(path).read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if line:
            key, _, reason = line.partition(" ")
            out[key] = reason.strip()
    return out


@dataclass(frozen=True, slots=True)
class Config:
    """How to run: the implementation command and the judging options."""

    argv: tuple[str, ...]
    timeout: float = 10.0
    strict_codes: bool = False
    expected_failures: Mapping[str, str] = field(default_factory=dict)
    #: Seconds for a (re)started implementation to answer ``start``.
    start_timeout: float = 10.0


def xfail_reason(case: Case, expected: Mapping[str, str]) -> str | None:
    """The reason a scenario is expected to fail, if it is listed."""
    for key, reason in expected.items():
        if fnmatch.fnmatchcase(case.id, key):
            return reason or "listed as an expected failure"
    return None


def judge_answer(case: Case, run: protocol.RunAnswer, strict_codes: bool) -> Result:
    """Turn a checked answer into an outcome."""
    if run.kind == "skipped":
        return Result(case, SKIP, message=f"skipped by the implementation: {run.reason}")
    if run.kind == "errored":
        return Result(case, ERROR, message=f"the implementation reported an error: {run.reason}")
    failures = engine.judge(case.scenario, run.answer, strict_codes=strict_codes)
    warnings = [] if strict_codes else code_warnings(case.scenario, run.answer)
    return Result(case, FAIL if failures else PASS, failures=failures, warnings=warnings)


class Session:
    """One implementation process serving scenario after scenario, restarted after each fault.

    Usable on its own (``with Session(config) as s: s.run(case)``): this is the
    pytest entry point for implementers (see docs/implementers.rst).
    """

    def __init__(
        self, config: Config, first: tuple[Process, protocol.StartAnswer] | None = None
    ) -> None:
        self.config = config
        self.proc: Process | None = None
        self.declared: protocol.StartAnswer | None = None
        self.seq = 0
        self.failed_starts = 0
        #: implementations ended by a fault (each replaced by a fresh one when more is due)
        self.restarts = 0
        self._unsupported: dict[str, str | None] = {}
        if first is not None:
            self.proc, self.declared = first

    def __enter__(self) -> Session:
        self.ensure()
        return self

    def __exit__(
        self, t: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def ensure(self) -> Process:
        """The running implementation, started (and shaken hands with) if need be.

        Call :meth:`exited` first: an implementation that went away by itself is a fault
        of the scenario due next, not something to restart silently.
        """
        if self.proc is not None and self.proc.proc.poll() is None:
            return self.proc
        if self.proc is not None:
            self.proc.kill()
            self.proc = None
        try:
            self.proc, declared = launch(self.config.argv, self.config.start_timeout)
        except UnusableError:
            self.failed_starts += 1
            raise
        self.failed_starts = 0
        if self.declared is None:
            self.declared = declared
        return self.proc

    def close(self) -> None:
        """Send ``stop``, wait briefly, then end the implementation's whole process group."""
        if self.proc is not None:
            self.proc.stop()
            self.proc = None

    def abort(self, fault: bool = True) -> None:
        """Kill the implementation at once: after a fault (counted), or on Ctrl-C."""
        if self.proc is not None:
            self.proc.kill()
            self.proc = None
            if fault:
                self.restarts += 1

    def exited(self) -> FaultError | None:
        """The fault, if the running implementation has exited by itself (it is then ended)."""
        if self.proc is None:
            return None
        fault = self.proc.exited()
        if fault is not None:
            self.abort()
        return fault

    def run(self, case: Case) -> Result:
        """Run one scenario and judge it (XFAIL/XPASS applied)."""
        return self._expected(case, self._run(case))

    def run_many(self, cases: Sequence[Case], window: int = WINDOW) -> Iterator[Result]:
        """Run scenarios with up to ``window`` requests in flight (pipelined), in order.

        The requests in flight, the next one included, are bounded in bytes too
        (:data:`WINDOW_BYTES`; a larger request is sent alone), so writing never waits on
        an implementation that is itself waiting for its answers to be read. Each
        scenario has the whole timeout from the moment its answer is the next one due.
        After a fault the implementation is killed; the scenario whose answer was due
        gets the fault's outcome (an implementation that exits before ``stop``, closes its
        output or dies is such a fault, whether or not it had read the request) and the
        others in flight, which it cannot have answered, are sent again to a fresh
        implementation.
        """
        todo = list(reversed(cases))
        flight: list[tuple[Case, int, int, float]] = []  # case, seq, bytes, start
        due_since = time.monotonic()
        while todo or flight:
            while todo and len(flight) < window:
                case = todo.pop()
                why = self._why_not(case) if self.declared is not None else None
                if why is not None:
                    yield self._expected(case, Result(case, SKIP, message=why))
                    continue
                if flight and (self.proc is None or self.proc.proc.poll() is not None):
                    # The process that has the requests in flight has ended: read what it
                    # answered before a fresh one is started (its answers are not the new one's).
                    todo.append(case)
                    break
                gone = self.exited()
                if gone is not None:
                    yield self._expected(case, Result(case, gone.outcome, 0.0, gone.message))
                    continue
                try:
                    proc = self.ensure()
                except UnusableError as e:
                    yield self._expected(case, Result(case, ERROR, 0.0, f"could not restart: {e}"))
                    if self.failed_starts >= MAX_FAILED_STARTS:
                        return
                    continue
                request = protocol.run_request_bytes(self.seq + 1, case.wire)
                if flight and sum(f[2] for f in flight) + len(request) > WINDOW_BYTES:
                    # Sent now it might not fit the pipe while the implementation waits for
                    # its answers to be read: send it once the answers due are in.
                    todo.append(case)
                    break
                self.seq += 1
                try:
                    proc.send(request, time.monotonic() + self.config.timeout)
                except FaultError as e:
                    if flight:
                        # The process is gone or stuck: this request is not to blame. Read
                        # what it answered; the first request it did not answer takes the fault.
                        todo.append(case)
                        break
                    self.abort()
                    yield self._expected(case, Result(case, e.outcome, 0.0, e.message))
                    continue
                if not flight:
                    due_since = time.monotonic()
                flight.append((case, self.seq, len(request), time.monotonic()))
            if not flight:
                continue
            case, seq, _, sent = flight[0]
            started = max(sent, due_since)  # its time runs from when its answer is the next due
            reader = self.proc
            assert reader is not None, "requests in flight have a process"
            try:
                line = reader.read_line(due_since + self.config.timeout)
                answer = protocol.decode(line)
            except (FaultError, protocol.ProtocolError) as e:
                fault = (
                    e if isinstance(e, FaultError) else FaultError(ERROR, f"garbage on stdout: {e}")
                )
                self.abort()
                rest = [f[0] for f in flight[1:]]
                flight.clear()
                todo.extend(reversed(rest))
                yield self._expected(
                    case, Result(case, fault.outcome, time.monotonic() - started, fault.message)
                )
                due_since = time.monotonic()
                continue
            flight.pop(0)
            due_since = time.monotonic()
            try:
                run = protocol.check_run(answer, seq, case.steps)
            except protocol.ProtocolError as e:
                self.abort()  # out of step: start afresh, send the others again
                todo.extend(reversed([f[0] for f in flight]))
                flight.clear()
                result = Result(case, ERROR, time.monotonic() - started, f"protocol violation: {e}")
                yield self._expected(case, result)
                continue
            result = judge_answer(case, run, self.config.strict_codes)
            result.duration = time.monotonic() - started
            yield self._expected(case, result)

    def _expected(self, case: Case, result: Result) -> Result:
        """Apply the expected-failure list: XFAIL and XPASS."""
        reason = xfail_reason(case, self.config.expected_failures)
        if reason is not None:
            if result.outcome == PASS:
                result.outcome = XPASS
                result.message = f"expected to fail ({reason}) but passed"
            elif result.outcome in (FAIL, ERROR, TIMEOUT):
                was = result.outcome
                result.outcome = XFAIL
                result.message = f"expected failure ({reason}); {was}: {result.message}".rstrip(
                    ": "
                )
        return result

    def _why_not(self, case: Case) -> str | None:
        """Why the declared implementation cannot run the case (computed once per case)."""
        assert self.declared is not None
        key = case.path + "\0" + case.id
        if key not in self._unsupported:
            self._unsupported[key] = unsupported(case, self.declared)
        return self._unsupported[key]

    def _run(self, case: Case) -> Result:
        t0 = time.monotonic()
        if self.declared is not None:
            why = self._why_not(case)
            if why is not None:
                return Result(case, SKIP, message=why)
        gone = self.exited()
        if gone is not None:
            return Result(case, gone.outcome, 0.0, gone.message)
        try:
            proc = self.ensure()
        except UnusableError as e:
            return Result(case, ERROR, time.monotonic() - t0, f"could not restart: {e}")
        why = self._why_not(case)
        if why is not None:
            return Result(case, SKIP, message=why)
        self.seq += 1
        try:
            line = proc.exchange(
                protocol.run_request_bytes(self.seq, case.wire), self.config.timeout
            )
        except FaultError as e:
            self.abort()
            return Result(case, e.outcome, time.monotonic() - t0, e.message)
        try:
            run = protocol.check_run(line, self.seq, case.steps)
        except protocol.ProtocolError as e:
            self.abort()  # the exchange is out of step: start afresh
            return Result(case, ERROR, time.monotonic() - t0, f"protocol violation: {e}")
        result = judge_answer(case, run, self.config.strict_codes)
        result.duration = time.monotonic() - t0
        return result


# --- selection ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Filters:
    """Which scenarios to run: each list is OR'ed, the lists AND'ed; ids and rules take globs."""

    games: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    ids: tuple[str, ...] = ()

    def keep(self, s: Mapping[str, JSON]) -> bool:
        rules = s.get("rules")
        tags = s.get("tags")
        rule_list = [str(r) for r in rules] if isinstance(rules, list) else []
        tag_list = [str(t) for t in tags] if isinstance(tags, list) else []
        return (
            (not self.games or s.get("game") in self.games)
            and (not self.ids or any(fnmatch.fnmatchcase(str(s.get("id")), p) for p in self.ids))
            and (not self.tags or any(t in tag_list for t in self.tags))
            and (
                not self.rules
                or any(fnmatch.fnmatchcase(r, p) for p in self.rules for r in rule_list)
            )
        )


# --- reporting ------------------------------------------------------------------------------


def git_commit(where: Path) -> str | None:
    """The commit of the suite's checkout, if it is one and git is at hand."""
    try:
        done = subprocess.run(
            ["git", "rev-parse", "HEAD"],
            cwd=where,
            capture_output=True,
            text=True,
            timeout=5,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    out = done.stdout.strip()
    return out if done.returncode == 0 and out else None


def replay_commands(
    scenario_id: str, file: str, impl: Sequence[str] | None, suite_version: str | None = None
) -> tuple[str, str]:
    """The two commands that replay one scenario: through the runner and on the reference.

    ``impl`` is the implementation's command (None for the reference adapter, the default).
    A scenario of the suite is named by its id; a file of one's own by its path too. With
    ``suite_version`` (a run pinned with ``--suite-version``) the run is pinned the same way;
    a scenario of an earlier, frozen version is replayed on the reference by the runner too,
    since ``python -m reference replay`` knows only the suite as it is."""
    frozen = suite_version is not None and suite_version != SUITE_VERSION
    own = not frozen and not validate.in_suite(file)
    pin = [] if suite_version is None else ["--suite-version", suite_version]
    run = ["python", "-m", "conformance", "run", *pin]
    on_reference = [*run, "--id", scenario_id]
    if impl is not None:
        run += ["--impl", shlex.join(impl)]
    if own:
        run.append(file)
    run += ["--id", scenario_id]
    reference = ["python", "-m", "reference", "replay", file if own else scenario_id]
    return shlex.join(run), shlex.join(on_reference if frozen else reference)


class Report:
    """Progress on the terminal, JSON-lines results, and the counts.

    ``impl`` is the implementation's command, for the replay commands of a failure
    (None: the reference adapter, the default of ``run``)."""

    def __init__(
        self,
        out: TextIO,
        err: TextIO,
        json_path: str | None,
        total: int,
        impl: Sequence[str] | None = None,
        *,
        suite_version: str | None = None,
    ) -> None:
        self.out = out
        self.err = err
        self.impl = None if impl is None else tuple(impl)
        #: the version the run is pinned to (``--suite-version``), for the replay commands
        self.suite_version = suite_version
        self.tty = err.isatty()
        self.total = total
        self.done = 0
        self.counts = dict.fromkeys(OUTCOMES, 0)
        self.results: list[Result] = []
        #: scenarios not run because the implementation is unusable (counted, not shown)
        self.not_run = 0
        self.json: TextIO | None = None
        if json_path is not None:
            self.json = open(json_path, "w", encoding="utf-8")  # noqa: SIM115

    def line(self, obj: Mapping[str, JSON]) -> None:
        if self.json is not None:
            self.json.write(json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n")
            self.json.flush()

    def started(self, start: JSONObject, argv: Sequence[str]) -> None:
        """Name the implementation that answered ``start``, before any result."""
        stream = self.err if self.tty else self.out
        line = command.describe(start, argv, default=self.impl is None)
        stream.write(printable(line) + "\n")
        stream.flush()

    def add(self, r: Result, *, quiet: bool = False) -> None:
        """Record a result and show it; ``quiet``: a scenario not run because the
        implementation is unusable (said once, with their count, by :meth:`finish`)."""
        self.done += 1
        self.counts[r.outcome] += 1
        self.results.append(r)
        self.line(r.to_json())
        if quiet:
            self.not_run += 1
            return
        shown = r.outcome in BAD or bool(r.warnings)
        if self.tty:
            if shown:
                self._clear()
                self._print_result(r, self.err)
            self._bar()
        else:
            self._print_result(r, self.out, brief=not shown)

    def _print_result(self, r: Result, stream: TextIO, brief: bool = False) -> None:
        """One line a scenario; a FAIL (ERROR, TIMEOUT, XPASS) also names the scenario's title
        and rules, says why, and gives the commands that replay it."""
        ms = r.duration * 1000
        took = f" ({ms:.0f} ms)" if ms >= SHOWN_MS else ""
        stream.write(f"{r.outcome:<7} {printable(r.case.id)}{took}")
        if r.outcome == SKIP and r.message:
            stream.write(f": {printable(r.message)}")
        bad = r.outcome in BAD
        title = r.case.scenario.get("title")
        if bad and isinstance(title, str) and title:
            stream.write(f": {printable(title)}")
        stream.write("\n")
        if brief:
            stream.flush()
            return
        rules = r.case.scenario.get("rules")
        if bad and isinstance(rules, list) and rules:
            stream.write(f"        rules: {printable(', '.join(str(x) for x in rules))}\n")
        for text in r.detail().splitlines():
            stream.write(f"        {text}\n")
        if bad:
            run, reference = replay_commands(r.case.id, r.case.path, self.impl, self.suite_version)
            stream.write(f"        replay: {printable(run)}\n")
            stream.write(f"                {printable(reference)}\n")
        stream.flush()

    def _clear(self) -> None:
        self.err.write("\r\x1b[K")

    def _bar(self) -> None:
        width = 30
        filled = width * self.done // max(self.total, 1)
        bad = sum(self.counts[o] for o in BAD)
        self.err.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total}"
            f"  pass {self.counts[PASS]}  bad {bad}  skip {self.counts[SKIP]}"
        )
        self.err.flush()

    def finish(self, footer: Mapping[str, JSON]) -> None:
        if self.tty:
            self._clear()
        self.line(footer)
        if self.json is not None:
            self.json.close()
            self.json = None
        stream = self.err if self.tty else self.out
        if footer.get("unusable"):
            lines = str(footer["unusable"]).splitlines() or [""]
            stream.write(f"implementation unusable: {printable(lines[0])}\n")
            stream.writelines(f"{printable(line)}\n" for line in lines[1:])
        if self.not_run:
            stream.write(
                f"{self.not_run} of {self.total} scenarios not run (each an ERROR in the results)\n"
            )
        if self.tty:
            stream.write("outcome   count\n-------   -----\n")
            for o in OUTCOMES:
                if self.counts[o]:
                    stream.write(f"{o:<9} {self.counts[o]:>5}\n")
            stream.write(f"{'total':<9} {self.done:>5} of {self.total}\n")
        else:
            summary = ", ".join(f"{o} {n}" for o, n in self.counts.items() if n)
            stream.write(f"summary: {summary or 'nothing run'} ({self.done} of {self.total})\n")
        if footer.get("interrupted"):
            stream.write("interrupted: partial results\n")
        restarts = footer.get("restarts")
        if isinstance(restarts, int) and restarts:
            stream.write(f"restarts: {restarts} (implementations ended by a fault)\n")
        stream.flush()


def write_junit(path: str, results: Sequence[Result], duration: float) -> None:
    """JUnit XML: one testcase a scenario; XFAIL is a skip, XPASS a failure, TIMEOUT an error."""
    counts = {o: sum(1 for r in results if r.outcome == o) for o in OUTCOMES}
    suites = ET.Element("testsuites")
    suite = ET.SubElement(
        suites,
        "testsuite",
        name="koloda-conformance",
        tests=str(len(results)),
        failures=str(counts[FAIL] + counts[XPASS]),
        errors=str(counts[ERROR] + counts[TIMEOUT]),
        skipped=str(counts[SKIP] + counts[XFAIL]),
        time=f"{duration:.3f}",
    )
    for r in results:
        case = ET.SubElement(
            suite,
            "testcase",
            classname=f"conformance.{r.case.game}",
            name=printable(r.case.id),
            file=printable(r.case.path),
            time=f"{r.duration:.6f}",
        )
        detail = r.detail()
        if r.outcome in (FAIL, XPASS):
            first = detail.splitlines()[0] if detail else r.outcome
            ET.SubElement(case, "failure", message=first, type=r.outcome).text = detail
        elif r.outcome in (ERROR, TIMEOUT):
            ET.SubElement(case, "error", message=printable(r.message), type=r.outcome).text = detail
        elif r.outcome in (SKIP, XFAIL):
            ET.SubElement(case, "skipped", message=printable(f"{r.outcome}: {r.message}"))
        elif r.warnings:
            ET.SubElement(case, "system-out").text = detail
    ET.indent(suites)
    with written_whole(path) as stream:
        ET.ElementTree(suites).write(stream, encoding="utf-8", xml_declaration=True)


def _regular(path: str) -> bool:
    """Whether a regular file (or a link to one) is at ``path``."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except FileNotFoundError:
        return False


@contextlib.contextmanager
def written_whole(path: str) -> Iterator[BinaryIO]:
    """A file written under a temporary name in its directory and renamed to ``path`` once
    complete: a run killed while writing leaves no half-written file. A path that exists and is
    not a regular file (a pipe, ``/dev/stdout``) is written directly, never replaced."""
    if os.path.exists(path) and not _regular(path):
        with open(path, "wb") as stream:
            yield stream
        return
    target = Path(path)
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        with open(temporary, "xb") as stream:
            yield stream
        os.replace(temporary, target)
    finally:
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()


def remove_previous(paths: Sequence[str | None]) -> str | None:
    """Remove the files an earlier run left at these paths (regular files only), so that a run
    killed before it writes its own never leaves them looking like its results; what went
    wrong, if one cannot be removed."""
    for path in paths:
        if path is None or not _regular(path):
            continue
        try:
            os.unlink(path)
        except FileNotFoundError:
            continue
        except OSError as e:
            return f"cannot remove the earlier {path}: {e}"
    return None


# --- the run ----------------------------------------------------------------------------------


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP (what a CI timeout or a closed terminal sends), handled like Ctrl-C."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


@contextlib.contextmanager
def interruptible() -> Iterator[None]:
    """While the run goes on, SIGTERM and SIGHUP interrupt it as Ctrl-C does (main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum: int, frame: object) -> None:
        raise Terminated(signum)

    before = {sig: signal.signal(sig, handler) for sig in (signal.SIGTERM, signal.SIGHUP)}
    try:
        yield
    finally:
        for sig, old in before.items():
            signal.signal(sig, old)


@dataclass(slots=True)
class RunState:
    """What a run has done so far, for the footer."""

    results: list[Result] = field(default_factory=list)
    unusable: str | None = None
    interrupted: bool = False
    #: the signal that interrupted the run, if it was not Ctrl-C
    signum: int | None = None
    #: implementations ended by a fault (exit, crash, closed output, timeout, bad answer)
    restarts: int = 0


def run_cases(
    cases: Sequence[Case],
    config: Config,
    *,
    first: tuple[Process, protocol.StartAnswer],
    jobs: int,
    report: Report,
    state: RunState,
) -> None:
    """Run the cases with ``jobs`` implementation processes; results go to ``report``."""
    if jobs <= 1:
        session = Session(config, first)
        try:
            for result in session.run_many(cases):
                state.results.append(result)
                report.add(result)
                if session.failed_starts >= MAX_FAILED_STARTS:
                    state.unusable = "it could not be restarted"
                    break
        except BaseException:
            session.abort(fault=False)
            raise
        else:
            session.close()
        finally:
            state.restarts += session.restarts
        _not_run(cases, state, report)
        return
    todo: queue.Queue[Case] = queue.Queue()
    for case in cases:
        todo.put(case)
    done: queue.Queue[Result | None] = queue.Queue()
    stop = threading.Event()
    sessions = [Session(config, first if i == 0 else None) for i in range(jobs)]
    for s in sessions[1:]:
        s.declared = first[1]

    def work(session: Session) -> None:
        try:
            while not stop.is_set():
                try:
                    case = todo.get_nowait()
                except queue.Empty:
                    break
                done.put(session.run(case))
                if session.failed_starts >= MAX_FAILED_STARTS:
                    state.unusable = "it could not be restarted"
                    stop.set()
            if not stop.is_set():
                session.close()
        finally:
            session.abort(fault=False)
            done.put(None)

    threads = [threading.Thread(target=work, args=(s,), daemon=True) for s in sessions]
    for t in threads:
        t.start()
    running = len(threads)
    try:
        while running:
            item = done.get()
            if item is None:
                running -= 1
                continue
            state.results.append(item)
            report.add(item)
    finally:
        stop.set()
        for s in sessions:
            s.abort(fault=False)
        state.restarts += sum(s.restarts for s in sessions)
    _not_run(cases, state, report)


def _not_run(cases: Sequence[Case], state: RunState, report: Report) -> None:
    """Every selected scenario without an outcome, as ERROR (not run), once it is unusable."""
    if state.unusable is None:
        return
    seen = {(r.case.path, r.case.id) for r in state.results}
    why = state.unusable.splitlines()[0] if state.unusable.strip() else state.unusable
    for case in cases:
        if (case.path, case.id) not in seen:
            r = Result(case, ERROR, message=f"not run: the implementation is unusable ({why})")
            state.results.append(r)
            report.add(r, quiet=True)


def exit_code(state: RunState) -> int:
    if state.interrupted:
        return EXIT_INTERRUPTED if state.signum is None else 128 + state.signum
    if state.unusable is not None:
        return EXIT_UNUSABLE
    return EXIT_FAILED if any(r.outcome in BAD for r in state.results) else EXIT_OK


@dataclass(frozen=True, slots=True)
class Options:
    """The command line of ``run``, parsed."""

    impl: str | None = None
    paths: tuple[str, ...] = ()
    filters: Filters = Filters()
    timeout: float = 10.0
    start_timeout: float = 10.0
    jobs: int = 1
    expect: str | None = None
    strict_codes: bool = False
    json_path: str | None = None
    junit_path: str | None = None
    #: ``--suite-version``: the version of the suite to run (None: the suite as it is)
    suite_version: str | None = None

    def frozen(self) -> str | None:
        """The earlier version whose frozen scenarios are run, or None (the suite as it is)."""
        pin = self.suite_version
        return pin if pin is not None and pin != SUITE_VERSION else None


def narrow(paths: Sequence[str], filters: Filters) -> tuple[list[str], list[validate.Problem]]:
    """The suite files under ``paths`` that can hold a scenario ``filters`` selects by id or
    game, judged by the file name alone (and the paths that do not exist, as problems).

    ``validate`` holds every file of the suite to its id (``<id>.json``) and every id to its
    game (``<game>-NNN``), so a valid file whose name matches neither the id globs nor a
    game's prefix cannot be selected: only the files that can are checked before a run (the
    uniqueness of ids among them too: a second file with a selected id has the same name).
    Without an id or game filter every file is kept. ``python -m conformance validate``
    checks the whole suite."""
    files, problems = validate.scenario_files(paths)
    kept = [
        str(f)
        for f in files
        if (not filters.ids or any(fnmatch.fnmatchcase(f.stem, p) for p in filters.ids))
        and (not filters.games or any(f.stem.startswith(g + "-") for g in filters.games))
    ]
    return kept, problems


def load_paths(
    paths: Sequence[str], err: TextIO, filters: Filters | None = None
) -> tuple[list[validate.Loaded], int | None]:
    """The scenarios under the paths, or an exit status (the problems written to ``err``).

    Files of the suite (``conformance/scenarios``, the default) meet every check of
    ``validate``; with ``filters`` naming ids or games, only the suite files that can hold
    such a scenario are checked (:func:`narrow`). Files outside it, one's own readings, are
    judged by the run: only what keeps them from running is an error; what they claim about
    the texts is a warning (:func:`validate.check_user_bytes`)."""
    paths = paths or (str(validate.SUITE),)
    suite = [p for p in paths if validate.in_suite(p)]
    own = [p for p in paths if not validate.in_suite(p)]
    missing: list[validate.Problem] = []
    if suite and filters is not None and (filters.ids or filters.games):
        suite, missing = narrow(suite, filters)
    loaded, problems = validate.validate_paths(suite) if suite else ([], [])
    problems = missing + problems
    if problems:
        for p in problems:
            err.write(f"{p}\n")
        err.write(f"the suite is invalid: {len(problems)} problem(s); nothing was run\n")
        return [], EXIT_USAGE
    if own:
        mine, errors, warnings = validate.check_user_paths(own)
        for p in warnings:
            err.write(f"warning: {p}\n")
        if errors:
            for p in errors:
                err.write(f"{p}\n")
            files = sorted({p.file for p in errors})
            err.write(f"cannot run {', '.join(files)}: {len(errors)} problem(s); nothing was run\n")
            return [], EXIT_USAGE
        loaded += mine
    return loaded, None


def select(options: Options, err: TextIO) -> tuple[list[Case], int | None]:
    """Check the scenarios (:func:`load_paths`) and pick the cases; an exit status on failure.

    A run pinned to an earlier version takes that version's frozen scenarios as they were
    (:mod:`conformance.pinned`), unchecked by today's validator: today's notation may refuse
    what they send, and the tests hold them to it (``CHANGELOG.md`` lists each difference)."""
    frozen = options.frozen()
    if frozen is not None:
        loaded = pinned.load(frozen)
    else:
        loaded, status = load_paths(options.paths, err, options.filters)
        if status is not None:
            return [], status
    cases = [
        Case.of(item.path, item.scenario) for item in loaded if options.filters.keep(item.scenario)
    ]
    if not cases:
        err.write("no scenario matches the filters\n")
        return [], EXIT_USAGE
    return cases, None


def _start_and_run(
    cases: Sequence[Case],
    config: Config,
    jobs: int,
    *,
    header: JSONObject,
    report: Report,
    state: RunState,
) -> None:
    """Start the implementation, write the header, run the cases (killed on an interrupt)."""
    first: tuple[Process, protocol.StartAnswer] | None = None
    try:
        first = launch(config.argv, config.start_timeout)
    except UnusableError as e:
        state.unusable = str(e)
        report.line(header)
        _not_run(cases, state, report)
        return
    impl = header["implementation"]
    assert isinstance(impl, dict)
    impl["start"] = first[1].raw
    report.line(header)
    report.started(first[1].raw, config.argv)
    try:
        run_cases(cases, config, first=first, jobs=jobs, report=report, state=state)
    except BaseException:
        first[0].kill()
        raise


def main(options: Options, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """``python -m conformance run``: the exit status."""
    # first of all: whatever happens next, an earlier run's files never pass for this run's
    problem = remove_previous((options.json_path, options.junit_path))
    if problem is not None:
        err.write(f"{problem}\n")
        return EXIT_USAGE
    try:
        argv = command.parse(options.impl, default_command())
    except ValueError as e:
        err.write(f"{e}\n")
        return EXIT_USAGE
    broken = [
        text
        for text, bad in (
            (f"--timeout must be positive (not {options.timeout:g})", options.timeout <= 0),
            (
                f"--start-timeout must be positive (not {options.start_timeout:g})",
                options.start_timeout <= 0,
            ),
            (f"--jobs must be at least 1 (not {options.jobs})", options.jobs < 1),
        )
        if bad
    ]
    if broken:
        err.write("".join(f"{text}\n" for text in broken))
        return EXIT_USAGE
    try:
        expected = read_expected_failures(options.expect) if options.expect else {}
    except (OSError, UnicodeDecodeError) as e:
        err.write(f"--expect: cannot read {options.expect}: {e}\n")
        return EXIT_USAGE
    if options.suite_version is not None:
        unknown = pinned.unknown(options.suite_version)
        if unknown is not None:
            err.write(f"{unknown}\n")
            return EXIT_USAGE
        if options.paths:
            err.write(
                "--suite-version runs a version of the suite, not files: give no PATHS "
                "(select its scenarios with --game, --id, --rule or --tag)\n"
            )
            return EXIT_USAGE
    cases, status = select(options, err)
    if status is not None:
        return status
    known = {c.id for c in cases}
    for key in expected:
        if not any(fnmatch.fnmatchcase(k, key) for k in known):
            err.write(f"warning: --expect lists {key}, which matches no selected scenario\n")
    config = Config(argv, options.timeout, options.strict_codes, expected, options.start_timeout)
    try:
        report = Report(
            out,
            err,
            options.json_path,
            len(cases),
            None if options.impl is None else argv,
            suite_version=options.suite_version,
        )
    except OSError as e:
        err.write(f"--json: cannot write {options.json_path}: {e}\n")
        return EXIT_USAGE
    state = RunState()
    t0 = time.monotonic()
    header: JSONObject = {
        "type": "header",
        "format": RESULTS_FORMAT,
        "suite": {
            "version": __version__,
            "suite_version": options.suite_version or SUITE_VERSION,
            "commit": git_commit(validate.SUITE),
            "scenarios": len(cases),
        },
        "protocol": protocol.VERSION,
        "implementation": {"command": list(argv), "start": None},
        "options": {
            "timeout": options.timeout,
            "start_timeout": options.start_timeout,
            "jobs": options.jobs,
            "strict_codes": options.strict_codes,
            "filters": {
                "game": list(options.filters.games),
                "rule": list(options.filters.rules),
                "tag": list(options.filters.tags),
                "id": list(options.filters.ids),
            },
            "expect": options.expect,
            "suite_version": options.suite_version,
        },
        "time": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    try:
        with interruptible():
            _start_and_run(cases, config, options.jobs, header=header, report=report, state=state)
    except KeyboardInterrupt as e:
        state.interrupted = True
        if isinstance(e, Terminated):
            state.signum = e.signum
    finally:
        duration = time.monotonic() - t0
        counts: JSONObject = {o: sum(1 for r in state.results if r.outcome == o) for o in OUTCOMES}
        status_code = exit_code(state)
        footer: JSONObject = {
            "type": "summary",
            "counts": counts,
            "total": len(cases),
            "run": len(state.results),
            "duration": round(duration, 6),
            "interrupted": state.interrupted,
            "unusable": state.unusable,
            "restarts": state.restarts,
            "exit_code": status_code,
        }
        report.finish(footer)
        if options.junit_path is not None:
            try:
                write_junit(options.junit_path, state.results, duration)
            except OSError as e:
                err.write(f"--junit: cannot write {options.junit_path}: {e}\n")
    return status_code


def iter_cases(paths: Sequence[str] = (), filters: Filters = Filters()) -> Iterator[Case]:
    """The suite's cases (validated; :class:`ValueError` listing the problems if invalid)."""
    loaded, problems = validate.validate_paths(paths or (str(validate.SUITE),))
    if problems:
        raise ValueError("the suite is invalid:\n" + "\n".join(str(p) for p in problems))
    for item in loaded:
        if filters.keep(item.scenario):
            yield Case.of(item.path, item.scenario)
