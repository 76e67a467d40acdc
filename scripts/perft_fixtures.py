"""Write the perft (``count``) fixtures of every game: ``conformance/perft/<game>.json``.

For each game: deals at the fewest and at four players (or the most the game allows below
four) with the default options, and two positions reached part-way through a game (a third
and two thirds of the way), so that each phase of play is counted. Every count is computed
by the brute-force enumeration of ``tests/fuzz/perft.py``, which never asks the model for its
legal actions, and is checked against the reference's own :func:`conformance.engine.count`;
a disagreement stops the script. Depths go up from 1 to ``--max-depth`` and stop before
the first whose brute-force count takes more than ``--budget`` seconds.

    python scripts/perft_fixtures.py [--game G ...] [--budget S] [--max-depth D] [--overwrite]

The fixtures that exist are kept unless ``--overwrite`` is given (melniki-b's were chosen by
hand to reach both stages of its play).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from conformance import engine  # noqa: E402
from reference import DeckOrder, SetupError, Table, games, shuffle  # noqa: E402
from reference.core.game import AnyGame  # noqa: E402
from reference.core.jsontypes import JSON, JSONObject  # noqa: E402
from tests.fuzz.perft import brute_count  # noqa: E402

DEFINITION = (
    "count(setup, d): the distinct legal action sequences of length d from the setup; a "
    "sequence after which the game is over counts once where it ends (docs/protocol.rst, "
    "capability count). Computed by a brute-force enumeration that tries every writable "
    "action (tests/fuzz/perft.py) and checked against the reference's count "
    "(scripts/perft_fixtures.py)."
)

#: The longest game :func:`positions` plays.
MAX_DECISIONS = 600


def deal_setups(game: AnyGame) -> list[tuple[str, JSONObject]]:
    """Deals at the fewest players and at four (or fewer) that set up with the defaults."""
    out: list[tuple[str, JSONObject]] = []
    counts: list[int] = []
    for n in game.players:
        try:
            game.setup(Table(n, 0, DeckOrder(shuffle(game.pack, 1))))
        except SetupError:
            continue
        counts.append(n)
    if not counts:
        return out
    chosen = sorted({counts[0], max((n for n in counts if n <= 4), default=counts[0])})
    for n in chosen:
        setup: JSONObject = {"players": n, "dealer": 0, "options": {}, "deal": {"seed": 1}}
        out.append((f"{n} players, the default rulings, deal seed 1", setup))
    return out


def positions(game: AnyGame, setup: JSONObject) -> list[tuple[str, JSONObject]]:
    """Positions a third and two thirds of the way through one game from ``setup`` (each
    decision the legal action of index ``7 * step mod count``, for at most
    :data:`MAX_DECISIONS` decisions: some games can go round for ever)."""
    _, state = engine.start(game.id, setup)
    states = [state]
    step = 0
    while (legal := game.legal_actions(state)) and step < MAX_DECISIONS:
        state = game.apply(state, legal[(7 * step) % len(legal)])
        states.append(state)
        step += 1
    out: list[tuple[str, JSONObject]] = []
    for part, name in ((3, "a third"), (3 / 2, "two thirds")):
        k = int(len(states) / part)
        if 0 < k < len(states) - 1:
            pos: JSONObject = {"position": game.position(states[k])}
            out.append((f"{name} of the way through that game ({k} decisions)", pos))
    return out


def counts_for(game_id: str, setup: JSONObject, budget: float, max_depth: int) -> JSONObject:
    counts: JSONObject = {}
    for depth in range(1, max_depth + 1):
        t0 = time.perf_counter()
        brute = brute_count(game_id, setup, depth)
        spent = time.perf_counter() - t0
        model = engine.count(game_id, setup, depth)
        if brute != model:
            raise SystemExit(
                f"{game_id}: depth {depth}: brute force {brute}, the reference {model}: {setup}"
            )
        if spent > budget and counts:
            break  # kept out: the fixtures' test enumerates every depth by brute force
        counts[str(depth)] = brute
    return counts


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", default=[], help="only these games")
    parser.add_argument("--budget", type=float, default=1.0, help="seconds a count (default 1)")
    parser.add_argument("--max-depth", type=int, default=6, help="deepest count (default 6)")
    parser.add_argument(
        "--overwrite", action="store_true", help="rewrite the fixtures that exist already"
    )
    args = parser.parse_args(argv)
    for gid in args.game or sorted(games()):
        game = games()[gid]
        path = ROOT / "conformance" / "perft" / f"{gid}.json"
        if path.exists() and not args.overwrite:
            print(f"{gid}: {path.name} kept (--overwrite to rewrite it)")
            continue
        cases: list[JSON] = []
        deals = deal_setups(game)
        for name, setup in deals + (positions(game, deals[-1][1]) if deals else []):
            counts = counts_for(gid, setup, args.budget, args.max_depth)
            cases.append({"name": name, "setup": setup, "counts": counts})
            print(f"{gid}: {name}: {counts}", flush=True)
        data = {"game": gid, "definition": DEFINITION, "cases": cases}
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
