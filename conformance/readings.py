"""The readings explorer: ``python -m conformance readings FILE|ID [--json] [--impl CMD]``.

It runs one scenario under every combination of the options it touches and says, per
combination, PASS or the first failing step, then which readings of the register support it.

**The options a scenario touches** are

1. the options named in its ``rulings``, its ``setup.options`` and its position's ``options``;
2. the options of the rulings it *cites*. A ruling of the register is cited by a scenario when
   the ruling is of the scenario's game and either a rule the scenario names cites the ruling
   by id, or the ruling's sentences share a sentence with the scenario's ``source`` or with the
   sentences its rules cite. A ruling's options are those its readings select and those the
   game declares with that ruling (:attr:`OptionSpec.ruling`).

Only options of the game are varied, each over its values (``OptionSpec.values``), the default
first. An agreed amount (an integer range: stakes, fees) is not a reading: it is held at the
scenario's value (else its default) in every combination. An option the game does not have is
held as the scenario gives it (the reference refuses such a setup, and that is judged).

**The defaults** are the combination with every varied option at its default. Combinations
are taken in product order (the defaults first); beyond :data:`CAP` of them the explorer runs
the defaults, the scenario's own combination, every combination that differs from the
defaults in one option, and then a sample of the rest drawn with ``random.Random(0)``, and
says so.

Each combination runs through the engine ``python -m conformance run`` uses
(:mod:`conformance.engine`), in this process against the reference, or with ``--impl``
through protocol v1 (:class:`conformance.runner.Session`); the judging is ``run``'s (a
rejection under another rule id is a warning unless ``--strict-codes``).

Exit status: 0 some combination passes, 1 none passes, 2 usage or a file that cannot be run,
3 implementation unusable.
"""

from __future__ import annotations

import copy
import json
import random
import re
import shlex
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import islice
from pathlib import Path
from typing import Final, TextIO

from conformance import engine, runner, validate
from reference import games
from reference.core.game import AnyGame
from reference.core.jsontypes import JSON, JSONObject
from reference.core.options import OptionValue

FORMAT: Final = "koloda-readings/1"
#: The most combinations run for one scenario.
CAP: Final = 256
REGISTER: Final = validate.PACKAGE / "register.json"
_SUITE_ID: Final = re.compile(r"^(?P<game>[a-z0-9]+(-[a-z0-9]+)*)-[0-9]{3,}$")

EXIT_SUPPORTED: Final = 0
EXIT_UNSUPPORTED: Final = 1


class ExplorerError(Exception):
    """The scenario cannot be explored: a missing file, an unknown id, an unrunnable file."""


# --- the register -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Reading:
    """One reading of a ruling and the option values it selects."""

    ruling: str
    key: str
    text: str
    option: Mapping[str, OptionValue]
    default: bool

    def to_json(self) -> JSONObject:
        return {
            "ruling": self.ruling,
            "key": self.key,
            "text": self.text,
            "option": dict(self.option),
            "default": self.default,
        }

    def __str__(self) -> str:
        return f"{self.ruling} reading {self.key}: {self.text}"


@dataclass(frozen=True, slots=True)
class Ruling:
    """A ruling of the register, as far as the explorer needs it."""

    id: str
    game: str | None
    sentences: frozenset[str]
    question: str
    readings: tuple[Reading, ...]


def _ruling(raw: JSON) -> Ruling | None:
    if not isinstance(raw, dict):
        return None
    rid, game, default = raw.get("id"), raw.get("game"), raw.get("default")
    sentences, readings = raw.get("sentences"), raw.get("readings")
    if not isinstance(rid, str) or not isinstance(readings, list):
        return None
    out: list[Reading] = []
    for r in readings:
        if not isinstance(r, dict):
            continue
        key, text, option = r.get("key"), r.get("text"), r.get("option")
        values: dict[str, OptionValue] = {}
        if isinstance(option, dict):
            values = {k: v for k, v in option.items() if isinstance(v, (bool, int, str))}
        out.append(Reading(rid, str(key), str(text), values, key == default))
    sents = (
        frozenset(s for s in sentences if isinstance(s, str))
        if isinstance(sentences, list)
        else frozenset()
    )
    question = raw.get("question")
    return Ruling(
        rid, game if isinstance(game, str) else None, sents, str(question or ""), tuple(out)
    )


@cache
def register() -> tuple[Ruling, ...]:
    """The rulings of ``conformance/register.json``."""
    data: JSON = json.loads(REGISTER.read_text(encoding="utf-8"))
    raw = data.get("rulings") if isinstance(data, dict) else None
    rulings = (_ruling(r) for r in raw) if isinstance(raw, list) else iter(())
    return tuple(r for r in rulings if r is not None)


# --- what a scenario touches -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Axis:
    """An option varied over its values: where it comes from and the rulings that own it."""

    option: str
    values: tuple[OptionValue, ...]
    default: OptionValue
    scenario_value: OptionValue | None
    rulings: tuple[str, ...]
    sources: tuple[str, ...]

    def to_json(self) -> JSONObject:
        return {
            "option": self.option,
            "values": list(self.values),
            "default": self.default,
            "scenario_value": self.scenario_value,
            "rulings": list(self.rulings),
            "from": list(self.sources),
        }


@dataclass(frozen=True, slots=True)
class Held:
    """An option the scenario touches that is not varied, and why."""

    option: str
    value: JSON
    why: str

    def to_json(self) -> JSONObject:
        return {"option": self.option, "value": self.value, "why": self.why}


def _scenario_options(s: Mapping[str, JSON]) -> tuple[dict[str, JSON], dict[str, list[str]]]:
    """The option values a scenario gives, and where each is named."""
    values: dict[str, JSON] = {}
    named: dict[str, list[str]] = {}
    setup = s.get("setup")
    position = setup.get("position") if isinstance(setup, dict) else None
    sources: list[tuple[str, JSON]] = [
        ("rulings", s.get("rulings")),
        ("setup.options", setup.get("options") if isinstance(setup, dict) else None),
        ("setup.position.options", position.get("options") if isinstance(position, dict) else None),
    ]
    for where, obj in sources:
        if isinstance(obj, dict):
            for name, value in obj.items():
                named.setdefault(name, []).append(where)
                if where != "rulings" or name not in values:
                    values[name] = value
    return values, named


def cited_rulings(s: Mapping[str, JSON], game: AnyGame) -> tuple[Ruling, ...]:
    """The rulings of the register a scenario cites (see the module docstring)."""
    rules = s.get("rules")
    names = {r for r in rules if isinstance(r, str)} if isinstance(rules, list) else set()
    cites: set[str] = set()
    for rule in game.rules:
        if rule.id in names:
            cites.update(rule.cites)
    sentences = set(cites)
    source = s.get("source")
    if isinstance(source, list):
        for c in source:
            sent = c.get("sentence") if isinstance(c, dict) else None
            if isinstance(sent, str):
                sentences.add(sent)
    return tuple(
        r for r in register() if r.game == game.id and (r.id in cites or r.sentences & sentences)
    )


def touched(s: Mapping[str, JSON], game: AnyGame) -> tuple[tuple[Axis, ...], tuple[Held, ...]]:
    """The options a scenario touches: those varied (sorted by name) and those held."""
    given, named = _scenario_options(s)
    sources: dict[str, list[str]] = {n: list(w) for n, w in named.items()}
    owners: dict[str, list[str]] = {}
    for r in register():
        if r.game != game.id:
            continue
        for reading in r.readings:
            for name in reading.option:
                if r.id not in owners.setdefault(name, []):
                    owners[name].append(r.id)
    for name, declared in game.options.items():
        if declared.ruling is not None and declared.ruling not in owners.setdefault(name, []):
            owners[name].append(declared.ruling)
    for r in cited_rulings(s, game):
        options = {n for reading in r.readings for n in reading.option}
        options |= {n for n, o in game.options.items() if o.ruling == r.id}
        for name in sorted(options):
            where = f"cited ruling {r.id}"
            if where not in sources.setdefault(name, []):
                sources[name].append(where)
    axes: list[Axis] = []
    held: list[Held] = []
    for name in sorted(sources):
        spec = game.options.get(name)
        value = given.get(name)
        if spec is None:
            held.append(Held(name, value, f"not an option of {game.id}"))
            continue
        if not spec.values:
            held.append(
                Held(
                    name,
                    spec.default if value is None else value,
                    "an agreed amount, not a reading: held at the scenario's value"
                    if value is not None
                    else "an agreed amount, not a reading: held at its default",
                )
            )
            continue
        ordered = (spec.default, *(v for v in spec.values if not _eq(v, spec.default)))
        mine = value if isinstance(value, (bool, int, str)) and spec.allows(value) else None
        if value is not None and mine is None:
            held.append(Held(name, value, f"not a value of {name}: the setup is held as given"))
            continue
        axes.append(
            Axis(
                name, ordered, spec.default, mine, tuple(owners.get(name, ())), tuple(sources[name])
            )
        )
    return tuple(axes), tuple(held)


def _eq(a: JSON, b: JSON) -> bool:
    return engine.canonical(a) == engine.canonical(b)


# --- combinations ------------------------------------------------------------------------------


def product_size(axes: Sequence[Axis]) -> int:
    n = 1
    for a in axes:
        n *= len(a.values)
    return n


def combination(axes: Sequence[Axis], index: int) -> dict[str, OptionValue]:
    """The ``index``-th combination in product order (the last axis varies fastest)."""
    out: dict[str, OptionValue] = {}
    for a in reversed(axes):
        index, i = divmod(index, len(a.values))
        out[a.option] = a.values[i]
    return {a.option: out[a.option] for a in axes}


def index_of(axes: Sequence[Axis], values: Mapping[str, OptionValue]) -> int:
    index = 0
    for a in axes:
        v = values.get(a.option, a.default)
        i = next((k for k, x in enumerate(a.values) if _eq(x, v)), 0)
        index = index * len(a.values) + i
    return index


def choose(axes: Sequence[Axis], cap: int = CAP) -> tuple[list[int], int]:
    """The combinations to run (indexes in product order, sorted) and the product's size."""
    total = product_size(axes)
    if total <= cap:
        return list(range(total)), total
    own = {a.option: a.scenario_value for a in axes if a.scenario_value is not None}
    picked: dict[int, None] = {0: None, index_of(axes, own): None}
    for a in axes:  # each reading alone, everything else at the defaults
        for v in a.values[1:]:
            picked[index_of(axes, {a.option: v})] = None
    chosen = list(islice(picked, cap))
    rest = cap - len(chosen)
    if rest > 0:
        rng = random.Random(0)
        taken = set(chosen)
        while rest > 0:
            i = rng.randrange(total)
            if i not in taken:
                taken.add(i)
                chosen.append(i)
                rest -= 1
    return sorted(chosen), total


def readings_of(
    axes: Sequence[Axis], values: Mapping[str, OptionValue]
) -> tuple[list[Reading], list[str]]:
    """The readings a combination selects (of the rulings owning its options), and the option
    values that no reading of the register names."""
    out: list[Reading] = []
    unnamed: list[str] = []
    by_id = {r.id: r for r in register()}
    for a in axes:
        found = False
        for rid in a.rulings:
            ruling = by_id.get(rid)
            if ruling is None:
                continue
            for reading in ruling.readings:
                if a.option in reading.option and _eq(reading.option[a.option], values[a.option]):
                    other = all(_eq(v, values[n]) for n, v in reading.option.items() if n in values)
                    if other and reading not in out:
                        out.append(reading)
                    found = found or other
        if not found:
            unnamed.append(f"{a.option}={engine.canonical(values[a.option])}")
    return out, unnamed


def with_options(s: Mapping[str, JSON], values: Mapping[str, OptionValue]) -> JSONObject:
    """The scenario with its setup's options set to ``values`` (the others as they were)."""
    out: JSONObject = copy.deepcopy(dict(s))
    setup = out.get("setup")
    if not isinstance(setup, dict):
        return out
    opts = setup.get("options")
    setup["options"] = {**(opts if isinstance(opts, dict) else {}), **values}
    position = setup.get("position")
    if isinstance(position, dict):
        pos = position.get("options")
        position["options"] = {**(pos if isinstance(pos, dict) else {}), **values}
    rulings = out.get("rulings")
    if isinstance(rulings, dict):
        out["rulings"] = {k: values.get(k, v) for k, v in rulings.items()}
    return out


# --- running ---------------------------------------------------------------------------------


@dataclass(slots=True)
class Tried:
    """One combination and how the scenario fared under it."""

    index: int
    options: dict[str, OptionValue]
    readings: list[Reading]
    unnamed: list[str]
    is_default: bool
    is_scenario: bool
    outcome: str = runner.PASS
    failure: engine.Mismatch | None = None
    message: str = ""
    warnings: list[engine.Mismatch] = field(default_factory=list)

    def deviations(self, axes: Sequence[Axis]) -> dict[str, OptionValue]:
        return {
            a.option: self.options[a.option]
            for a in axes
            if not _eq(self.options[a.option], a.default)
        }

    def to_json(self, axes: Sequence[Axis]) -> JSONObject:
        failure: JSON = None
        if self.failure is not None:
            m = self.failure
            failure = {
                "step": m.step,
                "expected": m.expected,
                "observed": m.observed,
                "note": m.note,
            }
        return {
            "index": self.index,
            "options": dict(self.options),
            "changed": dict(self.deviations(axes)),
            "default": self.is_default,
            "scenario": self.is_scenario,
            "readings": [r.to_json() for r in self.readings],
            "unnamed": list(self.unnamed),
            "outcome": self.outcome,
            "failure": failure,
            "message": self.message,
            "warnings": [str(w) for w in self.warnings],
        }


def _judge_in_process(
    s: Mapping[str, JSON], strict_codes: bool
) -> tuple[str, engine.Mismatch | None, str, list[engine.Mismatch]]:
    game_id = s.get("game")
    try:
        setup, steps = engine.plan(s)
        answer = engine.execute(str(game_id), setup, steps)
    except engine.ScenarioError as e:
        return runner.ERROR, None, f"the reference cannot load it: {e}", []
    except Exception as e:  # a fault of the reference is reported, not raised
        return runner.ERROR, None, f"the reference failed: {type(e).__name__}: {e}", []
    failures = engine.judge(s, answer, strict_codes=strict_codes)
    warnings = [] if strict_codes else runner.code_warnings(s, answer)
    if failures:
        return runner.FAIL, failures[0], "", warnings
    return runner.PASS, None, "", warnings


def _run_impl(
    path: str,
    scenarios: Sequence[JSONObject],
    argv: Sequence[str],
    timeout: float,
    strict_codes: bool,
) -> Iterator[runner.Result]:
    config = runner.Config(tuple(argv), timeout=timeout, strict_codes=strict_codes)
    first = runner.launch(argv, config.start_timeout)
    session = runner.Session(config, first)
    try:
        # each combination under a name of its own: the session keys what it learns by file
        cases = [runner.Case.of(f"{path}#{i}", s) for i, s in enumerate(scenarios)]
        yield from session.run_many(cases)
    finally:
        session.close()


@dataclass(slots=True)
class Exploration:
    """A scenario explored under the combinations of the options it touches."""

    path: str
    scenario: JSONObject
    file_warnings: list[validate.Problem]
    rulings: tuple[Ruling, ...]
    axes: tuple[Axis, ...]
    held: tuple[Held, ...]
    total: int
    tried: list[Tried]
    implementation: list[str] | None

    @property
    def sampled(self) -> bool:
        return len(self.tried) < self.total

    def default(self) -> Tried:
        return self.tried[0]

    def passing(self) -> list[Tried]:
        return [t for t in self.tried if t.outcome == runner.PASS]

    def verdict(self) -> tuple[str, str, list[Reading]]:
        """The kind (``default``, ``readings``, ``none``), a sentence, the supporting readings."""
        passing = self.passing()
        of = (
            f"{len(self.tried)} of {self.total} combinations (a sample)"
            if self.sampled
            else f"all {self.total} combination(s)"
        )
        if self.default().outcome == runner.PASS:
            return (
                "default",
                f"PASS under the default readings; PASS under {len(passing)} of {of}.",
                [],
            )
        if not passing:
            untried = " (the others were not tried)" if self.sampled else ""
            return (
                "none",
                f"no reading of the register supports it: FAIL under {of}{untried}.",
                [],
            )
        head = f"FAIL under the default readings; PASS under {len(passing)} of {of}"
        shared = [r for r in passing[0].readings if not r.default]
        shared = [r for r in shared if all(r in t.readings for t in passing[1:])]
        if shared:
            names = ", ".join(f"{r.ruling} reading {r.key}" for r in shared)
            return "readings", f"{head}; supported by {names}.", shared
        support: list[Reading] = []
        for t in passing:
            for r in t.readings:
                if not r.default and r not in support:
                    support.append(r)
        if support:
            names = ", ".join(f"{r.ruling} reading {r.key}" for r in support)
            return (
                "readings",
                f"{head}; no one reading is common to them all; supported by any of the "
                f"passing combinations, which select {names}.",
                support,
            )
        return (
            "readings",
            f"{head}, under option values no reading of the register names (see each passing "
            "combination).",
            [],
        )

    def to_json(self) -> JSONObject:
        kind, text, support = self.verdict()
        s = self.scenario
        return {
            "format": FORMAT,
            "scenario": {
                "id": s.get("id"),
                "game": s.get("game"),
                "file": self.path,
                "title": s.get("title"),
                "notes": s.get("notes"),
            },
            "implementation": list[JSON](self.implementation)
            if self.implementation is not None
            else None,
            "file_warnings": [
                {"pointer": p.pointer, "message": p.message} for p in self.file_warnings
            ],
            "rulings_cited": [r.id for r in self.rulings],
            "axes": [a.to_json() for a in self.axes],
            "held": [h.to_json() for h in self.held],
            "total": self.total,
            "tried": len(self.tried),
            "sampled": self.sampled,
            "cap": CAP,
            "combinations": [t.to_json(self.axes) for t in self.tried],
            "verdict": {
                "kind": kind,
                "text": text,
                "supported_by": [r.to_json() for r in support],
                "passing": len(self.passing()),
            },
        }


def explore(
    path: str,
    scenario: JSONObject,
    file_warnings: Sequence[validate.Problem] = (),
    *,
    impl: Sequence[str] | None = None,
    timeout: float = 10.0,
    strict_codes: bool = False,
    cap: int = CAP,
) -> Exploration:
    """Run a checked scenario under the combinations of the options it touches."""
    game = games().get(str(scenario.get("game")))
    if game is None:
        raise ExplorerError(f"{path}: /game: not a game of the reference")
    axes, held = touched(scenario, game)
    indexes, total = choose(axes, cap)
    own = {a.option: a.scenario_value for a in axes if a.scenario_value is not None}
    own_index = index_of(axes, own)
    tried: list[Tried] = []
    variants: list[JSONObject] = []
    for i in indexes:
        values = combination(axes, i)
        readings, unnamed = readings_of(axes, values)
        tried.append(Tried(i, values, readings, unnamed, i == 0, i == own_index))
        variants.append(with_options(scenario, values))
    if impl is None:
        for t, v in zip(tried, variants, strict=True):
            t.outcome, t.failure, t.message, t.warnings = _judge_in_process(v, strict_codes)
    else:
        for t, result in zip(
            tried, _run_impl(path, variants, impl, timeout, strict_codes), strict=True
        ):
            t.outcome = result.outcome
            t.failure = result.failures[0] if result.failures else None
            t.message = result.message
            t.warnings = list(result.warnings)
    return Exploration(
        path,
        scenario,
        list(file_warnings),
        cited_rulings(scenario, game),
        axes,
        held,
        total,
        tried,
        list(impl) if impl is not None else None,
    )


# --- finding and loading the scenario ---------------------------------------------------------


def locate(target: str) -> Path:
    """The file of ``target``: a path, or the id of a scenario of the suite."""
    path = Path(target)
    if path.exists() and not path.is_dir():
        return path  # a FIFO or device is refused when read, not waited on
    m = _SUITE_ID.match(target)
    if m is not None and not path.exists():
        hits = [validate.SUITE / m["game"] / f"{target}.json"]
        hits += sorted(validate.SUITE.rglob(f"{target}.json"))
        for found in hits:
            if found.is_file():
                try:
                    return found.relative_to(Path.cwd())
                except ValueError:
                    return found
        raise ExplorerError(f"{target}: no scenario of the suite has this id (and no such file)")
    if path.is_dir():
        raise ExplorerError(f"{target}: a directory; give one scenario file or id")
    raise ExplorerError(f"{target}: no such file, and not the id of a scenario of the suite")


def load(target: str) -> tuple[str, JSONObject, list[validate.Problem]]:
    """The file, the scenario and its warnings; :class:`ExplorerError` listing the problems."""
    path = locate(target)
    name = str(path)
    try:
        data = validate.read_scenario_file(path)
    except OSError as e:
        raise ExplorerError(f"{name}: cannot read: {e.strerror or e}") from None
    if validate.in_suite(path):
        scenario, problems = validate.validate_bytes(name, data)
        warnings: list[validate.Problem] = []
        if scenario is None:
            lines = "\n".join(str(p) for p in problems)
            raise ExplorerError(f"{lines}\nthe suite's file {name} is invalid")
    else:
        scenario, problems, warnings = validate.check_user_bytes(name, data)
        if scenario is None:
            lines = "\n".join(str(p) for p in problems)
            raise ExplorerError(f"{lines}\ncannot run {name}: {len(problems)} problem(s)")
    return name, scenario, warnings


# --- output -----------------------------------------------------------------------------------


def _show_values(values: Mapping[str, OptionValue]) -> str:
    return ", ".join(f"{k}={engine.canonical(v)}" for k, v in values.items()) or "-"


def write_text(x: Exploration, out: TextIO) -> None:
    """The exploration for people."""
    s = x.scenario
    out.write(f"{s.get('id')}: {s.get('title', '')} ({s.get('game')}, {x.path})\n")
    if isinstance(s.get("notes"), str):
        out.write(f"notes: {s['notes']}\n")
    for p in x.file_warnings:
        out.write(f"warning: {p}\n")
    if x.implementation is not None:
        out.write(f"implementation: {shlex.join(x.implementation)}\n")
    out.write(f"rulings cited: {', '.join(r.id for r in x.rulings) or 'none'}\n")
    if x.axes:
        out.write("options varied (default first):\n")
        for a in x.axes:
            vals = ", ".join(engine.canonical(v) for v in a.values)
            own = (
                ""
                if a.scenario_value is None
                else f"; the scenario sets {engine.canonical(a.scenario_value)}"
            )
            owners = ", ".join(a.rulings) or "no ruling"
            out.write(f"  {a.option}: {vals}  [{owners}; from {', '.join(a.sources)}{own}]\n")
    else:
        out.write("options varied: none (the scenario touches no option with readings)\n")
    for h in x.held:
        out.write(f"  held {h.option}={engine.canonical(h.value)}: {h.why}\n")
    if x.sampled:
        out.write(
            f"{x.total} combinations: more than {CAP}; running the defaults, the scenario's own, "
            f"each reading alone and a fixed sample: {len(x.tried)} in all\n"
        )
    else:
        out.write(f"{x.total} combination(s):\n")
    for t in x.tried:
        marks = "".join(
            m for m, on in (("default ", t.is_default), ("scenario's ", t.is_scenario)) if on
        )
        label = "defaults" if not t.deviations(x.axes) else _show_values(t.deviations(x.axes))
        head = f"  {t.outcome:<7} {label}" + (f"  ({marks.strip()})" if marks else "")
        out.write(head + "\n")
        if t.failure is not None:
            out.write(f"          first failure: {t.failure}\n")
        if t.message:
            out.write(f"          {t.message}\n")
        for w in t.warnings:
            out.write(f"          warning: {w}\n")
        for r in t.readings:
            if not r.default:
                out.write(f"          reading {r.ruling} {r.key}: {r.text}\n")
        for u in t.unnamed:
            out.write(f"          {u}: no reading of the register names this value\n")
    kind, text, support = x.verdict()
    out.write(f"verdict: {text}\n")
    if kind == "readings":
        out.write("supported by:\n")
        for r in support:
            out.write(f"  {r.ruling} reading {r.key}: {r.text}\n")


def main(
    target: str,
    *,
    as_json: bool = False,
    impl: str | None = None,
    timeout: float = 10.0,
    strict_codes: bool = False,
    out: TextIO = sys.stdout,
    err: TextIO = sys.stderr,
) -> int:
    """``python -m conformance readings``: the exit status."""
    try:
        argv = tuple(shlex.split(impl)) if impl is not None else None
    except ValueError as e:
        err.write(f"readings: --impl: {e}\n")
        return runner.EXIT_USAGE
    if argv is not None and not argv:
        err.write("readings: --impl: an empty command\n")
        return runner.EXIT_USAGE
    if timeout <= 0:
        err.write("readings: --timeout must be positive\n")
        return runner.EXIT_USAGE
    try:
        path, scenario, warnings = load(target)
        x = explore(path, scenario, warnings, impl=argv, timeout=timeout, strict_codes=strict_codes)
    except ExplorerError as e:
        err.write(f"readings: {e}\n")
        return runner.EXIT_USAGE
    except runner.UnusableError as e:
        err.write(f"readings: the implementation is unusable: {e}\n")
        return runner.EXIT_UNUSABLE
    if as_json:
        out.write(json.dumps(x.to_json(), ensure_ascii=False, indent=1) + "\n")
    else:
        write_text(x, out)
    return EXIT_SUPPORTED if x.passing() else EXIT_UNSUPPORTED
