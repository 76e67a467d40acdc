"""``python -m conformance perft``: the perft fixtures against an implementation's ``count``.

The fixtures (``conformance/perft/<game>.json``) give, for deals and for positions part-way
through a game, the number of distinct legal action sequences of each depth, computed by a
brute-force enumeration (``scripts/perft_fixtures.py``). An implementation that declares the
optional capability ``count`` in its ``start`` answer is asked for each of them; a fixture of
a game it does not declare, or whose setup gives an option a value it does not declare
(``protocol.OptionSupport.allows``), is SKIP without being sent, and so is every fixture when
it does not declare ``count``. Each answer is PASS or FAIL (with the expected and the observed
count), SKIP when the implementation answers ``skipped`` (the protocol allows it), or ERROR
when the implementation errs, times out or dies (it is then started again for the next one).

Exit status: 0 no FAIL or ERROR, 1 any, 2 usage or unreadable fixtures, 3 implementation
unusable.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from conformance import command, fuzz, protocol, runner, validate
from reference.core.jsontypes import JSON, JSONObject

FIXTURES = validate.PACKAGE / "perft"


@dataclass(frozen=True, slots=True)
class Fixture:
    """One count of a fixture file: the game, the case's name and setup, a depth, the count."""

    game: str
    name: str
    setup: JSONObject
    depth: int
    count: int

    @property
    def id(self) -> str:
        return f"{self.game}: {self.name}: depth {self.depth}"


def load(paths: Sequence[Path] | None = None) -> list[Fixture]:
    """Every count of the fixture files (all of ``conformance/perft`` by default);
    ``ValueError`` naming the file and the JSON pointer of what is wrong."""
    out: list[Fixture] = []
    for path in paths if paths is not None else sorted(FIXTURES.glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
            raise ValueError(f"{path}: cannot read the fixtures: {e}") from None
        game = data.get("game") if isinstance(data, dict) else None
        cases = data.get("cases") if isinstance(data, dict) else None
        if not isinstance(game, str) or not isinstance(cases, list):
            raise ValueError(f"{path}: an object with game (a string) and cases (an array)")
        for i, case in enumerate(cases):
            where = f"{path}#/cases/{i}"
            if not isinstance(case, dict):
                raise ValueError(f"{where}: a case is an object")
            name, setup, counts = case.get("name"), case.get("setup"), case.get("counts")
            if not isinstance(name, str) or not isinstance(setup, dict):
                raise ValueError(f"{where}: a case has name (a string) and setup (an object)")
            if not isinstance(counts, dict):
                raise ValueError(f"{where}/counts: an object of depth: count")
            for depth, count in counts.items():
                if not depth.isdigit() or isinstance(count, bool) or not isinstance(count, int):
                    raise ValueError(f"{where}/counts/{depth}: a depth and its count (integers)")
                out.append(Fixture(game, name, setup, int(depth), count))
    return out


def declared_options(
    setup: Mapping[str, JSON], support: Mapping[str, protocol.OptionSupport]
) -> bool:
    """Whether the implementation declares every option of a fixture's setup with its value:
    the setup's ``options`` and, for a position, the position's own ``options``."""
    given: list[JSON] = [setup.get("options", {})]
    position = setup.get("position")
    if isinstance(position, dict):
        given.append(position.get("options", {}))
    for options in given:
        if not isinstance(options, dict):
            continue
        for name, value in options.items():
            declared = support.get(name)
            if declared is None or not declared.allows(value):
                return False
    return True


def main(
    argv: Sequence[str],
    *,
    games: Sequence[str] = (),
    timeout: float = 30.0,
    start_timeout: float = 10.0,
    out: TextIO = sys.stdout,
    err: TextIO = sys.stderr,
    default_impl: bool = False,
) -> int:
    """Check the fixtures against the implementation ``argv``; the exit status.
    ``default_impl``: ``argv`` is the reference's, no ``--impl`` given."""
    try:
        fixtures = [f for f in load() if not games or f.game in games]
    except ValueError as e:
        err.write(f"perft: {e}\n")
        return runner.EXIT_USAGE
    player = fuzz.Player(
        fuzz.Config(argv=tuple(argv), timeout=timeout, start_timeout=start_timeout)
    )
    t0 = time.monotonic()
    tally = {runner.PASS: 0, runner.FAIL: 0, runner.ERROR: 0, runner.SKIP: 0}
    try:
        try:
            declared = player.declared()
        except runner.UnusableError as e:
            err.write(f"perft: the implementation is unusable: {e}\n")
            return runner.EXIT_UNUSABLE
        line = command.describe(declared.raw, argv, default=default_impl)
        out.write(runner.printable(line) + "\n")
        counts = "count" in player.capabilities()
        if not counts:
            out.write("the implementation does not declare the capability count: all SKIP\n")
        for f in fixtures:
            support = declared.games.get(f.game)
            if not counts or support is None or not declared_options(f.setup, support):
                tally[runner.SKIP] += 1
                continue
            seen = player.count(f.game, f.setup, f.depth)
            if isinstance(seen, fuzz.Skipped):
                tally[runner.SKIP] += 1
                continue
            if seen == f.count:
                tally[runner.PASS] += 1
                continue
            outcome = runner.ERROR if isinstance(seen, str) else runner.FAIL
            tally[outcome] += 1
            detail = seen if isinstance(seen, str) else f"expected {f.count}, observed {seen}"
            out.write(f"{outcome:<7} {f.id}: {detail}\n")
    finally:
        player.close()
    total = sum(tally.values())
    shown = ", ".join(f"{k} {v}" for k, v in tally.items() if v)
    out.write(f"perft: {shown} ({total} counts) in {time.monotonic() - t0:.2f} s\n")
    failed = tally[runner.FAIL] + tally[runner.ERROR]
    return runner.EXIT_FAILED if failed else runner.EXIT_OK
