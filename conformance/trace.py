"""Traceability: sentences ↔ rules ↔ code ↔ scenarios ↔ rulings.

The check (``python scripts/trace.py``, run in CI) reports, per game, the
sentences by class, the rules, rulings and scenarios, and every gap by id. It
fails on any gap in a game marked complete in ``conformance/status.json``, and
on any dangling id or non-verbatim quote anywhere.

Gaps looked for:

* a normative sentence of the game cited by no rule and no ruling;
* a rule cited by no scenario, or never named in the game's code beyond its
  declaration (the point of enforcement);
* a rule or ruling citing a sentence or ruling that does not exist;
* a ruling whose options are not the game's, whose default reading does not
  select the option's default, or an option value no reading selects;
* a scenario whose quote is not verbatim, or which names an unknown rule or option;
* a sentence without a translation.
"""

from __future__ import annotations

import inspect
import json
import re
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from conformance.corpus import (
    MODAL,
    CitationError,
    all_sentences,
    cite,
    sentence_annotations,
    translations,
)
from reference import games
from reference.core.options import OptionValue
from reference.core.rules import CORE_RULES, Rule

ROOT: Final = Path(__file__).parent
REGISTER: Final = ROOT / "register.json"
STATUS: Final = ROOT / "status.json"
SCENARIOS: Final = ROOT / "scenarios"
_RULING_ID: Final = re.compile(r"^AMB-[A-Z0-9]+-\d{2}$")


@dataclass(frozen=True)
class Reading:
    key: str
    text: str
    option: Mapping[str, OptionValue] | None


@dataclass(frozen=True)
class Ruling:
    id: str
    game: str | None
    kind: str
    sentences: tuple[str, ...]
    question: str
    readings: tuple[Reading, ...]
    default: str
    #: why the default reading is the default (the traceability check asks for it)
    why: str | None = None


def load_register() -> dict[str, Ruling]:
    """The register of rulings by id."""
    raw = json.loads(REGISTER.read_text(encoding="utf-8"))
    out: dict[str, Ruling] = {}
    for entry in raw["rulings"]:
        readings = tuple(Reading(r["key"], r["text"], r.get("option")) for r in entry["readings"])
        out[entry["id"]] = Ruling(
            entry["id"],
            entry.get("game"),
            entry["kind"],
            tuple(entry["sentences"]),
            entry["question"],
            readings,
            entry["default"],
            entry.get("why"),
        )
    return out


def load_scenarios() -> list[tuple[Path, dict[str, object]]]:
    """Every scenario file of the suite, parsed."""
    out = []
    for path in sorted(SCENARIOS.rglob("*.json")):
        out.append((path, json.loads(path.read_text(encoding="utf-8"))))
    return out


def complete_games() -> frozenset[str]:
    """The games marked complete (their gaps fail the check)."""
    raw = json.loads(STATUS.read_text(encoding="utf-8"))
    return frozenset(str(g) for g in raw["complete"])


@dataclass
class GameReport:
    game: str
    sentences: dict[str, int] = field(default_factory=dict)
    rules: int = 0
    rulings: int = 0
    scenarios: int = 0
    gaps: list[str] = field(default_factory=list)


@dataclass
class Report:
    games: dict[str, GameReport]
    errors: list[str]
    untranslated: list[str]

    def failures(self, complete: frozenset[str]) -> list[str]:
        out = list(self.errors)
        for g in sorted(complete):
            rep = self.games.get(g)
            if rep is None:
                out.append(f"{g}: marked complete but not registered")
                continue
            out.extend(f"{g}: {gap}" for gap in rep.gaps)
        if complete and self.untranslated:
            out.append(
                f"{len(self.untranslated)} sentences have no translation: {self.untranslated[:5]}"
            )
        return out


def _enforced(rule: Rule, sources: Mapping[str, str]) -> bool:
    """Whether the rule id is named in the code beyond its declaration (in a raise or a comment)."""
    pattern = re.compile(re.escape(rule.id) + r"(?![\w-])")
    return sum(len(pattern.findall(text)) for text in sources.values()) >= 2


def _game_sources() -> dict[str, dict[str, str]]:
    """The source text of each game's module, by game id."""
    out: dict[str, dict[str, str]] = {}
    for gid, game in games().items():
        module = sys.modules.get(game.module)
        text = inspect.getsource(module) if module is not None else ""
        out[gid] = {gid: text}
    return out


def _iter_rule_refs(scenario: Mapping[str, object]) -> Iterator[str]:
    rules = scenario.get("rules", [])
    if isinstance(rules, list):
        yield from (str(r) for r in rules)
    steps = scenario.get("steps", [])
    if isinstance(steps, list):
        for step in steps:
            if isinstance(step, dict):
                expect = step.get("expect")
                if isinstance(expect, dict) and "rejected" in expect:
                    yield str(expect["rejected"])
    setup_expect = scenario.get("setup_expect")
    if isinstance(setup_expect, dict) and "rejected" in setup_expect:
        yield str(setup_expect["rejected"])


def _selects(scenario: Mapping[str, object], game: str, option: Mapping[str, OptionValue]) -> bool:
    """Whether a scenario of ``game`` depends on exactly these option values."""
    rulings = scenario.get("rulings")
    if scenario.get("game") != game or not isinstance(rulings, dict):
        return False
    return all(k in rulings and rulings[k] == v for k, v in option.items())


def check() -> Report:
    """Build the traceability report of the whole project."""
    sentences = all_sentences()
    notes = sentence_annotations()
    register = load_register()
    errors: list[str] = []
    reports: dict[str, GameReport] = {}
    sources = _game_sources()
    core_ids = {r.id for r in CORE_RULES}

    def known_ref(ref: str) -> bool:
        return ref in sentences or ref in register

    # The register itself.
    for ruling in register.values():
        if not _RULING_ID.match(ruling.id):
            errors.append(f"register: {ruling.id} is not a ruling id (AMB-<GAME>-<NN>)")
        for sid in ruling.sentences:
            if sid not in sentences:
                errors.append(f"register: {ruling.id} cites unknown sentence {sid}")
        if ruling.default not in {r.key for r in ruling.readings}:
            errors.append(
                f"register: {ruling.id} default {ruling.default!r} is not one of its readings"
            )
        if ruling.game is not None and ruling.game not in games():
            reports.setdefault(ruling.game, GameReport(ruling.game)).gaps.append(
                f"ruling {ruling.id} belongs to an unregistered game"
            )

    scenarios = load_scenarios()
    for gid, game in games().items():
        rep = reports.setdefault(gid, GameReport(gid))
        game_rules = {r.id: r for r in game.rules}
        own_rules = [r for r in game.rules if r.id not in core_ids]
        rep.rules = len(own_rules)
        # A game's rulings: its own, and those of another game that one of its options names
        # (a variant offering its base game's options under the base game's rulings).
        named = {spec.ruling for spec in game.options.values() if spec.ruling}
        game_rulings = [r for r in register.values() if r.game == gid or r.id in named]
        rep.rulings = len(game_rulings)
        # Sentences of the game by class.
        game_sentences = [sid for sid, n in notes.items() if n.game == gid]
        for sid in game_sentences:
            cls = notes[sid].cls
            rep.sentences[cls] = rep.sentences.get(cls, 0) + 1
        # Rules cite real things and are enforced in code.
        for rule in game.rules:
            if not rule.cites:
                rep.gaps.append(f"rule {rule.id} cites nothing")
            for ref in rule.cites:
                if not known_ref(ref):
                    errors.append(f"{gid}: rule {rule.id} cites unknown {ref}")
            if not rule.id.startswith((f"{gid}/", "core/")):
                errors.append(
                    f"{gid}: rule id {rule.id} is not in the game's or the core namespace"
                )
            if rule.id not in core_ids and not _enforced(rule, sources[gid]):
                rep.gaps.append(
                    f"rule {rule.id} is not named at a point of enforcement in the code"
                )
        # Normative sentences are cited.
        cited = {ref for r in game.rules for ref in r.cites}
        cited |= {sid for r in game_rulings for sid in r.sentences}
        for sid in game_sentences:
            if notes[sid].cls == "normative" and sid not in cited:
                rep.gaps.append(f"normative sentence {sid} is cited by no rule or ruling")
            if notes[sid].cls == "unclassified":
                rep.gaps.append(f"sentence {sid} is unclassified")
            modal = MODAL.search(sentences[sid].text) if sid in sentences else None
            if notes[sid].cls != "normative" and modal and not notes[sid].reason:
                rep.gaps.append(
                    f"sentence {sid} says «{modal.group(0)}» but is classed {notes[sid].cls} "
                    "with no reason"
                )
        for ruling in game_rulings:
            if not (ruling.why or "").strip():
                rep.gaps.append(f"ruling {ruling.id} does not say why its default is the default")
        # Rulings select real option values, the default matching.
        options = game.options
        selected: dict[str, set[str]] = {}
        for ruling in game_rulings:
            for reading in ruling.readings:
                for name, value in (reading.option or {}).items():
                    spec = options.get(name)
                    if spec is None:
                        errors.append(f"register: {ruling.id} names unknown option {gid}.{name}")
                        continue
                    if not spec.allows(value):
                        errors.append(
                            f"register: {ruling.id} reading {reading.key}: "
                            f"{name}={value!r} is not allowed"
                        )
                    selected.setdefault(name, set()).add(json.dumps(value))
                    if reading.key == ruling.default and value != spec.default:
                        errors.append(
                            f"register: {ruling.id} default reading sets {name}={value!r}, "
                            f"but the option's default is {spec.default!r}"
                        )
        for name, spec in options.items():
            if spec.ruling is not None:
                if spec.ruling not in register:
                    errors.append(f"{gid}: option {name} names unknown ruling {spec.ruling}")
                for value in spec.values:
                    if json.dumps(value) not in selected.get(name, set()):
                        rep.gaps.append(
                            f"option {name}={value!r} is selected by no reading of {spec.ruling}"
                        )
        # Scenarios.
        covered: set[str] = set()
        for path, sc in scenarios:
            if sc.get("game") != gid:
                continue
            rep.scenarios += 1
            sid_ = sc.get("id")
            cited_sources = sc.get("source")
            if not isinstance(cited_sources, list):
                cited_sources = []
            for i, src in enumerate(cited_sources):
                if isinstance(src, dict):
                    try:
                        cite(str(src.get("sentence")), str(src.get("quote")))
                    except CitationError as e:
                        errors.append(f"{path}: /source/{i}: {e}")
            for ref in _iter_rule_refs(sc):
                if ref not in game_rules:
                    errors.append(f"{path}: scenario {sid_} names unknown rule {ref}")
                covered.add(ref)
            rulings_ = sc.get("rulings", {})
            if isinstance(rulings_, dict):
                for name, value in rulings_.items():
                    spec = options.get(name)
                    if (
                        spec is None
                        or not isinstance(value, (bool, int, str))
                        or not spec.allows(value)
                    ):
                        errors.append(
                            f"{path}: scenario {sid_} depends on unknown option value "
                            f"{name}={value!r}"
                        )
        for rule in game.rules:
            if rule.id not in covered:
                rep.gaps.append(f"rule {rule.id} is tested by no scenario")
        # Non-default readings have scenarios.
        for ruling in game_rulings:
            for reading in ruling.readings:
                if reading.key == ruling.default or not reading.option:
                    continue
                if not any(_selects(sc, gid, reading.option) for _, sc in scenarios):
                    rep.gaps.append(f"reading {ruling.id}/{reading.key} has no scenario")
    untranslated = [sid for sid in sentences if sid not in translations()]
    return Report(reports, errors, untranslated)


def render(report: Report, complete: frozenset[str]) -> str:
    """The report as a table plus the gaps by id."""
    lines = [
        f"{'game':<18}{'status':<11}{'normative':>10}{'advice':>8}{'context':>9}{'unclass.':>9}"
        f"{'rules':>7}{'rulings':>9}{'scenarios':>11}{'gaps':>6}"
    ]
    for gid in sorted(report.games):
        r = report.games[gid]
        status = "complete" if gid in complete else "open"
        lines.append(
            f"{gid:<18}{status:<11}{r.sentences.get('normative', 0):>10}"
            f"{r.sentences.get('advice', 0):>8}"
            f"{r.sentences.get('context', 0):>9}{r.sentences.get('unclassified', 0):>9}"
            f"{r.rules:>7}{r.rulings:>9}{r.scenarios:>11}{len(r.gaps):>6}"
        )
    total = len(all_sentences())
    lines.append(f"sentences: {total}, translated: {total - len(report.untranslated)}")
    for gid in sorted(report.games):
        for gap in report.games[gid].gaps:
            lines.append(f"gap  {gid}: {gap}")
    for err in report.errors:
        lines.append(f"error {err}")
    return "\n".join(lines)
