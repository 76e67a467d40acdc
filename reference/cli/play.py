"""``play``: one seat against uniformly random opponents (or watch them all), optionally recorded
as a ``found`` scenario that ``python -m conformance run FILE`` replays."""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import shlex
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TextIO

from conformance import interface
from reference.cli.common import (
    SUIT_TYPED,
    UsageError,
    as_seen,
    changes,
    describe_action,
    draw_table,
    find_game,
    observe_all,
    options_in_force,
    parse_option,
    read_card,
    rule_by_id,
    ruling_in_force_lines,
    sentence_lines,
    show_value,
    source_title,
)
from reference.cli.style import Style
from reference.core.deals import deal_to_json
from reference.core.errors import FormatError, IllegalAction, SetupError
from reference.core.game import AnyGame, DeckOrder, Outcome, Table, seat_counts
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
    "'h' says what this game's actions mean, 't' shows the table, 'q' stops the game"
)

#: A menu longer than this is shown grouped by action kind, several choices a line.
LONG_MENU = 12
#: The width a grouped menu's lines and the help's lines keep within.
WIDTH = 96

#: A typed word: a card in the suite's notation, a number, a word (lower case), or chips on a
#: card (``A♥0``: the card and the number).
Token = str | int | tuple[str, int]
#: How the shell reads a line: the prompt in, the line out ("" at the end of the input).
LineReader = Callable[[str], str]


def is_terminal(inp: TextIO) -> bool:
    """Whether the input is a person at a terminal: the real standard input, a terminal."""
    return inp is sys.stdin and inp.isatty()


def line_reader(inp: TextIO, out: TextIO) -> LineReader:
    """How the shell reads its lines: at a terminal with ``input()``, ``readline`` loaded where
    there is one, so the arrow keys edit the line and recall earlier ones; from piped input a
    line at a time as it comes, the prompt written to ``out``."""
    if is_terminal(inp):
        with contextlib.suppress(ImportError):  # no readline: input() reads plain lines
            import readline  # noqa: F401, PLC0415  (loading it gives input() line editing)
        return read_at_terminal

    def read_piped(prompt: str) -> str:
        out.write(prompt)
        out.flush()
        return inp.readline()

    return read_piped


def read_at_terminal(prompt: str) -> str:
    """A line typed at the terminal (with its newline), or "" at the end of input."""
    try:
        return input(prompt) + "\n"
    except EOFError:
        return ""


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
    options = dict(parse_option(game, t) for t in option_texts)
    n = fewest_seated(game, options) if players is None else players
    if n not in game.players:
        raise UsageError(
            f"{game.id} is played by {game.players.start} to {game.players[-1]} players, not {n}"
        )
    if not 0 <= dealer < n:
        raise UsageError(f"--dealer {dealer} is not a seat of {n} players (0 to {n - 1})")
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


def fewest_seated(game: AnyGame, options: dict[str, OptionValue]) -> int:
    """The fewest seats the game sets up under these options (lotereya's banker and dealer
    play only under officers=play, so without it two seats are refused); the fewest of its
    range if it sets up none, for the setup to say why."""
    return min(seat_counts(game, options), default=game.players.start)


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
        self.read_line = line_reader(inp, out)
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
            self.say(f"game over after {steps} actions: {ending(outcome, cfg.seat)}")
            self.say(st.dim(json.dumps(outcome.to_json(), ensure_ascii=False)))
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
            for row in menu_lines(menu, st):
                self.say(row)
            line = self.read_line("> ")
            if not line:
                self.say("(end of input)")
                return None
            text = line.strip()
            if text in ("q", "quit", "exit"):
                return None
            if text == "":
                self.say(st.dim(HELP))
                continue
            if text in ("?", "h", "help"):
                self.say(st.dim(HELP))
                for row in action_help(self.game, menu):
                    self.say(row)
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
            return self.try_action(obj, text)
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
            return self.try_action({"type": "play", "seat": seat, "card": card}, text)
        if words and read_card(words[0]) is not None:  # several cards, no action named
            words = ["play", *words]
        return self.named(words, legal, menu, text)

    def named(
        self, words: list[str], legal: tuple[object, ...], menu: list[JSONObject], text: str
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
            action = self.try_action(built, text, quiet=True)
            if action is not None:
                return action
            if self.last_refusal:
                return None
        forms = list(dict.fromkeys(describe_action(j, st, with_seat=False) for _, j in same))
        shown = "; ".join(forms[:6]) + ("; …" if len(forms) > 6 else "")
        self.say(
            f"{st.bad('no such ' + kind)}: {' '.join(words[1:]) or '(nothing)'} is none of "
            f"the {len(same)} legal {kind} actions, which are typed: {shown}"
        )
        return None

    def try_action(self, obj: JSON, typed: str, quiet: bool = False) -> object | None:
        """The action as JSON, if it is legal; if refused, the refusal explained (in the words
        ``typed``) and recorded."""
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
            self.refused(action, e, typed)
            self.last_refusal = True
            return None
        return action

    def refused(self, action: object, e: IllegalAction, typed: str) -> None:
        """A refused try, in the words it was typed: the rule that refuses it, its statement
        (a game's rule with its sentences), and the rulings of that rule the game is using,
        each with the option in force and its reading."""
        game, st = self.game, self.st
        self.say(f"{typed}: {st.bad('refused')} by {st.rule(e.rule_id)}: {e.message}")
        rule = rule_by_id(game, e.rule_id)
        if rule is not None:
            self.say(f"  {st.rule(rule.id)}: {rule.statement}")
        if rule is not None and not rule.id.startswith("core/"):  # a convention: statement only
            for ref in rule.cites:
                if not ref.startswith("AMB-"):
                    self.say("\n".join(sentence_lines(ref, st, "    ")))
            in_force = options_in_force(game, self.cfg.options)
            for line in ruling_in_force_lines(rule, in_force, st, "    "):
                self.say(line)
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
    """A typed word: a card (``10h``), a number, a suit (``♥`` or ``h``: its letter), chips on
    a card (``A♥0``), or a word."""
    card = read_card(word)
    if card is not None:
        return card
    if word.lstrip("-").isdigit() and len(word) <= 9:
        return int(word)
    if word in SUIT_TYPED:
        return SUIT_TYPED[word].lower()
    chips = re.fullmatch(r"(10|\S)(\S)(-?[0-9]{1,9})", word)
    on = read_card(chips.group(1) + chips.group(2)) if chips else None
    if chips is not None and on is not None:
        return (on, int(chips.group(3)))
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
    """An action's fields as the words that type it, in order: cards, numbers, chips on cards
    (a mapping from cards to numbers, as Michigan's stake on each boodle card), words."""
    out: list[Token] = []
    for k, v in j.items():
        if k in ("type", "seat"):
            continue
        if isinstance(v, dict):
            out.extend((key, x) for key, x in v.items() if isinstance(x, int))
            continue
        items: list[JSON] = v if isinstance(v, list) else [v]
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
    chips on cards in any order (a card without chips may be left out), the same numbers and
    words in order; chips typed as bare numbers are those on each card in order."""
    if not any(isinstance(t, tuple) for t in typed):
        fields = [t[1] if isinstance(t, tuple) else t for t in fields]

    def cards(ts: list[Token]) -> list[str]:
        return sorted(t for t in ts if isinstance(t, str) and read_card(t) == t)

    def chips(ts: list[Token]) -> list[tuple[str, int]]:
        return sorted(t for t in ts if isinstance(t, tuple) and t[1] != 0)

    def rest(ts: list[Token]) -> list[Token]:
        return [
            t
            for t in ts
            if not isinstance(t, tuple) and not (isinstance(t, str) and read_card(t) == t)
        ]

    return (
        cards(fields) == cards(typed)
        and chips(fields) == chips(typed)
        and rest(fields) == rest(typed)
    )


def _build(template: JSONObject, typed: list[Token]) -> JSONObject | None:
    """The action of the template's type with the typed fields, to be refused with its rule when
    it is not legal; None when the words do not fill the template's fields."""
    cards = [t for t in typed if isinstance(t, str) and read_card(t) == t]
    numbers = [t for t in typed if isinstance(t, int)]
    words = [t for t in typed if isinstance(t, str) and read_card(t) != t]
    chips = [t for t in typed if isinstance(t, tuple)]
    out: JSONObject = {}
    for k, v in template.items():
        if k in ("type", "seat"):
            out[k] = v
        elif isinstance(v, list):
            out[k], cards = list(cards), []
        elif isinstance(v, dict) and chips:
            out[k], chips = dict(chips), []
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
    return out if not cards and not numbers and not words and not chips else None


def menu_lines(menu: list[JSONObject], st: Style) -> list[str]:
    """The numbered menu: one action a line; a long one (more than :data:`LONG_MENU`) grouped:
    per action kind a line with its count, then its choices in columns, several to a line,
    each under the number that chooses it (the same number as in the short menu)."""
    if len(menu) <= LONG_MENU:
        return [
            f"  {k:>3}) {describe_action(a, st, with_seat=False)}"
            for k, a in enumerate(menu, start=1)
        ]
    plain = Style(colour=False)  # the width of a choice, without colour codes
    digits = len(str(len(menu)))
    lines: list[str] = []
    for kind in dict.fromkeys(str(a.get("type")) for a in menu):
        numbered = [(k, a) for k, a in enumerate(menu, start=1) if str(a.get("type")) == kind]
        if len(numbered) == 1:  # a kind of one action: that action, as in a short menu
            k, a = numbered[0]
            lines.append(f"  {k:>{digits}}) {describe_action(a, st, with_seat=False)}")
            continue
        lines.append(f"  {kind} ({len(numbered)}):")
        column = max(len(_choice(a, plain)) for _, a in numbered) + digits + 4
        per_line = max(1, (WIDTH - 4) // column)
        for start in range(0, len(numbered), per_line):
            row = numbered[start : start + per_line]
            cells = [
                f"{k:>{digits}}) {_choice(a, st)}"
                + " " * (column - digits - 2 - len(_choice(a, plain)))
                for k, a in row
            ]
            lines.append(("    " + "".join(cells)).rstrip())
    return lines


def _choice(action: JSONObject, st: Style) -> str:
    """An action of a grouped menu: what follows its kind (``A♥0 K♦0 Q♠0 J♣4``), or its kind
    when nothing follows."""
    kind = str(action.get("type"))
    return describe_action(action, st, with_seat=False).removeprefix(kind).strip() or kind


def action_help(game: AnyGame, menu: list[JSONObject]) -> list[str]:
    """What each kind of action of the game means, from its interface: the kinds legal now
    first, one line a kind (the first sentence of its description, cut to fit)."""
    try:
        actions = interface.load(game.id).get("actions")
    except interface.InterfaceError:
        return []
    if not isinstance(actions, dict):
        return []
    now = [k for k in dict.fromkeys(str(a.get("type")) for a in menu) if k in actions]
    later = [k for k in actions if k not in now]
    width = max((len(k) for k in actions), default=0)
    out = [f"the actions of {game.id} (* legal now):"]
    for kind in [*now, *later]:
        entry = actions[kind]
        about = entry.get("description", "") if isinstance(entry, dict) else ""
        mark = "*" if kind in now else " "
        head = f" {mark} {kind:<{width}}  "
        out.append(head + _first_sentence(str(about), WIDTH - len(head)))
    return out


def _first_sentence(text: str, room: int) -> str:
    """The first sentence of a description, cut at a word to fit ``room`` characters."""
    first = re.split(r"(?<=[.!?])\s", text.strip(), maxsplit=1)[0]
    if len(first) <= room:
        return first
    return first[: room - 1].rsplit(" ", 1)[0].rstrip(",;:(") + "…"


def _seats(seats: Sequence[int], verb: str, you: int | None) -> str:
    """``seat 2 loses``, ``seats 0 (you) and 1 win``, ``seats 0, 1 and 3 win``, ``nobody
    wins``; the seat played (``you``) marked."""
    names = [f"{s} (you)" if s == you else str(s) for s in sorted(seats)]
    if not names:
        return f"nobody {verb}s"
    if len(names) == 1:
        return f"seat {names[0]} {verb}s"
    return f"seats {', '.join(names[:-1])} and {names[-1]} {verb}"


def ending(outcome: Outcome, you: int | None = None) -> str:
    """The outcome as a sentence: who loses and who wins (``you``: the seat played), why, and
    the scores if any."""
    losers, winners = outcome.losers, outcome.winners
    if losers and winners:
        who = f"{_seats(losers, 'lose', you)}; {_seats(winners, 'win', you)}"
    elif losers:
        who = f"{_seats(losers, 'lose', you)}; nobody wins this deal"
    elif winners:
        who = f"{_seats(winners, 'win', you)}; nobody loses this deal"
    else:
        who = "nobody wins or loses this deal"
    text = f"{who} ({outcome.reason})."
    if outcome.scores is not None:
        scores = ", ".join(f"seat {seat} {n}" for seat, n in enumerate(outcome.scores))
        text += f" Scores: {scores}."
    return text


def cmd_play(cfg: Settings, inp: TextIO, out: TextIO, st: Style) -> int:
    """Play (or watch) one game."""
    return Session(cfg, inp, out, st).run()
