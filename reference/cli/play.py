"""``play``: one seat against uniformly random opponents (or watch them all), optionally recorded
as a ``found`` scenario that ``python -m conformance run FILE`` replays."""

from __future__ import annotations

import json
import os
import random
import re
import shlex
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TextIO

from reference.cli.common import (
    UsageError,
    describe_action,
    draw_table,
    explain_rule,
    find_game,
    observe_all,
    parse_option,
    rule_by_id,
    show_value,
)
from reference.cli.style import Style
from reference.core.cards import parse_card
from reference.core.deals import deal_to_json
from reference.core.errors import FormatError, IllegalAction, SetupError
from reference.core.game import AnyGame, DeckOrder, Table
from reference.core.jsontypes import JSON, JSONObject
from reference.core.options import OptionValue
from reference.core.shuffle import MASK64, shuffle

HELP = (
    "type the number of an action; or an action as JSON (the seat may be left out), "
    'e.g. {"type": "play", "card": "QS"}; or a card (QS) to play it; '
    "'t' redraws the table, 'q' stops the game"
)


@dataclass
class Settings:
    """The command line of ``play``, checked."""

    game: AnyGame
    players: int
    dealer: int
    seed: int
    options: dict[str, OptionValue]
    seat: int | None
    max_steps: int
    record: Path | None
    command: str
    quiet: bool = False


@dataclass
class Log:
    """The steps taken (accepted and refused), for the record."""

    steps: list[JSON] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)


def settings(
    *,
    game_id: str,
    players: int | None,
    dealer: int,
    seed: int | None,
    option_texts: Sequence[str],
    seat_text: str,
    max_steps: int,
    record: str | None,
    argv: Sequence[str],
) -> Settings:
    """Check the command line: every bad name or value is a :class:`UsageError`."""
    game = find_game(game_id)
    n = game.players.start if players is None else players
    if n not in game.players:
        raise UsageError(
            f"{game.id} is played by {game.players.start} to {game.players[-1]} players, not {n}"
        )
    if not 0 <= dealer < n:
        raise UsageError(f"--dealer {dealer} is not a seat of {n} players (0 to {n - 1})")
    options = dict(parse_option(game, t) for t in option_texts)
    if seat_text == "none":
        seat = None
    elif seat_text.isdigit() and int(seat_text) < n:
        seat = int(seat_text)
    else:
        raise UsageError(f"--seat {seat_text!r}: a seat from 0 to {n - 1}, or none to watch")
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 32)
    if not 0 <= seed <= MASK64:
        raise UsageError(f"--seed {seed}: an integer from 0 to 2**64-1")
    if max_steps < 1:
        raise UsageError("--max-steps must be at least 1")
    path = Path(record) if record is not None else None
    if path is not None and not re.fullmatch(rf"{re.escape(game.id)}-[0-9]{{3,}}", path.stem):
        raise UsageError(
            f"--record {record}: a scenario file is named after its id, the game id, a dash "
            f"and three or more digits, e.g. {game.id}-901.json"
        )
    if path is not None:
        writable(path)
    command = shlex.join(["python", "-m", "reference", *argv])
    return Settings(game, n, dealer, seed, options, seat, max_steps, path, command)


def writable(path: Path) -> None:
    """Refuse a --record path that could not be written, before the game is played."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UsageError(f"--record {path}: cannot make its folder: {e.strerror}") from None
    target = path if path.exists() else path.parent
    if path.is_dir() or not os.access(target, os.W_OK):
        raise UsageError(f"--record {path}: cannot be written")


class Session:
    """One game being played at the terminal."""

    def __init__(self, cfg: Settings, inp: TextIO, out: TextIO, st: Style) -> None:
        self.cfg = cfg
        self.game = cfg.game
        self.inp = inp
        self.out = out
        self.st = st
        self.rng = random.Random(cfg.seed)
        self.log = Log()
        self.deal = DeckOrder(shuffle(cfg.game.pack, cfg.seed))
        table = Table(cfg.players, cfg.dealer, self.deal, cfg.options)
        try:
            self.state: object = cfg.game.setup(table)
        except SetupError as e:
            raise UsageError(f"the game cannot be set up: {e}") from None

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def run(self) -> int:
        cfg, game, st = self.cfg, self.game, self.st
        who = "watching" if cfg.seat is None else f"you play seat {cfg.seat}"
        opts = ", ".join(f"{k}={show_value(v)}" for k, v in cfg.options.items())
        self.say(
            st.head(f"{game.id}")
            + f"  {game.title}: {cfg.players} players, dealer {cfg.dealer}, seed {cfg.seed}"
            + (f", {opts}" if opts else "")
            + f"; {who}"
        )
        if cfg.seat is not None:
            self.say(st.dim(HELP))
        self.say(draw_table(game, self.state, cfg.players, st))
        steps = 0
        stopped = False
        while game.outcome(self.state) is None and steps < cfg.max_steps:
            mover = game.to_move(self.state)
            legal = game.legal_actions(self.state)
            if mover is None or not legal:
                break
            if mover == cfg.seat:
                action = self.ask(legal)
                if action is None:
                    stopped = True
                    break
            else:
                action = self.rng.choice(legal)
            self.state = game.apply(self.state, action)
            self.log.steps.append({"act": game.action_json(action)})
            steps += 1
            if not cfg.quiet or mover == cfg.seat:
                self.say(f"{describe_action(game.action_json(action), st)}")
            if not cfg.quiet:
                self.say(draw_table(game, self.state, cfg.players, st))
        outcome = game.outcome(self.state)
        if cfg.quiet:
            self.say(draw_table(game, self.state, cfg.players, st))
        if outcome is not None:
            self.say(f"game over after {steps} actions: {st.value(outcome.to_json())}")
        elif stopped:
            self.say(f"stopped after {steps} actions")
        else:
            self.say(f"step limit reached ({cfg.max_steps} actions); the game is not over")
        if cfg.record is not None:
            self.save(cfg.record)
        return 0

    def ask(self, legal: tuple[object, ...]) -> object | None:
        """The user's choice among the legal actions; a refused try is explained and recorded."""
        game, st, seat = self.game, self.st, self.cfg.seat
        menu = [game.action_json(a) for a in legal]
        while True:
            self.say(st.head(f"seat {seat} to move:"))
            for k, a in enumerate(menu, start=1):
                self.say(f"  {k:>3}) {describe_action(a, st, with_seat=False)}")
            self.out.write("> ")
            self.out.flush()
            line = self.inp.readline()
            if not line:
                self.say("(end of input)")
                return None
            text = line.strip()
            if text in ("q", "quit", "exit"):
                return None
            if text in ("", "?", "h", "help"):
                self.say(st.dim(HELP))
                continue
            if text == "t":
                self.say(draw_table(game, self.state, self.cfg.players, st))
                continue
            if text.isdigit():
                k = int(text) if len(text) <= 6 else 0  # no menu is that long
                if 1 <= k <= len(menu):
                    return legal[k - 1]
                shown = text if len(text) <= 12 else text[:12] + "…"
                self.say(f"{st.bad('no action')} {shown}: choose 1 to {len(menu)}")
                continue
            chosen = self.typed(text, legal, menu)
            if chosen is not None:
                return chosen

    def typed(self, text: str, legal: tuple[object, ...], menu: list[JSONObject]) -> object | None:
        """An action typed as JSON or as a card: the legal one, or None after explaining why not."""
        game, st, seat = self.game, self.st, self.cfg.seat
        obj: JSON
        if text.startswith("{"):
            try:
                obj = json.loads(text)
            except ValueError as e:
                self.say(f"{st.bad('not JSON')}: {e}")
                return None
            if isinstance(obj, dict) and "seat" not in obj:
                obj["seat"] = seat
        else:
            try:
                parse_card(text.upper())
            except ValueError:
                self.say(f"{st.bad('not understood')}: {text!r}; {HELP}")
                return None
            card = text.upper()
            matches = [a for a, j in zip(legal, menu, strict=True) if j.get("card") == card]
            if len(matches) == 1:
                return matches[0]
            if len(matches) > 1:
                self.say(f"{card} is in several actions: choose one by its number")
                return None
            obj = {"type": "play", "seat": seat, "card": card}
        try:
            action = game.parse_action(obj)
        except FormatError as e:
            self.say(f"{st.bad('not an action of ' + game.id)}: {e}")
            return None
        try:
            game.apply(self.state, action)
        except IllegalAction as e:
            self.refused(action, e)
            return None
        return action

    def refused(self, action: object, e: IllegalAction) -> None:
        game, st = self.game, self.st
        self.say(f"{st.bad('refused')} by {st.rule(e.rule_id)}: {e.message}")
        rule = rule_by_id(game, e.rule_id)
        if rule is not None:
            self.say("\n".join(explain_rule(rule, st, "  ", rulings=True)))
        self.say(st.dim("the game goes on; the position is unchanged"))
        self.log.steps.append({"act": game.action_json(action), "expect": {"rejected": e.rule_id}})
        self.log.refused.append(e.rule_id)

    def scenario(self, scenario_id: str) -> JSONObject:
        """The game played so far as a ``found`` scenario."""
        cfg, game = self.cfg, self.game
        final = observe_all(game, self.state, cfg.players)
        # The rules a found scenario names are those it saw refuse an action (none when
        # nothing was refused: a found scenario names its rules once triaged).
        rules: list[JSON] = [*sorted(set(self.log.refused))]
        options: JSONObject = dict(cfg.options)
        acts = sum(1 for s in self.log.steps if isinstance(s, dict) and "expect" not in s)
        return {
            "id": scenario_id,
            "game": game.id,
            "title": f"Found by play: {cfg.players} players, seed {cfg.seed}, {acts} actions",
            "rules": rules,
            "rulings": dict(options),
            "level": "found",
            "tags": ["found", "play"],
            "found_by": {
                "seed": cfg.seed,
                "command": cfg.command,
                "date": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            },
            "setup": {
                "players": cfg.players,
                "dealer": cfg.dealer,
                "options": dict(options),
                "deal": deal_to_json(self.deal),
            },
            "steps": [*self.log.steps, {"expect": final}],
        }

    def save(self, path: Path) -> None:
        doc = self.scenario(path.stem)
        text = json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        except OSError as e:  # nothing is lost: the game goes to the output instead
            self.say(f"cannot write {path} ({e.strerror}); the recorded scenario follows:")
            self.out.write(text)
            return
        self.say(f"recorded {path} (replay: python -m conformance run {shlex.quote(str(path))})")


def cmd_play(cfg: Settings, inp: TextIO, out: TextIO, st: Style) -> int:
    """Play (or watch) one game."""
    return Session(cfg, inp, out, st).run()
