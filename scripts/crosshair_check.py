"""Check the PEP 316 contracts of the pure decision functions with CrossHair.

Runs ``crosshair check --analysis_kind=PEP316 --report_all`` over the modules
that carry contracts, with a bounded time per condition. Prints one summary line, "N contracts: P
proved, U not proved in time, F failed", and every failure in full (a
counterexample, or CrossHair itself failing on a module); ``--verbose`` also
lists each condition proved (confirmed over all paths) and each one not proved in
the time allowed (not refuted either: no proof, no failure). Exits 1 on any
counterexample or error, never on a condition merely not proved in time.

The whole run has a time budget (``--budget``, 1200 s by default): the time per
condition is lowered when the conditions left would not fit in what remains, and a
module that cannot be started in time is reported as not checked (never as proved).

Usage: ``python scripts/crosshair_check.py [--per-condition-timeout S] [--budget S] [--verbose]``
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONTRACT = re.compile(r"^\s*(pre|post):", re.MULTILINE)
POST = re.compile(r"^\s*post:", re.MULTILINE)
#: Seconds a module's run may take beyond its conditions' time (start-up, imports).
OVERHEAD = 20.0


def conditions(module: str) -> int:
    """How many postconditions a module states (an estimate of the conditions checked)."""
    return max(1, len(POST.findall((ROOT / module).read_text(encoding="utf-8"))))


def modules_with_contracts() -> list[str]:
    """Every model module whose docstrings carry PEP 316 contracts (``pre:``/``post:``)."""
    found = []
    for path in sorted((ROOT / "reference").rglob("*.py")):
        if CONTRACT.search(path.read_text(encoding="utf-8")):
            found.append(str(path.relative_to(ROOT)))
    return found


LINE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+): (?P<level>\w+): (?P<text>.*)$")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--per-condition-timeout", type=float, default=10.0)
    parser.add_argument("--budget", type=float, default=1200.0, help="seconds for the whole run")
    parser.add_argument(
        "--verbose", action="store_true", help="list the conditions proved and not proved in time"
    )
    args = parser.parse_args(argv)
    failed = False
    confirmed = unconfirmed = counterexamples = 0
    modules = modules_with_contracts()
    if args.verbose:
        print(f"modules with contracts: {', '.join(modules)}")
    deadline = time.monotonic() + args.budget
    left = sum(conditions(m) for m in modules)
    skipped: list[str] = []
    for module in modules:
        remaining = deadline - time.monotonic()
        n = conditions(module)
        share = (remaining - OVERHEAD * len(modules)) / left if left else 0.0
        per_condition = min(args.per_condition_timeout, max(1.0, share))
        left -= n
        if remaining < OVERHEAD:
            skipped.append(module)
            continue
        cmd = [
            sys.executable,
            "-m",
            "crosshair",
            "check",
            "--analysis_kind=PEP316",
            "--report_all",
            f"--per_condition_timeout={per_condition:.1f}",
            module,
        ]
        try:
            proc = subprocess.run(
                cmd, cwd=ROOT, capture_output=True, text=True, check=False, timeout=remaining
            )
        except subprocess.TimeoutExpired:
            skipped.append(module)
            continue
        lines = [m for m in map(LINE.match, proc.stdout.splitlines()) if m]
        for m in lines:
            text = m["text"]
            where = f"{Path(m['file']).relative_to(ROOT)}:{m['line']}"
            if m["level"] == "error":
                failed = True
                counterexamples += 1
                print(f"COUNTEREXAMPLE {where}: {text}")
            elif text.startswith("Confirmed over all paths"):
                confirmed += 1
                if args.verbose:
                    print(f"proved         {where}")
            else:
                unconfirmed += 1
                if args.verbose:
                    print(f"not proved in time {where}: {text}")
        if proc.returncode not in (0, 1) or (proc.returncode == 1 and not failed):
            failed = True
            print(f"crosshair failed on {module} (exit {proc.returncode}):\n{proc.stderr[-2000:]}")
        if not lines and proc.returncode == 0:
            print(f"no contract checked in {module}: {proc.stderr[-500:]}")
            failed = True
    if args.verbose:
        for module in skipped:
            print(f"not checked    {module}: the budget of {args.budget:.0f} s was spent")
    total = confirmed + unconfirmed + counterexamples
    print(
        f"{total} contracts: {confirmed} proved, {unconfirmed} not proved in time, "
        f"{counterexamples} failed"
        + ("" if args.verbose or not unconfirmed else " (--verbose lists them)")
    )
    if skipped:
        print(
            f"{len(skipped)} module(s) not checked within the budget of {args.budget:.0f} s "
            f"(no proof, no failure): {', '.join(skipped)}"
        )
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
