"""``python -m conformance run | validate | readings | report | example | adapter | fuzz | perft``:
the conformance suite's command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from conformance import suite


def _parser(prog: str = "python -m conformance") -> argparse.ArgumentParser:
    """The parser; ``prog``: the command as the user typed it (``koloda`` through the console
    script), named in its usage and errors."""
    p = argparse.ArgumentParser(
        prog=prog,
        description="koloda's conformance suite: validate scenarios, run them against an "
        "implementation through protocol v1, or serve the reference behind the protocol.",
    )
    p.add_argument(
        "--version",
        action="version",
        version=suite.describe(),
        help="print the package's version, the suite's and the protocol's, and exit",
    )
    sub = p.add_subparsers(
        dest="command",
        required=True,
        metavar="{run,validate,readings,report,example,adapter,fuzz,perft}",
    )

    run = sub.add_parser(
        "run",
        help="run the suite against an implementation",
        description="Exit status: 0 all passed, 1 any FAIL/ERROR/TIMEOUT/XPASS, 2 invalid suite "
        "or usage, 3 implementation unusable (no valid start), 130 interrupted (Ctrl-C), "
        "143 or 129 terminated (SIGTERM or SIGHUP; the results file is complete all the same).",
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
    run.add_argument(
        "--suite-version",
        metavar="X.Y.Z",
        help="run the suite as of this version (the one your implementation pins): an earlier "
        "release's scenarios as they were, kept frozen in the package, or the current version, "
        f"the suite as it is (default: the current version, {suite.VERSION})",
    )
    run.add_argument("--json", metavar="FILE", help="write JSON-lines results to FILE")
    run.add_argument("--junit", metavar="FILE", help="write JUnit XML to FILE")

    val = sub.add_parser("validate", help="check scenario files (exit 2 on any problem)")
    val.add_argument("paths", nargs="*", metavar="PATHS", help="default: the whole suite")
    # Regenerating the scenario schema is a maintainer's step (scripts/write_schema.py): an
    # installed package is not written to. The old switch is refused with that advice.
    val.add_argument("--write-schema", action="store_true", help=argparse.SUPPRESS)

    rep = sub.add_parser(
        "report",
        help="an HTML page (or Markdown) of one or more results files, side by side",
        description="One static, self-contained HTML page from the results files of run "
        "--json (several: the implementations side by side): totals, the counts per game and "
        "per rule, and every failing scenario with its step, expected and observed, its source "
        "sentences, its docs link and the commands that replay it. Exit status: 0 written, "
        "2 bad input (named by file and line; nothing is written) or usage.",
    )
    rep.add_argument("results", nargs="*", metavar="RESULTS.jsonl", help="results of run --json")
    rep.add_argument(
        "-o", "--output", metavar="FILE", help="write to FILE (Markdown: default stdout)"
    )
    rep.add_argument(
        "--markdown", action="store_true", help="Markdown for a CI summary instead of HTML"
    )
    rep.add_argument(
        "--docs-url",
        metavar="URL",
        help="base of the docs links (a URL or a path; default: the docs built in this "
        "checkout, docs/_build/html, relative to the report)",
    )

    ex = sub.add_parser(
        "example",
        help="where the example adapter shipped in the package is",
        description="The example adapters shipped with the package (a JavaScript one: "
        "conformance/examples/js). Copy one to start your own implementation.",
    )
    which = ex.add_mutually_exclusive_group()
    which.add_argument(
        "--path", action="store_true", help="print the directory of the example (the default)"
    )
    which.add_argument("--list", action="store_true", help="list the examples and their files")
    ex.add_argument(
        "name", nargs="?", default="js", metavar="NAME", help="the example (default: js)"
    )

    rd = sub.add_parser(
        "readings",
        help="run one scenario under every reading of the options it touches",
        description="Run one scenario (a file, or the id of a scenario of the suite) under "
        "every combination of the options it touches (its rulings and setup options, and the "
        "options of the register's rulings it cites), then under each other option of its "
        "game one at a time, and say which readings support it, or that the register does not "
        "pose its question, or that its setup cannot be put to the game. "
        "Exit status: 0 some reading supports it, 1 none does (no reading, a question the "
        "register does not pose, an inexpressible setup), 2 usage or a file that cannot be "
        "run, 3 implementation unusable.",
    )
    rd.add_argument("target", metavar="FILE|ID", help="a scenario file or a suite id")
    rd.add_argument("--json", action="store_true", help="print one JSON object")
    rd.add_argument(
        "--all",
        action="store_true",
        dest="detail",
        help="print every combination and run with its failure and readings (default: a table)",
    )
    rd.add_argument(
        "--impl",
        metavar="CMD",
        help="run through protocol v1 against this command (default: the reference, in process)",
    )
    rd.add_argument(
        "--timeout", type=float, default=10.0, metavar="S", help="seconds a combination (--impl)"
    )
    rd.add_argument(
        "--strict-codes",
        action="store_true",
        help="a rejection under another rule id fails (default: a warning)",
    )

    sub.add_parser("adapter", help="serve the reference model over protocol v1 on stdin/stdout")

    fuzz = sub.add_parser(
        "fuzz",
        help="differential testing: random games on the reference and an implementation",
        description="Random games played by the reference and the implementation in lockstep; "
        "each divergence is shrunk and written as a scenario file. Exit status: 0 no divergence, "
        "1 any divergence or error, 2 usage, 3 implementation unusable, 130 interrupted.",
    )
    fuzz.add_argument(
        "--impl",
        metavar="CMD",
        help="the implementation's command (default: the reference adapter)",
    )
    fuzz.add_argument("--game", action="append", default=[], metavar="G", help="only game G")
    fuzz.add_argument("--games", type=int, default=100, metavar="N", help="games (default 100)")
    fuzz.add_argument("--seed", type=int, default=0, metavar="S", help="campaign seed (default 0)")
    fuzz.add_argument(
        "--game-seed", type=int, metavar="G", help="play only the game of this game seed"
    )
    fuzz.add_argument("--jobs", type=int, default=1, metavar="N", help="local processes")
    fuzz.add_argument("--shard", default="0/1", metavar="I/N", help="run shard I of N (0-based)")
    fuzz.add_argument(
        "--scheduler", metavar="ADDRESS", help="run on a Dask distributed cluster (tcp://host:8786)"
    )
    fuzz.add_argument(
        "--max-steps", type=int, default=400, metavar="K", help="decisions a game (default 400)"
    )
    fuzz.add_argument(
        "--illegal",
        type=float,
        default=0.05,
        metavar="P",
        help="chance of a refused action before a decision (default 0.05)",
    )
    fuzz.add_argument(
        "--count-depth", type=int, default=2, metavar="D", help="depth of count (default 2)"
    )
    fuzz.add_argument(
        "--mix",
        metavar="KIND=W,...",
        help="the kinds of game and their weights: deal (random options), edges (integer "
        "options at the ends of their ranges), position (a start from a random reachable "
        "position), seats (a seat count both sides must refuse); default "
        "deal=50,edges=20,seats=10,position=20",
    )
    fuzz.add_argument("--timeout", type=float, default=30.0, metavar="S", help="seconds a game")
    fuzz.add_argument("--strict-codes", action="store_true", help="compare rejection rule ids")
    fuzz.add_argument("--no-shrink", action="store_true", help="report divergences unshrunk")
    fuzz.add_argument("--json", metavar="FILE", help="write JSON-lines results to FILE")
    fuzz.add_argument("--out", metavar="DIR", help="write shrunk scenarios to DIR")

    perft = sub.add_parser(
        "perft",
        help="check the perft fixtures against an implementation's count",
        description="Ask an implementation that declares the capability count for every "
        "perft fixture (conformance/perft). Exit status: 0 no FAIL or ERROR, 1 any, 2 usage or "
        "unreadable fixtures, 3 implementation unusable.",
    )
    perft.add_argument(
        "--impl", metavar="CMD", help="the implementation's command (default: the reference)"
    )
    perft.add_argument("--game", action="append", default=[], metavar="G", help="only game G")
    perft.add_argument(
        "--timeout", type=float, default=30.0, metavar="S", help="seconds a count (default 30)"
    )
    return p


def _perft(args: argparse.Namespace) -> int:
    from conformance import command, perft, runner  # noqa: PLC0415 (lazy, as above)

    try:
        argv = command.parse(args.impl, runner.default_command())
    except ValueError as e:
        sys.stderr.write(f"perft: {e}\n")
        return runner.EXIT_USAGE
    if args.timeout <= 0:
        sys.stderr.write(f"perft: --timeout must be positive (not {args.timeout:g})\n")
        return runner.EXIT_USAGE
    return perft.main(
        argv, games=tuple(args.game), timeout=float(args.timeout), default_impl=args.impl is None
    )


def _fuzz(args: argparse.Namespace) -> int:
    import shlex  # noqa: PLC0415

    from conformance import command, fuzz, runner  # noqa: PLC0415 (lazy, as above)

    try:
        argv = command.parse(args.impl, runner.default_command())
        shard = fuzz.parse_shard(str(args.shard))
        mix = fuzz.DEFAULT_MIX if args.mix is None else fuzz.parse_mix(str(args.mix))
    except ValueError as e:
        sys.stderr.write(f"fuzz: {e}\n")
        return runner.EXIT_USAGE
    broken = [
        text
        for text, bad in (
            (f"--games must be at least 0 (not {args.games})", args.games < 0),
            (f"--jobs must be at least 1 (not {args.jobs})", args.jobs < 1),
            (f"--max-steps must be at least 1 (not {args.max_steps})", args.max_steps < 1),
            (f"--timeout must be positive (not {args.timeout:g})", args.timeout <= 0),
        )
        if bad
    ]
    if broken:
        sys.stderr.write("".join(f"fuzz: {text}\n" for text in broken))
        return runner.EXIT_USAGE
    again = ["fuzz", "--impl", shlex.join(argv)]
    for g in args.game:
        again += ["--game", g]
    again += ["--max-steps", str(args.max_steps), "--illegal", str(args.illegal)]
    if mix != fuzz.DEFAULT_MIX:
        again += ["--mix", fuzz.show_mix(mix)]
    config = fuzz.Config(
        argv=argv,
        games=tuple(args.game),
        count=int(args.games),
        seed=int(args.seed),
        shard=shard,
        max_steps=int(args.max_steps),
        illegal=float(args.illegal),
        timeout=float(args.timeout),
        strict_codes=bool(args.strict_codes),
        shrink=not args.no_shrink,
        count_depth=int(args.count_depth),
        game_seed=args.game_seed,
        command=fuzz.command_line(again),
        mix=mix,
    )
    return fuzz.main(
        config,
        jobs=int(args.jobs),
        scheduler=args.scheduler,
        json_path=args.json,
        out_dir=args.out,
        default_impl=args.impl is None,
    )


EXAMPLES: Final = Path(__file__).parent / "examples"


def _example(name: str, *, listing: bool) -> int:
    """Print the directory of an example adapter, or list the examples with their files."""
    found = sorted(p.name for p in EXAMPLES.iterdir() if p.is_dir()) if EXAMPLES.is_dir() else []
    if listing:
        for example in found:
            files = sorted(
                f.relative_to(EXAMPLES / example).as_posix()
                for f in (EXAMPLES / example).rglob("*")
                if f.is_file() and "node_modules" not in f.parts
            )
            print(f"{example}\t{EXAMPLES / example}\t{' '.join(files)}")
        return 0
    if name not in found:
        sys.stderr.write(f"example: no example {name!r}; the examples are: {', '.join(found)}\n")
        return 2
    print(EXAMPLES / name)
    return 0


def _unknown_games(command: str, names: Sequence[str]) -> bool:
    """Whether ``--game`` names a game that does not exist (said on stderr, with the games)."""
    from reference import games  # noqa: PLC0415 (lazy, as above)

    unknown = [g for g in names if g not in games()]
    if unknown:
        listed = ", ".join(sorted(games()))
        sys.stderr.write(
            f"{command}: unknown game {', '.join(map(repr, unknown))}; the games are: {listed}\n"
        )
    return bool(unknown)


def main(argv: Sequence[str] | None = None, *, prog: str = "python -m conformance") -> int:
    """Run a subcommand; its exit status. ``prog``: the command as typed, for the errors."""
    args = _parser(prog).parse_args(argv)
    if args.command == "adapter":
        from conformance import adapter  # noqa: PLC0415 (lazy: the adapter must start fast)

        return adapter.main()
    if args.command in ("run", "fuzz", "perft") and _unknown_games(args.command, args.game):
        return 2  # usage, as runner.EXIT_USAGE
    if args.command == "fuzz":
        return _fuzz(args)
    if args.command == "perft":
        return _perft(args)
    if args.command == "readings":
        from conformance import readings  # noqa: PLC0415 (lazy, as above)

        return readings.main(
            str(args.target),
            as_json=bool(args.json),
            detail=bool(args.detail),
            impl=args.impl,
            timeout=float(args.timeout),
            strict_codes=bool(args.strict_codes),
        )
    if args.command == "validate":
        if args.write_schema:
            sys.stderr.write(
                "validate: --write-schema is gone: an installed package is not written to. "
                "In a checkout, regenerate the scenario schema with "
                "`python scripts/write_schema.py`, then validate.\n"
            )
            return 2
        from conformance import validate  # noqa: PLC0415 (lazy, as above)

        return validate.main(list(args.paths))
    if args.command == "report":
        from conformance import report  # noqa: PLC0415 (lazy, as above)

        return report.main(
            list(args.results),
            output=args.output,
            markdown=bool(args.markdown),
            docs_url=args.docs_url,
        )
    if args.command == "example":
        return _example(str(args.name), listing=bool(args.list))
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
        suite_version=args.suite_version,
    )
    return runner.main(options)


if __name__ == "__main__":
    sys.exit(main())
