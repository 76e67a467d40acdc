"""``python -m conformance report RESULTS.jsonl [MORE.jsonl ...] -o report.html``.

One static, self-contained HTML page (or Markdown, ``--markdown``, for a CI summary) from
the JSON-lines results of ``python -m conformance run --json``: one run, or several
implementations side by side. It shows the totals; the PASS, FAIL, ERROR, TIMEOUT, SKIP,
XFAIL and XPASS counts per game and per rule; and each scenario that failed (FAIL, ERROR,
TIMEOUT or XPASS in any run) with its title, its rules, its source sentences in Russian and
English, the link to it in the docs, what each run saw (the step, expected and observed)
and the commands that replay it.

Every input line is checked against ``schema/results.schema.json``; a line that is not
JSON, not UTF-8, or not of the schema is an error naming the file and the line (exit 2,
nothing written). A file without its summary line is an interrupted run: it is reported
as such, with the scenarios it has. Everything an implementation wrote (messages, observed
values, its name) is escaped, control characters shown as ``\\x1b``.

The docs links are relative to the report: by default to the docs built in this checkout
(``docs/_build/html``); ``--docs-url`` sets another base (a URL or a path). A scenario is
``_generated/game-<game>.html#sc-<id>`` there, a rule ``#rule-<rule id>`` and a sentence
``#s-<doc>-P<n>-S<m>`` on its game's page (the anchors of docs/contributing.rst).
"""

from __future__ import annotations

import html
import json
import os
import re
import sys
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Final, TextIO
from urllib.parse import quote

from jsonschema import Draft202012Validator

from conformance import corpus, validate
from conformance.engine import MULTISET_PREFIXES, MULTISETS, SETS, canonical
from conformance.runner import BAD, OUTCOMES, PASS, printable, replay_commands
from reference.core.jsontypes import JSON, JSONObject

EXIT_OK: Final = 0
EXIT_BAD_INPUT: Final = 2

RESULTS_SCHEMA: Final = validate.SCHEMA_DIR / "results.schema.json"
#: The docs of this checkout, as ``sphinx-build docs docs/_build/html`` writes them.
CHECKOUT_DOCS: Final = validate.PACKAGE.parent / "docs" / "_build" / "html"
#: The longest line read from a results file (a scenario's answer is at most 1 MiB a line).
MAX_LINE: Final = 16 * 1024 * 1024
#: The most problems listed for one file.
MAX_PROBLEMS: Final = 20
#: The first line of what ``run`` prints for people (an outcome word, or a banner), as opposed to
#: the JSON lines of its results file.
TEXT_OUTPUT: Final = re.compile(rb"\s*(PASS|FAIL|ERROR|TIMEOUT|SKIP|XFAIL|XPASS)\b|\s*[A-Za-z]")
#: The largest results file read (a run of the whole suite writes a few megabytes).
MAX_RESULTS: Final = 256 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class Problem:
    """Bad input: the file, the line (from 1; 0 for the file as a whole) and what is wrong."""

    file: str
    line: int
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {printable(self.message)}"


@dataclass(frozen=True, slots=True)
class Run:
    """One results file: its header, its scenario lines, its summary (None: interrupted)."""

    file: str
    header: JSONObject
    scenarios: tuple[JSONObject, ...]
    summary: JSONObject | None
    #: what the report says about the file besides its lines (an interruption, a cut line)
    notes: tuple[str, ...] = ()

    @property
    def impl(self) -> list[str]:
        impl = self.header.get("implementation")
        command = impl.get("command") if isinstance(impl, dict) else None
        return [str(x) for x in command] if isinstance(command, list) else []

    @property
    def name(self) -> str:
        """The implementation's name and version as it told them at start (else its command)."""
        impl = self.header.get("implementation")
        start = impl.get("start") if isinstance(impl, dict) else None
        about = start.get("implementation") if isinstance(start, dict) else None
        if isinstance(about, dict) and isinstance(about.get("name"), str):
            parts = [str(about["name"])]
            if isinstance(about.get("version"), str):
                parts.append(str(about["version"]))
            if isinstance(about.get("language"), str):
                parts.append(f"({about['language']})")
            return " ".join(parts)
        return " ".join(self.impl) or self.file

    @property
    def pinned(self) -> str | None:
        """The version of the suite the run was pinned to (``run --suite-version``), if any."""
        options = self.header.get("options")
        version = options.get("suite_version") if isinstance(options, dict) else None
        return version if isinstance(version, str) else None

    def replay_impl(self) -> list[str] | None:
        """The ``--impl`` of the replay command: None for the reference adapter (the default)."""
        argv = self.impl
        if len(argv) == 4 and argv[1:] == ["-m", "conformance", "adapter"]:
            return None
        return argv

    def counts(self) -> dict[str, int]:
        out = dict.fromkeys(OUTCOMES, 0)
        for s in self.scenarios:
            out[str(s["outcome"])] += 1
        return out

    def by_id(self) -> dict[str, JSONObject]:
        return {str(s["id"]): s for s in self.scenarios}


# --- reading and checking the results files ------------------------------------------------


@cache
def _validators() -> dict[str, Draft202012Validator]:
    """A validator for each kind of line (header, scenario, summary): errors of that kind only."""
    root = json.loads(RESULTS_SCHEMA.read_text(encoding="utf-8"))
    out: dict[str, Draft202012Validator] = {}
    for kind in ("header", "scenario", "summary"):
        schema = {k: v for k, v in root.items() if k != "oneOf"}
        schema["$ref"] = f"#/$defs/{kind}"
        out[kind] = Draft202012Validator(schema)
    return out


def line_problems(file: str, number: int, value: JSON) -> list[Problem]:
    """What is wrong with one parsed line against the results schema."""
    if not isinstance(value, dict):
        return [Problem(file, number, f"a line is a JSON object; this is {validate.show(value)}")]
    kind = value.get("type")
    if kind not in ("header", "scenario", "summary"):
        return [
            Problem(
                file,
                number,
                f"/type: {validate.show(kind)} is not a kind of line; "
                "use one of: header, scenario, summary",
            )
        ]
    out = []
    for error in sorted(_validators()[str(kind)].iter_errors(value), key=lambda e: e.path):
        ptr = validate.pointer(error.absolute_path) or "(line)"
        out.append(Problem(file, number, f"{kind} {ptr}: {validate.describe(error)}"))
    return out


def read_run(path: str) -> tuple[Run | None, list[Problem]]:
    """A results file, checked: the run, or the problems (file and line)."""
    try:
        data = validate.read_regular_file(Path(path), MAX_RESULTS, "a results file")
    except OSError as e:
        return None, [Problem(path, 0, f"cannot read: {e.strerror or e}")]
    problems: list[Problem] = []
    lines: list[tuple[int, JSONObject]] = []
    notes: list[str] = []
    raw_lines = data.split(b"\n")
    first = next((line for line in raw_lines if line.strip()), b"")
    if TEXT_OUTPUT.match(first):
        return None, [
            Problem(
                path,
                1 + raw_lines.index(first),
                "this looks like the text that run prints, not its results file: "
                "write one with python -m conformance run --json FILE",
            )
        ]
    cut = bool(raw_lines) and raw_lines[-1] != b""  # no newline after the last line
    for number, raw in enumerate(raw_lines, start=1):
        if not raw.strip():
            continue
        last = number == len(raw_lines)
        if len(raw) > MAX_LINE:
            problems.append(Problem(path, number, f"a line of {len(raw)} bytes; at most 16 MiB"))
            continue
        try:
            value = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError as e:
            problems.append(Problem(path, number, f"not UTF-8 (byte {e.start})"))
            continue
        except (json.JSONDecodeError, RecursionError) as e:
            if last and cut:
                notes.append(
                    f"line {number} is cut short (the run was stopped while writing it); "
                    "it is left out"
                )
                continue
            why = e.msg if isinstance(e, json.JSONDecodeError) else "nested too deeply"
            problems.append(Problem(path, number, f"not JSON: {why}"))
            continue
        found = line_problems(path, number, value)
        problems.extend(found)
        if not found and isinstance(value, dict):
            lines.append((number, value))
        if len(problems) >= MAX_PROBLEMS:
            problems.append(Problem(path, number, "too many problems; the rest are not listed"))
            return None, problems
    if not lines and not problems:
        return None, [Problem(path, 0, "empty: no header line (is it a results file of run?)")]
    problems += _order_problems(path, lines)
    if problems:
        return None, problems
    header = lines[0][1]
    summary = lines[-1][1] if lines[-1][1]["type"] == "summary" else None
    scenarios = tuple(v for _, v in lines if v["type"] == "scenario")
    if summary is None:
        notes.insert(
            0,
            "no summary line: the run was interrupted before it finished "
            f"({len(scenarios)} of {_selected(header)} scenarios have an outcome)",
        )
    elif summary.get("interrupted"):
        notes.insert(0, "the run was interrupted: the results are partial")
    if summary is not None and summary.get("unusable"):
        notes.append(f"the implementation was unusable: {summary['unusable']}")
    run = Run(path, header, scenarios, summary, tuple(notes))
    if summary is not None and summary.get("counts") != run.counts():
        said = _counts_text(summary.get("counts"))
        notes.append(
            f"the summary counts ({said}) differ from the scenario lines "
            f"({_counts_text(run.counts())}); the page counts the lines"
        )
        run = Run(path, header, scenarios, summary, tuple(notes))
    return run, []


def _counts_text(counts: JSON | Mapping[str, int]) -> str:
    if not isinstance(counts, Mapping):
        return "none"
    return ", ".join(f"{o} {counts[o]}" for o in OUTCOMES if counts.get(o)) or "none"


def _selected(header: Mapping[str, JSON]) -> str:
    suite = header.get("suite")
    n = suite.get("scenarios") if isinstance(suite, dict) else None
    return str(n) if isinstance(n, int) else "?"


def _order_problems(path: str, lines: Sequence[tuple[int, JSONObject]]) -> list[Problem]:
    """A header first, then scenario lines, then at most one summary, the last line; ids once."""
    out: list[Problem] = []
    if lines and lines[0][1]["type"] != "header":
        out.append(Problem(path, lines[0][0], "the first line must be the header"))
    seen: dict[str, int] = {}
    for i, (number, value) in enumerate(lines):
        kind = value["type"]
        if kind == "header" and i > 0:
            out.append(Problem(path, number, "a second header: one results file is one run"))
        if kind == "summary" and i != len(lines) - 1:
            out.append(Problem(path, number, "a line after the summary: the summary is the last"))
        if kind == "scenario":
            key = f"{value['file']}\0{value['id']}"
            if key in seen:
                out.append(
                    Problem(path, number, f"{value['id']} has an outcome on line {seen[key]} too")
                )
            seen.setdefault(key, number)
    return out


# --- what the suite says about a scenario ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Source:
    """A cited sentence: its id, the quote, the Russian text and our English translation."""

    sentence: str
    quote: str
    ru: str | None
    en: str | None


@dataclass(frozen=True, slots=True)
class About:
    """A scenario as the report shows it."""

    id: str
    game: str
    file: str
    title: str
    rules: tuple[str, ...]
    sources: tuple[Source, ...]


def _suite_scenario(game: str, sid: str, file: str) -> JSONObject | None:
    """The scenario file of the suite with that id (else the file the run names), if readable."""
    candidates = [validate.SUITE / game / f"{sid}.json"]
    if file:
        candidates.append(Path(file))
    for path in candidates:
        try:
            value = json.loads(validate.read_scenario_file(path))
        except (OSError, ValueError, RecursionError):
            continue
        if isinstance(value, dict) and value.get("id") == sid:
            return value
    return None


def about(line: Mapping[str, JSON]) -> About:
    """A scenario of a results line: its title and rules (from the line, else its file) and
    its source sentences (from its file, with the corpus's text and translation)."""
    sid, game, file = str(line["id"]), str(line["game"]), str(line["file"])
    scenario = _suite_scenario(game, sid, file) or {}
    title = line.get("title", scenario.get("title"))
    rules = line.get("rules", scenario.get("rules"))
    sources: list[Source] = []
    cited = scenario.get("source")
    for cite in cited if isinstance(cited, list) else []:
        if not isinstance(cite, dict) or not isinstance(cite.get("sentence"), str):
            continue
        sentence_id = str(cite["sentence"])
        found = corpus.all_sentences().get(sentence_id)
        quote_text = cite.get("quote")
        sources.append(
            Source(
                sentence_id,
                quote_text if isinstance(quote_text, str) else "",
                found.text if found is not None else None,
                corpus.translations().get(sentence_id),
            )
        )
    return About(
        sid,
        game,
        file,
        title if isinstance(title, str) else "",
        tuple(str(r) for r in rules) if isinstance(rules, list) else (),
        tuple(sources),
    )


# --- the model of the page ---------------------------------------------------------------------


@dataclass(slots=True)
class Tally:
    """Counts of outcomes, one dict per run."""

    per_run: list[dict[str, int]]

    @staticmethod
    def empty(runs: int) -> Tally:
        return Tally([dict.fromkeys(OUTCOMES, 0) for _ in range(runs)])

    def bad(self) -> bool:
        return any(c[o] for c in self.per_run for o in BAD)


@dataclass(slots=True)
class Model:
    """Everything the page shows."""

    runs: list[Run]
    docs: str
    games: dict[str, Tally] = field(default_factory=dict)
    rules: dict[str, dict[str, Tally]] = field(default_factory=dict)  # game -> rule -> tally
    failing: list[About] = field(default_factory=list)
    #: each run's scenario lines by id
    index: list[dict[str, JSONObject]] = field(default_factory=list)
    #: said on the page when its docs links point to docs that were not built
    docs_note: str = ""


def build(runs: Sequence[Run], docs: str) -> Model:
    """Count per game and per rule, and gather the scenarios that failed in any run."""
    model = Model(list(runs), docs, index=[r.by_id() for r in runs])
    order: dict[str, JSONObject] = {}
    for run in runs:
        for s in run.scenarios:
            order.setdefault(str(s["id"]), s)
    abouts = {sid: about(line) for sid, line in sorted(order.items(), key=_scenario_key)}
    for sid, info in abouts.items():
        model.games.setdefault(info.game, Tally.empty(len(runs)))
        for rule in info.rules or ("(no rule)",):
            model.rules.setdefault(info.game, {}).setdefault(rule, Tally.empty(len(runs)))
        failed = False
        for i in range(len(runs)):
            line = model.index[i].get(sid)
            if line is None:
                continue
            outcome = str(line["outcome"])
            model.games[info.game].per_run[i][outcome] += 1
            for rule in info.rules or ("(no rule)",):
                model.rules[info.game][rule].per_run[i][outcome] += 1
            failed = failed or outcome in BAD
        if failed:
            model.failing.append(info)
    model.games = dict(sorted(model.games.items()))
    model.rules = {g: dict(sorted(r.items())) for g, r in sorted(model.rules.items())}
    return model


def _scenario_key(item: tuple[str, JSONObject]) -> tuple[str, str]:
    return (str(item[1]["game"]), item[0])


def docs_href(base: str, game: str, anchor: str) -> str:
    """A link into the docs: the game's page, at an anchor (quoted like the docs quote it)."""
    if base and not base.endswith("/"):
        base += "/"
    return f"{base}_generated/game-{quote(game)}.html#{quote(anchor, safe='/:-._~')}"


def sentence_anchor(sid: str) -> str:
    """The anchor of a sentence in the docs: ``002:P6.S1`` -> ``s-002-P6-S1``."""
    return "s-" + sid.replace(":", "-").replace(".", "-")


def default_docs(output: str | None) -> str:
    """The built docs of this checkout, relative to where the report is written."""
    where = Path(output).resolve().parent if output else Path.cwd()
    rel = os.path.relpath(CHECKOUT_DOCS, where)
    return Path(rel).as_posix().rstrip("/") + "/"


# --- HTML ------------------------------------------------------------------------------------


def h(value: object) -> str:
    """Text for HTML (content or attribute): control characters shown, markup escaped."""
    return html.escape(printable(str(value)), quote=True)


def json_h(value: JSON) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    return h(text)


_CSS: Final = """
body{font:15px/1.45 system-ui,sans-serif;margin:1.5em auto;max-width:80em;padding:0 1em;
color:#111}
h1{font-size:1.6em}h2{margin-top:1.6em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:.5em 0}
th,td{border:1px solid #ccc;padding:.2em .5em;text-align:right;vertical-align:top}
th.name,td.name{text-align:left}
td.zero{color:#bbb}
.o-PASS{background:#e3f5e1}.o-FAIL,.o-ERROR,.o-TIMEOUT,.o-XPASS{background:#fbe0e0}
.o-SKIP,.o-XFAIL{background:#f3f0e0}
.badge{display:inline-block;padding:0 .4em;border-radius:.3em;font-weight:600}
.scroll{overflow-x:auto}
.note{background:#fff4d6;border-left:4px solid #e0a800;padding:.3em .6em}
.failure{border:1px solid #ddd;border-radius:.4em;padding:.5em 1em;margin:1em 0}
.failure:target{outline:3px solid #e0a800}
.source{display:grid;grid-template-columns:1fr 1fr;gap:.3em 1em;margin:.4em 0}
.source .sid{grid-column:1/3;font-size:.85em;color:#555}
code,pre{font:13px/1.4 ui-monospace,monospace;white-space:pre-wrap;word-break:break-word}
pre{background:#f5f5f5;padding:.4em .6em;margin:.3em 0}
mark{background:#fff0a0}
details>summary{cursor:pointer;margin:.4em 0}
"""


def _head(title: str) -> list[str]:
    return [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        # static and self-contained: nothing is loaded, no script runs
        '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
        "style-src 'unsafe-inline'; img-src data:\">",
        f"<title>{h(title)}</title>",
        f"<style>{_CSS}</style>",
        "</head>",
        "<body>",
    ]


def _run_heads(runs: Sequence[Run], span: int) -> str:
    cells = "".join(
        f'<th class="run" colspan="{span}" title="{h(r.file)}">{h(r.name)}'
        f"<br><small>{h(Path(r.file).name)}</small></th>"
        for r in runs
    )
    return f"<tr><th></th>{cells}</tr>"


def _tally_rows(rows: Mapping[str, Tally], runs: Sequence[Run], label: str, cls: str) -> str:
    out = [f'<table class="{cls}">', _run_heads(runs, len(OUTCOMES))]
    outcome_heads = "".join(f"<th>{o}</th>" for _ in runs for o in OUTCOMES)
    out.append(f'<tr><th class="name">{h(label)}</th>{outcome_heads}</tr>')
    for name, tally in rows.items():
        cells = []
        for i, counts in enumerate(tally.per_run):
            for o in OUTCOMES:
                n = counts[o]
                klass = f"o-{o}" if n else "zero"
                cells.append(f'<td class="{klass}" data-run="{i}" data-outcome="{o}">{n}</td>')
        row = "".join(cells)
        out.append(f'<tr data-name="{h(name)}"><td class="name">{h(name)}</td>{row}</tr>')
    out.append("</table>")
    return "\n".join(out)


def _totals(runs: Sequence[Run]) -> str:
    rows = ['<table class="totals">', _run_heads(runs, 1)]
    counts = [r.counts() for r in runs]
    for o in OUTCOMES:
        cells = "".join(
            f'<td class="{"o-" + o if c[o] else "zero"}" data-run="{i}" data-outcome="{o}">'
            f"{c[o]}</td>"
            for i, c in enumerate(counts)
        )
        rows.append(f'<tr><th class="name">{o}</th>{cells}</tr>')

    def row(label: str, values: Iterable[object]) -> str:
        cells = "".join(f'<td data-run="{i}">{h(v)}</td>' for i, v in enumerate(values))
        return f'<tr><th class="name">{h(label)}</th>{cells}</tr>'

    rows.append(row("with an outcome", (len(r.scenarios) for r in runs)))
    rows.append(row("selected", (_selected(r.header) for r in runs)))
    rows.append(row("pass rate", (_rate(r) for r in runs)))
    rows.append(row("restarts", (_summary(r, "restarts") for r in runs)))
    rows.append(row("duration (s)", (_summary(r, "duration") for r in runs)))
    rows.append(row("exit status", (_summary(r, "exit_code") for r in runs)))
    rows.append(row("suite", (_suite(r) for r in runs)))
    rows.append(row("started", (r.header.get("time", "") for r in runs)))
    rows.append(row("command", (" ".join(r.impl) for r in runs)))
    rows.append("</table>")
    return "\n".join(rows)


def _rate(run: Run) -> str:
    c = run.counts()
    judged = sum(c.values()) - c["SKIP"]
    return f"{100 * c[PASS] / judged:.1f}%" if judged else "—"


def _summary(run: Run, key: str) -> str:
    if run.summary is None:
        return "— (interrupted)"
    value = run.summary.get(key)
    return f"{value:.2f}" if isinstance(value, float) else str(value)


def _suite(run: Run) -> str:
    """The suite's version (:mod:`conformance.suite`), then the package's and the commit."""
    suite = run.header.get("suite")
    if not isinstance(suite, dict):
        return ""
    commit = suite.get("commit")
    package = f"koloda {suite.get('version')}" + (f", {str(commit)[:12]}" if commit else "")
    return f"{_suite_version(run)} ({package})"


def _suite_version(run: Run) -> str:
    """The suite's own version the run was judged by; files older than 2.0.0 do not say it."""
    suite = run.header.get("suite")
    version = suite.get("suite_version") if isinstance(suite, dict) else None
    return str(version) if isinstance(version, str) else "not recorded"


def _marked(text: str, quote_text: str) -> str:
    """The sentence with the quoted words marked."""
    i = text.find(quote_text) if quote_text else -1
    if i < 0:
        return h(text)
    end = i + len(quote_text)
    return f"{h(text[:i])}<mark>{h(text[i:end])}</mark>{h(text[end:])}"


def _failure(model: Model, info: About) -> str:
    out = [f'<section class="failure" id="f-{h(info.id)}" data-id="{h(info.id)}">']
    link = docs_href(model.docs, info.game, "sc-" + info.id)
    out.append(
        f'<h3><a class="docs" href="{h(link)}">{h(info.id)}</a> '
        f'<span class="title">{h(info.title)}</span></h3>'
    )
    if info.rules:
        rules = ", ".join(
            f'<a class="rule" href="{h(docs_href(model.docs, info.game, "rule-" + r))}">'
            f"<code>{h(r)}</code></a>"
            for r in info.rules
        )
        out.append(f'<p class="rules">rules: {rules}</p>')
    for src in info.sources:
        href = docs_href(model.docs, info.game, sentence_anchor(src.sentence))
        ru = _marked(src.ru, src.quote) if src.ru is not None else h(src.quote)
        en = h(src.en) if src.en is not None else "<i>(no translation)</i>"
        out.append(
            f'<div class="source"><a class="sid" href="{h(href)}">{h(src.sentence)}</a>'
            f'<div class="ru" lang="ru">{ru}</div><div class="en" lang="en">{en}</div></div>'
        )
    for i, run in enumerate(model.runs):
        line = model.index[i].get(info.id)
        outcome = str(line["outcome"]) if line is not None else "not run"
        out.append(
            f'<div class="run-result" data-run="{i}" data-outcome="{h(outcome)}">'
            f'<p><span class="badge o-{h(outcome)}">{h(outcome)}</span> {h(run.name)}</p>'
        )
        if line is not None and outcome in BAD:
            out.append(_detail(line))
            run_cmd, ref_cmd = replay_commands(
                info.id, str(line["file"]), run.replay_impl(), run.pinned
            )
            out.append(f'<p>replay:</p><pre class="replay">{h(run_cmd)}\n{h(ref_cmd)}</pre>')
        out.append("</div>")
    out.append("</section>")
    return "\n".join(out)


def list_difference(mismatch: Mapping[str, JSON]) -> str | None:
    """For an observable compared as a set or multiset (``legal``, hands, piles, ...): what the
    observed list lacks and what it has besides, each element once a time it is missing or
    extra (``missing: "QS", "KS"; extra: "7H"``); None for any other mismatch."""
    name, expected, observed = (
        mismatch.get("note"),
        mismatch.get("expected"),
        mismatch.get("observed"),
    )
    if not (isinstance(name, str) and isinstance(expected, list) and isinstance(observed, list)):
        return None
    if not (name in SETS or name in MULTISETS or name.startswith(MULTISET_PREFIXES)):
        return None
    want = Counter(canonical(v) for v in expected)
    got = Counter(canonical(v) for v in observed)
    if name in SETS:
        want, got = Counter(set(want)), Counter(set(got))
    missing, extra = sorted((want - got).elements()), sorted((got - want).elements())
    parts = [
        f"{label}: {', '.join(items)}"
        for label, items in (("missing", missing), ("extra", extra))
        if items
    ]
    return "; ".join(parts) or "the same elements (only their order or their count differs)"


def _detail(line: Mapping[str, JSON]) -> str:
    out = []
    message = line.get("message")
    if isinstance(message, str) and message:
        out.append(f'<pre class="message">{h(message)}</pre>')
    for key in ("failures", "warnings"):
        items = line.get(key)
        if not isinstance(items, list) or not items:
            continue
        out.append(
            f'<table class="{key}"><tr><th>step</th><th class="name">expected</th>'
            '<th class="name">observed</th><th class="name">note</th></tr>'
        )
        for m in items:
            if not isinstance(m, dict):
                continue
            step = m.get("step")
            out.append(
                f'<tr><td class="step">{"setup" if step is None else h(step)}</td>'
                f'<td class="name expected"><code>{json_h(m.get("expected"))}</code></td>'
                f'<td class="name observed"><code>{json_h(m.get("observed"))}</code></td>'
                f'<td class="name note">{h(m.get("note", ""))}</td></tr>'
            )
            difference = list_difference(m)
            if difference is not None:
                out.append(
                    f'<tr class="difference"><td></td><td class="name" colspan="3">'
                    f"{h(difference)}</td></tr>"
                )
        out.append("</table>")
    return "\n".join(out)


def render_html(model: Model) -> str:
    """The page."""
    title = "koloda conformance report: " + ", ".join(r.name for r in model.runs)
    out = _head(title)
    out.append(f"<h1>{h(title)}</h1>")
    for run in model.runs:
        for note in run.notes:
            out.append(f'<p class="note"><b>{h(run.file)}</b>: {h(note)}</p>')
    if model.docs_note:
        out.append(f'<p class="note">{h(model.docs_note)}</p>')
    out.append('<h2 id="totals">Totals</h2>')
    out.append(f'<div class="scroll">{_totals(model.runs)}</div>')
    failing = len(model.failing)
    jump = f"{failing} failing scenario{'' if failing == 1 else 's'}"
    out.append(
        f'<p class="jump"><a href="#failures">{h(jump)}</a> · <a href="#games">per game</a>'
        ' · <a href="#rules">per rule</a></p>'
    )
    out.append(f'<h2 id="failures">Failures ({len(model.failing)})</h2>')
    if not model.failing:
        out.append("<p>No scenario failed.</p>")
    out.extend(_failure(model, info) for info in model.failing)
    out.append('<h2 id="games">Per game</h2>')
    out.append(f'<div class="scroll">{_tally_rows(model.games, model.runs, "game", "games")}</div>')
    out.append('<h2 id="rules">Per rule</h2>')
    for game, rules in model.rules.items():
        bad = any(t.bad() for t in rules.values())
        opened = " open" if bad else ""
        out.append(
            f'<details class="game-rules" data-game="{h(game)}"{opened}>'
            f"<summary>{h(game)}: {len(rules)} rules{' (failures)' if bad else ''}</summary>"
            f'<div class="scroll">{_tally_rows(rules, model.runs, "rule", "rules")}</div>'
            "</details>"
        )
    out.append("</body>\n</html>\n")
    return "\n".join(out)


# --- Markdown ---------------------------------------------------------------------------------

#: What Markdown could read as markup inside a line (GitHub's too: tables, HTML, strike).
_MD_SPECIAL: Final = set("\\`*_[]<>#|~")


def md(value: object) -> str:
    """Text for Markdown: control characters shown, markup characters escaped."""
    text = printable(str(value))
    return "".join(
        "&amp;" if ch == "&" else ("\\" + ch if ch in _MD_SPECIAL else ch) for ch in text
    )


def md_code(value: object) -> str:
    """A code span that holds any text (its fence longer than any run of backticks in it)."""
    text = printable(str(value))
    longest, run = 0, 0
    for ch in text:
        run = run + 1 if ch == "`" else 0
        longest = max(longest, run)
    fence = "`" * (longest + 1)
    return f"{fence} {text} {fence}"


def _md_counts(counts: Mapping[str, int]) -> str:
    shown = [f"{counts[o]} {o}" for o in OUTCOMES if counts[o]]
    return ", ".join(shown) or "—"


def render_markdown(model: Model) -> str:
    """The report as Markdown (a CI job summary): totals, per game, failing rules, failures."""
    runs = model.runs
    out = ["# koloda conformance report", ""]
    for run in runs:
        for note in run.notes:
            out.append(f"> **{md(Path(run.file).name)}**: {md(note)}")
            out.append("")
    if model.docs_note:
        out += [f"> {md(model.docs_note)}", ""]
    names = [f"{md(r.name)} ({md(Path(r.file).name)})" for r in runs]
    out += ["| outcome | " + " | ".join(names) + " |", "| --- |" + " ---: |" * len(runs)]
    counts = [r.counts() for r in runs]
    for o in OUTCOMES:
        out.append(f"| {o} | " + " | ".join(str(c[o]) for c in counts) + " |")
    out.append("| pass rate | " + " | ".join(_rate(r) for r in runs) + " |")
    out.append("| restarts | " + " | ".join(md(_summary(r, "restarts")) for r in runs) + " |")
    out.append("| suite version | " + " | ".join(md(_suite_version(r)) for r in runs) + " |")
    out += _md_failures(model)
    out += ["", "## Per game", "", "| game | " + " | ".join(names) + " |"]
    out.append("| --- |" + " --- |" * len(runs))
    for game, tally in model.games.items():
        out.append(f"| {md(game)} | " + " | ".join(_md_counts(c) for c in tally.per_run) + " |")
    failing_rules = [(g, r, t) for g, rules in model.rules.items() for r, t in rules.items()]
    failing_rules = [x for x in failing_rules if x[2].bad()]
    out += ["", "## Rules with failures", ""]
    if failing_rules:
        out += ["| rule | " + " | ".join(names) + " |", "| --- |" + " --- |" * len(runs)]
        for _, rule, tally in failing_rules:
            out.append(f"| {md(rule)} | " + " | ".join(_md_counts(c) for c in tally.per_run) + " |")
    else:
        out.append("None.")
    return "\n".join(out).rstrip("\n") + "\n"


def _md_failures(model: Model) -> list[str]:
    """The failures in Markdown: each scenario, its sources, and each bad run's detail."""
    runs = model.runs
    out = ["", f"## Failures ({len(model.failing)})", ""]
    for info in model.failing:
        link = docs_href(model.docs, info.game, "sc-" + info.id)
        out.append(f"### [{md(info.id)}]({_md_url(link)}): {md(info.title)}")
        out.append("")
        if info.rules:
            out.append("rules: " + ", ".join(md_code(r) for r in info.rules))
            out.append("")
        for src in info.sources:
            out.append(f"- {md(src.sentence)}: «{md(src.ru or src.quote)}»")
            if src.en:
                out.append(f"  — {md(src.en)}")
        out.append("")
        for i, run in enumerate(runs):
            line = model.index[i].get(info.id)
            if line is None or str(line["outcome"]) not in BAD:
                continue
            out.append(f"- **{md(line['outcome'])}** {md(run.name)}")
            message = line.get("message")
            if isinstance(message, str) and message:
                out.append(f"  - {md_code(message)}")
            failures = line.get("failures")
            for m in failures if isinstance(failures, list) else []:
                if isinstance(m, dict):
                    step = "setup" if m.get("step") is None else f"step {m.get('step')}"
                    out.append(
                        f"  - {step}: expected {md_code(_compact(m.get('expected')))}, "
                        f"observed {md_code(_compact(m.get('observed')))} ({md(m.get('note'))})"
                    )
                    difference = list_difference(m)
                    if difference is not None:
                        out.append(f"    - {md(difference)}")
            run_cmd, ref_cmd = replay_commands(
                info.id, str(line["file"]), run.replay_impl(), run.pinned
            )
            out.append(f"  - replay: {md_code(run_cmd)}, {md_code(ref_cmd)}")
        out.append("")
    return out


def _compact(value: JSON) -> str:
    try:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError, RecursionError):
        return repr(value)


def _md_url(url: str) -> str:
    return url.replace("(", "%28").replace(")", "%29").replace(" ", "%20")


# --- the command --------------------------------------------------------------------------------


def main(
    paths: Sequence[str],
    *,
    output: str | None = None,
    markdown: bool = False,
    docs_url: str | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """``python -m conformance report``: 0 written, 2 bad input or an unwritable output."""
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    if not paths:
        err.write("report: name one or more results files (run --json FILE writes one)\n")
        return EXIT_BAD_INPUT
    if output is None and not markdown:
        err.write("report: the HTML page needs -o FILE (or --markdown, to stdout)\n")
        return EXIT_BAD_INPUT
    runs: list[Run] = []
    problems: list[Problem] = []
    for path in paths:
        run, found = read_run(path)
        problems += found
        if run is not None:
            runs.append(run)
    if problems:
        for p in problems:
            err.write(f"{p}\n")
        files = sorted({p.file for p in problems})
        err.write(f"report: bad input in {', '.join(files)}; nothing was written\n")
        return EXIT_BAD_INPUT
    for run in runs:
        for note in run.notes:
            err.write(f"warning: {run.file}: {printable(note)}\n")
    model = build(runs, docs_url if docs_url is not None else default_docs(output))
    if docs_url is None and not (CHECKOUT_DOCS / "index.html").is_file():
        model.docs_note = (
            f"the docs links point to {CHECKOUT_DOCS}, which is not built: build it "
            "(python -m sphinx -b html docs docs/_build/html) or give --docs-url URL"
        )
        err.write(f"warning: {model.docs_note}\n")
    text = render_markdown(model) if markdown else render_html(model)
    if output is None:
        out.write(text)
        out.flush()
        return EXIT_OK
    try:
        Path(output).write_text(text, encoding="utf-8")
    except OSError as e:
        err.write(f"report: cannot write {output}: {e.strerror or e}\n")
        return EXIT_BAD_INPUT
    bad = sum(1 for _ in model.failing)
    err.write(f"wrote {output}: {len(runs)} run(s), {bad} failing scenario(s)\n")
    return EXIT_OK
