"""The report page of ``python -m conformance report``, as a reader uses it, in headless
Chromium (:mod:`tests.browser.cdp`).

Three real runs of Горка (the reference; an implementation that accepts every action; the
same with a message full of markup and control characters) become one page, served from
127.0.0.1 beside the built docs (``docs/``, a link to ``docs/_build/html``): the totals read
in the browser match the summaries, the runs stand side by side, nothing an implementation
wrote becomes markup or runs, the Russian sentence stands beside its English translation,
and a failure's docs link opens the scenario on its game page. A screenshot is saved under
``docs/_build/screenshots/``.

Skips, saying why, when Chromium is not installed or (for the docs link) the docs are not
built; with ``KOLODA_REQUIRE_BROWSER=1`` those are failures instead.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Final, NoReturn

import pytest

from conformance import report
from tests.browser.cdp import Browser, JSONValue, Page, find_chromium, launch
from tests.conformance.helpers import fake, run

ROOT: Final = Path(__file__).resolve().parents[2]
HTML: Final = ROOT / "docs" / "_build" / "html"
SCREENSHOTS: Final = ROOT / "docs" / "_build" / "screenshots"
GAME: Final = "gorka"
HOSTILE: Final = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>\x1b[2K\r&amp;'


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        return


def _unavailable(reason: str) -> NoReturn:
    """Skip, or fail where the browser test is required (``KOLODA_REQUIRE_BROWSER=1``)."""
    if os.environ.get("KOLODA_REQUIRE_BROWSER") == "1":
        pytest.fail(reason + " (KOLODA_REQUIRE_BROWSER=1: required here)")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, list[Path]]]:
    """The report of three runs in a served folder beside ``docs/``; its URL and the inputs."""
    root = tmp_path_factory.mktemp("report-site")
    ids = (f"{GAME}-*",)
    paths = []
    for name, impl in (("reference", None), ("accept-all", fake("accept-all"))):
        work = tmp_path_factory.mktemp(name)
        run(work, impl, ids=ids)
        paths.append(work / "results.jsonl")
    lines = [json.loads(x) for x in paths[1].read_text(encoding="utf-8").splitlines()]
    lines[0]["implementation"]["start"]["implementation"]["name"] = "<i>hostile</i>"
    failed = next(x for x in lines if x.get("outcome") == "FAIL")
    failed.update(outcome="ERROR", message=HOSTILE)
    failed.pop("failures")
    lines[-1]["counts"]["FAIL"] -= 1
    lines[-1]["counts"]["ERROR"] += 1
    hostile = root / "hostile.jsonl"
    hostile.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    paths.append(hostile)
    (root / "docs").symlink_to(HTML, target_is_directory=True)
    page = root / "report.html"
    code = report.main([str(p) for p in paths], output=str(page), docs_url="docs/")
    assert code == 0
    handler = partial(_QuietHandler, directory=str(root))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="report-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/report.html", paths
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
    work = tmp_path_factory.mktemp("chromium-report")
    with launch(executable, work / "profile", work / "chromium.log") as b:
        yield b


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    tab = browser.new_page()
    try:
        yield tab
    finally:
        tab.close()


def _dict(value: JSONValue) -> dict[str, JSONValue]:
    assert isinstance(value, dict), value
    return value


def _summary(path: Path) -> dict[str, JSONValue]:
    last = json.loads(path.read_text(encoding="utf-8").splitlines()[-1])
    assert isinstance(last, dict) and last["type"] == "summary"
    return last


def test_totals_side_by_side_match_the_summaries(page: Page, site: tuple[str, list[Path]]) -> None:
    url, paths = site
    page.goto(url)
    shown = _dict(
        page.evaluate(
            "(() => { const out = {};"
            " for (const td of document.querySelectorAll('table.totals td[data-outcome]'))"
            "   out[td.dataset.run + ':' + td.dataset.outcome] = Number(td.innerText);"
            " return out; })()"
        )
    )
    for i, path in enumerate(paths):
        counts = _dict(_summary(path)["counts"])
        for outcome, n in counts.items():
            assert shown[f"{i}:{outcome}"] == n, (path.name, outcome)
    heads = page.evaluate("[...document.querySelectorAll('table.totals th.run')].length")
    assert heads == len(paths)
    boxes = page.evaluate(
        "[...document.querySelectorAll('table.games tr[data-name] td[data-outcome=\"PASS\"]')]"
        ".map(td => td.getBoundingClientRect().left)"
    )
    assert isinstance(boxes, list) and len(boxes) == len(paths)
    lefts = [float(x) for x in boxes if isinstance(x, (int, float))]
    assert len(lefts) == len(paths)
    assert lefts == sorted(lefts), "the runs stand side by side, in the order given"


def test_nothing_an_implementation_wrote_becomes_markup(
    page: Page, site: tuple[str, list[Path]]
) -> None:
    url, _ = site
    page.goto(url)
    found = _dict(
        page.evaluate(
            "(() => ({pwned: window.pwned === undefined ? null : window.pwned,"
            " scripts: document.querySelectorAll('script').length,"
            " imgs: document.querySelectorAll('img').length,"
            " italics: document.querySelectorAll('i').length,"
            " message: [...document.querySelectorAll('pre.message')].map(e => e.innerText),"
            " names: [...document.querySelectorAll('th.run')].map(e => e.innerText)}))()"
        )
    )
    assert found["pwned"] is None and found["scripts"] == 0 and found["imgs"] == 0
    assert found["italics"] == 0
    expected = HOSTILE.replace("\x1b", "\\x1b").replace("\r", "\\x0d")
    assert found["message"] == [expected]
    names = found["names"]
    assert isinstance(names, list) and any(
        isinstance(n, str) and n.startswith("<i>hostile</i>") for n in names
    )


def test_a_failure_shows_russian_beside_english_and_its_replay(
    page: Page, site: tuple[str, list[Path]]
) -> None:
    url, paths = site
    page.goto(url)
    found = _dict(
        page.evaluate(
            "(() => { const s = document.querySelector('section.failure');"
            " const ru = s.querySelector('.source .ru'), en = s.querySelector('.source .en');"
            " const r = ru.getBoundingClientRect(), e = en.getBoundingClientRect();"
            " return {id: s.dataset.id, ru: ru.innerText, en: en.innerText,"
            " ruLang: ru.lang, enLang: en.lang, ruRight: r.right, enLeft: e.left,"
            " mark: (ru.querySelector('mark') || {}).innerText || null,"
            " replay: [...s.querySelectorAll('pre.replay')].map(p => p.innerText),"
            " outcomes: [...s.querySelectorAll('.run-result')].map(d => d.dataset.outcome)};"
            " })()"
        )
    )
    sid = found["id"]
    assert isinstance(sid, str) and sid.startswith(GAME + "-")
    assert any("\u0400" <= ch <= "\u04ff" for ch in str(found["ru"]))
    assert any("a" <= ch <= "z" for ch in str(found["en"]))
    assert found["ruLang"] == "ru" and found["enLang"] == "en"
    ru_right, en_left = found["ruRight"], found["enLeft"]
    assert isinstance(ru_right, (int, float)) and isinstance(en_left, (int, float))
    assert en_left >= ru_right - 1, "English stands beside the Russian"
    assert found["mark"], "the quoted words are marked"
    assert found["outcomes"] == ["PASS", "FAIL", "FAIL"] or found["outcomes"] == [
        "PASS",
        "FAIL",
        "ERROR",
    ]
    replay = found["replay"]
    assert isinstance(replay, list) and len(replay) == 2
    for text in replay:
        assert isinstance(text, str)
        assert f"--id {sid}" in text and f"python -m reference replay {sid}" in text
    page.set_viewport(1400, 1000)
    shot = SCREENSHOTS / "report.png"
    page.screenshot(shot, full_page=False)
    assert shot.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert len(paths) == 3


def test_a_failure_links_to_its_scenario_in_the_docs(
    page: Page, site: tuple[str, list[Path]]
) -> None:
    if not (HTML / "_generated" / f"game-{GAME}.html").exists():
        _unavailable(
            f"the built docs are absent ({HTML}): build them first with "
            "`sphinx-build -W --keep-going -b html docs docs/_build/html` (nox -s docs)"
        )
    url, _ = site
    page.goto(url)
    sid = page.evaluate("document.querySelector('section.failure').dataset.id")
    assert isinstance(sid, str)
    href = page.evaluate(
        f"document.querySelector('section.failure[data-id=\"{sid}\"] a.docs').getAttribute('href')"
    )
    assert href == f"docs/_generated/game-{GAME}.html#sc-{sid}"
    page.click(f'section.failure[data-id="{sid}"] a.docs')
    page.wait_for(f"location.hash === '#sc-{sid}' && document.readyState === 'complete'")
    target = _dict(
        page.evaluate(
            "(() => { const t = document.querySelector(':target');"
            " return t ? {id: t.id, cls: t.className} : {id: null}; })()"
        )
    )
    assert target["id"] == f"sc-{sid}" and "scenario" in str(target["cls"])
    page.goto(url)
    rule = page.evaluate(
        f"document.querySelector('section.failure[data-id=\"{sid}\"] a.rule').innerText"
    )
    assert isinstance(rule, str)
    page.click(f'section.failure[data-id="{sid}"] a.rule')
    page.wait_for("document.readyState === 'complete' && location.hash.startsWith('#rule-')")
    rule_target = page.evaluate("(document.querySelector(':target') || {}).id || null")
    assert rule_target == f"rule-{rule}"
    page.goto(url)
    page.click(f'section.failure[data-id="{sid}"] a.sid')
    page.wait_for("document.readyState === 'complete' && location.hash.startsWith('#s-')")
    sentence = _dict(
        page.evaluate(
            "(() => { const t = document.querySelector(':target');"
            " return t ? {tag: t.tagName, cls: t.className} : {tag: null}; })()"
        )
    )
    assert sentence["tag"] == "TR" and "sentence" in str(sentence["cls"])
