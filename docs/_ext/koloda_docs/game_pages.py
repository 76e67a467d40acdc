"""The page of each registered game, and the page of its source code."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from conformance.engine import ScenarioError, start
from koloda_docs.common import (
    HEADER,
    Ctx,
    code_doc,
    heading,
    raw,
    source_title,
    view_toggle,
)
from koloda_docs.data import (
    CodePoint,
    GameData,
    Scenario,
    SourceFile,
    is_sentence_id,
    scenario_rules,
    scenario_rulings,
    scenario_sources,
)
from koloda_docs.html import (
    SUITS,
    action_html,
    card,
    card_list,
    cards,
    esc,
    is_card,
    json_text,
    option_anchor,
    option_text,
    rule_anchor,
    scenario_anchor,
    value_html,
)
from koloda_docs.interface_pages import interface_section
from reference.core.errors import FormatError, IllegalAction, SetupError
from reference.core.jsontypes import JSON, JSONObject
from reference.core.options import OptionSpec
from reference.core.rules import Rule

#: Highlights Python source as HTML (Sphinx's Pygments bridge in the build).
Highlighter = Callable[[str], str]

#: Position fields already shown in a scenario's setup line.
_SETUP_FIELDS = frozenset({"game", "players", "dealer", "options"})


def line_anchor(f: SourceFile, line: int) -> str:
    """The HTML id of a line of a source file on a code page: ``melniki_b-L133``."""
    return f"{f.stem}-L{line}"


# --- the game page -------------------------------------------------------------------------


def game_page(ctx: Ctx, g: GameData) -> str:
    """The reST of a game's page: how the game goes, contents, then the passage, rules,
    rulings, options and scenarios."""
    ctx.linker.page(ctx.doc)
    normative = sum(1 for sid in g.passage if ctx.corpus.note(sid).cls == "normative")
    seats = g.game.players
    players = str(seats.start) if len(seats) == 1 else f"{seats.start}–{seats[-1]}"
    status = "complete" if g.complete else "in progress"
    code_links = ", ".join(ctx.a(code_doc(g.id), "", f.path, "code-ref") for f in g.files)
    text = f"text {g.document} · " if g.document else ""
    meta = (
        f'<div class="koloda-game-meta" data-game="{esc(g.id)}">'
        f"<p>Game id <code>{esc(g.id)}</code> · {esc(text)}seats {players} · status "
        f'<span class="badge status-{"complete" if g.complete else "open"}">{status}</span></p>'
        f"<p>{len(g.passage)} sentences of source ({normative} normative) · "
        f"{len(g.own_rules)} rules (+ {len(g.core_rules)} core conventions) · "
        f"{len(g.rulings)} rulings · {len(g.options)} options · {len(g.scenarios)} scenarios · "
        f"code: {code_links or '—'}</p></div>"
    )
    out = [HEADER, f".. _game-{g.id}:\n\n", heading(source_title(g.title), "="), raw(meta)]
    out.append(".. rubric:: How the game goes\n\n")
    out.append(raw(summary(ctx, g)))
    out.append(".. contents:: On this page\n   :local:\n   :depth: 1\n\n")
    out.append(
        "Every sentence of the passage has an anchor named after its id "
        "(``002:P6.S1`` is ``#s-002-P6-S1``); every rule, ruling and scenario below links "
        "to the sentences it comes from, and each sentence links back to them.\n\n"
    )
    out.append(heading("Source passage", "-"))
    if g.passage:
        out.append(raw(view_toggle() + "\n" + ctx.sentence_table(g.passage)))
    else:
        out.append("No sentence is annotated for this game yet.\n\n")
    out.append(heading("Rules", "-"))
    out.append(
        "Each rule: its statement, the exact words it comes from (Russian beside English), "
        "the rulings that settle its gaps, the lines of code that name it, and the scenarios "
        "that test it.\n\n"
    )
    out.append(raw("\n".join(rule_block(ctx, g, rule) for rule in g.rules)))
    out.append(heading("Rulings", "-"))
    if g.rulings:
        out.append(
            "Where the text is silent, ambiguous or garbled, the register records every "
            "reading, the default, and the option value that selects each reading.\n\n"
        )
        out.append(raw("\n".join(ctx.ruling_block(r) for r in g.rulings)))
    else:
        out.append("The register has no ruling for this game.\n\n")
    out.append(heading("Options", "-"))
    out.append(raw(options_table(ctx, g)))
    out.append(heading("Interface", "-"))
    out.append(
        f"What an implementation of ``{g.id}`` reads and answers through the protocol, "
        f"generated from ``conformance/interface/{g.id}.json`` (the same data the schemas "
        "come from; the general rules are on the protocol page).\n\n"
    )
    out.append(raw(interface_section(g.id, ctx.ruling_link)))
    out.append(heading("Scenarios", "-"))
    out.append(
        "Worked scenarios, as the conformance suite runs them. The start position and the "
        "state after each accepted action are computed by the reference model.\n\n"
    )
    out.append(raw("\n".join(scenario_block(ctx, g, sc) for sc in g.scenarios)))
    out.append(".. toctree::\n   :hidden:\n\n   " + code_doc(g.id).rsplit("/", 1)[-1] + "\n")
    return "".join(out)


def rules_in_text_order(ctx: Ctx, g: GameData) -> list[Rule]:
    """The game's own rules in the order of the text: by the first sentence each cites (or
    that the rulings it cites are about); a rule citing neither comes last."""
    order = {sid: i for i, sid in enumerate(ctx.corpus.sentences)}
    last = len(order)

    def place(rule: Rule) -> int:
        found = [order[ref] for ref in rule.cites if ref in order]
        for ref in rule.cites:
            ruling = ctx.corpus.register.get(ref)
            if ruling is not None:
                found.extend(order[sid] for sid in ruling.sentences if sid in order)
        return min(found, default=last)

    return sorted(g.own_rules, key=place)


def summary(ctx: Ctx, g: GameData) -> str:
    """How the game goes, in English: its own rules' statements in the order of the text,
    each with a link to the rule below (the ``core/`` conventions are listed after)."""
    items = []
    for rule in rules_in_text_order(ctx, g):
        first = next((ref for ref in rule.cites if is_sentence_id(ref)), None)
        source = f' <span class="from">{ctx.sentence_link(first)}</span>' if first else ""
        items.append(
            f'<li><span class="statement">{esc(rule.statement)}</span> '
            f"{ctx.a(ctx.doc, rule_anchor(rule.id), rule.id, 'rule-ref')}{source}</li>"
        )
    core = " ".join(ctx.a(ctx.doc, rule_anchor(r.id), r.id, "rule-ref") for r in g.core_rules)
    conventions = (
        f'<p class="core-note">Besides, the conventions every game of the suite shares: {core}.</p>'
        if core
        else ""
    )
    return (
        f'<div class="koloda-summary" data-game="{esc(g.id)}">'
        '<p class="lead">The rules of the game as the text gives them, in its order; each links '
        "to the rule below, with the Russian words it comes from.</p>\n"
        '<ol class="summary-rules">\n' + "\n".join(items) + "\n</ol>\n" + conventions + "</div>"
    )


def _code_links(ctx: Ctx, g: GameData, points: tuple[CodePoint, ...]) -> str:
    links: list[str] = []
    by_path = {f.path: f for f in g.files}
    for p in points:
        f = by_path.get(p.file)
        if f is None:
            continue
        label = f"{p.file}:{p.line}" + (" (declared)" if p.declaration else "")
        links.append(ctx.a(code_doc(g.id), line_anchor(f, p.line), label, "code-ref"))
    return " ".join(links)


def rule_block(ctx: Ctx, g: GameData, rule: Rule) -> str:
    """A rule beside the words it comes from, with its code and scenarios."""
    rid = ctx.anchor(rule_anchor(rule.id))
    core = rule.id.startswith("core/")
    badge = ' <span class="badge core">core convention</span>' if core else ""
    parts = [
        f'<div class="rule{" core" if core else ""}" id="{rid}">',
        f'<p class="rule-head"><a class="self" href="#{rid}">{esc(rule.id)}</a>{badge}</p>',
        f'<p class="statement">{esc(rule.statement)}</p>',
    ]
    sentences = [ref for ref in rule.cites if is_sentence_id(ref)]
    rulings = [ref for ref in rule.cites if not is_sentence_id(ref)]
    if sentences:
        parts.append('<div class="rule-sentences">')
        parts.extend(ctx.sentence_pair(sid) for sid in sentences)
        parts.append("</div>")
    refs: list[tuple[str, str]] = []
    if rulings:
        items = []
        for ref in rulings:
            ruling = ctx.corpus.register.get(ref)
            question = f' <span class="question">{esc(ruling.question)}</span>' if ruling else ""
            items.append(f"<li>{ctx.ruling_link(ref)}{question}</li>")
        refs.append(("settled by", '<ul class="plain">' + "".join(items) + "</ul>"))
    points = g.code.get(rule.id, ())
    refs.append(
        (
            "code",
            _code_links(ctx, g, points)
            if points
            else '<span class="none">not named in the game\'s code</span>',
        )
    )
    gaps = ctx.corpus.gaps(g.id)
    if f"rule {rule.id} is not named at a point of enforcement in the code" in gaps:
        refs[-1] = (refs[-1][0], refs[-1][1] + ' <span class="gap">no point of enforcement</span>')
    tested = [sc for sc in g.scenarios if rule.id in scenario_rules(sc)]
    refs.append(
        (
            "scenarios",
            " ".join(ctx.scenario_link(sc.id, sc.game) for sc in tested)
            if tested
            else '<span class="gap">no scenario yet</span>'
            if f"rule {rule.id} is tested by no scenario" in gaps
            else '<span class="none">no scenario</span>',
        )
    )
    parts.append('<dl class="rule-refs">')
    parts.extend(f"<dt>{esc(k)}</dt><dd>{v}</dd>" for k, v in refs)
    parts.append("</dl></div>")
    return "\n".join(parts)


def _values(spec: OptionSpec) -> str:
    if spec.values:
        return " ".join(f"<code>{esc(option_text(spec.name, v))}</code>" for v in spec.values)
    lo = "" if spec.minimum is None else str(spec.minimum)
    hi = "" if spec.maximum is None else str(spec.maximum)
    return f"an integer in [{esc(lo)}..{esc(hi)}]"


def options_table(ctx: Ctx, g: GameData) -> str:
    """Every option of the game: default, values, meaning and the ruling it settles."""
    if not g.options:
        return "<p>This game has no options.</p>"
    rows = []
    for name, spec in g.options.items():
        oid = ctx.anchor(option_anchor(g.id, name))
        ruling = ctx.ruling_link(spec.ruling) if spec.ruling else "agreed amount"
        rows.append(
            f'<tr id="{oid}"><td><a class="self" href="#{oid}"><code>{esc(name)}</code></a></td>'
            f"<td><code>{esc(option_text(name, spec.default))}</code></td>"
            f"<td>{_values(spec)}</td><td>{esc(spec.doc)}</td><td>{ruling}</td></tr>"
        )
    return (
        '<table class="koloda-options"><thead><tr><th>Option</th><th>Default</th>'
        "<th>Values</th><th>Meaning</th><th>Ruling</th></tr></thead><tbody>\n"
        + "\n".join(rows)
        + "\n</tbody></table>"
    )


# --- scenarios as traces ------------------------------------------------------------------


@dataclass
class Replay:
    """What the reference model shows of a scenario: the start and the state after each step."""

    start: JSONObject | None
    refused: str | None  # the setup was refused (under this rule id, or "" for no rule)
    after: dict[int, str]  # step index -> HTML of the state after an accepted action
    note: str | None  # why the replay stopped, if it did


def _observed(g: GameData, state: object, name: str) -> JSON:
    """Observable ``name`` of ``state`` (a per-seat one by its seat: ``hand.0``), or None where
    the game has no such observable."""
    head, dot, seat = name.partition(".")
    pattern = f"{head}.<seat>" if dot and seat.isdigit() else name
    if pattern not in g.game.observables:
        return None
    try:
        return g.game.observe(state, name)
    except (KeyError, ValueError, TypeError, FormatError):
        return None


def _hands(g: GameData, state: object, players: int) -> list[JSON]:
    if "hand.<seat>" not in g.game.observables:
        return []
    return [_observed(g, state, f"hand.{seat}") for seat in range(players)]


def _after(g: GameData, before: object, state: object, players: int) -> str:
    """The state after an accepted action: game over, or the table and whose turn; when the
    action ended a trick, who took it and the hands by seat."""
    game = g.game
    parts: list[str] = []
    try:
        outcome = game.outcome(state)
        if outcome is not None:
            return (
                '<span class="after over">game over: ' + value_html(outcome.to_json()) + "</span>"
            )
        seat = game.to_move(state)
    except (KeyError, ValueError, TypeError, FormatError):
        return ""
    table = _observed(g, state, "table")
    if isinstance(table, list):
        parts.append(f'<span class="label">table</span> {value_html(table)}')
    if seat is not None:
        parts.append(f'<span class="label">to move</span> seat {seat}')
    line = '<span class="after">' + " · ".join(parts) + "</span>" if parts else ""
    if "tricks" in game.observables:
        took = _observed(g, before, "tricks") != _observed(g, state, "tricks")
    else:  # a game that counts no tricks: a trick is taken when its last winner changes
        took = _observed(g, before, "trick_winner") != _observed(g, state, "trick_winner")
    winner = _observed(g, state, "trick_winner")
    if took and isinstance(winner, int) and not isinstance(winner, bool):
        rows = "".join(
            f"<tr><th>seat {k}</th><td>{value_html(h) if h else '—'}</td></tr>"
            for k, h in enumerate(_hands(g, state, players))
        )
        line += (
            f'<div class="trick-taken">seat {winner} takes the trick; the hands now:'
            f'<table class="koloda-hands">{rows}</table></div>'
        )
    return line


def replay(g: GameData, sc: Scenario) -> Replay:
    """Run a scenario on the reference model to show its start and the state after each action."""
    setup = sc.data.get("setup")
    if not isinstance(setup, dict):
        return Replay(None, None, {}, "no setup")
    try:
        game, state = start(g.id, setup)
    except SetupError as e:
        return Replay(None, e.rule_id or "", {}, None)
    except (ScenarioError, FormatError, ValueError) as e:
        return Replay(None, None, {}, f"the reference cannot start it: {e}")
    first = game.position(state)
    players = first.get("players")
    n = players if isinstance(players, int) and not isinstance(players, bool) else 0
    after: dict[int, str] = {}
    steps = sc.data.get("steps")
    for i, step in enumerate(steps if isinstance(steps, list) else []):
        act = step.get("act") if isinstance(step, dict) else None
        if act is None:
            continue
        before = state
        try:
            state = game.apply(state, game.parse_action(act))
        except (IllegalAction, FormatError):
            continue
        except (TypeError, ValueError) as e:
            return Replay(first, None, after, f"the reference stopped at step {i + 1}: {e}")
        after[i] = _after(g, before, state, n)
    return Replay(first, None, after, None)


def _is_seat_lists(value: JSON) -> bool:
    return (
        isinstance(value, list)
        and bool(value)
        and all(isinstance(v, list) and all(is_card(c) for c in v) for v in value)
    )


def _position(pos: Mapping[str, JSON]) -> str:
    """A position as the table looks: the hands by seat, the stock, the trump (as its suit
    symbol) and every other holding of cards; whose turn; then the position's full notation
    folded away (for implementers)."""
    rows: list[str] = []
    head = []
    if isinstance(pos.get("phase"), str):
        head.append(f"phase <code>{esc(str(pos['phase']))}</code>")
    if isinstance(pos.get("to_move"), int):
        head.append(f"seat {pos['to_move']} to move")
    for key, value in pos.items():
        if key in _SETUP_FIELDS or key in ("phase", "to_move"):
            continue
        if key == "trump" and isinstance(value, str) and value in SUITS:
            symbol, name = SUITS[value]
            rows.append(
                f'<tr><th>trump</th><td><span class="card suit-{value.lower()}" '
                f'title="{esc(name)}">{symbol}</span> {esc(name)}</td></tr>'
            )
        elif is_card(value) and isinstance(value, str):
            rows.append(f"<tr><th>{esc(key.replace('_', ' '))}</th><td>{card(value)}</td></tr>")
        elif _is_seat_lists(value) and isinstance(value, list):
            label = "hand" if key == "hands" else key.replace("_", " ")
            if key != "hands" and not any(value):
                continue
            for seat, held in enumerate(value):
                shown = value_html(held) if held else "—"
                count = (
                    f' <span class="count">({len(held)})</span>' if isinstance(held, list) else ""
                )
                rows.append(f"<tr><th>{esc(label)} · seat {seat}</th><td>{shown}{count}</td></tr>")
        else:
            found = card_list(value)
            if found:
                count = f' <span class="count">({len(found)})</span>'
                rows.append(
                    f"<tr><th>{esc(key.replace('_', ' '))}</th><td>{cards(found)}{count}</td></tr>"
                )
    caption = f'<p class="position-head">{" · ".join(head)}</p>' if head else ""
    notation = {k: v for k, v in pos.items() if k not in _SETUP_FIELDS}
    return (
        f'<div class="koloda-start">{caption}<table class="koloda-hands">{"".join(rows)}</table>'
        "<details><summary>the position in full notation</summary>"
        f'<code class="notation">{esc(json_text(notation))}</code></details></div>'
    )


def _setup_line(ctx: Ctx, g: GameData, setup: Mapping[str, JSON]) -> str:
    parts = []
    pos = setup.get("position")
    players = setup.get("players")
    if players is None and isinstance(pos, dict):
        players = pos.get("players")
    dealer = setup.get("dealer")
    if dealer is None and isinstance(pos, dict):
        dealer = pos.get("dealer")
    parts.append(f"{esc(json_text(players))} players, dealer seat {esc(json_text(dealer))}")
    options = setup.get("options")
    if isinstance(options, dict) and options:
        parts.append("options " + " ".join(ctx.option_link(g.id, k, v) for k, v in options.items()))
    deal = setup.get("deal")
    if isinstance(deal, dict):
        if "seed" in deal:
            seed = esc(json_text(deal["seed"]))
            parts.append(
                f"the pack shuffled from seed <code>{seed}</code> "
                "(the seeded shuffle) and dealt as the text says"
            )
        elif "order" in deal:
            parts.append("the pack in the order given, dealt as the text says")
        else:
            parts.append("hands, stock and turned-up cards given")
    elif isinstance(pos, dict):
        parts.append("starting from a position")
    return "; ".join(parts)


def scenario_block(ctx: Ctx, g: GameData, sc: Scenario) -> str:
    """A scenario as a readable trace: its sources, rules, setup, start and steps."""
    sid = ctx.anchor(scenario_anchor(sc.id))
    title = sc.data.get("title")
    level = sc.data.get("level")
    tags = sc.data.get("tags")
    tag_html = (
        " ".join(f'<span class="tag">{esc(str(t))}</span>' for t in tags)
        if isinstance(tags, list)
        else ""
    )
    parts = [
        f'<div class="scenario" id="{sid}">',
        f'<p class="scenario-head"><a class="self" href="#{sid}">{esc(sc.id)}</a> '
        f'<span class="scenario-title">{esc(str(title))}</span> '
        f'<span class="badge level-{esc(str(level))}">{esc(str(level))}</span> {tag_html}</p>',
    ]
    meta: list[tuple[str, str]] = []
    sources = scenario_sources(sc)
    if sources:
        meta.append(("source", "".join(ctx.sentence_pair(s, q) for s, q in sources)))
    rules = scenario_rules(sc)
    if rules:
        meta.append(("rules", " ".join(ctx.rule_link(r, g.id) for r in rules)))
    rulings = scenario_rulings(sc)
    meta.append(
        (
            "depends on",
            " ".join(ctx.option_link(g.id, k, v) for k, v in rulings.items())
            if rulings
            else "no option (holds under every reading)",
        )
    )
    setup = sc.data.get("setup")
    rep = replay(g, sc)
    if isinstance(setup, dict):
        meta.append(("setup", _setup_line(ctx, g, setup)))
        pos = setup.get("position")
        if isinstance(pos, dict):
            meta.append(("start", _position(pos)))
        elif rep.start is not None:
            meta.append(("start", _position(rep.start)))
    expect = sc.data.get("setup_expect")
    if isinstance(expect, dict) and "rejected" in expect:
        rejected = expect["rejected"]
        rule = ctx.rule_link(rejected, g.id) if isinstance(rejected, str) else "no rule named"
        meta.append(("result", f'<span class="refused">✗ setup refused</span> under {rule}'))
    parts.append('<dl class="scenario-meta">')
    parts.extend(f"<dt>{esc(k)}</dt><dd>{v}</dd>" for k, v in meta)
    parts.append("</dl>")
    steps = sc.data.get("steps")
    if isinstance(steps, list) and steps:
        parts.append('<ol class="steps">')
        for i, step in enumerate(steps):
            parts.append(_step(ctx, g, step, rep.after.get(i, "")))
        parts.append("</ol>")
    if rep.note:
        parts.append(f'<p class="note">{esc(rep.note)}</p>')
    parts.append(f'<p class="file">file <code>{esc(sc.path)}</code></p></div>')
    return "\n".join(parts)


def _step(ctx: Ctx, g: GameData, step: JSON, after: str) -> str:
    if not isinstance(step, dict):
        return f"<li><code>{esc(json_text(step))}</code></li>"
    act = step.get("act")
    expect = step.get("expect", "accepted" if act is not None else None)
    if act is not None:
        if isinstance(expect, dict) and "rejected" in expect:
            rejected = expect["rejected"]
            rule = ctx.rule_link(rejected, g.id) if isinstance(rejected, str) else "no rule named"
            verdict = f'<span class="refused">✗ refused</span> under {rule} (nothing changes)'
            return f'<li class="step act step-refused">{action_html(act)} {verdict}</li>'
        return (
            f'<li class="step act step-accepted">{action_html(act)} '
            f'<span class="accepted">✓</span> {after}</li>'
        )
    if isinstance(expect, dict):
        items = "".join(
            f"<dt><code>{esc(k)}</code></dt><dd>{value_html(v)}</dd>" for k, v in expect.items()
        )
        return (
            '<li class="step check"><span class="label">check</span>'
            f'<dl class="observed">{items}</dl></li>'
        )
    return f"<li><code>{esc(json_text(step))}</code></li>"


# --- the code page -------------------------------------------------------------------------


def _lines(f: SourceFile, highlight: Highlighter) -> list[str]:
    plain = [esc(line) for line in f.text.split("\n")]
    html = highlight(f.text)
    start, end = html.find("<pre>"), html.rfind("</pre>")
    if start < 0 or end < 0:
        return plain
    body = html[start + len("<pre>") : end].removeprefix("<span></span>")
    lines = body.split("\n")
    if len(lines) != len(plain):
        return plain
    return lines


def code_page(ctx: Ctx, g: GameData, highlight: Highlighter) -> str:
    """The reST of the page listing a game's source, each line anchored, rule lines marked."""
    ctx.linker.page(ctx.doc)
    out = [HEADER, heading(f"Code of {g.id}", "=")]
    out.append(
        f"The source of the game ``{g.id}``, line by line. A rule id is named again at every "
        "point where the code enforces it (in a raise or a comment); those lines are marked, "
        "and each rule on the game page links to them.\n\n"
    )
    index = []
    for rule in g.rules:
        points = g.code.get(rule.id, ())
        if points:
            index.append(
                f"<tr><td>{ctx.rule_link(rule.id, g.id)}</td>"
                f"<td>{_code_links(ctx, g, points)}</td></tr>"
            )
    out.append(
        raw(
            '<table class="koloda-code-index"><thead><tr><th>Rule</th><th>Lines</th></tr></thead>'
            "<tbody>\n" + "\n".join(index) + "\n</tbody></table>"
        )
    )
    for f in g.files:
        out.append(heading(f.path, "-"))
        rows = []
        for n, line in enumerate(_lines(f, highlight), start=1):
            lid = ctx.anchor(line_anchor(f, n))
            named = f.rule_lines.get(n)
            klass = "code-line rule-point" if named else "code-line"
            title = f' title="{esc(", ".join(named))}"' if named else ""
            rows.append(
                f'<span class="{klass}" id="{lid}"{title}>'
                f'<a class="lineno" href="#{lid}">{n}</a>{line or " "}</span>'
            )
        out.append(raw('<div class="highlight koloda-code"><pre>' + "".join(rows) + "</pre></div>"))
    return "".join(out)
