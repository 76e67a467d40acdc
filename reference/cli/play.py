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
    as_seen,
    changes,
    describe_action,
    draw_table,
    explain_rule,
    find_game,
    observe_all,
    parse_option,
    read_card,
    rule_by_id,
    show_value,
    source_title,
)
from reference.cli.style import Style
from reference.core.deals import deal_to_json
from reference.core.errors import FormatError, IllegalAction, SetupError
from reference.core.game import AnyGame, DeckOrder, Table
from reference.core.jsontypes import JSON, JSONObject
from reference.core.options import OptionValue
from reference.core.shuffle import MASK64, shuffle

#: The first line of a game whose table is drawn with every card face up.
OPEN_MARK = "OPEN TABLE (--open): every card is shown face up, the others' hands too"
WATCH_MARK = "watching (--seat none): every card is shown face up"

HELP = (
    "type the number of an action; or a card to play it, as shown or as letters "
    "(10♥, 10h, TH); or an action by its name and its cards or numbers "
    "(exchange 7D TC, stake 1 1 1 1); or an action as JSON (the seat may be left out), "
    'e.g. {"type": "play", "card": "QS"}; '
    "'t' shows the table, 'q' stops the game"
)

#: A typed word: a card in the suite's notation, a number, or a word (lower case).
Token = str | int


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
    open: bool = False  # every hand face up (by default only the player's own is)


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
        self.last_refusal = False
        self.deal = DeckOrder(shuffle(cfg.game.pack, cfg.seed))
        table = Table(cfg.players, cfg.dealer, self.deal, cfg.options)
        try:
            self.state: object = cfg.game.setup(table)
        except SetupError as e:
            raise UsageError(f"the game cannot be set up: {e}") from None

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def viewer(self) -> int | None:
        """Whose eyes the table is drawn for: the player's seat, who sees only what the rules
        show him (the game's view); None with --open or when watching: every card face up."""
        return None if self.cfg.open else self.cfg.seat

    def table(self) -> str:
        cfg = self.cfg
        return draw_table(self.game, self.state, cfg.players, self.st, viewer=self.viewer())

    def run(self) -> int:
        cfg, game, st = self.cfg, self.game, self.st
        who = "watching" if cfg.seat is None else f"you play seat {cfg.seat}"
        opts = ", ".join(f"{k}={show_value(v)}" for k, v in cfg.options.items())
        self.say(
            st.head(f"{game.id}")
            + f"  {source_title(game.title)}: {cfg.players} players, dealer {cfg.dealer}, "
            + f"seed {cfg.seed}"
            + (f", {opts}" if opts else "")
            + f"; {who}"
        )
        if self.viewer() is None:
            self.say(st.bad(OPEN_MARK if cfg.seat is not None else WATCH_MARK))
        if cfg.seat is not None:
            self.say(st.dim(HELP))
        if cfg.seat is None:
            self.say(self.table())
        steps = 0
        stopped = False
        while game.outcome(self.state) is None and steps < cfg.max_steps:
            mover = game.to_move(self.state)
            legal = game.legal_actions(self.state)
            if mover is None or not legal:
                break
            if mover == cfg.seat:
                self.say(self.table())
                action = self.ask(legal)
                if action is None:
                    stopped = True
                    break
            else:
                action = self.rng.choice(legal)
            before = observe_all(game, self.state, cfg.players)
            was = self.state
            self.state = game.apply(self.state, action)
            acted = game.action_json(action)
            self.log.steps.append({"act": acted})
            steps += 1
            if not cfg.quiet or mover == cfg.seat:
                seen = as_seen(game, was, self.state, acted, self.viewer())
                self.say(f"{describe_action(seen, st)}")
            if not cfg.quiet:
                after = observe_all(game, self.state, cfg.players)
                for line in changes(before, after, _cards_of(acted), st):
                    self.say(f"  {line}")
        outcome = game.outcome(self.state)
        self.say(self.table())
        if outcome is not None:
            self.say(f"game over after {steps} actions: {st.value(outcome.to_json())}")
        elif stopped:
            self.say(f"stopped after {steps} actions")
        else:
            self.say(f"step limit reached ({cfg.max_steps} actions); the game is not over")
        if cfg.record is not None:
            self.save(cfg.record)
        return 0

    def in_hand_order(self, legal: tuple[object, ...]) -> list[tuple[object, JSONObject]]:
        """The legal actions with their JSON, in the order of the player's hand: actions without
        cards first (as the game lists them), then those of one card in the hand's order, then
        those of two cards, and so on."""
        hand_json: JSON = (
            self.game.observe(self.state, f"hand.{self.cfg.seat}")
            if "hand.<seat>" in self.game.observables
            else []
        )
        hand = [c for c in hand_json if isinstance(c, str)] if isinstance(hand_json, list) else []

        def place(j: JSONObject) -> tuple[int, ...]:
            found = [c for c in _cards_of(j) if c in hand]
            return (len(found), *sorted(hand.index(c) for c in found)) if found else (0,)

        pairs = [(a, self.game.action_json(a)) for a in legal]
        return sorted(pairs, key=lambda p: place(p[1]))

    def ask(self, legal: tuple[object, ...]) -> object | None:
        """The user's choice among the legal actions; a refused try is explained and recorded."""
        st, seat = self.st, self.cfg.seat
        ordered = self.in_hand_order(legal)
        legal = tuple(a for a, _ in ordered)
        menu = [j for _, j in ordered]
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
                self.say(self.table())
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
        """An action typed as JSON, as a card, or as its name and fields: the legal one, or None
        after explaining why not."""
        st, seat = self.st, self.cfg.seat
        obj: JSON
        if text.startswith("{"):
            try:
                obj = json.loads(text)
            except ValueError as e:
                self.say(f"{st.bad('not JSON')}: {e}")
                return None
            if isinstance(obj, dict) and "seat" not in obj:
                obj["seat"] = seat
            return self.try_action(obj)
        words = text.replace(",", " ").split()
        card = read_card(words[0]) if len(words) == 1 else None
        if card is not None:
            matches = [a for a, j in zip(legal, menu, strict=True) if _cards_of(j) == [card]]
            plays = [a for a, j in zip(legal, menu, strict=True) if j.get("card") == card]
            found = plays or matches
            if len(found) == 1:
                return found[0]
            if len(found) > 1:
                self.say(f"{st.value(card)} is in several actions: choose one by its number")
                return None
            return self.try_action({"type": "play", "seat": seat, "card": card})
        if words and read_card(words[0]) is not None:  # several cards, no action named
            words = ["play", *words]
        return self.named(words, legal, menu)

    def named(
        self, words: list[str], legal: tuple[object, ...], menu: list[JSONObject]
    ) -> object | None:
        """An action typed as its name and fields (``exchange 7D TC``, ``stake 1 1 1 1``),
        mapped onto the legal action with those fields; else why none matches."""
        st = self.st
        kind = words[0].lower() if words else ""
        args = [_token(w) for w in words[1:]]
        same = [(a, j) for a, j in zip(legal, menu, strict=True) if j.get("type") == kind]
        if not same:
            kinds = ", ".join(dict.fromkeys(str(j.get("type")) for j in menu))
            self.say(
                f"{st.bad('not understood')}: {' '.join(words)!r}: no {kind!r} now; "
                f"the actions now: {kinds} (type a number, 'h' for help)"
            )
            return None
        for a, j in same:
            if _fits(_fields(j), args):
                return a
        built = _build(same[0][1], args)
        if built is not None:
            action = self.try_action(built, quiet=True)
            if action is not None:
                return action
            if self.last_refusal:
                return None
        forms = list(dict.fromkeys(_form(j) for _, j in same))
        shown = "; ".join(forms[:6]) + ("; …" if len(forms) > 6 else "")
        self.say(
            f"{st.bad('no such ' + kind)}: {' '.join(words[1:]) or '(nothing)'} is none of "
            f"the {len(same)} legal {kind} actions, which are typed: {shown}"
        )
        return None

    def try_action(self, obj: JSON, quiet: bool = False) -> object | None:
        """The action as JSON, if it is legal; if refused, the refusal explained and recorded."""
        game, st = self.game, self.st
        self.last_refusal = False
        try:
            action = game.parse_action(obj)
        except FormatError as e:
            if not quiet:
                self.say(f"{st.bad('not an action of ' + game.id)}: {e}")
            return None
        try:
            game.apply(self.state, action)
        except IllegalAction as e:
            self.refused(action, e)
            self.last_refusal = True
            return None
        return action

    def refused(self, action: object, e: IllegalAction) -> None:
        game, st = self.game, self.st
        self.say(f"{st.bad('refused')} by {st.rule(e.rule_id)}: {e.message}")
        rule = rule_by_id(game, e.rule_id)
        if rule is not None and rule.id.startswith("core/"):  # a convention: its statement only
            self.say(f"  {st.rule(rule.id)}: {rule.statement}")
        elif rule is not None:
            self.say("\n".join(explain_rule(rule, st, "  ", rulings=True)))
        self.say(st.dim("the game goes on; the position is unchanged"))
        self.log.steps.append({"act": game.action_json(action), "expect": {"rejected": e.rule_id}})
        self.log.refused.append(e.rule_id)

    def scenario(self, scenario_id: str) -> JSONObject:
        """The game played so far as a ``found`` scenario."""
        cfg, game = self.cfg, self.game
        final = observe_all(game, self.state, cfg.players, views=True)
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


def _token(word: str) -> Token:
    card = read_card(word)
    if card is not None:
        return card
    if word.lstrip("-").isdigit() and len(word) <= 9:
        return int(word)
    return word.lower()


def _cards_of(j: JSONObject) -> list[str]:
    """The cards an action names (its ``card`` and ``cards`` fields)."""
    out: list[str] = []
    for key in ("card", "cards"):
        v = j.get(key)
        if isinstance(v, str):
            out.append(v)
        elif isinstance(v, list):
            out.extend(c for c in v if isinstance(c, str))
    return out


def _fields(j: JSONObject) -> list[Token]:
    """An action's fields as the words that type it, in order: cards, numbers (a mapping by its
    values, as Michigan's stake on each boodle card), words."""
    out: list[Token] = []
    for k, v in j.items():
        if k in ("type", "seat"):
            continue
        items: list[JSON] = (
            list(v.values()) if isinstance(v, dict) else v if isinstance(v, list) else [v]
        )
        for x in items:
            if isinstance(x, bool):
                out.append("true" if x else "false")
            elif isinstance(x, int):
                out.append(x)
            elif isinstance(x, str):
                out.append(read_card(x) or x.lower())
    return out


def _fits(fields: list[Token], typed: list[Token]) -> bool:
    """Whether typed words name an action's fields: the same cards in any order, the same
    numbers and words in order."""

    def cards(ts: list[Token]) -> list[str]:
        return sorted(t for t in ts if isinstance(t, str) and read_card(t) == t)

    def rest(ts: list[Token]) -> list[Token]:
        return [t for t in ts if not (isinstance(t, str) and read_card(t) == t)]

    return cards(fields) == cards(typed) and rest(fields) == rest(typed)


def _build(template: JSONObject, typed: list[Token]) -> JSONObject | None:
    """The action of the template's type with the typed fields, to be refused with its rule when
    it is not legal; None when the words do not fill the template's fields."""
    cards = [t for t in typed if isinstance(t, str) and read_card(t) == t]
    numbers = [t for t in typed if isinstance(t, int)]
    words = [t for t in typed if isinstance(t, str) and read_card(t) != t]
    out: JSONObject = {}
    for k, v in template.items():
        if k in ("type", "seat"):
            out[k] = v
        elif isinstance(v, list):
            out[k], cards = list(cards), []
        elif isinstance(v, dict):
            if len(numbers) < len(v):
                return None
            out[k] = {key: numbers.pop(0) for key in v}
        elif isinstance(v, bool):
            return None
        elif isinstance(v, int):
            if not numbers:
                return None
            out[k] = numbers.pop(0)
        elif isinstance(v, str) and read_card(v) == v:
            if not cards:
                return None
            out[k] = cards.pop(0)
        elif isinstance(v, str):
            if not words:
                return None
            out[k] = words.pop(0)
    return out if not cards and not numbers and not words else None


def _form(j: JSONObject) -> str:
    """How an action is typed: ``exchange 7D TC``."""
    return " ".join([str(j.get("type")), *(str(t) for t in _fields(j))])


def cmd_play(cfg: Settings, inp: TextIO, out: TextIO, st: Style) -> int:
    """Play (or watch) one game."""
    return Session(cfg, inp, out, st).run()
