"""The conformance suite's speed through protocol v1 (design §6).

Prints, for the whole suite with one implementation process (--jobs 1):

* scenarios per second through the protocol against the reference adapter
  (a running adapter: encode, pipe, decode, execute, answer, check, judge),
* the ratio of that wall time to running the same scenarios in-process
  (:func:`conformance.engine.run_in_process`: plan, execute, judge),
* for information, the cold wall time of ``python -m conformance run``
  (interpreter start, suite validation, adapter start, the run).

Targets (design §6): at least 5,000 scenarios/s, a ratio of at most 1.5. Each figure is the
best of several passes over the suite, after a warm-up pass.

    python scripts/bench_suite.py [--rounds N]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from conformance import engine, runner  # noqa: E402


def best(rounds: int, once: Callable[[], None]) -> float:
    """The best wall time of ``rounds`` calls, after one warm-up call."""
    once()
    times = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        once()
        times.append(time.perf_counter() - t0)
    return min(times)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20, help="passes over the suite (default 20)")
    args = parser.parse_args(argv)
    cases = list(runner.iter_cases())
    n = len(cases)

    def in_process() -> None:
        for case in cases:
            if engine.run_in_process(case.scenario):
                raise SystemExit(f"{case.id} fails in-process")

    config = runner.Config(tuple(runner.default_command()), timeout=10.0, strict_codes=True)
    with runner.Session(config) as session:

        def through_protocol() -> None:
            for result in session.run_many(cases):
                if result.outcome != runner.PASS:
                    raise SystemExit(f"{result.case.id}: {result.outcome} {result.detail()}")

        protocol_time = best(args.rounds, through_protocol)
    local_time = best(args.rounds, in_process)

    t0 = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "conformance", "run"],
        cwd=ROOT,
        capture_output=True,
        check=False,
    )
    cold = time.perf_counter() - t0
    if done.returncode != 0:
        raise SystemExit(f"python -m conformance run exited {done.returncode}")

    rate = n / protocol_time
    ratio = protocol_time / local_time
    print(f"scenarios: {n}")
    print(
        f"through the protocol (jobs 1): {protocol_time * 1000:.2f} ms, {rate:,.0f} scenarios/s"
        f"  (target >= 5,000)"
    )
    print(f"in-process: {local_time * 1000:.2f} ms, {n / local_time:,.0f} scenarios/s")
    print(f"ratio protocol / in-process: {ratio:.2f}  (target <= 1.5)")
    print(
        f"cold `python -m conformance run` wall time: {cold * 1000:.0f} ms "
        f"({n / cold:,.0f} scenarios/s including start-up and validation)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
