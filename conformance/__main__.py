"""``python -m conformance run | validate | adapter``: the conformance suite's command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m conformance",
        description="koloda's conformance suite: validate scenarios, run them against an "
        "implementation through protocol v1, or serve the reference behind the protocol.",
    )
    sub = p.add_subparsers(dest="command", required=True, metavar="{run,validate,adapter}")

    run = sub.add_parser(
        "run",
        help="run the suite against an implementation",
        description="Exit status: 0 all passed, 1 any FAIL/ERROR/TIMEOUT/XPASS, 2 invalid suite "
        "or usage, 3 implementation unusable (no valid start), 130 interrupted.",
    )
    run.add_argument("paths", nargs="*", metavar="PATHS", help="scenario files or directories")
    run.add_argument(
        "--impl",
        metavar="CMD",
        help="the implementation's command (split like a shell would, never run by a shell); "
        "default: the reference adapter",
    )
    run.add_argument("--game", action="append", default=[], metavar="G", help="only game G")
    run.add_argument("--rule", action="append", default=[], metavar="R", help="only rule R (glob)")
    run.add_argument("--tag", action="append", default=[], metavar="T", help="only tag T")
    run.add_argument("--id", action="append", default=[], metavar="ID", help="only id ID (glob)")
    run.add_argument(
        "--timeout",
        type=float,
        default=10.0,
        metavar="S",
        help="seconds for each scenario (default 10)",
    )
    run.add_argument(
        "--start-timeout",
        type=float,
        default=10.0,
        metavar="S",
        help="seconds for a (re)started implementation to answer start (default 10)",
    )
    run.add_argument(
        "--jobs",
        type=int,
        default=1,
        metavar="N",
        help="implementation processes run in parallel (default 1)",
    )
    run.add_argument(
        "--expect",
        metavar="FILE",
        help="expected failures: one scenario id (or glob) per line, then a reason",
    )
    run.add_argument(
        "--strict-codes",
        action="store_true",
        help="a rejection under another rule id fails (default: a warning)",
    )
    run.add_argument("--json", metavar="FILE", help="write JSON-lines results to FILE")
    run.add_argument("--junit", metavar="FILE", help="write JUnit XML to FILE")

    val = sub.add_parser("validate", help="check scenario files (exit 2 on any problem)")
    val.add_argument("paths", nargs="*", metavar="PATHS", help="default: the whole suite")
    val.add_argument(
        "--write-schema",
        action="store_true",
        help="first regenerate schema/scenario.schema.json from the registry",
    )

    sub.add_parser("adapter", help="serve the reference model over protocol v1 on stdin/stdout")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run a subcommand; its exit status."""
    args = _parser().parse_args(argv)
    if args.command == "adapter":
        from conformance import adapter  # noqa: PLC0415 (lazy: the adapter must start fast)

        return adapter.main()
    if args.command == "validate":
        from conformance import validate  # noqa: PLC0415 (lazy, as above)

        return validate.main(list(args.paths), write=bool(args.write_schema))
    from conformance import runner  # noqa: PLC0415 (lazy, as above)

    options = runner.Options(
        impl=args.impl,
        paths=tuple(args.paths),
        filters=runner.Filters(
            games=tuple(args.game), rules=tuple(args.rule), tags=tuple(args.tag), ids=tuple(args.id)
        ),
        timeout=float(args.timeout),
        start_timeout=float(args.start_timeout),
        jobs=int(args.jobs),
        expect=args.expect,
        strict_codes=bool(args.strict_codes),
        json_path=args.json,
        junit_path=args.junit,
    )
    return runner.main(options)


if __name__ == "__main__":
    sys.exit(main())
