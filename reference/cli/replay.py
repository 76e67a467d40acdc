"""``replay``: a scenario step by step, the table drawn, each expectation checked as it goes."""

from __future__ import annotations

import difflib
import json
from pathlib import Path
from typing import TextIO

from conformance import engine, validate
from conformance.runner import printable
from reference.cli.common import (
    UsageError,
    as_seen,
    describe_action,
    draw_table,
    explain_rule,
    find_game,
    players_of,
    rule_by_id,
    sentence_lines,
    show_observable,
    show_value,
)
from reference.cli.style import Style
from reference.core.errors import FormatError, IllegalAction, SetupError
from reference.core.game import AnyGame
from reference.core.jsontypes import JSON, JSONObject


def find_scenario(name: str) -> Path:
    """A scenario file: the path given, or the suite's file with that id."""
    path = Path(name)
    if path.is_file():
        return path
    if path.suffix == ".json" or "/" in name:
        raise UsageError(f"no such scenario file: {name}")
    found = sorted(validate.SUITE.rglob(f"{name}.json"))
    if found:
        return found[0]
    ids = [p.stem for p in validate.SUITE.rglob("*.json")]
    close = difflib.get_close_matches(name, ids, n=5)
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    raise UsageError(f"no scenario {name!r} in the suite ({validate.SUITE}) and no such file{hint}")


def load(path: Path, err: TextIO, st: Style) -> JSONObject:
    """The scenario in a file; validation problems are shown as warnings, not fatal."""
    try:
        data = validate.read_scenario_file(path)
    except OSError as e:
        raise UsageError(f"{path}: cannot read: {e.strerror or e}") from None
    try:
        value: JSON = json.loads(data.decode("utf-8"))
    except RecursionError:
        raise UsageError(f"{path}: not a usable scenario (JSON nested too deeply)") from None
    except (UnicodeDecodeError, ValueError) as e:
        raise UsageError(f"{path}: not a JSON scenario ({e})") from None
    if not isinstance(value, dict):
        raise UsageError(f"{path}: a scenario is a JSON object")
    _, problems = validate.validate_bytes(str(path), data)
    for p in problems:
        err.write(f"{st.paint('warning', 'yellow')}: {printable(str(p))}\n")
    return _printable(value)


def _printable(value: dict[str, JSON]) -> JSONObject:
    """The scenario with every string (and key) safe for a terminal (:func:`printable`): a title
    or a quote holding an escape sequence is shown escaped, never played to the terminal."""

    def safe(v: JSON) -> JSON:
        if isinstance(v, str):
            return printable(v)
        if isinstance(v, list):
            return [safe(x) for x in v]
        if isinstance(v, dict):
            return {printable(k): safe(x) for k, x in v.items()}
        return v

    return {printable(k): safe(v) for k, v in value.items()}


class Replay:
    """Replays one scenario, writing as it goes; ``failures`` counts the ✗."""

    def __init__(
        self, scenario: JSONObject, out: TextIO, st: Style, brief: bool, seat: int | None = None
    ) -> None:
        self.s = scenario
        self.seat = seat
        self.out = out
        self.st = st
        self.brief = brief
        self.failures = 0
        self.checks = 0

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")

    def check(self, good: bool, text: str) -> None:
        self.checks += 1
        if not good:
            self.failures += 1
        self.say(f"  {self.st.ok() if good else self.st.bad()} {text}")

    def header(self, game: AnyGame) -> None:
        s, st = self.s, self.st
        self.say(f"{st.head(str(s.get('id')))}  {s.get('title', '')}")
        tags = s.get("tags")
        tag_text = ", ".join(str(t) for t in tags) if isinstance(tags, list) else ""
        self.say(st.dim(f"game {game.id} · level {s.get('level')} · tags {tag_text or '—'}"))
        source = s.get("source")
        if isinstance(source, list) and source:
            self.say("source:")
            for c in source:
                if isinstance(c, dict):
                    self.say("\n".join(sentence_lines(str(c.get("sentence")), st, "  ")))
                    self.say(f"    quoted: «{c.get('quote')}»")
        rules = s.get("rules")
        if isinstance(rules, list) and rules:
            self.say("rules:")
            for rid in rules:
                rule = rule_by_id(game, str(rid))
                if rule is None:
                    self.say(f"  {st.bad()} {rid}: not a rule of {game.id}")
                else:
                    self.say("\n".join(explain_rule(rule, st, "  ", rulings=False)))
        rulings = s.get("rulings")
        if isinstance(rulings, dict) and rulings:
            shown = ", ".join(
                f"{k}={show_value(v) if isinstance(v, (bool, int, str)) else v}"
                for k, v in rulings.items()
            )
            self.say(f"depends on: {shown}")
        found_by = s.get("found_by")
        if isinstance(found_by, dict):
            self.say(st.dim(f"found by: {json.dumps(found_by, ensure_ascii=False)}"))

    def run(self) -> int:
        game_id = self.s.get("game")
        if not isinstance(game_id, str):
            raise UsageError("the scenario names no game")
        game = find_game(game_id)
        self.header(game)
        try:
            setup, _ = engine.plan(self.s)
        except engine.ScenarioError as e:
            raise UsageError(f"cannot replay: {e}") from None
        self.say()
        self.say(self.st.head("setup") + " " + _setup_text(setup))
        expect_setup = self.s.get("setup_expect")
        want_refused = expect_setup.get("rejected") if isinstance(expect_setup, dict) else None
        try:
            _, state = engine.start(game_id, setup)
        except SetupError as e:
            if want_refused is not None:
                self.check(
                    e.rule_id == want_refused,
                    f"setup refused by {self.st.rule(str(e.rule_id))} (expected {want_refused})",
                )
            else:
                self.check(False, f"setup refused: {e}")
            self._explain(game, e.rule_id)
            return self.summary()
        except engine.ScenarioError as e:
            raise UsageError(f"cannot replay: {e}") from None
        if want_refused is not None:
            self.check(False, f"setup accepted (expected refused by {want_refused})")
            return self.summary()
        players = players_of(game, state)
        if self.seat is not None and not 0 <= self.seat < players:
            raise UsageError(f"--seat {self.seat}: a seat from 0 to {players - 1}")
        self.say(draw_table(game, state, players, self.st, viewer=self.seat))
        steps = self.s.get("steps")
        for i, step in enumerate(steps if isinstance(steps, list) else []):
            if not isinstance(step, dict):
                continue
            state = self.step(game, state, players, i, step)
        outcome = game.outcome(state)
        if outcome is not None:
            self.say(f"\noutcome: {self.st.value(outcome.to_json())}")
        return self.summary()

    def step(self, game: AnyGame, state: object, players: int, i: int, step: JSONObject) -> object:
        st = self.st
        act = step.get("act")
        expect = step.get("expect", "accepted")
        if isinstance(act, dict):
            want = expect.get("rejected") if isinstance(expect, dict) else None
            try:
                new = game.apply(state, game.parse_action(act))
                self.say(
                    f"\nstep {i}  {describe_action(as_seen(game, state, new, act, self.seat), st)}"
                )
            except IllegalAction as e:
                seen = as_seen(game, state, state, act, self.seat)
                self.say(f"\nstep {i}  {describe_action(seen, st)}")
                verdict = f"refused by {st.rule(e.rule_id)}: {e.message}"
                if want is None:
                    self.check(False, verdict + " (expected accepted)")
                else:
                    self.check(
                        e.rule_id == want,
                        verdict + ("" if e.rule_id == want else f" (expected {want})"),
                    )
                self._explain(game, e.rule_id)
                return state
            except FormatError as e:
                self.say(f"\nstep {i}  {describe_action(act, st)}")
                self.check(False, f"not an action of {game.id}: {e}")
                return state
            if want is None:
                self.check(True, "accepted")
            else:
                self.check(False, f"accepted (expected refused by {want})")
            if not self.brief:
                self.say(draw_table(game, new, players, st, viewer=self.seat))
            return new
        if isinstance(expect, dict):
            self.say(f"\nstep {i}  expect")
            for name, want_value in expect.items():
                try:
                    got = game.observe(state, name)
                except KeyError:
                    self.check(False, f"{name}: {game.id} has no such observable")
                    continue
                if engine.same(name, want_value, got):
                    self.check(True, f"{name} = {show_observable(name, got, st)}")
                else:
                    self.check(
                        False,
                        f"{name}: expected {show_observable(name, want_value, st)}, "
                        f"observed {show_observable(name, got, st)}",
                    )
        return state

    def _explain(self, game: AnyGame, rule_id: str | None) -> None:
        rule = rule_by_id(game, rule_id)
        if rule is not None:
            self.say("\n".join(explain_rule(rule, self.st, "      ", rulings=False)))

    def summary(self) -> int:
        st = self.st
        if self.failures:
            self.say(f"\n{st.bad('FAIL')}: {self.failures} of {self.checks} expectation(s) not met")
            return 1
        self.say(f"\n{st.ok('PASS')}: {self.checks} expectation(s) met")
        return 0


def _setup_text(setup: JSONObject) -> str:
    parts = []
    if "players" in setup:
        parts.append(f"{setup['players']} players")
    if "dealer" in setup:
        parts.append(f"dealer {setup['dealer']}")
    options = setup.get("options")
    if isinstance(options, dict) and options:
        parts.append(
            "options "
            + ", ".join(
                f"{k}={show_value(v) if isinstance(v, (bool, int, str)) else v}"
                for k, v in options.items()
            )
        )
    deal = setup.get("deal")
    if isinstance(deal, dict):
        if "seed" in deal:
            parts.append(f"deal: seed {deal['seed']}")
        elif "order" in deal:
            parts.append("deal: a given order")
        else:
            parts.append("deal: given hands")
    if "position" in setup:
        parts.append("from a position")
    return ", ".join(parts)


def cmd_replay(
    name: str, brief: bool, out: TextIO, err: TextIO, st: Style, *, seat: int | None = None
) -> int:
    """Replay a scenario by id or file (as ``seat`` sees it, if given); 1 if any expectation is
    not met."""
    scenario = load(find_scenario(name), err, st)
    return Replay(scenario, out, st, brief, seat).run()
