"""The built docs, as a reader uses them, in headless Chromium.

Serves ``docs/_build/html`` on 127.0.0.1 (a free port, a thread) and drives the
system's Chromium over the DevTools pipe (:mod:`tests.browser.cdp`): a rule links
to its source sentence, which becomes the highlighted target; a sentence links
back to its rules; Russian and English are shown side by side and the view switch
works; the search finds a Russian word; cards show as red and black symbols; the
landing page has a quick start and a row for every game; a game page opens with
how the game goes (each rule linked), then its contents, then the source passage;
a scenario starts from a card table. Screenshots of the landing page and a game
page are saved under ``docs/_build/screenshots/``.

Skips, saying why, when the docs are not built or Chromium is not installed;
with ``KOLODA_REQUIRE_BROWSER=1`` (the ``browser`` nox session sets it) those are
failures instead, so CI cannot pass by skipping. Run: ``nox -s browser``, or
build the docs and ``pytest tests/browser``.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable, Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Final, NoReturn
from urllib.parse import quote

import pytest

from conformance.corpus import all_sentences
from reference import games
from tests.browser.cdp import Browser, JSONValue, Page, find_chromium, launch

ROOT: Final = Path(__file__).resolve().parents[2]
HTML: Final = ROOT / "docs" / "_build" / "html"
SCREENSHOTS: Final = ROOT / "docs" / "_build" / "screenshots"
HIGHLIGHT: Final = "rgb(255, 236, 153)"  # docs/_static/koloda.css, the :target background


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        return


def _unavailable(reason: str) -> NoReturn:
    """Skip, or fail where the browser test is required (``KOLODA_REQUIRE_BROWSER=1``)."""
    if os.environ.get("KOLODA_REQUIRE_BROWSER") == "1":
        pytest.fail(reason + " (KOLODA_REQUIRE_BROWSER=1: required here)")
    pytest.skip(reason)


def _game_pages() -> list[Path]:
    return sorted((HTML / "_generated").glob("game-*.html"))


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    """The base URL of the built docs, served from a thread on 127.0.0.1."""
    if not (HTML / "index.html").exists() or not _game_pages():
        _unavailable(
            f"the built docs are absent ({HTML}): build them first with "
            "`sphinx-build -W --keep-going -b html -d docs/_build/doctrees docs docs/_build/html`"
            " (nox -s docs)"
        )
    handler = partial(_QuietHandler, directory=str(HTML))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="docs-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    """A headless Chromium with a fresh profile."""
    executable = find_chromium()
    if executable is None:
        _unavailable(
            "Chromium is not installed (looked for $KOLODA_CHROMIUM, /usr/bin/chromium, "
            "chromium on PATH): apt-get install -y chromium"
        )
    work = tmp_path_factory.mktemp("chromium")
    with launch(executable, work / "profile", work / "chromium.log") as b:
        yield b


@pytest.fixture
def page(browser: Browser, site: str) -> Iterator[Page]:
    """A fresh tab."""
    tab = browser.new_page()
    try:
        yield tab
    finally:
        tab.close()


def _game_url(site: str) -> str:
    pages = _game_pages()
    preferred = [p for p in pages if p.name == "game-melniki-b.html"]
    return site + "_generated/" + (preferred or pages)[0].name


def _str(value: JSONValue) -> str:
    assert isinstance(value, str), value
    return value


def _dict(value: JSONValue) -> dict[str, JSONValue]:
    assert isinstance(value, dict), value
    return value


def _target_state(page: Page) -> dict[str, JSONValue]:
    return _dict(
        page.evaluate(
            "(() => { const t = document.querySelector(':target');"
            " if (!t) return {id: null};"
            " const r = t.getBoundingClientRect();"
            " return {id: t.id, tag: t.tagName, cls: t.className,"
            " background: getComputedStyle(t).backgroundColor,"
            " outline: getComputedStyle(t).outlineStyle,"
            " visible: r.bottom > 0 && r.top < window.innerHeight && r.height > 0,"
            " ru: (t.querySelector('.ru') || {}).innerText || null,"
            " text: t.innerText}; })()"
        )
    )


def test_rule_links_to_its_highlighted_source_sentence(page: Page, site: str) -> None:
    page.goto(_game_url(site))
    found = _dict(
        page.evaluate(
            "(() => { const a = document.querySelector("
            "'.rule:not(.core) .rule-sentences a.sentence-ref');"
            " const rule = a.closest('.rule');"
            " const pair = a.closest('.pair');"
            " return {rule: rule.id, href: a.getAttribute('href'),"
            " ru: pair.querySelector('.ru').innerText}; })()"
        )
    )
    href = _str(found["href"])
    assert href.startswith("#s-"), found
    selector = f'[id="{_str(found["rule"])}"] .rule-sentences a[href="{href}"]'
    page.click(selector)
    page.wait_for(f"location.hash === {json.dumps(href)}")
    target = _target_state(page)
    assert target["id"] == href[1:]
    assert target["tag"] == "TR" and "sentence" in _str(target["cls"])
    assert target["background"] == HIGHLIGHT, "the target sentence is not highlighted"
    assert target["outline"] == "solid"
    assert target["visible"] is True, "the target sentence is not scrolled into view"
    assert target["ru"] == found["ru"], "the rule quotes another sentence than it links to"


def test_sentence_links_back_to_its_rules(page: Page, site: str) -> None:
    page.goto(_game_url(site))
    found = _dict(
        page.evaluate(
            "(() => { const a = document.querySelector('tr.sentence .cited-rule a');"
            " return {sentence: a.closest('tr').id, href: a.getAttribute('href'),"
            " rule: a.innerText}; })()"
        )
    )
    sentence = _str(found["sentence"])
    href = _str(found["href"])
    page.click(f'tr[id="{sentence}"] .cited-rule a[href="{href}"]')
    page.wait_for(f"location.hash === {json.dumps(href)}")
    target = _target_state(page)
    assert target["id"] == "rule-" + _str(found["rule"])
    assert "rule" in _str(target["cls"])
    assert target["background"] == HIGHLIGHT
    back = page.evaluate(
        f"!!document.querySelector(':target a.sentence-ref[href=\"#{sentence}\"]')"
    )
    assert back is True, "the rule does not link back to the sentence"


def test_sources_page_anchors_every_sentence_and_reaches_the_game(page: Page, site: str) -> None:
    page.goto(site + "sources.html")
    ids = page.evaluate("[...document.querySelectorAll('tr.sentence')].map(e => e.id)")
    assert isinstance(ids, list)
    expected = ["s-" + sid.replace(":", "-").replace(".", "-") for sid in all_sentences()]
    assert ids == expected, "the sources page must anchor every sentence of every text, in order"
    link = _dict(
        page.evaluate(
            "(() => { const a = document.querySelector('tr.sentence .game a.game-ref');"
            " return {href: a.getAttribute('href'), row: a.closest('tr').id}; })()"
        )
    )
    row = _str(link["row"])
    page.click(f'tr[id="{row}"] .game a.game-ref')
    page.wait_for(f"location.pathname.includes('/_generated/game-') && location.hash === '#{row}'")
    page.wait_for("document.readyState === 'complete'")
    target = _target_state(page)
    assert target["id"] == row
    assert target["background"] == HIGHLIGHT


def test_russian_and_english_side_by_side_and_the_view_switch(page: Page, site: str) -> None:
    page.goto(_game_url(site))
    page.evaluate("localStorage.removeItem('koloda-view')")
    page.goto(_game_url(site) + "?fresh")

    def cells() -> dict[str, JSONValue]:
        return _dict(
            page.evaluate(
                "(() => { const row = document.querySelector('tr.sentence');"
                " const ru = row.querySelector('td.ru'), en = row.querySelector('td.en');"
                " const box = e => { const r = e.getBoundingClientRect();"
                " return {left: r.left, right: r.right, width: r.width, top: r.top}; };"
                " return {ru: ru.innerText, en: en.innerText, ruBox: box(ru), enBox: box(en),"
                " ruLang: ru.lang, enLang: en.lang,"
                " ruShown: ru.checkVisibility(), enShown: en.checkVisibility()}; })()"
            )
        )

    both = cells()
    assert any("\u0400" <= ch <= "\u04ff" for ch in _str(both["ru"])), both
    assert any("a" <= ch.lower() <= "z" for ch in _str(both["en"])), both
    assert both["ruLang"] == "ru" and both["enLang"] == "en"
    assert both["ruShown"] is True and both["enShown"] is True
    ru_box, en_box = _dict(both["ruBox"]), _dict(both["enBox"])
    ru_width, en_width = ru_box["width"], en_box["width"]
    assert isinstance(ru_width, (int, float)) and isinstance(en_width, (int, float))
    assert ru_width > 100 and en_width > 100, "both columns must be visible"
    ru_right, en_left = ru_box["right"], en_box["left"]
    assert isinstance(ru_right, (int, float)) and isinstance(en_left, (int, float))
    assert en_left >= ru_right - 1, "English must stand beside the Russian"

    page.click('.koloda-view-toggle button[data-view="ru"]')
    only_ru = cells()
    assert only_ru["enShown"] is False and only_ru["ruShown"] is True
    assert _dict(only_ru["enBox"])["width"] == 0
    page.click('.koloda-view-toggle button[data-view="en"]')
    only_en = cells()
    assert only_en["ruShown"] is False and only_en["enShown"] is True
    assert _dict(only_en["ruBox"])["width"] == 0
    page.click('.koloda-view-toggle button[data-view="both"]')
    again = cells()
    assert again["ruShown"] is True and again["enShown"] is True
    assert again["ru"] == both["ru"] and again["en"] == both["en"]
    pressed = page.evaluate(
        "document.querySelector('.koloda-view-toggle button[aria-pressed=\"true\"]').dataset.view"
    )
    assert pressed == "both"


def test_search_finds_a_russian_word(page: Page, site: str) -> None:
    page.goto(site + "search.html?q=" + quote("козырь"))
    count = page.wait_for(
        "document.querySelectorAll('#search-results ul.search li').length", timeout=30
    )
    assert isinstance(count, int) and count > 0
    links = page.evaluate(
        "[...document.querySelectorAll('#search-results ul.search li a')]"
        ".map(a => a.getAttribute('href'))"
    )
    assert isinstance(links, list)
    assert any(isinstance(h, str) and ("game-" in h or "sources" in h) for h in links), links


def test_cards_are_red_and_black_symbols_and_a_screenshot(page: Page, site: str) -> None:
    page.goto(_game_url(site))
    colours = _dict(
        page.evaluate(
            "(() => { const c = s => {"
            " const e = document.querySelector('.scenario .card.suit-' + s);"
            " return e ? {text: e.innerText, color: getComputedStyle(e).color} : null; };"
            " return {s: c('s'), h: c('h'), d: c('d'), c: c('c')}; })()"
        )
    )
    symbols = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
    for suit, symbol in symbols.items():
        card = _dict(colours[suit])
        assert _str(card["text"]).endswith(symbol)
        red = suit in "hd"
        assert (card["color"] == "rgb(200, 16, 46)") is red, (suit, card)
        if not red:
            assert card["color"] == "rgb(17, 17, 17)", (suit, card)
    name = _game_url(site).rsplit("/", 1)[-1].removesuffix(".html")
    # A clean page for the artifact: no search terms left highlighted by another test.
    page.evaluate("localStorage.clear(); sessionStorage.clear()")
    page.goto(_game_url(site) + "?screenshot")
    page.set_viewport(1400, 1000)
    shot = SCREENSHOTS / f"{name}.png"
    page.screenshot(shot, full_page=False)
    first = _str(page.evaluate("document.querySelector('.scenario').id"))
    page.goto(_game_url(site) + "?screenshot#" + first)
    scenario_shot = SCREENSHOTS / f"{name}-scenario.png"
    page.screenshot(scenario_shot)
    for path in (shot, scenario_shot):
        data = path.read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 10_000, path


# --- the landing page and the opening of a game page ----------------------------------------

KINDS: Final = {"trick-taking", "shedding", "Durak-like", "vying", "lottery", "stops"}


def test_the_site_holds_no_doctrees() -> None:
    """The published folder is the site alone: Sphinx's doctrees are built elsewhere (-d)."""
    if not (HTML / "index.html").exists():
        _unavailable(f"the built docs are absent ({HTML})")
    assert not (HTML / ".doctrees").exists()


def test_the_landing_page_has_a_quick_start_and_every_game(page: Page, site: str) -> None:
    page.goto(site + "index.html")
    page.set_viewport(1400, 1000)
    landing = _dict(
        page.evaluate(
            "(() => { const s = document.querySelector('#quick-start');"
            " const rows = [...document.querySelectorAll('table.koloda-landing tbody tr')];"
            " return {quick: s ? s.innerText : null,"
            " rows: rows.map(r => ({game: r.dataset.game,"
            " cells: [...r.cells].map(c => c.innerText.trim()),"
            " href: r.querySelector('a.game-ref').getAttribute('href')})),"
            " before: s && rows.length ? !!(s.compareDocumentPosition(rows[0]) &"
            " Node.DOCUMENT_POSITION_FOLLOWING) : null}; })()"
        )
    )
    quick = _str(landing["quick"])
    for command in (
        "pip install -e . && python -m conformance run",
        "pip install nox && nox",
        'python -m conformance run --impl "your-adapter-command"',
        "python -m conformance readings",
    ):
        assert command in quick, command
    assert landing["before"] is True  # the quick start comes before the table of games
    rows = landing["rows"]
    assert isinstance(rows, list)
    by_game = {_str(_dict(r)["game"]): _dict(r) for r in rows}
    assert set(by_game) == set(games())
    for gid, row in by_game.items():
        cells = row["cells"]
        assert isinstance(cells, list) and len(cells) == 7, cells
        ident, russian, english, kind, players, source, line = (_str(c) for c in cells)
        assert ident == gid
        assert russian and "seed" not in russian and english, cells
        assert kind in KINDS, cells
        seats = games()[gid].players
        # a range of seats as "3–6", a single count as "4" (never "4–4")
        want = str(seats.start) if len(seats) == 1 else f"{seats.start}–{seats[-1]}"
        assert players == want, cells
        assert source.startswith("text 00"), cells
        assert len(line) > 20 and "rules" in line, cells
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(SCREENSHOTS / "index.png")
    page.goto(site + _str(by_game["mushka"]["href"]))
    assert _str(page.evaluate("location.pathname")).endswith("_generated/game-mushka.html")


def test_a_game_page_opens_with_how_the_game_goes(page: Page, site: str) -> None:
    page.goto(site + "_generated/game-mushka.html")
    opening = _dict(
        page.evaluate(
            "(() => { const all = [...document.querySelectorAll("
            " '.koloda-summary, .contents, #source-passage, table.koloda-text')];"
            " const items = [...document.querySelectorAll('.koloda-summary ol li')];"
            " return {order: all.map(e => e.classList.contains('koloda-summary') ? 'summary'"
            " : e.classList.contains('contents') ? 'contents'"
            " : e.id === 'source-passage' ? 'passage' : 'text'),"
            " items: items.map(li => ({text: li.querySelector('.statement').innerText,"
            " href: li.querySelector('a.rule-ref').getAttribute('href')})),"
            " own: [...document.querySelectorAll('div.rule:not(.core)')].map(d => d.id),"
            " toc: [...document.querySelectorAll('.contents a')].map(a => a.innerText)}; })()"
        )
    )
    order = opening["order"]
    assert isinstance(order, list)
    assert order[:3] == ["summary", "contents", "passage"], order
    items = opening["items"]
    own = opening["own"]
    assert isinstance(items, list) and isinstance(own, list)
    hrefs = [_str(_dict(i)["href"]) for i in items]
    assert sorted(h.removeprefix("#") for h in hrefs) == sorted(_str(o) for o in own)
    assert all(_str(_dict(i)["text"]).strip() for i in items)
    toc = opening["toc"]
    assert isinstance(toc, list)
    for section in ("Source passage", "Rules", "Rulings", "Options", "Scenarios"):
        assert section in toc, toc
    # A rule of the summary leads to the rule's block on the page.
    page.goto(site + "_generated/game-mushka.html" + hrefs[0])
    target = _target_state(page)
    assert target["id"] == hrefs[0].removeprefix("#") and "rule" in _str(target["cls"])
    page.evaluate("localStorage.clear(); sessionStorage.clear()")
    page.goto(site + "_generated/game-mushka.html?screenshot")
    page.set_viewport(1400, 1000)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(SCREENSHOTS / "game-mushka.png")


def test_a_game_page_has_its_interface(page: Page, site: str) -> None:
    """The Interface section: deals, actions with examples, observables with their
    comparison, the position notation field by field, the outcome."""
    page.goto(site + "_generated/game-michigan.html")
    got = _dict(
        page.evaluate(
            "(() => { const sec = document.getElementById('interface');"
            " if (!sec) return {found: false};"
            " const rows = (k) => [...sec.querySelectorAll('table.koloda-interface.' + k +"
            " ' tbody tr')].map(r => [...r.cells].map(c => c.innerText));"
            " return {found: true, heads: [...sec.querySelectorAll('h4')].map(h => h.innerText),"
            " actions: rows('actions'), observables: rows('observables'),"
            " position: rows('position')}; })()"
        )
    )
    assert got["found"] is True
    heads = got["heads"]
    assert isinstance(heads, list)
    for head in ("Deals", "Actions", "Observables", "Position notation", "Outcome"):
        assert head in heads, heads
    actions = got["actions"]
    assert isinstance(actions, list) and actions
    stake = next(r for r in actions if isinstance(r, list) and r[0] == "stake")
    assert isinstance(stake, list)
    assert "JC" in _str(stake[3]) and _str(stake[1]).strip()  # an example and a meaning
    observables = got["observables"]
    assert isinstance(observables, list)
    legal = next(r for r in observables if isinstance(r, list) and r[0] == "legal")
    assert isinstance(legal, list) and "set" in _str(legal[2])
    position = got["position"]
    assert isinstance(position, list) and len(position) > 5
    assert all(_str(r[1]).strip() for r in position if isinstance(r, list))


def test_a_scenario_starts_from_a_card_table(page: Page, site: str) -> None:
    page.goto(site + "_generated/game-mushka.html")
    start = _dict(
        page.evaluate(
            "(() => { const s = [...document.querySelectorAll('.scenario .koloda-start')]"
            ".find(e => e.querySelector('th') &&"
            " [...e.querySelectorAll('th')].some(t => t.innerText.startsWith('hand')));"
            " if (!s) return {found: false};"
            " const visible = [...s.querySelectorAll('table tr')].map(r => r.innerText);"
            " return {found: true, rows: visible,"
            " hands: s.querySelectorAll('tr .card').length,"
            " notation: s.querySelector('details') ? s.querySelector('details').open : null};"
            " })()"
        )
    )
    assert start["found"] is True
    rows = start["rows"]
    assert isinstance(rows, list)
    text = "\n".join(_str(r) for r in rows)
    assert "hand · seat 0" in text and "trump" in text
    assert "null" not in text and "false" not in text  # no raw position fields in the table
    assert any(symbol in text for symbol in "♠♥♦♣")
    assert isinstance(start["hands"], int) and start["hands"] > 0
    assert start["notation"] is False  # the full notation is there, folded away


def test_generated_files_keep_their_lines_within_docutils_limit() -> None:
    """An included file with a line over docutils' ``line_length_limit`` (10,000) fails the
    ``-W`` build; a long list of gaps or links is broken into short lines."""
    generated = ROOT / "docs" / "_generated"
    if not any(generated.glob("*.inc")):
        _unavailable(f"the generated fragments are absent ({generated}): build the docs first")
    for path in generated.glob("*.inc"):
        longest = max(len(line) for line in path.read_text(encoding="utf-8").split("\n"))
        assert longest < 10_000, (path.name, longest)


def test_a_raw_block_far_over_the_limit_comes_out_in_short_lines() -> None:
    """The docs extension's ``raw`` (it lives on the docs' own path, not the project's)."""
    import importlib  # noqa: PLC0415
    import sys  # noqa: PLC0415

    sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    common = importlib.import_module("koloda_docs.common")
    raw: Callable[[str], str] = common.raw
    limit: int = common.LINE_LIMIT

    items = "".join(f"<li>gap {i}: normative sentence cited by no rule</li>" for i in range(400))
    words = "<p>" + "word " * 5000 + "</p>"
    for html in (f'<ul class="gaps">{items}</ul>', words):
        block = raw(html)
        lines = block.split("\n")
        assert max(len(line) for line in lines) <= limit + 3  # the directive's indent
        # the same HTML: only whitespace between tags or words changed
        body = " ".join(line.strip() for line in lines[2:] if line.strip())
        assert body.replace("> <", "><").split() == html.split()


@pytest.mark.parametrize("scenario_id", ["melniki-b-010", "mushka-025"])
def test_the_hands_shown_after_a_trick_are_the_replays(scenario_id: str) -> None:
    """A trace's "takes the trick; the hands now" block shows each seat's hand as the reference
    holds it after that step (``—`` only for a hand that is empty)."""
    import importlib  # noqa: PLC0415
    import re  # noqa: PLC0415
    import sys  # noqa: PLC0415

    from conformance.engine import start  # noqa: PLC0415
    from reference.core.errors import IllegalAction  # noqa: PLC0415

    sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    data = importlib.import_module("koloda_docs.data")
    pages = importlib.import_module("koloda_docs.game_pages")
    corpus = data.load()
    gid = scenario_id.rsplit("-", 1)[0]
    g = corpus.games[gid]
    sc = next(s for s in g.scenarios if s.id == scenario_id)
    shown = pages.replay(g, sc).after
    game, state = start(gid, sc.data["setup"])
    blocks = 0
    for i, step in enumerate(sc.data["steps"]):
        if "act" not in step:
            continue
        try:
            state = game.apply(state, game.parse_action(step["act"]))
        except IllegalAction:
            continue  # a step the scenario expects refused
        html = shown.get(i, "")
        if "trick-taken" not in html:
            continue
        blocks += 1
        rows = re.findall(r"<tr><th>seat (\d+)</th><td>(.*?)</td></tr>", html)
        assert rows, html
        for seat, cell in rows:
            hand = game.observe(state, f"hand.{seat}")
            assert isinstance(hand, list)
            assert (cell == "—") == (not hand), (scenario_id, i, seat, cell, hand)
    assert blocks > 0, f"{scenario_id}: no trick taken in its trace"


def test_the_landing_table_tells_every_game_apart() -> None:
    """No two games are described alike on the landing table: those that share an English name
    or a kind (the two Мельники, the trick-taking мушки) are told apart by what each is."""
    import importlib  # noqa: PLC0415
    import sys  # noqa: PLC0415

    sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    site = importlib.import_module("koloda_docs.site_pages")
    listed, glosses = site.game_kinds()
    lines: dict[str, str] = {
        gid: entry.get("what") or glosses[entry["kind"]] for gid, entry in listed.items()
    }
    assert len(set(lines.values())) == len(lines), "two games are described alike"
