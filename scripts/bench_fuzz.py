"""The differential fuzzer's speed against the reference adapter (the target: 1,000 games/s).

Runs ``python -m conformance fuzz`` as a user would, against the reference
adapter (``--impl`` left out), and reads the summary line of its JSON-lines
results. For each configuration it prints games/s and decisions/s two ways:

* *end to end*: what the command reports, interpreter and adapter start included;
* *steady*: the extra games over the extra time between a run of ``N`` games and
  one of ``2N`` (the fixed start cost cancels out).

The command runs in a temporary folder, so it imports the model that is installed: the
source under an editable install, the compiled build where ``nox -s compiled`` installed it
(the first line says which).

Configurations: every game alone with ``--jobs 1``; the games mixed with
``--jobs 1``, ``--jobs 2`` and, when the ``distributed`` package is installed, a
2-worker ``dask.distributed.LocalCluster`` (``--scheduler``). Each figure is the
best of ``--repeats`` runs. Random games are played to the end (``--max-steps``
400, the command's default) unless ``--max-steps`` cuts them shorter, with the
command's default share of refused actions.

    python scripts/bench_fuzz.py [--games N] [--repeats R] [--game G ...] [--max-steps K]
"""

from __future__ import annotations

import argparse
import importlib
import json
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from reference import build, games


@dataclass(frozen=True)
class Run:
    games: int
    decisions: int
    seconds: float


def fuzz_once(games_n: int, extra: Sequence[str]) -> Run:
    """One ``python -m conformance fuzz`` run; its summary."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "results.jsonl"
        argv = [sys.executable, "-m", "conformance", "fuzz", "--games", str(games_n)]
        argv += [*extra, "--json", str(out), "--out", tmp]
        done = subprocess.run(argv, cwd=tmp, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(argv)} exited {done.returncode}:\n{done.stderr[-2000:]}")
        summary = json.loads(out.read_text(encoding="utf-8").splitlines()[-1])
    if summary.get("type") != "summary" or summary.get("divergences") != 0:
        raise SystemExit(f"unexpected summary: {summary}")
    return Run(int(summary["games"]), int(summary["decisions"]), float(summary["duration"]))


def measure(games_n: int, repeats: int, extra: Sequence[str]) -> tuple[Run, float, float]:
    """The best end-to-end run of ``games_n`` games, and the steady games/s and decisions/s."""
    small = min((fuzz_once(games_n, extra) for _ in range(repeats)), key=lambda r: r.seconds)
    big = min((fuzz_once(2 * games_n, extra) for _ in range(repeats)), key=lambda r: r.seconds)
    dt = big.seconds - small.seconds
    if dt <= 0:
        return small, float("nan"), float("nan")
    return small, (big.games - small.games) / dt, (big.decisions - small.decisions) / dt


def row(label: str, run: Run, steady_g: float, steady_d: float) -> str:
    return (
        f"| {label} | {run.decisions / run.games:.1f} | {run.games / run.seconds:,.0f} | "
        f"{run.decisions / run.seconds:,.0f} | {steady_g:,.0f} | {steady_d:,.0f} |"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games a run (default 1000)")
    parser.add_argument("--repeats", type=int, default=3, help="runs per figure (default 3)")
    parser.add_argument("--game", action="append", default=[], help="only these games")
    parser.add_argument("--no-mixed", action="store_true", help="skip the mixed runs")
    parser.add_argument("--no-single", action="store_true", help="skip the rows of each game alone")
    parser.add_argument(
        "--jobs",
        type=int,
        action="append",
        default=[],
        help="the --jobs of the mixed runs (default 1 and 2)",
    )
    parser.add_argument("--no-cluster", action="store_true", help="skip the LocalCluster row")
    parser.add_argument("--mix", help="the fuzzer's --mix (default: the command's own default mix)")
    parser.add_argument(
        "--max-steps", type=int, default=400, help="decisions a game at most (default 400)"
    )
    args = parser.parse_args(argv)
    ids = args.game or sorted(games())
    steps = ["--max-steps", str(args.max_steps)]
    if args.mix is not None:
        steps += ["--mix", args.mix]
    print(f"the model: {build()} (as `python -m conformance` imports it outside the source tree)")
    print(
        "| configuration | decisions/game | games/s (end to end) | decisions/s (end to end) "
        "| games/s (steady) | decisions/s (steady) |"
    )
    print("|---|---|---|---|---|---|")
    for gid in [] if args.no_single else ids:
        print(row(f"{gid}, --jobs 1", *measure(args.games, args.repeats, ["--game", gid, *steps])))
        sys.stdout.flush()
    if args.no_mixed:
        return 0
    mixed = [x for gid in ids for x in ("--game", gid)] + steps
    mixed_label = f"{len(ids)} games mixed" if len(ids) > 1 else f"{ids[0]} alone"
    for jobs in args.jobs or (1, 2):
        label = f"{mixed_label}, --jobs {jobs}"
        print(row(label, *measure(args.games, args.repeats, [*mixed, "--jobs", str(jobs)])))
        sys.stdout.flush()
    if args.no_cluster:
        return 0
    try:
        distributed = importlib.import_module("distributed")
    except ImportError:
        print("(no LocalCluster row: the distributed package is missing; pip install -e .[fuzz])")
        return 0
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        extra = [*mixed, "--scheduler", cluster.scheduler_address]
        label = f"{mixed_label}, 2-worker LocalCluster"
        print(row(label, *measure(args.games, args.repeats, extra)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
