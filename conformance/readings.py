"""The readings explorer: ``python -m conformance readings FILE|ID [--all] [--json] [--impl CMD]``.

It runs one scenario under every combination of the options it touches, then its own
combination under each other option of its game one at a time, and says which readings of the
register support it: in one screen, a table (a column per option that changes the result, a
row per set of combinations with one result: PASS or the first failing step), each first
failure, each reading once and a verdict; ``--all`` lists every run.

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
defaults in one option, every one that differs from the scenario's own in one option, and
then a sample of the rest drawn with ``random.Random(0)``, and says so.

**The search beyond** the options it touches: the scenario's own combination with one other
option of the game (one with readings) set to each of its other values, options by name, at
most :data:`SEARCH_CAP` runs (the options the bound leaves out are named). A reading found so
supports the scenario when no combination of the options it touches does.

**The verdict**: ``default`` (PASS under the default readings), ``readings`` (PASS under other
readings of the options it touches), ``uncited`` (PASS only with an option it does not touch
changed), ``none`` (no run passes, and the options move its first failure), ``unposed`` (every
run fails at the same step with the same observation: the register does not pose its
question; the sentences it cites are printed to raise it on), ``inexpressible`` (its setup
names an option or a value the game does not have: refused before any rule is judged, even
when it expects a refusal).

Each combination runs through the engine ``python -m conformance run`` uses
(:mod:`conformance.engine`), in this process against the reference, or with ``--impl``
through protocol v1 (:class:`conformance.runner.Session`); the judging is ``run``'s (a
rejection under another rule id is a warning unless ``--strict-codes``).

Exit status: 0 some reading supports it (``default``, ``readings``, ``uncited``), 1 none does
(``none``, ``unposed``, ``inexpressible``), 2 usage or a file that cannot be run (the file,
the JSON pointer and what is wrong), 3 implementation unusable.
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

from conformance import command, corpus, engine, runner, validate
from reference import games
from reference.core.game import AnyGame
from reference.core.jsontypes import JSON, JSONObject
from reference.core.options import OptionValue

FORMAT: Final = "koloda-readings/1"
#: The most combinations run for one scenario.
CAP: Final = 256
#: The most runs of the search beyond the options a scenario touches.
SEARCH_CAP: Final = 200
#: The most rows of the table, first failures and other options listed (``--all``: every one).
MAX_ROWS: Final = 8
MAX_FAILURES: Final = 4
#: The most readings the one-screen output prints (those that support the scenario first).
MAX_READINGS: Final = 8
MAX_MOVES: Final = 4
MAX_WARNINGS: Final = 3
#: A table cell standing for every value of its option.
ANY: Final = "*"
#: The outcome of a run whose setup names an option or value the game does not have.
INEXPRESSIBLE: Final = "INEXPRESSIBLE"
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


def core(axes: Sequence[Axis]) -> list[int]:
    """The combinations always run (indexes in product order, in this order): the defaults,
    the scenario's own, each value of each option alone on the defaults, then on the
    scenario's own."""
    own = {a.option: a.scenario_value for a in axes if a.scenario_value is not None}
    picked: dict[int, None] = {0: None, index_of(axes, own): None}
    for base in ({}, own):
        for a in axes:
            for v in a.values:
                picked[index_of(axes, {**base, a.option: v})] = None
    return list(picked)


def choose(axes: Sequence[Axis], cap: int = CAP) -> tuple[list[int], int]:
    """The combinations to run (indexes in product order, sorted) and the product's size."""
    total = product_size(axes)
    if total <= cap:
        return list(range(total)), total
    chosen = list(islice(core(axes), cap))
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


# --- the options a scenario does not touch ----------------------------------------------------


def other_axes(game: AnyGame, axes: Sequence[Axis], held: Sequence[Held]) -> tuple[Axis, ...]:
    """The options of the game with readings that the scenario does not touch, by name."""
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
    taken = {a.option for a in axes} | {h.option for h in held}
    out: list[Axis] = []
    for name in sorted(game.options):
        spec = game.options[name]
        if name in taken or len(spec.values) < 2:
            continue
        ordered = (spec.default, *(v for v in spec.values if not _eq(v, spec.default)))
        out.append(
            Axis(name, ordered, spec.default, None, tuple(owners.get(name, ())), ("not cited",))
        )
    return tuple(out)


def plan_search(
    others: Sequence[Axis], cap: int = SEARCH_CAP
) -> tuple[list[tuple[Axis, OptionValue]], tuple[str, ...]]:
    """The runs of the search beyond the cited options (each other option, by name, over every
    value but its default) within ``cap`` runs, and the options the bound left out."""
    runs: list[tuple[Axis, OptionValue]] = []
    cut: list[str] = []
    for a in others:
        more = [(a, v) for v in a.values[1:]]
        if cut or len(runs) + len(more) > cap:
            cut.append(a.option)
            continue
        runs.extend(more)
    return runs, tuple(cut)


def unexpressed(s: Mapping[str, JSON], game: AnyGame) -> tuple[str, ...]:
    """Why the scenario's setup cannot be put to the game at all: each option it sets that the
    game does not have, or a value the option does not allow (a JSON pointer, then what)."""
    setup = s.get("setup")
    position = setup.get("position") if isinstance(setup, dict) else None
    places: list[tuple[str, JSON]] = [
        ("/setup/options", setup.get("options") if isinstance(setup, dict) else None),
        (
            "/setup/position/options",
            position.get("options") if isinstance(position, dict) else None,
        ),
    ]
    out: list[str] = []
    for where, obj in places:
        if not isinstance(obj, dict):
            continue
        for name, value in obj.items():
            spec = game.options.get(name)
            if spec is None:
                out.append(f"{where}/{name}: {game.id} has no option {name}")
            elif not isinstance(value, (bool, int, str)) or not spec.allows(value):
                out.append(
                    f"{where}/{name}: {engine.canonical(value)} is not a value of {name} "
                    f"({spec.describe_values()})"
                )
    return tuple(out)


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
            if a.option in self.options and not _eq(self.options[a.option], a.default)
        }

    @property
    def passed(self) -> bool:
        return self.outcome == runner.PASS

    def result(self) -> str:
        """What the run came to, to compare runs: PASS, or the first failure and what was
        observed there, or the outcome and its message."""
        if self.passed:
            return runner.PASS
        if self.failure is not None:
            m = self.failure
            return f"{m.step}|{m.note}|{engine.canonical(m.observed)}"
        return f"{self.outcome}|{self.message}"

    def label(self) -> str:
        """The result for a table cell: PASS, or the first failing step (``step 4: legal``)."""
        if self.passed:
            return runner.PASS
        if self.outcome == INEXPRESSIBLE:
            return "inexpressible"
        if self.failure is not None:
            where = "setup" if self.failure.step is None else f"step {self.failure.step}"
            return f"{where}: {self.failure.note}"
        return self.outcome

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


@dataclass(slots=True)
class Probe:
    """The scenario's own combination with one option it does not touch set to another value."""

    axis: Axis
    value: OptionValue
    tried: Tried

    def name(self) -> str:
        return f"{self.axis.option}={engine.canonical(self.value)}"

    def reading_names(self) -> str:
        """The readings that select this value, as ``(AMB-X-NN reading b)``, or a note."""
        names = ", ".join(f"{r.ruling} reading {r.key}" for r in self.tried.readings)
        return f"({names})" if names else "(no reading of the register names this value)"

    def to_json(self) -> JSONObject:
        out = self.tried.to_json([self.axis])
        out["option"] = self.axis.option
        out["value"] = self.value
        return out


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
    *,
    started: list[JSONObject],
) -> Iterator[runner.Result]:
    """The runs through protocol v1; the answer to ``start`` is put in ``started``."""
    config = runner.Config(tuple(argv), timeout=timeout, strict_codes=strict_codes)
    first = runner.launch(argv, config.start_timeout)
    started.append(first[1].raw)
    session = runner.Session(config, first)
    try:
        # each combination under a name of its own: the session keys what it learns by file
        cases = [runner.Case.of(f"{path}#{i}", s) for i, s in enumerate(scenarios)]
        yield from session.run_many(cases)
    finally:
        session.close()


def _decided_at_setup(t: Tried) -> bool:
    """Whether the run came to an end at the setup (refused, unloadable, skipped)."""
    if t.outcome in (runner.ERROR, runner.SKIP):
        return True
    if t.failure is not None and t.failure.step is None:
        return True
    return any(w.step is None for w in t.warnings)


@dataclass(frozen=True, slots=True)
class Row:
    """A row of the table: a set of values of each option that changes the result (value
    indexes of its axis), and the results of the combinations tried there."""

    cells: tuple[frozenset[int], ...]
    results: tuple[str, ...]
    tried: tuple[Tried, ...]


@dataclass(slots=True)
class Exploration:
    """A scenario explored under the combinations of the options it touches, and under each
    other option of its game one at a time."""

    path: str
    scenario: JSONObject
    file_warnings: list[validate.Problem]
    rulings: tuple[Ruling, ...]
    axes: tuple[Axis, ...]
    held: tuple[Held, ...]
    total: int
    tried: list[Tried]
    implementation: list[str] | None
    sentences: tuple[str, ...] = ()
    unexpressed: tuple[str, ...] = ()
    others: tuple[Axis, ...] = ()
    probes: list[Probe] = field(default_factory=list)
    search_cut: tuple[str, ...] = ()
    searched: bool = True
    search_cap: int = SEARCH_CAP
    #: the implementation's answer to ``start`` (``--impl``)
    start: JSONObject | None = None

    @property
    def sampled(self) -> bool:
        return len(self.tried) < self.total

    def default(self) -> Tried:
        return self.tried[0]

    def own(self) -> Tried:
        return next(t for t in self.tried if t.is_scenario)

    def passing(self) -> list[Tried]:
        return [t for t in self.tried if t.passed]

    def passing_probes(self) -> list[Probe]:
        """The runs beyond the cited options that pass where the scenario's own does not."""
        if self.own().passed:
            return []
        return [p for p in self.probes if p.tried.passed]

    def moving_probes(self) -> list[Probe]:
        """The runs beyond the cited options whose result is not the scenario's own."""
        own = self.own().result()
        return [p for p in self.probes if p.tried.result() != own]

    # --- the table ---

    def _position(self, t: Tried) -> tuple[int, ...]:
        """The value index of each option in a combination (from its index in product order)."""
        index, out = t.index, []
        for a in reversed(self.axes):
            index, i = divmod(index, len(a.values))
            out.append(i)
        return tuple(reversed(out))

    def relevant(self) -> tuple[int, ...]:
        """The varied options (indexes of :attr:`axes`) that change the result: two
        combinations tried that differ in that option alone come to different results."""
        where = [(self._position(t), t.result()) for t in self.tried]
        out: list[int] = []
        for i in range(len(self.axes)):
            seen: dict[tuple[int, ...], str] = {}
            for pos, result in where:
                rest = pos[:i] + pos[i + 1 :]
                if seen.setdefault(rest, result) != result:
                    out.append(i)
                    break
        return tuple(out)

    def tabled(self) -> list[Tried]:
        """The combinations the table shows: every one tried; of a sample, those of
        :func:`core` and those that pass (the rest are counted, see :meth:`untabled`)."""
        if not self.sampled:
            return self.tried
        always = set(core(self.axes))
        return [t for t in self.tried if t.index in always or t.passed]

    def untabled(self) -> list[Tried]:
        shown = {t.index for t in self.tabled()}
        return [t for t in self.tried if t.index not in shown]

    def rows(self) -> list[Row]:
        """The table: the combinations tabled grouped by the values of the options that change
        the result, rows with the same result merged where they differ in one option alone."""
        keep = self.relevant()
        groups: dict[tuple[int, ...], list[Tried]] = {}
        for t in self.tabled():
            pos = self._position(t)
            groups.setdefault(tuple(pos[i] for i in keep), []).append(t)
        rows = [
            Row(
                tuple(frozenset({k}) for k in key),
                tuple(dict.fromkeys(t.result() for t in members)),
                tuple(members),
            )
            for key, members in groups.items()
        ]
        merged = True
        while merged:
            merged = False
            for i, a in enumerate(rows):
                for j in range(i + 1, len(rows)):
                    b = rows[j]
                    if set(a.results) != set(b.results):
                        continue
                    differ = [k for k in range(len(keep)) if a.cells[k] != b.cells[k]]
                    if len(differ) != 1:
                        continue
                    k = differ[0]
                    cells = (*a.cells[:k], a.cells[k] | b.cells[k], *a.cells[k + 1 :])
                    rows[i] = Row(cells, a.results, a.tried + b.tried)
                    del rows[j]
                    merged = True
                    break
                if merged:
                    break
        return sorted(rows, key=lambda r: min(t.index for t in r.tried))

    def labels(self) -> dict[str, str]:
        """Each result of a run (tried or probe) and its label; runs that fail at the same step
        with different observations are told apart by a number (``step 4: legal #2``)."""
        runs = [*self.tried, *(p.tried for p in self.probes)]
        first: dict[str, Tried] = {}
        for t in runs:
            first.setdefault(t.result(), t)
        count: dict[str, int] = {}
        for t in first.values():
            count[t.label()] = count.get(t.label(), 0) + 1
        out: dict[str, str] = {}
        seen: dict[str, int] = {}
        for result, t in first.items():
            label = t.label()
            if count[label] > 1:
                seen[label] = seen.get(label, 0) + 1
                label = f"{label} #{seen[label]}"
            out[result] = label
        return out

    # --- the verdict ---

    def verdict(self) -> tuple[str, str, list[Reading]]:
        """The kind, a sentence, the supporting readings. The kinds: ``default`` (PASS under
        the default readings), ``readings`` (PASS under other readings of the options it
        cites), ``uncited`` (PASS only with an option it does not cite changed), ``none`` (no
        reading supports it), ``unposed`` (no option moves its first failure: the register does
        not pose its question), ``inexpressible`` (its setup names an option or value the game
        does not have)."""
        passing = self.passing()
        of = (
            f"{len(self.tried)} of {self.total} combinations (a sample)"
            if self.sampled
            else f"all {self.total} combination(s)"
        )
        if self.unexpressed and not passing:
            return (
                "inexpressible",
                f"inexpressible: its setup names an option or a value {self.scenario.get('game')} "
                f"does not have ({', '.join(w.split(':')[0] for w in self.unexpressed)}); the "
                "setup is refused before any rule is judged, so no reading of the register can "
                "support it or refute it.",
                [],
            )
        if self.default().passed:
            return (
                "default",
                f"PASS under the default readings; PASS under {len(passing)} of {of}.",
                [],
            )
        if passing:
            return self._verdict_readings(passing, of)
        found = self.passing_probes()
        if found:
            support: list[Reading] = []
            for p in found:
                support.extend(r for r in p.tried.readings if r not in support)
            names = ", ".join(f"{p.name()} {p.reading_names()}" for p in found)
            return (
                "uncited",
                f"FAIL under every reading of the options it touches ({of}); PASS under "
                f"{names}: an option it does not cite.",
                support,
            )
        runs = [*self.tried, *(p.tried for p in self.probes)]
        if not _decided_at_setup(self.own()):  # an option whose setup is refused asks nothing
            runs = [t for t in runs if not _decided_at_setup(t)]
        results = {t.result() for t in runs}
        if len(results) == 1:
            label = self.labels()[next(iter(results))]
            cut = " (within the bound of the search)" if self.search_cut or self.sampled else ""
            return (
                "unposed",
                f"the register does not pose this question: it fails at {label} under every "
                f"reading tried ({len(runs)} runs), and no option of {self.scenario.get('game')} "
                f"moves that failure{cut}; raise it on the sentence(s) it cites.",
                [],
            )
        labels = self.labels()
        moved = ", ".join(dict.fromkeys(labels[t.result()] for t in runs))
        untried = " (the others were not tried)" if self.sampled else ""
        return (
            "none",
            f"no reading of the register supports it: FAIL under {of}{untried} and under each "
            f"other option tried; the options move the first failure ({moved}) but none "
            "gives what it expects.",
            [],
        )

    def _verdict_readings(self, passing: list[Tried], of: str) -> tuple[str, str, list[Reading]]:
        head = f"FAIL under the default readings; PASS under {len(passing)} of {of}"
        matter = {self.axes[i].option for i in self.relevant()}

        def chosen(t: Tried) -> list[Reading]:
            """The non-default readings of a combination, of the options that change the
            result where there are such readings."""
            mine = [r for r in t.readings if not r.default]
            return [r for r in mine if matter & set(r.option)] or mine

        shared = [r for r in chosen(passing[0]) if all(r in chosen(t) for t in passing[1:])]
        if shared:
            names = ", ".join(f"{r.ruling} reading {r.key}" for r in shared)
            return "readings", f"{head}; supported by {names}.", shared
        support: list[Reading] = []
        for t in passing:
            for r in chosen(t):
                if r not in support:
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

    @property
    def supported(self) -> bool:
        return self.verdict()[0] in ("default", "readings", "uncited")

    def to_json(self) -> JSONObject:
        kind, text, support = self.verdict()
        s = self.scenario
        sentences = corpus.all_sentences()
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
            "sentences": [
                {"id": sid, "text": sentences[sid].text if sid in sentences else None}
                for sid in self.sentences
            ],
            "rulings_cited": [r.id for r in self.rulings],
            "axes": [a.to_json() for a in self.axes],
            "held": [h.to_json() for h in self.held],
            "unexpressed": list(self.unexpressed),
            "total": self.total,
            "tried": len(self.tried),
            "sampled": self.sampled,
            "cap": CAP,
            "combinations": [t.to_json(self.axes) for t in self.tried],
            "search": {
                "done": self.searched,
                "cap": self.search_cap,
                "options": [a.to_json() for a in self.others],
                "cut": list(self.search_cut),
                "runs": [p.to_json() for p in self.probes],
            },
            "verdict": {
                "kind": kind,
                "text": text,
                "supported_by": [r.to_json() for r in support],
                "passing": len(self.passing()),
            },
        }


def _sentences_cited(s: Mapping[str, JSON]) -> tuple[str, ...]:
    source = s.get("source")
    out: list[str] = []
    if isinstance(source, list):
        for c in source:
            sid = c.get("sentence") if isinstance(c, dict) else None
            if isinstance(sid, str) and sid not in out:
                out.append(sid)
    return tuple(out)


def explore(
    path: str,
    scenario: JSONObject,
    file_warnings: Sequence[validate.Problem] = (),
    *,
    impl: Sequence[str] | None = None,
    timeout: float = 10.0,
    strict_codes: bool = False,
    cap: int = CAP,
    search_cap: int = SEARCH_CAP,
) -> Exploration:
    """Run a checked scenario under the combinations of the options it touches, then its own
    combination under each other option of its game, one at a time (at most ``search_cap``
    runs; none when the setup names an option or value the game does not have)."""
    game = games().get(str(scenario.get("game")))
    if game is None:
        raise ExplorerError(f"{path}: /game: not a game of the reference")
    axes, held = touched(scenario, game)
    bad = unexpressed(scenario, game)
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
    others = other_axes(game, axes, held)
    runs, cut = plan_search(others, search_cap) if not bad else ([], ())
    own_values = combination(axes, own_index)
    probes: list[Probe] = []
    for axis, value in runs:
        values = {**own_values, axis.option: value}
        readings, unnamed = readings_of([axis], values)
        probes.append(Probe(axis, value, Tried(-1, values, readings, unnamed, False, False)))
        variants.append(with_options(scenario, values))
    everything = [*tried, *(p.tried for p in probes)]
    started: list[JSONObject] = []
    if impl is None:
        for t, v in zip(everything, variants, strict=True):
            t.outcome, t.failure, t.message, t.warnings = _judge_in_process(v, strict_codes)
    else:
        for t, result in zip(
            everything,
            _run_impl(path, variants, impl, timeout, strict_codes, started=started),
            strict=True,
        ):
            t.outcome = result.outcome
            t.failure = result.failures[0] if result.failures else None
            t.message = result.message
            t.warnings = list(result.warnings)
    if bad:
        for t in everything:
            if _decided_at_setup(t):
                t.outcome = INEXPRESSIBLE
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
        _sentences_cited(scenario),
        bad,
        others,
        probes,
        cut,
        not bad,
        search_cap,
        started[0] if started else None,
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


def _show(value: OptionValue) -> str:
    """An option value in a table cell: strings without their quotes."""
    return value if isinstance(value, str) else engine.canonical(value)


def _head(x: Exploration, out: TextIO) -> None:
    s = x.scenario
    out.write(f"{s.get('id')}: {s.get('title', '')} ({s.get('game')}, {x.path})\n")
    if isinstance(s.get("notes"), str):
        out.write(f"notes: {s['notes']}\n")
    for p in x.file_warnings:
        out.write(f"warning: {p}\n")
    if x.implementation is not None and x.start is not None:
        line = command.describe(x.start, x.implementation, default=False)
        out.write(runner.printable(line) + "\n")
    elif x.implementation is not None:
        out.write(f"implementation: {shlex.join(x.implementation)}\n")
    for why in x.unexpressed:
        out.write(f"inexpressible: {why}\n")


def _cell(a: Axis, values: frozenset[int]) -> str:
    if len(values) == len(a.values) and len(values) > 1:
        return ANY
    return "|".join(_show(a.values[k]) for k in sorted(values))


def _table(x: Exploration, labels: Mapping[str, str]) -> list[str]:
    """The table, or one line when no option changes the result; then what it leaves out."""
    keep = x.relevant()
    rows = x.rows()
    if not keep and len(rows) == 1:
        lines = [f"result: {_result(rows[0], labels)} under every combination"]
        shown = rows
    else:
        shown = _first_rows(rows)
        lines = _grid(x, keep, shown, labels)
    if len(shown) < len(rows):
        lines.append(f"  ... {len(rows) - len(shown)} more row(s) failing: --all lists them")
    rest = x.untabled()
    if rest:
        counts: dict[str, int] = {}
        for t in rest:
            counts[labels[t.result()]] = counts.get(labels[t.result()], 0) + 1
        spread = ", ".join(f"{label} {n}" for label, n in counts.items())
        lines.append(f"  and {len(rest)} more combination(s) of the sample: {spread}")
    return lines


def _result(row: Row, labels: Mapping[str, str]) -> str:
    return " or ".join(labels[k] for k in row.results)


def _first_rows(rows: Sequence[Row]) -> list[Row]:
    """At most :data:`MAX_ROWS` rows, in their order: those that pass, hold the defaults or
    the scenario's own combination first."""

    def rank(r: Row) -> int:
        marked = any(t.is_default or t.is_scenario for t in r.tried)
        return 0 if runner.PASS in r.results or marked else 1

    first = sorted(range(len(rows)), key=lambda i: rank(rows[i]))[:MAX_ROWS]
    return [rows[i] for i in sorted(first)]


def _grid(
    x: Exploration, keep: Sequence[int], shown: Sequence[Row], labels: Mapping[str, str]
) -> list[str]:
    """The table proper: a column per option that changes the result, a row per set of
    combinations with one result."""
    head = [x.axes[i].option for i in keep]
    body: list[list[str]] = []
    for r in shown:
        cells = [_cell(x.axes[i], c) for i, c in zip(keep, r.cells, strict=True)]
        result = _result(r, labels)
        marks = [
            m
            for m, on in (
                ("defaults", any(t.is_default for t in r.tried)),
                ("scenario's", any(t.is_scenario for t in r.tried)),
            )
            if on
        ]
        body.append([*cells, result, ", ".join(marks)])
    widths = [max(len(c) for c in col) for col in zip(*([*head, "result", ""], *body), strict=True)]
    lines = []
    for cells in ([*head, "result", ""], *body):
        text = "  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True))
        lines.append("  " + text.rstrip())
    if any(ANY in cells[: len(keep)] for cells in body):
        lines.append(f"  ({ANY}: any value)")
    return lines


def _readings_of_option(a: Axis) -> list[Reading]:
    """Every reading of the rulings owning an option that selects a value of it."""
    by_id = {r.id: r for r in register()}
    rulings = [by_id[rid] for rid in a.rulings if rid in by_id]
    return [reading for r in rulings for reading in r.readings if a.option in reading.option]


def _readings_shown(x: Exploration, support: Sequence[Reading]) -> list[Reading]:
    """The readings that support the scenario and the defaults they depart from, then the
    readings of the options in the table and of those beyond it that make the scenario pass
    (the reading found and the default it departs from)."""
    out: list[Reading] = []
    options = [x.axes[i] for i in x.relevant()] + [p.axis for p in x.passing_probes()]
    every = [r for a in options for r in _readings_of_option(a)]
    # the supporting readings first, each followed by the default it departs from
    departed = [r for r in every if r.default and any(r.ruling == s.ruling for s in support)]
    for reading in [*support, *departed, *every]:
        if reading not in out:
            out.append(reading)
    return out


def write_text(x: Exploration, out: TextIO) -> None:
    """The exploration for people, in one screen: a table, each reading once, the verdict."""
    _head(x, out)
    kind, text, support = x.verdict()
    sentences = ", ".join(x.sentences) or "no sentence"
    out.write(f"cites {sentences}; rulings {', '.join(r.id for r in x.rulings) or 'none'}\n")
    run = f"{len(x.tried)} run (a sample: more than {CAP})" if x.sampled else "every one run"
    if x.axes:
        out.write(f"varied: {len(x.axes)} option(s) it touches, {x.total} combinations, {run}\n")
    else:
        out.write("varied: none (it touches no option with readings)\n")
    reasons: dict[str, list[str]] = {}  # the options held for one reason, on one line
    for h in x.held:
        reasons.setdefault(h.why, []).append(f"{h.option}={engine.canonical(h.value)}")
    if reasons:  # on one line, each reason after the options it holds
        out.write("held " + "; ".join(f"{', '.join(h)}: {why}" for why, h in reasons.items()))
        out.write("\n")
    keep = set(x.relevant())
    idle = [a.option for i, a in enumerate(x.axes) if i not in keep]
    if idle:
        out.write(f"no effect on the result: {', '.join(idle)}\n")
    labels = x.labels()
    for line in _table(x, labels):
        out.write(line + "\n")
    _write_failures(x, labels, out)
    _write_warnings(x, out)
    _write_search(x, labels, out)
    shown = _readings_shown(x, support)
    if shown:
        out.write("readings:\n")
        for r in shown[:MAX_READINGS]:
            default = ", the default" if r.default else ""
            out.write(f"  {r.ruling} {r.key} ({_show_values(r.option)}{default}): {r.text}\n")
        if len(shown) > MAX_READINGS:
            out.write(f"  ... {len(shown) - MAX_READINGS} more reading(s): --all lists them\n")
    out.write(f"verdict: {text}\n")
    if kind == "unposed":
        _write_sentences(x, out)


def _write_failures(x: Exploration, labels: Mapping[str, str], out: TextIO) -> None:
    """Each first failure once: where, what was expected and what was observed."""
    firsts: dict[str, Tried] = {}
    for t in [*x.tried, *(p.tried for p in x.probes)]:
        if not t.passed and t.outcome != INEXPRESSIBLE:
            firsts.setdefault(t.result(), t)
    if not firsts:
        return
    out.write("first failures:\n")
    for n, (result, t) in enumerate(firsts.items()):
        if n == MAX_FAILURES:
            out.write(f"  ... {len(firsts) - n} more: --all lists them\n")
            break
        if t.failure is not None:
            m = t.failure
            what = (
                f"expected {engine.canonical(m.expected)}, observed {engine.canonical(m.observed)}"
            )
        else:
            what = t.message
        out.write(f"  {labels[result]}: {_clip(what)}\n")


def _write_warnings(x: Exploration, out: TextIO) -> None:
    """Each warning once (a refusal under another rule id than the scenario's), with the
    number of runs that gave it."""
    seen: dict[str, int] = {}
    for t in [*x.tried, *(p.tried for p in x.probes)]:
        if t.outcome != INEXPRESSIBLE:
            for w in t.warnings:
                seen[str(w)] = seen.get(str(w), 0) + 1
    for n, (text, runs) in enumerate(seen.items()):
        if n == MAX_WARNINGS:
            out.write(f"... {len(seen) - n} more warning(s): --all lists them\n")
            break
        out.write(f"warning: {_clip(text)} [{runs} run(s)]\n")


def _clip(text: str, width: int = 200) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


def _write_search(x: Exploration, labels: Mapping[str, str], out: TextIO) -> None:
    if not x.searched:
        out.write("other options: not tried (the setup cannot be put to the game)\n")
        return
    if not x.others:
        out.write("other options: none (the game has no other option with readings)\n")
        return
    cut = (
        f"; the bound of {x.search_cap} runs cut the search: {', '.join(x.search_cut)} not tried"
        if x.search_cut
        else ""
    )
    moving = x.moving_probes()
    tail = "" if moving else ": none changes the result"
    out.write(
        f"other options, one at a time on the scenario's own combination ({len(x.probes)} "
        f"run(s) of {len(x.others)} option(s)){cut}{tail}\n"
    )
    found = x.passing_probes()
    for p in found:
        out.write(f"  also passes under {p.name()} {p.reading_names()}\n")
    rest = [p for p in moving if p not in found]
    for n, p in enumerate(rest):
        if n == MAX_MOVES:
            out.write(f"  ... {len(rest) - n} more: --all lists them\n")
            break
        out.write(f"  under {p.name()} {p.reading_names()}: {labels[p.tried.result()]}\n")


def _write_sentences(x: Exploration, out: TextIO) -> None:
    """The sentences the scenario cites, with their text, to raise the question on."""
    sentences = corpus.all_sentences()
    english = corpus.translations()
    if not x.sentences:
        out.write("the scenario cites no sentence: name the one it rests on to raise it\n")
    for sid in x.sentences:
        found = sentences.get(sid)
        if found is None:
            out.write(f"  {sid}: no such sentence in the corpus\n")
            continue
        tr = english.get(sid)
        out.write(f"  {sid}: {found.text}" + (f" ({tr})" if tr else "") + "\n")


def write_detail(x: Exploration, out: TextIO) -> None:
    """Everything: each combination with its failure, warnings and readings (``--all``)."""
    _head(x, out)
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
        _write_run(t, f"  {t.outcome:<7} {label}" + (f"  ({marks.strip()})" if marks else ""), out)
    if x.searched and x.others:
        cut = (
            f" (the bound of {x.search_cap} runs cut: {', '.join(x.search_cut)})"
            if x.search_cut
            else ""
        )
        out.write(f"other options, one at a time on the scenario's own combination{cut}:\n")
        for p in x.probes:
            _write_run(p.tried, f"  {p.tried.outcome:<7} {p.name()}", out)
    kind, text, support = x.verdict()
    out.write(f"verdict: {text}\n")
    if support:
        out.write("supported by:\n")
        for r in support:
            out.write(f"  {r.ruling} reading {r.key}: {r.text}\n")
    if kind == "unposed":
        _write_sentences(x, out)


def _write_run(t: Tried, head: str, out: TextIO) -> None:
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


def main(
    target: str,
    *,
    as_json: bool = False,
    detail: bool = False,
    impl: str | None = None,
    timeout: float = 10.0,
    strict_codes: bool = False,
    out: TextIO = sys.stdout,
    err: TextIO = sys.stderr,
) -> int:
    """``python -m conformance readings``: the exit status."""
    try:
        argv = command.parse(impl, ()) if impl is not None else None
    except ValueError as e:
        err.write(f"readings: {e}\n")
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
    elif detail:
        write_detail(x, out)
    else:
        write_text(x, out)
    return EXIT_SUPPORTED if x.supported else EXIT_UNSUPPORTED
