"""MCTS for one seat against random players on one koloda game, through OpenSpiel.

    pip install -e .[openspiel]
    python scripts/openspiel_mcts.py --game koloda_melniki_b --games 200

Plays ``--games`` games of ``--game`` (an OpenSpiel name the bridge registers,
:mod:`reference.openspiel`); seat ``--seat`` is OpenSpiel's MCTS bot
(``open_spiel.python.algorithms.mcts``, ``--simulations`` simulations a move, one random
rollout each), every other seat picks a legal action uniformly at random, and the deal is
sampled from the chance outcomes. It prints the MCTS seat's win rate (games it wins: a positive
return), its mean return, and the random seats' for comparison.

OpenSpiel's MCTS searches the state it is given, hidden cards included: it plays as if it saw
every hand, which measures the search and the engine, not a fair player. Everything is seeded
(``--seed``): the same arguments give the same games.
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

np = importlib.import_module("numpy")
pyspiel = importlib.import_module("pyspiel")
mcts = importlib.import_module("open_spiel.python.algorithms.mcts")
bridge = importlib.import_module("reference.openspiel")


def play(game: object, bot: object, seat: int, rng: random.Random) -> list[float]:
    """One game: the returns by seat."""
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while not state.is_terminal():
        if state.is_chance_node():
            cards, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(cards, weights=chances)[0])
        elif state.current_player() == seat:
            state.apply_action(bot.step(state))  # type: ignore[attr-defined]
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return [float(r) for r in state.returns()]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="koloda_melniki_b", choices=bridge.GAMES)
    parser.add_argument("--games", type=int, default=200, help="games to play (200)")
    parser.add_argument("--seat", type=int, default=0, help="the MCTS seat (0)")
    parser.add_argument("--simulations", type=int, default=20, help="MCTS simulations a move")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    game = pyspiel.load_game(args.game)
    if not 0 <= args.seat < game.num_players():
        parser.error(f"--seat: a seat from 0 to {game.num_players() - 1}")
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(args.seed))
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=args.simulations,
        evaluator=evaluator,
        random_state=np.random.RandomState(args.seed),
    )
    rng = random.Random(args.seed)
    started = time.perf_counter()
    totals = [0.0] * game.num_players()
    wins = [0] * game.num_players()
    for _ in range(args.games):
        returns = play(game, bot, args.seat, rng)
        for seat, r in enumerate(returns):
            totals[seat] += r
            wins[seat] += r > 0
    seconds = time.perf_counter() - started
    others = [s for s in range(game.num_players()) if s != args.seat]
    print(f"{args.game}: {args.games} games, {game.num_players()} players, {seconds:.1f} s")
    print(
        f"MCTS seat {args.seat} ({args.simulations} simulations a move): "
        f"win rate {wins[args.seat] / args.games:.3f}, mean return "
        f"{totals[args.seat] / args.games:+.3f}"
    )
    print(
        "random seats: win rate "
        f"{sum(wins[s] for s in others) / (args.games * len(others)):.3f}, mean return "
        f"{sum(totals[s] for s in others) / (args.games * len(others)):+.3f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
