"""Random-playout throughput of every game: decisions per second and games per second.

A decision is one ``apply`` by a player, ``legal_actions`` included: the loop
asks for the legal actions, picks one uniformly at random (a seeded
``random.Random``, outside the model) and applies it, until the game is over.
Tables are dealt from the documented seeded shuffle, options at their defaults
and seat counts drawn from those the defaults allow (:func:`seat_counts`, found
before the clock starts). Each figure is the median of
``--repeats`` runs of ``--seconds`` each, on one core.

If OpenSpiel is importable (``pip install open_spiel``), the same loop runs over
its C++ ``hearts`` in the same process, alternating with each game, and the median of
the paired ratios is printed (see :func:`paired_ratios`).

With ``--breakdown``, it also prints each game's mean length in decisions, its time a game
and the time of its deal alone (the seeded shuffle and the setup, paid once a game).

With ``--builds``, it measures the model twice, each time paired with C++ hearts as above: as
Python imports it here (the compiled build, where ``nox -s compiled`` installed it) and as the
interpreted source (``--source``, on ``PYTHONPATH``), each in a process of its own; it prints
both builds' decisions/s and ratios to hearts side by side, and the compiled build's speed-up
(``--require-compiled``: fail unless the first is compiled). OpenSpiel is required there.

With ``--openspiel``, it measures instead the games through the OpenSpiel bridge
(:mod:`reference.openspiel`): random play by ``state.apply_action`` on ``koloda_<id>`` under its
default parameters (the deal drawn card by card as chance nodes), beside the model's own random
play on ``game.apply`` at the same table (the bridge's default seat count, dealer 0, a seeded
shuffle), decisions per second each and their ratio (``--game`` chooses the games; by default
melniki-b, mushka and michigan).

Usage: ``python scripts/bench.py [--seconds S] [--repeats N] [--game ID] [--breakdown]
[--openspiel] [--builds [--source ROOT] [--require-compiled]]``
"""

from __future__ import annotations

import argparse
import functools
import importlib
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from reference import DeckOrder, SetupError, Table, build, games, shuffle
from reference.core.game import AnyGame
from reference.core.game import seat_counts as core_seat_counts

ROOT = Path(__file__).resolve().parent.parent

TARGET = 100_000
#: Random games played per game to say how games end under the defaults.
ENDINGS = 200


def play_out(game: AnyGame, s: object, rng: random.Random) -> tuple[object, int]:
    """Random legal play from ``s`` to the end: the final state and the decisions taken (each
    one ``legal_actions`` and one ``apply``)."""
    decisions = 0
    while legal := game.legal_actions(s):
        s = game.apply(s, legal[rng.randrange(len(legal))])
        decisions += 1
    return s, decisions


def seat_counts(game: AnyGame) -> list[int]:
    """The seat counts the game deals under its default options
    (:func:`reference.core.game.seat_counts`), found before any clock starts: a count allowed
    only under another option is left out, so that no timed loop spends its time on refused
    deals."""
    allowed = list(core_seat_counts(game, {}))
    if not allowed:
        raise SystemExit(f"{game.id}: no seat count of {game.players} deals under the defaults")
    return allowed


def playouts(game: AnyGame, seconds: float, seed: int) -> tuple[int, int, float]:
    """(decisions, games, elapsed) of random playouts for about ``seconds``."""
    rng = random.Random(seed)
    seats = seat_counts(game)
    decisions = played = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        n = rng.choice(seats)
        try:
            deck = DeckOrder(shuffle(game.pack, rng.getrandbits(64)))
            s = game.setup(Table(n, rng.randrange(n), deck))
        except SetupError:
            continue  # a seat count allowed only under a non-default option
        decisions += play_out(game, s, rng)[1]
        played += 1
    return decisions, played, time.perf_counter() - start


def endings(game: AnyGame, count: int, seed: int) -> tuple[float, int]:
    """How ``count`` random games under the defaults end (not timed): the share that ends with
    nobody losing, and the longest game in decisions."""
    rng = random.Random(seed)
    seats = seat_counts(game)
    played = no_loser = longest = 0
    while played < count:
        n = rng.choice(seats)
        try:
            deck = DeckOrder(shuffle(game.pack, rng.getrandbits(64)))
            s = game.setup(Table(n, rng.randrange(n), deck))
        except SetupError:
            continue
        s, decisions = play_out(game, s, rng)
        outcome = game.outcome(s)
        no_loser += outcome is not None and not outcome.losers
        longest = max(longest, decisions)
        played += 1
    return no_loser / count, longest


def deals(game: AnyGame, seconds: float, seed: int) -> tuple[int, float]:
    """(deals, elapsed) of the loop's per-game part alone: seat count, seeded shuffle, setup."""
    rng = random.Random(seed)
    seats = seat_counts(game)
    made = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        n = rng.choice(seats)
        try:
            deck = DeckOrder(shuffle(game.pack, rng.getrandbits(64)))
            game.setup(Table(n, rng.randrange(n), deck))
        except SetupError:
            continue
        made += 1
    return made, time.perf_counter() - start


def breakdown(game: AnyGame, seconds: float, repeats: int) -> tuple[float, float, float]:
    """(decisions a game, µs a game, µs of it spent on the deal): medians over ``repeats``.

    The deal (shuffle and setup) is paid once a game, so a game of few decisions spends a
    larger share of its time there than a long one: it bounds the decisions/s of short games.
    """
    per_game, per_deal, length = [], [], []
    for r in range(repeats):
        d, g, t = playouts(game, seconds, r)
        k, dt = deals(game, seconds, r)
        length.append(d / g)
        per_game.append(t / g * 1e6)
        per_deal.append(dt / k * 1e6)
    return statistics.median(length), statistics.median(per_game), statistics.median(per_deal)


def measure(run: Callable[[int], tuple[int, int, float]], repeats: int) -> tuple[float, float]:
    """Median decisions/s and games/s over ``repeats`` runs."""
    dps, gps = [], []
    for r in range(repeats):
        d, g, t = run(r)
        dps.append(d / t)
        gps.append(g / t)
    return statistics.median(dps), statistics.median(gps)


def open_spiel_loop(name: str, seconds: float, seed: int) -> tuple[int, int, float]:
    """The same loop through OpenSpiel's Python API."""
    pyspiel = importlib.import_module("pyspiel")
    importlib.import_module("open_spiel.python.games")  # registers the pure-Python games
    game = pyspiel.load_game(name)
    rng = random.Random(seed)
    decisions = played = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            decisions += 1
        played += 1
    return decisions, played, time.perf_counter() - start


def model_loop(game: AnyGame, players: int, seconds: float, seed: int) -> tuple[int, int, float]:
    """Random play on the model at one table (dealer 0, default options), as the bridge sets it."""
    rng = random.Random(seed)
    decisions = played = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = game.setup(Table(players, 0, DeckOrder(shuffle(game.pack, rng.getrandbits(64)))))
        decisions += play_out(game, s, rng)[1]
        played += 1
    return decisions, played, time.perf_counter() - start


#: The games ``--openspiel`` measures unless ``--game`` names others.
BRIDGE_GAMES = ("melniki-b", "mushka", "michigan")


def bridge_throughput(chosen: list[str], seconds: float, repeats: int) -> None:
    """Decisions/s of random play through the OpenSpiel bridge beside the model's own."""
    bridge = importlib.import_module("reference.openspiel")
    print(f"{'game':<20}{'players':>8}{'model dec/s':>14}{'OpenSpiel dec/s':>17}{'ratio':>8}")
    for gid in chosen or BRIDGE_GAMES:
        game = games()[gid]
        players = bridge.default_players(game)
        name = bridge.short_name(gid)
        direct, _ = measure(functools.partial(model_loop, game, players, seconds), repeats)
        through, _ = measure(functools.partial(open_spiel_loop, name, seconds), repeats)
        print(f"{gid:<20}{players:>8}{direct:>14,.0f}{through:>17,.0f}{through / direct:>7.2f}x")


def paired_ratios(game: AnyGame, seconds: float, pairs: int) -> list[float]:
    """Decisions/s of ``game`` over those of OpenSpiel's ``hearts``, one ratio per pair of runs.

    The two loops alternate (game, hearts, game, hearts, ...), so that a busy machine slows
    both sides of a pair alike; the median of the ratios is the figure to report.
    """
    out = []
    for r in range(pairs):
        d, _, t = playouts(game, seconds, r)
        hd, _, ht = open_spiel_loop("hearts", seconds, r)
        out.append((d / t) / (hd / ht))
    return out


def ratios_json(chosen: list[str], seconds: float, repeats: int) -> None:
    """One build's part of ``--builds``: its decisions/s and paired ratios, as one JSON line."""
    rows = {}
    for gid in chosen:
        game = games()[gid]
        ratios = paired_ratios(game, seconds, repeats)
        dps, _ = measure(functools.partial(playouts, game, seconds), repeats)
        rows[gid] = {"dps": dps, "ratio": statistics.median(ratios)}
    print(json.dumps({"build": build(), "games": rows}))


def compare_builds(args: argparse.Namespace, chosen: list[str]) -> int:
    """Both builds, each paired with C++ hearts in its own process: this one's and the
    source's (``args.source``)."""
    argv = [sys.executable, str(Path(__file__).resolve()), "--ratios-json"]
    argv += ["--seconds", str(args.seconds), "--repeats", str(args.repeats)]
    argv += [f"--game={gid}" for gid in chosen]
    source = dict(os.environ, PYTHONPATH=str(Path(args.source).resolve()))
    parts = []
    for env in (dict(os.environ), source):
        done = subprocess.run(argv, capture_output=True, text=True, env=env, check=False)
        if done.returncode != 0:
            print(f"a build's measurement failed (exit {done.returncode}):\n{done.stderr}")
            return 1
        parts.append(json.loads(done.stdout.splitlines()[-1]))
    first, second = parts
    if args.require_compiled and (first["build"], second["build"]) != ("compiled", "interpreted"):
        print(f"--require-compiled: got {first['build']} and {second['build']}")
        return 1
    print(
        f"paired against OpenSpiel's C++ hearts ({args.repeats} pairs of {args.seconds} s), "
        f"median ratios; {first['build']} here, {second['build']} from {args.source}"
    )
    print(
        f"{'game':<18}{first['build'] + ' dec/s':>20}{'ratio':>8}"
        f"{second['build'] + ' dec/s':>22}{'ratio':>8}{'speed-up':>10}"
    )
    for gid in chosen:
        a, b = first["games"][gid], second["games"][gid]
        print(
            f"{gid:<18}{a['dps']:>20,.0f}{a['ratio']:>7.2f}x{b['dps']:>22,.0f}"
            f"{b['ratio']:>7.2f}x{a['dps'] / b['dps']:>9.2f}x"
        )
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--game", action="append", default=[])
    parser.add_argument(
        "--breakdown", action="store_true", help="also the time a game spends on its deal"
    )
    parser.add_argument(
        "--openspiel",
        action="store_true",
        help="random play through the OpenSpiel bridge beside the model's own (only that)",
    )
    parser.add_argument(
        "--builds",
        action="store_true",
        help="this process's build of the model and the source's, each paired with hearts",
    )
    parser.add_argument("--source", default=str(ROOT), help="the source tree (with --builds)")
    parser.add_argument("--require-compiled", action="store_true", help="(with --builds)")
    parser.add_argument("--ratios-json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.ratios_json:
        ratios_json(args.game or sorted(games()), args.seconds, args.repeats)
        return 0
    if args.builds:
        return compare_builds(args, args.game or sorted(games()))
    if args.openspiel:
        bridge_throughput(args.game, args.seconds, args.repeats)
        return 0
    chosen = args.game or sorted(games())
    print(f"{'game':<30}{'decisions/s':>14}{'games/s':>10}  target {TARGET:,}/s")
    rows: dict[str, float] = {}
    below = []
    for gid in chosen:
        game = games()[gid]
        dps, gps = measure(functools.partial(playouts, game, args.seconds), args.repeats)
        rows[gid] = dps
        flag = "ok" if dps >= TARGET else "BELOW TARGET"
        if dps < TARGET:
            below.append(gid)
        print(f"{gid:<30}{dps:>14,.0f}{gps:>10,.0f}  {flag}")
    print(f"\nhow {ENDINGS} random games under the defaults end (not timed)")
    print(f"{'game':<30}{'nobody loses':>14}{'longest (decisions)':>21}")
    for gid in chosen:
        share, longest = endings(games()[gid], ENDINGS, 1)
        print(f"{gid:<30}{share:>14.0%}{longest:>21,}")
    if args.breakdown:
        print(f"\n{'game':<30}{'decisions':>10}{'µs/game':>10}{'µs/deal':>10}{'deal share':>12}")
        for gid in chosen:
            length, per_game, per_deal = breakdown(games()[gid], args.seconds, args.repeats)
            print(
                f"{gid:<30}{length:>10.1f}{per_game:>10.0f}{per_deal:>10.0f}"
                f"{per_deal / per_game:>11.0%}"
            )
    try:
        importlib.import_module("pyspiel")
    except ImportError:
        print("\nOpenSpiel is not installed: no comparison (pip install open_spiel)")
    else:
        print(f"\npaired against OpenSpiel's C++ hearts ({args.repeats} pairs of {args.seconds} s)")
        print(f"{'game':<30}{'median ratio':>14}{'min':>8}{'max':>8}")
        for gid in chosen:
            ratios = paired_ratios(games()[gid], args.seconds, args.repeats)
            print(
                f"{gid:<30}{statistics.median(ratios):>13.2f}x"
                f"{min(ratios):>7.2f}x{max(ratios):>7.2f}x"
            )
    if below:
        print(f"\nbelow the target of {TARGET:,} decisions/s: {', '.join(below)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
