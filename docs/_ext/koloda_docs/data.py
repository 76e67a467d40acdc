"""Everything the generated pages show, gathered from the project's own data.

Nothing here is written by hand: the corpus and its annotations and translations
(:mod:`conformance.corpus`), the register of rulings (:mod:`conformance.trace`),
the registered games with their rules and options (:func:`reference.games`), the
scenario files, and the game modules' source text (where each rule id is named
at its point of enforcement). A game registered in :func:`reference.games` is
picked up here with no change to the docs machinery.
"""

from __future__ import annotations

import ast
import inspect
import json
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

import conformance
from conformance.corpus import (
    DOCUMENTS,
    Annotation,
    Sentence,
    all_sentences,
    sentence_annotations,
    translations,
)
from conformance.trace import SCENARIOS, Report, Ruling, check, load_register
from reference import games
from reference.core.game import AnyGame
from reference.core.jsontypes import JSON, JSONObject
from reference.core.options import OptionSpec
from reference.core.rules import Rule

#: The repository: the folder holding the ``conformance`` and ``reference`` packages.
ROOT: Final = Path(conformance.__file__).resolve().parent.parent
UNCLASSIFIED: Final = Annotation("unclassified", None)


@dataclass(frozen=True, slots=True)
class CodePoint:
    """A line of a game's source that names a rule id."""

    file: str  # repository-relative path, e.g. reference/games/melniki_b.py
    line: int  # 1-based
    declaration: bool  # the rule's declaration (``Rule(...)``), not a point of enforcement


@dataclass(frozen=True, slots=True)
class SourceFile:
    """One source file of a game, with the lines that name rule ids."""

    path: str  # repository-relative
    stem: str  # used in line anchors: ``<stem>-L<n>``
    text: str
    rule_lines: Mapping[int, tuple[str, ...]]  # line -> rule ids named on it


@dataclass(frozen=True, slots=True)
class Scenario:
    """A scenario file, parsed, with where it lives."""

    id: str
    game: str
    path: str  # repository-relative
    data: JSONObject


@dataclass(frozen=True, slots=True)
class GameData:
    """One registered game and everything said about it."""

    id: str
    title: str
    game: AnyGame
    rules: tuple[Rule, ...]
    options: Mapping[str, OptionSpec]
    rulings: tuple[Ruling, ...]  # the register entries of this game
    passage: tuple[str, ...]  # sentence ids annotated for the game, corpus order
    scenarios: tuple[Scenario, ...]
    files: tuple[SourceFile, ...]
    code: Mapping[str, tuple[CodePoint, ...]]  # rule id -> lines naming it
    complete: bool

    @property
    def own_rules(self) -> tuple[Rule, ...]:
        """The game's own rules (``<game>/...``): what every page counts as its rules."""
        return tuple(r for r in self.rules if not r.id.startswith("core/"))

    @property
    def core_rules(self) -> tuple[Rule, ...]:
        """The ``core/`` conventions the game shares with others, counted apart."""
        return tuple(r for r in self.rules if r.id.startswith("core/"))

    @property
    def document(self) -> str | None:
        """The id of the source text the game comes from (``001``)."""
        return self.passage[0].split(":", 1)[0] if self.passage else None


@dataclass(frozen=True, slots=True)
class Citation:
    """Something that cites a sentence: a rule, a ruling or a scenario."""

    kind: str  # "rule" | "ruling" | "scenario"
    id: str
    game: str | None


@dataclass
class Corpus:
    """The whole project as the docs see it."""

    sentences: Mapping[str, Sentence]
    notes: Mapping[str, Annotation]
    english: Mapping[str, str]
    register: Mapping[str, Ruling]
    games: Mapping[str, GameData]
    #: What ``python scripts/trace.py`` finds (:func:`conformance.trace.check`): the one
    #: definition of a gap the pages use (a cell is painted as a gap only if it is one).
    report: Report
    cited_by: dict[str, list[Citation]] = field(default_factory=dict)

    def gaps(self, game: str) -> frozenset[str]:
        """The gaps the traceability check reports for a game."""
        rep = self.report.games.get(game)
        return frozenset(rep.gaps) if rep is not None else frozenset()

    def note(self, sid: str) -> Annotation:
        """The class and game of a sentence (unclassified if not annotated)."""
        return self.notes.get(sid, UNCLASSIFIED)

    def documents(self) -> tuple[str, ...]:
        """The document ids, in order."""
        return DOCUMENTS

    def sentences_of(self, doc: str) -> list[Sentence]:
        """The sentences of one document, in order."""
        return [s for s in self.sentences.values() if s.doc == doc]


def games_of(note: Annotation) -> frozenset[str]:
    """The game ids an annotation names (one id, or several separated by commas)."""
    if not note.game:
        return frozenset()
    return frozenset(g.strip() for g in note.game.split(",") if g.strip())


def is_sentence_id(ref: str) -> bool:
    """Whether a citation is a sentence id (else it is a ruling id)."""
    return re.fullmatch(r"\d{3}:P\d+\.S\d+", ref) is not None


def _relative(path: Path) -> str:
    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return path.as_posix()


def _source_files(game: AnyGame) -> list[Path]:
    """The files of the game's module: the module, or every file of its package."""
    module = sys.modules.get(game.module)
    if module is None:
        return []
    found = inspect.getsourcefile(module)
    if found is None:
        return []
    path = Path(found)
    games_dir = ROOT / "reference" / "games"
    if path.name == "__init__.py" or path.parent.resolve() != games_dir.resolve():
        return sorted(path.parent.rglob("*.py"))
    return [path]


def _declares(lines: list[str], index: int) -> bool:
    """Whether the rule id on line ``index`` (0-based) is inside a ``Rule(`` call's first line."""
    here = lines[index]
    before = lines[index - 1] if index > 0 else ""
    return "Rule(" in here or before.rstrip().endswith("Rule(")


def docstring_lines(text: str) -> frozenset[int]:
    """The 1-based lines of a module's docstring. A rule id named there is prose about the
    module (a summary of its rules), not a point where the code enforces the rule; a rule
    named in the docstring of the function or class that enforces it stays a point of
    enforcement, since the lines it names are that function's or class's."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return frozenset()
    first = tree.body[0] if tree.body else None
    if (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
    ):
        return frozenset(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return frozenset()


def _scan(
    paths: list[Path], rule_ids: list[str]
) -> tuple[list[SourceFile], dict[str, list[CodePoint]]]:
    patterns = {rid: re.compile(re.escape(rid) + r"(?![\w-])") for rid in rule_ids}
    files: list[SourceFile] = []
    code: dict[str, list[CodePoint]] = {rid: [] for rid in rule_ids}
    base = paths[0].parent if paths else ROOT
    for path in paths:
        text = path.read_text(encoding="utf-8")
        lines = text.split("\n")
        prose = docstring_lines(text)
        rule_lines: dict[int, tuple[str, ...]] = {}
        for i, line in enumerate(lines):
            if i + 1 in prose:
                continue
            named = tuple(rid for rid, pat in patterns.items() if pat.search(line))
            if not named:
                continue
            rule_lines[i + 1] = named
            for rid in named:
                code[rid].append(CodePoint(_relative(path), i + 1, _declares(lines, i)))
        stem = path.relative_to(base).with_suffix("").as_posix().replace("/", ".")
        files.append(SourceFile(_relative(path), stem, text, rule_lines))
    return files, code


def _load_scenarios() -> list[Scenario]:
    out: list[Scenario] = []
    for path in sorted(SCENARIOS.rglob("*.json")):
        raw: JSON = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(raw, dict):
            continue
        sid, game = raw.get("id"), raw.get("game")
        if isinstance(sid, str) and isinstance(game, str):
            out.append(Scenario(sid, game, _relative(path), raw))
    return out


def scenario_sources(sc: Scenario) -> list[tuple[str, str]]:
    """The (sentence id, quote) pairs a scenario cites."""
    out: list[tuple[str, str]] = []
    source = sc.data.get("source")
    if isinstance(source, list):
        for item in source:
            if isinstance(item, dict):
                sid, quote = item.get("sentence"), item.get("quote")
                if isinstance(sid, str) and isinstance(quote, str):
                    out.append((sid, quote))
    return out


def scenario_rules(sc: Scenario) -> list[str]:
    """The rule ids a scenario names: its ``rules`` and every rule it expects a refusal under."""
    out: list[str] = []
    rules = sc.data.get("rules")
    if isinstance(rules, list):
        out.extend(r for r in rules if isinstance(r, str))
    expects: list[JSON] = [sc.data.get("setup_expect")]
    steps = sc.data.get("steps")
    if isinstance(steps, list):
        expects.extend(s.get("expect") for s in steps if isinstance(s, dict))
    for expect in expects:
        if isinstance(expect, dict):
            rejected = expect.get("rejected")
            if isinstance(rejected, str) and rejected not in out:
                out.append(rejected)
    return out


def scenario_rulings(sc: Scenario) -> dict[str, JSON]:
    """The option values a scenario depends on."""
    rulings = sc.data.get("rulings")
    return dict(rulings) if isinstance(rulings, dict) else {}


def selects(sc: Scenario, option: Mapping[str, JSON]) -> bool:
    """Whether a scenario depends on exactly these option values."""
    given = scenario_rulings(sc)
    return bool(option) and all(k in given and given[k] == v for k, v in option.items())


def _complete() -> frozenset[str]:
    status = SCENARIOS.parent / "status.json"
    if not status.exists():
        return frozenset()
    raw: JSON = json.loads(status.read_text(encoding="utf-8"))
    listed = raw.get("complete") if isinstance(raw, dict) else None
    return frozenset(str(g) for g in listed) if isinstance(listed, list) else frozenset()


def load() -> Corpus:
    """Gather the corpus, the register, every registered game and the back references."""
    sentences = all_sentences()
    notes = sentence_annotations()
    register = load_register()
    scenarios = _load_scenarios()
    complete = _complete()
    game_data: dict[str, GameData] = {}
    for gid, game in sorted(games().items()):
        rules = tuple(game.rules)
        paths = _source_files(game)
        files, code = _scan(paths, [r.id for r in rules])
        passage = tuple(sid for sid in sentences if gid in games_of(notes.get(sid, UNCLASSIFIED)))
        game_data[gid] = GameData(
            id=gid,
            title=game.title,
            game=game,
            rules=rules,
            options=game.options,
            rulings=tuple(r for r in register.values() if r.game == gid),
            passage=passage,
            scenarios=tuple(sc for sc in scenarios if sc.game == gid),
            files=tuple(files),
            code={rid: tuple(points) for rid, points in code.items()},
            complete=gid in complete,
        )
    corpus = Corpus(sentences, notes, translations(), register, game_data, check())
    _back_references(corpus, scenarios)
    return corpus


def _back_references(corpus: Corpus, scenarios: list[Scenario]) -> None:
    def add(sid: str, citation: Citation) -> None:
        found = corpus.cited_by.setdefault(sid, [])
        if citation not in found:
            found.append(citation)

    for gid, g in corpus.games.items():
        for rule in g.rules:
            for ref in rule.cites:
                if is_sentence_id(ref):
                    add(ref, Citation("rule", rule.id, gid))
    for ruling in corpus.register.values():
        for sid in ruling.sentences:
            add(sid, Citation("ruling", ruling.id, ruling.game))
    for sc in scenarios:
        for sid, _quote in scenario_sources(sc):
            add(sid, Citation("scenario", sc.id, sc.game))
