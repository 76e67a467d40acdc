"""A misbehaving implementation for the runner's fault tests.

``python fake_adapter.py MODE [TARGET]``: serves the reference like
``python -m conformance adapter``, except that on the scenario whose id is
TARGET (or on every request, for some modes) it commits the fault MODE.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from conformance import adapter

MODES = (
    "ok",
    "hang",
    "hang-start",
    "crash-start",
    "bad-start",
    "crash-run",
    "garbage",
    "partial",
    "wrong-seq",
    "overlong",
    "stderr-flood",
    "early-exit",
    "exit-0-on-run",
    "exit-1-on-run",
    "close-stdout",
    "orphan",
    "setsid-child",
    "double-fork",
    "escapes",
    "slow",
    "errored",
    "skipped",
    "wrong-code",
    "accept-all",
    "no-observe",
    "defaults-only",
    "no-count",
    "no-losers",
    "no-losers-declared",
)


def write(data: bytes) -> None:
    out = sys.stdout.buffer
    out.write(data)
    out.flush()


#: A process that sleeps for an hour: what an implementation leaves behind.
SLEEPER = [sys.executable, "-c", "import time; time.sleep(3600)"]


def leave_behind(mode: str) -> None:
    """Start a process that leaves the implementation's process group (``setsid``), and append
    its pid to the file named by ``FAKE_ORPHAN_PID``.

    ``setsid-child``: a child of this process, in a session of its own. ``double-fork``: the
    same started by an intermediate process that exits at once, so the sleeper is an orphan
    while this process still runs (adopted by the nearest subreaper, or by init)."""
    if mode == "setsid-child":
        pid = subprocess.Popen(SLEEPER, start_new_session=True).pid
    else:
        started = subprocess.run(
            [
                sys.executable,
                "-c",
                "import subprocess\n"
                "quiet = subprocess.DEVNULL\n"
                f"p = subprocess.Popen({SLEEPER!r}, start_new_session=True,\n"
                "    stdin=quiet, stdout=quiet, stderr=quiet)\n"
                "print(p.pid)\n",
            ],
            capture_output=True,
            text=True,
            check=True,
        )
        pid = int(started.stdout)
    with open(os.environ["FAKE_ORPHAN_PID"], "a", encoding="utf-8") as f:
        f.write(f"{pid}\n")


def main() -> int:
    mode = sys.argv[1]
    target = sys.argv[2] if len(sys.argv) > 2 else ""
    assert mode in MODES, mode
    if mode == "crash-start":
        sys.stderr.write("fake: crashing at start\n")
        return 3
    stdin = sys.stdin.buffer
    while line := stdin.readline():
        request = json.loads(line)
        cmd = request.get("cmd")
        if cmd == "stop":
            return 0
        if cmd == "start":
            if mode == "hang-start":
                time.sleep(3600)
            if mode == "bad-start":
                write(b'{"protocol": 7}\n')
                continue
            if mode in ("setsid-child", "double-fork"):
                leave_behind(mode)
            answer = adapter.start_answer()
            if mode == "no-count":
                answer.pop("capabilities", None)
            if mode == "no-losers-declared":
                # an implementation that says which observables it has: not outcome.losers
                for entry in answer["games"].values():  # type: ignore[union-attr]
                    assert isinstance(entry, dict) and isinstance(entry["observables"], list)
                    entry["observables"].remove("outcome.losers")
            if mode == "defaults-only":
                games = answer["games"]
                assert isinstance(games, dict)
                games["melniki-b"] = {"options": {"must_beat": [False]}}
            write(json.dumps(answer).encode() + b"\n")
            continue
        seq = request["seq"]
        scenario = request["scenario"]
        reply, _ = adapter.answer(line.rstrip(b"\n"))
        assert reply is not None
        hit = scenario.get("id") == target
        if mode == "stderr-flood":
            sys.stderr.write("x" * 1_000_000 + "\n")
            sys.stderr.flush()
        elif mode == "slow":
            time.sleep(0.3)
        elif hit and mode == "hang":
            time.sleep(3600)
        elif hit and mode in ("exit-0-on-run", "exit-1-on-run"):
            os._exit(int(mode[5]))
        elif hit and mode == "close-stdout":
            sys.stdout.close()
            os.close(1)
            time.sleep(3600)
        elif hit and mode == "orphan":
            # a child that keeps the output open and runs on after this process exits
            child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)"])
            Path(os.environ["FAKE_ORPHAN_PID"]).write_text(str(child.pid), encoding="utf-8")
            os._exit(0)
        elif hit and mode in ("crash-run", "setsid-child", "double-fork"):
            sys.stderr.write("fake: crashing mid-scenario\n")
            os._exit(7)
        elif hit and mode == "garbage":
            write(b"this is not json\n")
            continue
        elif hit and mode == "partial":
            write(json.dumps(reply).encode()[:20])
            os._exit(0)
        elif hit and mode == "wrong-seq":
            reply["seq"] = seq + 1
        elif hit and mode == "overlong":
            write(b"[" + b"1," * (600 * 1024))
            time.sleep(3600)
        elif hit and mode == "errored":
            reply = {"seq": seq, "errored": "fake: cannot do this one"}
        elif hit and mode == "escapes":
            # an error message that would erase its line on a terminal and forge a PASS
            reply = {"seq": seq, "errored": "\x1b[2K\rPASS    forged\nline\x07\x00\u202e"}
            sys.stderr.write("\x1b[31mred\x1b[0m\n")
        elif hit and mode == "skipped":
            reply = {"seq": seq, "skipped": "fake: not this one"}
        elif mode == "wrong-code" and "setup_rejected" in reply:
            reply["setup_rejected"] = "melniki-b/deal-three"
        elif mode in ("no-losers", "no-losers-declared") and "results" in reply:
            # it has no outcome.losers and answers without it
            for r in reply["results"]:  # type: ignore[union-attr]
                assert isinstance(r, dict)
                observed = r.get("observed")
                if isinstance(observed, dict):
                    observed.pop("outcome.losers", None)
        elif mode in ("wrong-code", "accept-all", "no-observe") and "results" in reply:
            results = reply["results"]
            assert isinstance(results, list)
            for i, r in enumerate(results):
                assert isinstance(r, dict)
                if "rejected" in r and mode == "wrong-code":
                    r["rejected"] = "melniki-b/players"
                elif "rejected" in r and mode == "accept-all":
                    results[i] = {"accepted": True}
                elif "observed" in r and mode == "no-observe":
                    results[i] = {"observed": {}}
        write(json.dumps(reply).encode() + b"\n")
        if hit and mode == "early-exit":
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
