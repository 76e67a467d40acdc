"""The compiled build and the interpreted source play the same games: a differential test.

Random legal play of every game under many option mixes, in two processes: this one, which
imports ``reference`` from wherever Python finds it (the compiled wheel, where ``nox -s
compiled`` installed it), and a child that imports it from the source tree (``--source``). At
every step each side records every observable of the game (``game.observables``, a per-seat
one for every seat: hands, views, the legal actions, the outcome...), the position notation of
the state, and what an illegal action is refused with (the seat after the one to move trying
the first legal action: its rule id). Each game's record is hashed; the two sides must give
the same hashes. Where they differ, both sides play that game again in full and the first
step that differs is printed.

The mixes of each game: its defaults, every value of every option with a closed set of values
alone (so each reading is played), and ``--mixes`` random mixes of them all; each under a seat
count the game sets up under it, ``--games`` games each (seeded: a table's deal and play follow
from ``--seed``). Amounts stay at their defaults.

Then, on this side, each game's first state must get back every reference it gave its
later states (:func:`references_returned`): a compiled state update that leaked or dropped a
reference to a field fails the run.

``--require-compiled`` fails unless this side's model is compiled (an extension module) and the
child's is the source: so that a run that compared the source with itself cannot pass.

Usage: ``python scripts/differential.py [--source ROOT] [--games N] [--mixes N] [--seed S]
[--game ID] [--require-compiled]``; ``--emit`` (the child's part) prints the hashes as JSON
lines, ``--detail KEY`` one game's record.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import cast

from conformance.engine import canonical
from reference import (
    DeckOrder,
    FormatError,
    IllegalAction,
    SetupError,
    Table,
    build,
    games,
    shuffle,
)
from reference.core.game import AnyGame
from reference.core.options import OptionValue

ROOT = Path(__file__).resolve().parent.parent


def seat_counts(game: AnyGame, options: dict[str, OptionValue]) -> list[int]:
    """The seat counts the game sets up under ``options``."""
    counts = []
    for n in game.players:
        try:
            game.setup(Table(n, 0, DeckOrder(game.pack), options))
        except SetupError:
            continue
        counts.append(n)
    return counts


Mix = tuple[dict[str, OptionValue], list[int]]


def mixes(game: AnyGame, count: int, rng: random.Random) -> list[Mix]:
    """The defaults, each non-default value of each closed option alone, and ``count`` random
    mixes of all of them, each with the seat counts it sets up under (a mix with none is left
    out)."""
    closed = {n: s for n, s in sorted(game.options.items()) if s.values}
    out: list[dict[str, OptionValue]] = [{}]
    for name, spec in closed.items():
        out += [
            {name: v}
            for v in spec.values
            if not (type(v) is type(spec.default) and v == spec.default)
        ]
    for _ in range(count):
        out.append({name: rng.choice(spec.values) for name, spec in closed.items()})
    played = [(m, seat_counts(game, m)) for m in out]
    return [(m, counts) for m, counts in played if counts]


def observations(game: AnyGame, s: object, seats: int, legal: tuple[object, ...]) -> Iterator[str]:
    """Every observable of ``s`` (per-seat ones for each seat), its position, and the rule an
    illegal action breaks there."""
    for name in game.observables:
        names = (
            [name.replace("<seat>", str(p)) for p in range(seats)] if "<seat>" in name else [name]
        )
        for each in names:
            yield f"{each}={canonical(game.observe(s, each))}"
    yield f"position={canonical(game.position(s))}"
    mover = game.to_move(s)
    if legal and mover is not None:
        attempt = dict(game.action_json(legal[0]))
        attempt["seat"] = (mover + 1) % seats
        try:
            game.apply(s, game.parse_action(attempt))
        except IllegalAction as e:
            yield f"refused={e.rule_id}: {e.message}"
        except FormatError as e:
            yield f"format={e}"
        else:
            yield "refused=none"


def record(
    game: AnyGame, options: dict[str, OptionValue], counts: list[int], seed: int
) -> Iterator[str]:
    """One seeded random game under ``options`` at one of the seat ``counts``, step by step."""
    rng = random.Random(seed)
    n = rng.choice(counts)
    table = Table(n, rng.randrange(n), DeckOrder(shuffle(game.pack, rng.getrandbits(64))), options)
    s = game.setup(table)
    step = 0
    while True:
        legal = game.legal_actions(s)
        for line in observations(game, s, n, legal):
            yield f"{step} {line}"
        if not legal:
            return
        a = legal[rng.randrange(len(legal))]
        yield f"{step} apply={canonical(game.action_json(a))}"
        s = game.apply(s, a)
        step += 1


def references_returned(game: AnyGame, seeds: range) -> list[str]:
    """What a game's states failed to give back: each seeded random game (defaults, the
    fewest seats) is played to the end from its first state, and once the states after it are
    dropped, each field of that first state must be referred to as often as before, and the
    collector must track no more objects than before the games but a few. A compiled
    ``_replace`` that kept a reference to a field it carries, or dropped one, would change a
    count; the records above cannot see that."""
    n = seat_counts(game, {})[0]
    out: list[str] = []
    for seed in seeds:
        first = game.setup(Table(n, 0, DeckOrder(shuffle(game.pack, seed))))
        fields = cast(tuple[object, ...], first)
        for play in ("warm", "counted"):  # the same game twice: the first fills any cache
            rng = random.Random(seed)
            gc.collect()
            before = [sys.getrefcount(f) for f in fields], len(gc.get_objects())
            s: object = first
            while legal := game.legal_actions(s):
                s = game.apply(s, legal[rng.randrange(len(legal))])
            del s, legal
            gc.collect()
            after = [sys.getrefcount(f) for f in fields], len(gc.get_objects())
            if play == "counted" and (before[0] != after[0] or after[1] > before[1] + 100):
                moved = [
                    f"{i}: {was} -> {now}"
                    for i, (was, now) in enumerate(zip(before[0], after[0], strict=True))
                    if was != now
                ]
                out.append(
                    f"{game.id} seed {seed}: references to fields {', '.join(moved[:3])}"
                    f"{' ...' if len(moved) > 3 else ''}; objects tracked {before[1]} -> {after[1]}"
                )
    return out


def keys(
    args: argparse.Namespace,
) -> Iterator[tuple[str, AnyGame, dict[str, OptionValue], list[int], int]]:
    """Every game played: its key (game, mix and seed), the game, the options, their seat
    counts, the seed."""
    for gid in sorted(games()):
        if args.game and gid not in args.game:
            continue
        game = games()[gid]
        rng = random.Random(f"{args.seed}:{gid}")
        for k, (options, counts) in enumerate(mixes(game, args.mixes, rng)):
            for g in range(args.games):
                seed = rng.getrandbits(32)
                yield f"{gid}/{k}/{g}", game, options, counts, seed


def emit(args: argparse.Namespace) -> dict[str, tuple[str, int, str]]:
    """Each game's key: the hash of its record, its length in lines, and its options."""
    out = {}
    for key, game, options, counts, seed in keys(args):
        h = hashlib.sha256()
        lines = 0
        for line in record(game, options, counts, seed):
            h.update(line.encode())
            h.update(b"\n")
            lines += 1
        out[key] = (h.hexdigest(), lines, f"{canonical(dict(options))} seed {seed}")
    return out


def child(args: argparse.Namespace, extra: list[str]) -> subprocess.Popen[str]:
    """This script started on the source tree ``--source`` (interpreted), with ``extra`` flags
    (it runs while this side plays: one core each)."""
    argv = [sys.executable, str(Path(__file__).resolve()), *extra]
    argv += ["--games", str(args.games), "--mixes", str(args.mixes), "--seed", str(args.seed)]
    for gid in args.game or ():
        argv += ["--game", gid]
    env = dict(os.environ, PYTHONPATH=str(Path(args.source).resolve()))
    return subprocess.Popen(
        argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", default=str(ROOT), help="the source tree (interpreted side)")
    parser.add_argument("--games", type=int, default=2, help="games per mix")
    parser.add_argument("--mixes", type=int, default=8, help="random mixes per game")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--require-compiled", action="store_true")
    parser.add_argument("--emit", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--detail", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.emit:
        print(json.dumps({"build": build()}))
        for key, (digest, lines, where) in emit(args).items():
            print(json.dumps({"key": key, "digest": digest, "lines": lines, "where": where}))
        return 0
    if args.detail:
        for line in _detail(args, args.detail):
            print(line)
        return 0
    here = build()
    started = child(args, ["--emit"])
    ours = emit(args)
    out, err = started.communicate()
    if started.returncode != 0:
        print(f"the interpreted side failed (exit {started.returncode}):\n{err}")
        return 1
    rows = [json.loads(line) for line in out.splitlines()]
    there = rows[0]["build"]
    print(f"this side: {here}; the source side ({args.source}): {there}")
    if args.require_compiled and (here, there) != ("compiled", "interpreted"):
        print("--require-compiled: this side must be compiled and the other the source")
        return 1
    theirs = {r["key"]: (r["digest"], r["lines"], r["where"]) for r in rows[1:]}
    if ours.keys() != theirs.keys():
        print(f"the sides played different games: {sorted(ours.keys() ^ theirs.keys())[:5]}")
        return 1
    differ = [k for k in ours if ours[k][:2] != theirs[k][:2]]
    steps = sum(lines for _, lines, _ in ours.values())
    print(f"{len(ours)} games, {steps} recorded lines: {len(differ)} differ")
    for key in differ[:3]:
        mine = list(_detail(args, key))
        other = child(args, ["--detail", key]).communicate()[0].splitlines()
        first = next(
            (i for i, (a, b) in enumerate(zip(mine, other, strict=False)) if a != b),
            min(len(mine), len(other)),
        )
        print(f"{key} ({ours[key][2]}): first difference at line {first}")
        print(f"  {here}: {mine[first] if first < len(mine) else '(ended)'}"[:2000])
        print(f"  {there}: {other[first] if first < len(other) else '(ended)'}"[:2000])
    leaks = [
        line
        for gid in sorted(games())
        if not args.game or gid in args.game
        for line in references_returned(games()[gid], range(args.seed, args.seed + 3))
    ]
    print(f"references given back by this side's states: {'no' if leaks else 'yes'}")
    for line in leaks[:5]:
        print(f"  {line}")
    return 1 if differ or leaks else 0


def _detail(args: argparse.Namespace, wanted: str) -> Iterator[str]:
    for key, game, options, counts, seed in keys(args):
        if key == wanted:
            yield from record(game, options, counts, seed)


if __name__ == "__main__":
    sys.exit(main())
