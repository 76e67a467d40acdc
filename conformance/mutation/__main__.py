"""``python -m conformance.mutation``: mutation testing of the reference, judged by the suite.

    python -m conformance.mutation run [--module PATH ...] [--sample N --seed S] [--jobs N]
    python -m conformance.mutation baseline [--write]
    python -m conformance.mutation adapter MODULE SOURCE   (the reference adapter on a mutant)

``run`` prints the score per module and in total and writes ``build/mutation/report.json`` and
``report.md``; exit 0 (a report, not a check). ``baseline`` re-runs the fixed sample of
``baseline.txt`` and exits 1 naming any baseline mutant that now survives; ``--write`` runs the
sample afresh and writes the caught ids.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

BASELINE_SAMPLE, BASELINE_SEED = 60, 0


def _adapter(module: str, source: str) -> int:
    from conformance.mutation import hook  # noqa: PLC0415 (light: no parso, no model)

    hook.load(module, Path(source).read_text(encoding="utf-8"), graph={})
    from conformance import adapter  # noqa: PLC0415 (imported on the mutant)

    return adapter.main()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m conformance.mutation", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="judge mutants of the model by the suite; write the report")
    run.add_argument(
        "--module",
        action="append",
        default=[],
        metavar="PATH",
        help="only this module or folder (repeatable; default reference/games and reference/core)",
    )
    run.add_argument("--sample", type=int, metavar="N", help="only N mutants (seeded by --seed)")
    run.add_argument("--seed", type=int, default=0, metavar="S")
    run.add_argument(
        "--operator",
        action="append",
        default=[],
        metavar="NAME",
        help="only mutants of this operator (repeatable)",
    )
    run.add_argument("--id", action="append", default=[], metavar="ID", help="only this mutant")
    run.add_argument("--jobs", type=int, default=2, metavar="N", help="children at once")
    run.add_argument(
        "--timeout",
        type=float,
        default=10.0,
        metavar="S",
        help="seconds a mutant may take before it counts as caught (TIMEOUT)",
    )
    run.add_argument(
        "--strict-codes",
        action="store_true",
        help="judge rule ids as the runner's --strict-codes does",
    )
    run.add_argument(
        "--no-confirm",
        action="store_true",
        help="do not re-run in-process survivors through the real runner",
    )
    run.add_argument("--out", default=None, metavar="DIR", help="report folder (build/mutation)")
    base = sub.add_parser("baseline", help="re-run the fixed sample of baseline.txt")
    base.add_argument("--write", action="store_true", help="run the sample afresh and write it")
    base.add_argument("--jobs", type=int, default=2, metavar="N")
    adapter = sub.add_parser("adapter", help="serve protocol v1 with one module mutated")
    adapter.add_argument("module", help="the module's path, e.g. reference/games/gorka.py")
    adapter.add_argument("source", help="a file holding its mutated source")
    args = parser.parse_args(argv)

    if args.command == "adapter":
        return _adapter(args.module, args.source)

    from conformance.mutation import points  # noqa: PLC0415
    from conformance.mutation import run as mrun  # noqa: PLC0415

    if args.command == "baseline":
        return baseline(args.write, args.jobs)
    settings = mrun.Settings(args.timeout, args.strict_codes, args.jobs, not args.no_confirm)
    server = mrun.Server(points.module_files(args.module or points.TARGETS), settings)
    chosen = server.mutants()
    if args.operator:
        chosen = [m for m in chosen if m.operator in args.operator]
    if args.id:
        chosen = [m for m in chosen if m.id in args.id]
    if args.sample is not None:
        chosen = mrun.sample(chosen, args.sample, args.seed)
    print(f"mutation: {len(chosen)} mutants of {len(server.modules)} modules", file=sys.stderr)
    outcome = mrun.execute(server, chosen, mrun.read_equivalents())
    folder = Path(args.out) if args.out else mrun.BUILD
    _, md_path = mrun.write_report(outcome, folder)
    mrun.print_table(outcome, sys.stdout)
    print(f"\n{len(outcome.verdicts)} mutants in {outcome.seconds:.1f} s; report: {md_path}")
    for mid in outcome.stale_equivalents:
        print(f"mutation: equivalent.txt lists {mid}, which is no mutant now", file=sys.stderr)
    return 0


def baseline(write: bool, jobs: int = 2) -> int:
    """Re-run (or with ``write``, refresh) the fixed sample of ``baseline.txt``."""
    from conformance.mutation import points  # noqa: PLC0415
    from conformance.mutation import run as mrun  # noqa: PLC0415

    settings = mrun.Settings(jobs=jobs, confirm=False)
    modules = points.module_files(points.TARGETS) if write else mrun.baseline_modules()
    server = mrun.Server(modules, settings)
    if write:
        chosen = mrun.sample(server.mutants(), BASELINE_SAMPLE, BASELINE_SEED)
        outcome = mrun.execute(server, chosen, {}, sys.stderr)
        # a mutant caught by the time bound costs the whole bound to judge: left out
        caught = sorted(v.id for v in outcome.verdicts if v.status in (mrun.CAUGHT, mrun.ERROR))
        slow = sum(v.status == mrun.TIMEOUT for v in outcome.verdicts)
        header = [
            "# The caught mutants of a fixed sample, re-run by tests/test_mutation.py: a listed",
            "# mutant that survives is a scenario lost. Refresh after changing the model:",
            "#   python -m conformance.mutation baseline --write",
            "# (mutants caught only by the time bound are left out: each costs the whole bound)",
            f"# sample: {BASELINE_SAMPLE}",
            f"# seed: {BASELINE_SEED}",
        ]
        mrun.BASELINE.write_text("\n".join([*header, *caught]) + "\n", encoding="utf-8")
        print(
            f"wrote {mrun.BASELINE}: {len(caught)} of {len(chosen)} sampled mutants caught "
            f"({slow} more caught by the time bound, left out)"
        )
        return 0
    check = mrun.check_baseline(server)
    for line in check.report():
        print(line)
    return 1 if check.lost else 0


if __name__ == "__main__":
    sys.exit(main())
