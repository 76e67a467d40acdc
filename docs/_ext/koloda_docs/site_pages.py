"""The generated fragments of the corpus-wide pages: sources, register, matrix, shuffle, citing."""

from __future__ import annotations

import inspect
import json
import re
from pathlib import Path

import conformance.corpus
import reference.core.shuffle
from conformance.trace import complete_games
from koloda_docs.common import (
    HEADER,
    REGISTER_DOC,
    SOURCES_DOC,
    Ctx,
    game_doc,
    heading,
    raw,
    rst_text,
    source_title,
    view_toggle,
)
from koloda_docs.data import GameData, scenario_rules, scenario_sources
from koloda_docs.html import (
    cards,
    esc,
    json_text,
    option_text,
    rule_anchor,
    scenario_anchor,
    sentence_anchor,
)
from reference.core.cards import DECK_32, DECK_36, DECK_52, names
from reference.core.jsontypes import JSON

SHUFFLE_VECTORS = Path(conformance.corpus.__file__).resolve().parent / "shuffle_vectors.json"


def _short(text: str, limit: int = 72) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


# --- all five source texts --------------------------------------------------------------


def sources_fragment(ctx: Ctx) -> str:
    """Every sentence of every document, Russian beside English, each anchored by its id."""
    corpus = ctx.corpus
    out = [HEADER, raw(view_toggle())]
    for doc in corpus.documents():
        sentences = corpus.sentences_of(doc)
        first = sentences[0].text if sentences else ""
        out.append(heading(f"Text {doc} — {_short(first, 60)}", "-"))
        by_class: dict[str, int] = {}
        in_games: set[str] = set()
        for s in sentences:
            note = corpus.note(s.id)
            by_class[note.cls] = by_class.get(note.cls, 0) + 1
            if note.game:
                in_games.update(g.strip() for g in note.game.split(","))
        counts = ", ".join(f"{n} {cls}" for cls, n in sorted(by_class.items()))
        games = ", ".join(
            ctx.a(game_doc(g), "", g, "game-ref") if g in corpus.games else f"<code>{esc(g)}</code>"
            for g in sorted(in_games)
        )
        paragraphs = len({s.paragraph for s in sentences})
        summary = (
            f'<p class="doc-summary">File <code>conformance/sources/{esc(doc)}.txt</code> · '
            f"{paragraphs} paragraphs · {len(sentences)} sentences ({esc(counts)})"
            f"{' · games: ' + games if games else ''}</p>"
        )
        out.append(raw(summary + "\n" + ctx.sentence_table([s.id for s in sentences], True)))
    return "".join(out)


# --- the register ------------------------------------------------------------------------


def register_fragment(ctx: Ctx) -> str:
    """The whole register: a summary table, then every ruling grouped by game."""
    corpus = ctx.corpus
    out = [HEADER]
    rows = []
    for ruling in corpus.register.values():
        default = next((r for r in ruling.readings if r.key == ruling.default), None)
        if default is not None and default.option:
            selects = " ".join(
                f"<code>{esc(option_text(k, v))}</code>" for k, v in default.option.items()
            )
        else:
            selects = '<span class="none">no option</span>'
        rows.append(
            f'<tr><td><a href="#{esc(ruling.id)}">{esc(ruling.id)}</a></td>'
            f"<td>{esc(ruling.game or '—')}</td>"
            f"<td>{esc(ruling.kind)}</td><td>{len(ruling.readings)}</td>"
            f"<td>({esc(ruling.default)}) {selects}</td>"
            f"<td>{esc(_short(ruling.question, 110))}</td></tr>"
        )
    out.append(heading("Summary", "-"))
    out.append(
        raw(
            '<table class="koloda-register"><thead><tr><th>Ruling</th><th>Game</th><th>Kind</th>'
            "<th>Readings</th><th>Default</th><th>Question</th></tr></thead><tbody>\n"
            + "\n".join(rows)
            + "\n</tbody></table>"
        )
    )
    groups: dict[str | None, list[str]] = {}
    for ruling in corpus.register.values():
        groups.setdefault(ruling.game, []).append(ruling.id)
    order = sorted(groups, key=lambda g: (g is not None, g or ""))
    for game in order:
        if game is None:
            title = "Corpus and table conventions"
        elif game in corpus.games:
            title = f"{source_title(corpus.games[game].title)} — {game}"
        else:
            title = f"{game} (not modelled yet)"
        out.append(heading(title, "-"))
        blocks = [ctx.ruling_block(corpus.register[rid]) for rid in groups[game]]
        out.append(raw(view_toggle() + "\n" + "\n".join(blocks)))
    return "".join(out)


# --- the traceability matrix ---------------------------------------------------------------


def _count(n: int, gap: bool = False) -> str:
    klass = ' class="count gap"' if gap else ' class="count"'
    return f"<td{klass}>{n}</td>"


def trace_fragment(ctx: Ctx) -> str:
    """Coverage counts from :func:`conformance.trace.check`, then a matrix per game."""
    corpus = ctx.corpus
    report = corpus.report
    complete = complete_games()
    out = [HEADER, heading("Coverage by game", "-")]
    rows = []
    for gid in sorted(report.games):
        r = report.games[gid]
        status = "complete" if gid in complete else "open"
        link = ctx.a(game_doc(gid), "", gid, "game-ref") if gid in corpus.games else esc(gid)
        rows.append(
            f"<tr><td>{link}</td><td>{status}</td>"
            + _count(r.sentences.get("normative", 0))
            + _count(r.sentences.get("advice", 0))
            + _count(r.sentences.get("context", 0))
            + _count(r.sentences.get("unclassified", 0), r.sentences.get("unclassified", 0) > 0)
            + _count(r.rules)
            + _count(len(corpus.games[gid].core_rules) if gid in corpus.games else 0)
            + _count(r.rulings)
            + _count(r.scenarios)
            + _count(len(r.gaps), bool(r.gaps))
            + "</tr>"
        )
    total = len(corpus.sentences)
    translated = total - len(report.untranslated)
    out.append(
        raw(
            '<table class="koloda-matrix"><thead><tr><th>Game</th><th>Status</th>'
            "<th>normative</th><th>advice</th><th>context</th><th>unclassified</th><th>rules</th>"
            "<th>core conventions</th><th>rulings</th><th>scenarios</th><th>gaps</th></tr>"
            "</thead><tbody>\n" + "\n".join(rows) + "\n</tbody></table>\n"
            f'<p class="totals">Corpus: {total} sentences, {translated} translated, '
            f"{len(corpus.register)} rulings in the register.</p>"
        )
    )
    problems = [f"{gid}: {gap}" for gid in sorted(report.games) for gap in report.games[gid].gaps]
    problems += report.errors
    out.append(heading("Gaps and errors", "-"))
    if problems:
        out.append(
            f"{len(problems)} findings; a game marked complete fails the check with any of its "
            "own.\n\n"
        )
        items = "\n".join(f'<li class="gap">{esc(p)}</li>' for p in problems)
        out.append(raw(f'<ul class="gaps">\n{items}\n</ul>'))
    else:
        out.append("None: every check of ``python scripts/trace.py`` passes.\n\n")
    out.append(heading("Corpus by text", "-"))
    doc_rows = []
    for doc in corpus.documents():
        sentences = corpus.sentences_of(doc)
        classes = [corpus.note(s.id).cls for s in sentences]
        assigned = sum(1 for s in sentences if corpus.note(s.id).game)
        doc_rows.append(
            f"<tr><td>{esc(doc)}</td>"
            + _count(len(sentences))
            + _count(sum(1 for s in sentences if s.id in corpus.english))
            + "".join(_count(classes.count(c)) for c in ("normative", "advice", "context"))
            + _count(classes.count("unclassified"))
            + _count(assigned)
            + "</tr>"
        )
    out.append(
        raw(
            '<table class="koloda-matrix"><thead><tr><th>Text</th><th>sentences</th>'
            "<th>translated</th><th>normative</th><th>advice</th><th>context</th>"
            "<th>unclassified</th><th>in a game</th></tr></thead><tbody>\n"
            + "\n".join(doc_rows)
            + "\n</tbody></table>"
        )
    )
    for gid, g in corpus.games.items():
        out.append(heading(f"Matrix of {gid}", "-"))
        out.append(raw(_sentence_matrix(ctx, g) + "\n" + _rule_matrix(ctx, g)))
    return "".join(out)


def _sentence_matrix(ctx: Ctx, g: GameData) -> str:
    rows = []
    gaps = ctx.corpus.gaps(g.id)
    for sid in g.passage:
        cls = ctx.corpus.note(sid).cls
        rules = [r for r in g.rules if sid in r.cites]
        rulings = [r for r in g.rulings if sid in r.sentences]
        scenarios = [sc for sc in g.scenarios if any(s == sid for s, _ in scenario_sources(sc))]
        uncited = f"normative sentence {sid} is cited by no rule or ruling" in gaps
        misclassed = any(gap.startswith(f"sentence {sid} ") for gap in gaps)
        links = " ".join(
            [ctx.rule_link(r.id, g.id) for r in rules] + [ctx.ruling_link(r.id) for r in rulings]
        )
        rows.append(
            f'<tr class="cls-{esc(cls)}"><td>'
            + ctx.a(game_doc(g.id), sentence_anchor(sid), sid, "sentence-ref")
            + (
                f'</td><td class="gap">{esc(cls)}</td>'
                if misclassed
                else f"</td><td>{esc(cls)}</td>"
            )
            + _count(len(rules), uncited)
            + _count(len(rulings), uncited)
            + _count(len(scenarios))
            + f"<td>{links}</td></tr>"
        )
    return (
        '<p class="caption">Sentences → the rules and rulings citing them, and the scenarios '
        'quoting them.</p><table class="koloda-matrix"><thead><tr><th>Sentence</th><th>Class</th>'
        "<th>rules</th><th>rulings</th><th>scenarios</th><th>cited by</th></tr></thead><tbody>\n"
        + "\n".join(rows)
        + "\n</tbody></table>"
    )


def _rule_matrix(ctx: Ctx, g: GameData) -> str:
    rows = []
    gaps = ctx.corpus.gaps(g.id)
    for rule in g.rules:
        points = g.code.get(rule.id, ())
        enforced = sum(1 for p in points if not p.declaration)
        unenforced = f"rule {rule.id} is not named at a point of enforcement in the code" in gaps
        untested = f"rule {rule.id} is tested by no scenario" in gaps
        uncited = f"rule {rule.id} cites nothing" in gaps
        sentences = [c for c in rule.cites if c in ctx.corpus.sentences]
        scenarios = [sc for sc in g.scenarios if rule.id in scenario_rules(sc)]
        rows.append(
            "<tr><td>"
            + ctx.a(game_doc(g.id), rule_anchor(rule.id), rule.id, "rule-ref")
            + "</td>"
            + _count(len(sentences), uncited)
            + _count(len(rule.cites) - len(sentences), uncited)
            + _count(enforced, unenforced)
            + _count(len(scenarios), untested)
            + "<td>"
            + " ".join(
                ctx.a(game_doc(g.id), scenario_anchor(sc.id), sc.id, "scenario-ref")
                for sc in scenarios
            )
            + "</td></tr>"
        )
    return (
        '<p class="caption">Rules → their sentences, rulings, points of enforcement in the code, '
        'and scenarios.</p><table class="koloda-matrix"><thead><tr><th>Rule</th><th>sentences</th>'
        "<th>rulings</th><th>code points</th><th>scenarios</th><th>tested by</th></tr></thead>"
        "<tbody>\n" + "\n".join(rows) + "\n</tbody></table>"
    )


# --- games -------------------------------------------------------------------------------


def _players(seats: range) -> str:
    """``2–6``, or ``4`` for a game of one player count (not ``4–4``)."""
    return str(seats.start) if len(seats) == 1 else f"{seats.start}–{seats[-1]}"


def games_fragment(ctx: Ctx) -> str:
    """The registered games, with their counts."""
    rows = []
    for gid, g in ctx.corpus.games.items():
        players = _players(g.game.players)
        rows.append(
            f"<tr><td>{ctx.a(game_doc(gid), '', gid, 'game-ref')}</td>"
            f'<td lang="ru">{esc(source_title(g.title))}</td>'
            f"<td>{players}</td><td>{'complete' if g.complete else 'in progress'}</td>"
            + _count(len(g.passage))
            + _count(len(g.own_rules))
            + _count(len(g.core_rules))
            + _count(len(g.rulings))
            + _count(len(g.scenarios))
            + "</tr>"
        )
    return HEADER + raw(
        '<table class="koloda-games"><thead><tr><th>Game</th><th>Title</th><th>Seats</th>'
        "<th>Status</th><th>sentences</th><th>rules</th><th>core conventions</th><th>rulings</th>"
        "<th>scenarios</th></tr>"
        "</thead><tbody>\n" + "\n".join(rows) + "\n</tbody></table>"
    )


GAMES_JSON = Path(__file__).resolve().parent / "games.json"


def game_kinds() -> tuple[dict[str, dict[str, str]], dict[str, str]]:
    """The English names and kinds of the games (``games.json``), and what each kind means."""
    raw_data: JSON = json.loads(GAMES_JSON.read_text(encoding="utf-8"))
    data = raw_data if isinstance(raw_data, dict) else {}
    listed, kinds = data.get("games"), data.get("kinds")
    games: dict[str, dict[str, str]] = {}
    if isinstance(listed, dict):
        for gid, entry in listed.items():
            if isinstance(entry, dict):
                games[gid] = {k: v for k, v in entry.items() if isinstance(v, str)}
    glosses = (
        {k: v for k, v in kinds.items() if isinstance(v, str)} if isinstance(kinds, dict) else {}
    )
    return games, glosses


def landing_problems(ctx: Ctx) -> list[str]:
    """Registered games without an English name or a known kind in ``games.json``."""
    games, glosses = game_kinds()
    out = []
    for gid in ctx.corpus.games:
        entry = games.get(gid, {})
        if "english" not in entry or entry.get("kind") not in glosses:
            known = ", ".join(sorted(glosses))
            out.append(f"{GAMES_JSON.name}: game {gid} needs an English name and a kind ({known})")
    return out


def landing_fragment(ctx: Ctx) -> str:
    """The table of the games for the landing page: id, Russian and English name, kind,
    players and a line saying what the game is (from the registry and ``games.json``)."""
    games, glosses = game_kinds()
    rows = []
    for gid, g in sorted(
        ctx.corpus.games.items(), key=lambda item: (item[1].document or "", item[0])
    ):
        entry = games.get(gid, {})
        kind = entry.get("kind", "")
        players = _players(g.game.players)
        russian = re.sub(r"\s*\(seed \d{3}.*$|\s*\(text \d{3}.*$", "", g.title)
        text = f"text {g.document}" if g.document else ""
        what = entry.get("what") or glosses.get(kind, "")
        line = f"{what}. {len(g.own_rules)} rules, {len(g.rulings)} rulings."
        rows.append(
            f'<tr data-game="{esc(gid)}"><td>{ctx.a(game_doc(gid), "", gid, "game-ref")}</td>'
            f'<td lang="ru">{esc(russian)}</td><td>{esc(entry.get("english", ""))}</td>'
            f'<td class="kind">{esc(kind)}</td><td class="count">{players}</td>'
            f"<td>{esc(text)}</td><td>{esc(line[0].upper() + line[1:] if line else '')}</td></tr>"
        )
    return HEADER + raw(
        '<table class="koloda-games koloda-landing"><thead><tr><th>Game id</th>'
        '<th lang="ru">Название</th><th>English</th><th>Kind</th><th>Players</th>'
        "<th>Source</th><th>What it is</th></tr></thead><tbody>\n"
        + "\n".join(rows)
        + "\n</tbody></table>"
    )


# --- the seeded shuffle --------------------------------------------------------------------


def shuffle_spec_fragment() -> str:
    """The specification: the docstring of :mod:`reference.core.shuffle`, as reST."""
    return HEADER + (inspect.getdoc(reference.core.shuffle) or "") + "\n"


def shuffle_vectors_fragment(ctx: Ctx) -> str:
    """The canonical packs and the test vectors of ``conformance/shuffle_vectors.json``."""
    raw_data: JSON = json.loads(SHUFFLE_VECTORS.read_text(encoding="utf-8"))
    data = raw_data if isinstance(raw_data, dict) else {}
    out = [HEADER, heading("Canonical packs", "-")]
    out.append(
        "The deck that is shuffled is the game's pack in this order (suits S H D C, ranks low "
        "to high), top card first.\n\n"
    )
    packs = []
    for size, pack in ((32, DECK_32), (36, DECK_36), (52, DECK_52)):
        notation = names(pack)
        packs.append(
            f'<tr><td class="count">{size}</td><td>{cards(notation)}<br>'
            f'<code class="notation">{esc(" ".join(notation))}</code></td></tr>'
        )
    out.append(
        raw(
            '<table class="koloda-vectors"><thead><tr><th>Pack</th><th>Canonical order</th></tr>'
            "</thead><tbody>\n" + "\n".join(packs) + "\n</tbody></table>"
        )
    )
    out.append(heading("Test vectors", "-"))
    outputs = data.get("splitmix64_seed0_outputs")
    if isinstance(outputs, list) and outputs:
        shown = ", ".join(f"``{o}``" for o in outputs if isinstance(o, str))
        out.append(f"SplitMix64 from seed 0: the first outputs are {shown}.\n\n")
    about = data.get("about")
    if isinstance(about, str):
        out.append(rst_quote(about))
    rows = []
    vectors = data.get("vectors")
    for v in vectors if isinstance(vectors, list) else []:
        if not isinstance(v, dict):
            continue
        deck = v.get("deck")
        notation = [c for c in deck if isinstance(c, str)] if isinstance(deck, list) else []
        vid = ctx.anchor(f"vector-{json_text(v.get('seed'))}-{json_text(v.get('pack'))}")
        rows.append(
            f'<tr id="{vid}"><td class="count"><code>{esc(json_text(v.get("seed")))}</code></td>'
            f'<td class="count">{esc(json_text(v.get("pack")))}</td>'
            f"<td>{cards(notation)}<br>"
            f'<code class="notation">{esc(" ".join(notation))}</code></td></tr>'
        )
    out.append(
        raw(
            '<table class="koloda-vectors"><thead><tr><th>Seed</th><th>Pack</th>'
            "<th>Shuffled deck, top card first</th></tr></thead><tbody>\n"
            + "\n".join(rows)
            + "\n</tbody></table>"
        )
    )
    return "".join(out)


def rst_quote(text: str) -> str:
    """A paragraph of plain text as a reST block quote."""
    return "   " + rst_text(text) + "\n\n"


# --- citing --------------------------------------------------------------------------------


def splitter_fragment() -> str:
    """The sentence splitter as :mod:`conformance.corpus` documents it, as reST."""
    return HEADER + (inspect.getdoc(conformance.corpus) or "") + "\n"


def anchors_fragment(ctx: Ctx) -> str:
    """The anchor of each kind of thing, with a live example from the data."""
    corpus = ctx.corpus
    rows: list[str] = []
    first_sid = next(iter(corpus.sentences), None)
    if first_sid is not None:
        rows.append(
            _anchor_row(
                "sentence (every text)",
                "the sources page, <code>#s-DOC-P<i>n</i>-S<i>m</i></code>",
                ctx.a(SOURCES_DOC, sentence_anchor(first_sid), first_sid),
            )
        )
    for gid, g in corpus.games.items():
        if g.passage:
            sid = g.passage[0]
            rows.append(
                _anchor_row(
                    "sentence (in a game)",
                    "the game's page, same id",
                    ctx.a(game_doc(gid), sentence_anchor(sid), f"{gid}: {sid}"),
                )
            )
        if g.rules:
            rule = next((r for r in g.rules if not r.id.startswith("core/")), g.rules[0])
            rows.append(
                _anchor_row(
                    "rule",
                    "the game's page, <code>#rule-GAME/SLUG</code>",
                    ctx.a(game_doc(gid), rule_anchor(rule.id), rule.id),
                )
            )
        if g.scenarios:
            sc = g.scenarios[0]
            rows.append(
                _anchor_row(
                    "scenario",
                    "the game's page, <code>#sc-ID</code>",
                    ctx.a(game_doc(gid), scenario_anchor(sc.id), sc.id),
                )
            )
        break
    ruling = next(iter(corpus.register.values()), None)
    if ruling is not None:
        rows.append(
            _anchor_row(
                "ruling",
                "the register (and its game's page), <code>#AMB-GAME-NN</code>",
                ctx.a(REGISTER_DOC, ruling.id, ruling.id),
            )
        )
    return HEADER + raw(
        '<table class="koloda-anchors"><thead><tr><th>What</th><th>Where, anchor</th>'
        "<th>Example</th></tr></thead><tbody>\n" + "\n".join(rows) + "\n</tbody></table>"
    )


def _anchor_row(what: str, where: str, example: str) -> str:
    return f"<tr><td>{esc(what)}</td><td>{where}</td><td>{example}</td></tr>"
