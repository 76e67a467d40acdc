"""The command line: ``python -m reference games | rules | replay | play``.

A shell around the pure model, like the conformance runner: it reads the registry
(``reference.games()``), so a game added later is served without a change here.
Exit status: 0 done, 1 an expectation not met (``replay``), 2 a bad name or value.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence
from typing import TextIO

from reference.cli.common import UsageError
from reference.cli.style import Style, wants_colour

EXIT_USAGE = 2
#: The output could not be written (a full disk, a closed device).
EXIT_OUTPUT = 1

_MAIN_EXAMPLES = """\
examples:
  python -m reference games
  python -m reference rules melniki-b --rule follow-suit
  python -m reference replay melniki-b-030
  python -m reference play melniki-b --players 2 --seed 7
  python -m reference play melniki-b --seat none --seed 7
"""

_GAMES_EXAMPLES = """\
examples:
  python -m reference games
  python -m reference games melniki-b
  python -m reference games --json
"""

_RULES_EXAMPLES = """\
examples:
  python -m reference rules melniki-b
  python -m reference rules melniki-b --rule melniki-b/follow-suit
  python -m reference rules melniki-b --rule follow-suit --json
"""

_REPLAY_EXAMPLES = """\
examples:
  python -m reference replay melniki-b-030
  python -m reference replay conformance/scenarios/melniki-b/melniki-b-012.json --brief
  python -m reference replay mushka-025 --seat 1   # as seat 1 sees it
exit status: 0 every expectation met, 1 one or more not met (✗), 2 no such scenario
"""

_PLAY_EXAMPLES = """\
examples:
  python -m reference play melniki-b                      # seat 0 against random players
  python -m reference play melniki-b --players 4 --seed 7 --option must_beat=true
  python -m reference play melniki-b --seat none --seed 7 # watch random players
  python -m reference play melniki-b --seed 7 --record melniki-b-901.json
  python -m conformance run melniki-b-901.json            # replay the recorded game

You see your own hand; the others' hands (and any hand nobody holds) show only their
size, unless --open (watching with --seat none shows every hand). After each action the
shell says what changed (a trick taken, the phase, scores, chips); 't' shows the table,
which is also shown whenever it is your turn.

At the prompt type the number of an action; a card to play it, as shown or as letters
(10♥, 10h, TH, th); an action as the menu writes it, its name and fields (play 7♦,
exchange 7D TC, raise 3, stake A♥0 K♦0 Q♠0 J♣4 or stake 0 0 0 4); or an action as JSON
(the seat may be left out, e.g. {"type": "play", "card": "QS"}). 'h' says what each kind
of action of the game means. A long menu is grouped by kind, each choice under its number.
A refused action is answered with what you typed, the rule that refuses it, its source
sentence and the reading of the rule's rulings that the game's options put in force; the
game goes on. At a terminal the arrow keys edit the line and recall earlier ones. 'q' (or
end of input) stops the game; with --record what was played is still saved.
"""


def _parser(prog: str = "python -m reference") -> argparse.ArgumentParser:
    """The parser; ``prog``: the command as the user typed it (``koloda`` through the console
    script), named in its usage and errors."""
    raw = argparse.RawDescriptionHelpFormatter
    colour = argparse.ArgumentParser(add_help=False)
    colour.add_argument(
        "--color",
        "--colour",
        dest="color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour the output: auto (a terminal, unless NO_COLOR is set), always or never",
    )
    p = argparse.ArgumentParser(
        prog=prog,
        description="Explore, replay and play the games of koloda's reference model.",
        epilog=_MAIN_EXAMPLES,
        formatter_class=raw,
    )
    sub = p.add_subparsers(dest="command", required=True, metavar="{games,rules,replay,play}")

    g = sub.add_parser(
        "games",
        parents=[colour],
        help="the registered games, their players, decks and options",
        description="The registered games: a table of their players, cards, source texts "
        "and names; with GAME, one game with its options (default [allowed values]).",
        epilog=_GAMES_EXAMPLES,
        formatter_class=raw,
    )
    g.add_argument(
        "game", nargs="?", metavar="GAME", help="one game, with its options (default: a table)"
    )
    g.add_argument("--json", action="store_true", help="print JSON instead of a table")

    r = sub.add_parser(
        "rules",
        parents=[colour],
        help="the rules of a game with their source sentences and rulings",
        description="The rules of a game: id, English statement, the cited Russian sentences "
        "with our translation, and the rulings with their readings and options.",
        epilog=_RULES_EXAMPLES,
        formatter_class=raw,
    )
    r.add_argument("game", metavar="GAME", help="a game id (see: python -m reference games)")
    r.add_argument("--rule", metavar="ID", help="only this rule (its id, or its slug)")
    r.add_argument("--json", action="store_true", help="print JSON")

    rp = sub.add_parser(
        "replay",
        parents=[colour],
        help="replay a scenario step by step, checking its expectations",
        description="Replay a scenario of the suite (by id) or a scenario file: the table "
        "drawn with card symbols, each action with the rule that refused it, and each "
        "expectation checked (✓/✗).",
        epilog=_REPLAY_EXAMPLES,
        formatter_class=raw,
    )
    rp.add_argument("scenario", metavar="SCENARIO_ID_OR_FILE")
    rp.add_argument("--brief", action="store_true", help="do not redraw the table after actions")
    rp.add_argument(
        "--seat",
        type=int,
        metavar="K",
        help="draw the table as seat K may see it (its view: the others' cards face down, and "
        "the cards of their actions that it may not see); the expectations are shown as the "
        "scenario states them",
    )

    pl = sub.add_parser(
        "play",
        parents=[colour],
        help="play one seat against random players, or watch them",
        description="Play one seat of a game against uniformly random opponents (seeded), "
        "or watch random players with --seat none.",
        epilog=_PLAY_EXAMPLES,
        formatter_class=raw,
    )
    pl.add_argument("game", metavar="GAME", help="a game id (see: python -m reference games)")
    pl.add_argument("--players", type=int, metavar="N", help="players (default: the fewest)")
    pl.add_argument("--dealer", type=int, default=0, metavar="K", help="the dealer (default 0)")
    pl.add_argument(
        "--seed",
        type=int,
        metavar="S",
        help="seed of the deal and of the random players (default: a random one, printed)",
    )
    pl.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an option of the game (repeatable; see: python -m reference games)",
    )
    pl.add_argument(
        "--seat", default="0", metavar="K|none", help="your seat (default 0), or none to watch"
    )
    pl.add_argument(
        "--max-steps",
        type=int,
        default=2000,
        metavar="N",
        help="stop after N actions (default 2000)",
    )
    pl.add_argument(
        "--record",
        metavar="FILE",
        help="save the game as a found scenario FILE, named after its id (GAME-NNN.json)",
    )
    pl.add_argument(
        "--quiet", action="store_true", help="show only your own moves and the final table"
    )
    pl.add_argument(
        "--open",
        action="store_true",
        help="show every hand face up (by default you see your own hand and the others' sizes)",
    )
    return p


def main(
    argv: Sequence[str] | None = None,
    inp: TextIO | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
    *,
    prog: str = "python -m reference",
) -> int:
    """Run a command; its exit status. ``prog``: the command as typed, for the errors."""
    inp = sys.stdin if inp is None else inp
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    args_list = list(sys.argv[1:] if argv is None else argv)
    args = _parser(prog).parse_args(args_list)
    st = Style(wants_colour(out, str(args.color)))
    command = str(args.command)
    try:
        if command == "games":
            from reference.cli.info import cmd_games  # noqa: PLC0415 (each command loads its own)

            game = None if args.game is None else str(args.game)
            return cmd_games(bool(args.json), out, st, game, prog)
        if command == "rules":
            from reference.cli.info import cmd_rules  # noqa: PLC0415

            rule = None if args.rule is None else str(args.rule)
            return cmd_rules(str(args.game), rule, bool(args.json), out, st)
        if command == "replay":
            from reference.cli.replay import cmd_replay  # noqa: PLC0415

            return cmd_replay(str(args.scenario), bool(args.brief), out, err, st, seat=args.seat)
        from reference.cli.play import cmd_play, settings  # noqa: PLC0415

        cfg = settings(
            game_id=str(args.game),
            players=None if args.players is None else int(args.players),
            dealer=int(args.dealer),
            seed=None if args.seed is None else int(args.seed),
            option_texts=[str(o) for o in args.option],
            seat_text=str(args.seat),
            max_steps=int(args.max_steps),
            record=None if args.record is None else str(args.record),
            argv=args_list,
        )
        cfg.quiet = bool(args.quiet)
        cfg.open = bool(args.open)
        return cmd_play(cfg, inp, out, st)
    except UsageError as e:
        err.write(f"{prog} {command}: error: {e}\n")
        return EXIT_USAGE
    except BrokenPipeError:
        _silence(out)
        return 0
    except OSError as e:
        if e.filename is not None:  # a file named on the command line
            err.write(f"{prog} {command}: error: {e.filename}: {e.strerror}\n")
            return EXIT_USAGE
        _silence(out)
        with contextlib.suppress(OSError):
            err.write(f"{prog} {command}: cannot write the output: {e.strerror}\n")
        return EXIT_OUTPUT


def _silence(out: TextIO) -> None:
    """Point a broken standard output at /dev/null, so the final flush does not fail again."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        if out is sys.stdout:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            os.close(devnull)
