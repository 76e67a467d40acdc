"""Check the PEP 316 contracts of the pure decision functions with CrossHair.

Runs ``crosshair check --analysis_kind=PEP316 --report_all`` over the modules
that carry contracts, with a bounded time per condition. Prints one summary line, "N contracts: P
proved, U not proved in time, F failed", and every failure in full (a
counterexample, or CrossHair itself failing on a module); ``--verbose`` also
lists each condition proved (confirmed over all paths) and each one not proved in
the time allowed (not refuted either: no proof, no failure). Exits 1 on any
counterexample or error, never on a condition merely not proved in time.

Modules are checked side by side, one CrossHair process per core (``--jobs``), the
largest first; the report is in module order whatever order they finish in.

The whole run has a time budget (``--budget``, 1200 s of checking by default, spread over
the lanes: on two cores the run ends after about 600 s): the time per condition is lowered
when the conditions left would not fit in what remains, and a module that cannot be started
in time is reported as not checked (never as proved). A condition gets the same time however
many lanes there are; more lanes only finish sooner.

Usage: ``python scripts/crosshair_check.py [--per-condition-timeout S] [--budget S] [--jobs N]
[--verbose]``
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
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


@dataclass
class Budget:
    """The time of the whole run, shared by the modules as they start (on several lanes)."""

    deadline: float
    lanes: int
    conditions_left: int
    modules_left: int
    lock: threading.Lock = field(default_factory=threading.Lock)

    def start(self, n: int, per_condition_timeout: float) -> tuple[float, float] | None:
        """The time per condition and the seconds left for a module of ``n`` conditions that
        starts now, or None if no time is left for it."""
        with self.lock:
            remaining = self.deadline - time.monotonic()
            lanes = max(1, min(self.lanes, self.modules_left))
            spare = remaining * lanes - OVERHEAD * self.modules_left
            share = spare / self.conditions_left if self.conditions_left else 0.0
            self.conditions_left -= n
            self.modules_left -= 1
        if remaining < OVERHEAD:
            return None
        return min(per_condition_timeout, max(1.0, share)), remaining


@dataclass
class Checked:
    """What CrossHair said of one module: its lines, its exit code, or that it was not checked."""

    module: str
    lines: list[re.Match[str]] = field(default_factory=list)
    returncode: int = 0
    stderr: str = ""
    skipped: bool = False


def shared_budget(seconds: float, lanes: int, modules: Sequence[str]) -> Budget:
    """``seconds`` of checking in all, spread over ``lanes`` side by side: the run ends after
    about ``seconds / lanes``, and each condition gets the time it would get on one lane."""
    return Budget(
        deadline=time.monotonic() + seconds / lanes,
        lanes=lanes,
        conditions_left=sum(conditions(m) for m in modules),
        modules_left=len(modules),
    )


def check_module(module: str, budget: Budget, per_condition_timeout: float) -> Checked:
    """Run CrossHair over one module within its share of the budget."""
    started = budget.start(conditions(module), per_condition_timeout)
    if started is None:
        return Checked(module, skipped=True)
    per_condition, remaining = started
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
        return Checked(module, skipped=True)
    lines = [m for m in map(LINE.match, proc.stdout.splitlines()) if m]
    return Checked(module, lines, proc.returncode, proc.stderr)


def default_jobs() -> int:
    """One CrossHair process per core this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--per-condition-timeout", type=float, default=10.0)
    parser.add_argument(
        "--budget",
        type=float,
        default=1200.0,
        help="seconds of checking in all, spread over the lanes (wall time: about budget / jobs)",
    )
    parser.add_argument(
        "--jobs", type=int, default=default_jobs(), help="modules checked at once (default: cores)"
    )
    parser.add_argument(
        "--verbose", action="store_true", help="list the conditions proved and not proved in time"
    )
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error(f"--jobs must be 1 or more, not {args.jobs}")
    failed = False
    confirmed = unconfirmed = counterexamples = 0
    modules = modules_with_contracts()
    if args.verbose:
        print(f"modules with contracts: {', '.join(modules)}")
    budget = shared_budget(args.budget, args.jobs, modules)
    # the largest modules first, so that the lanes finish together; reported in module order
    by_size = sorted(modules, key=conditions, reverse=True)
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {
            m: pool.submit(check_module, m, budget, args.per_condition_timeout) for m in by_size
        }
        results = [futures[m].result() for m in modules]
    skipped = [r.module for r in results if r.skipped]
    for r in results:
        if r.skipped:
            continue
        module_failed = False
        for m in r.lines:
            text = m["text"]
            where = f"{Path(m['file']).relative_to(ROOT)}:{m['line']}"
            if m["level"] == "error":
                module_failed = True
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
        if r.returncode not in (0, 1) or (r.returncode == 1 and not module_failed):
            module_failed = True
            print(f"crosshair failed on {r.module} (exit {r.returncode}):\n{r.stderr[-2000:]}")
        if not r.lines and r.returncode == 0:
            print(f"no contract checked in {r.module}: {r.stderr[-500:]}")
            module_failed = True
        failed = failed or module_failed
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
