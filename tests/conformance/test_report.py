"""``python -m conformance report``: the page from real results files, bad input, escaping.

The results come from real runs (the reference, and the fake adapter that accepts every
action, so some scenarios fail); the page is read back with an HTML parser.
"""

from __future__ import annotations

import io
import json
import os
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from conformance import corpus, report, suite, validate
from conformance.__main__ import main as cli
from reference import __version__
from tests.conformance.helpers import fake, run

GAME = "gorka"


class _Page(HTMLParser):
    """The elements of a page: tag, attributes and the text inside, in document order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str], list[str]]] = []
        self._open: list[int] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, {k: v or "" for k, v in attrs}, []))
        if tag not in ("meta", "br", "link", "img", "input"):
            self._open.append(len(self.elements) - 1)

    def handle_endtag(self, tag: str) -> None:
        while self._open:
            i = self._open.pop()
            if self.elements[i][0] == tag:
                break

    def handle_data(self, data: str) -> None:
        for i in self._open:
            self.elements[i][2].append(data)

    def find(self, tag: str, **attrs: str) -> list[tuple[dict[str, str], str]]:
        return [
            (a, "".join(text))
            for t, a, text in self.elements
            if t == tag and all(a.get(k.replace("_", "-")) == v for k, v in attrs.items())
        ]


def _parse(text: str) -> _Page:
    page = _Page()
    page.feed(text)
    page.close()
    return page


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]


def _write(path: Path, lines: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Results of the reference and of an implementation that accepts every action."""
    ids = (f"{GAME}-*",)
    good_dir = tmp_path_factory.mktemp("good")
    code, _, _ = run(good_dir, None, ids=ids)
    assert code == 0
    bad_dir = tmp_path_factory.mktemp("bad")
    code, _, _ = run(bad_dir, fake("accept-all"), ids=ids)
    assert code == 1
    return good_dir / "results.jsonl", bad_dir / "results.jsonl"


def _report(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    paths = [a for a in args if not a.startswith("--")]
    flags = [a for a in args if a.startswith("--")]
    output = next((f.split("=", 1)[1] for f in flags if f.startswith("--o=")), None)
    docs = next((f.split("=", 1)[1] for f in flags if f.startswith("--docs=")), None)
    code = report.main(
        paths, output=output, markdown="--markdown" in flags, docs_url=docs, out=out, err=err
    )
    return code, out.getvalue(), err.getvalue()


def test_one_page_two_runs_side_by_side(results: tuple[Path, Path], tmp_path: Path) -> None:
    good, bad = results
    page_path = tmp_path / "report.html"
    code, _, err = _report(str(good), str(bad), f"--o={page_path}", "--docs=../docs/")
    assert code == 0, err
    page = _parse(page_path.read_text(encoding="utf-8"))
    assert not page.find("script") and not page.find("link") and not page.find("img")
    for i, path in enumerate((good, bad)):
        summary = _lines(path)[-1]
        counts = summary["counts"]
        assert isinstance(counts, dict)
        for outcome, n in counts.items():
            cells = page.find("td", data_run=str(i), data_outcome=outcome)
            total = next(text for a, text in cells if a.get("class"))
            assert int(total) == n, (path, outcome)
    bad_lines = [x for x in _lines(bad) if x["type"] == "scenario"]
    failed = sorted(str(x["id"]) for x in bad_lines if x["outcome"] == "FAIL")
    assert failed, "the accept-all adapter must fail some scenario"
    sections = page.find("section", **{"class": "failure"})
    assert sorted(a["data-id"] for a, _ in sections) == failed
    for sid in failed:
        scenario = json.loads((validate.SUITE / GAME / f"{sid}.json").read_text("utf-8"))
        (_, text) = page.find("section", id=f"f-{sid}")[0]
        assert scenario["title"] in text
        for rule in scenario["rules"]:
            assert rule in text
        for cite in scenario["source"]:
            sentence = corpus.sentence(cite["sentence"])
            assert sentence.text in text
            assert corpus.translations()[sentence.id] in text
        assert f"python -m reference replay {sid}" in text
        assert f"--id {sid}" in text and "accept-all" in text
        links = [a["href"] for a, _ in page.find("a", **{"class": "docs"})]
        assert f"../docs/_generated/game-{GAME}.html#sc-{sid}" in links
    rule_rows = {a["data-name"] for a, _ in page.find("tr") if "data-name" in a}
    assert {r for x in bad_lines for r in x["rules"]} <= rule_rows  # type: ignore[attr-defined]
    assert GAME in rule_rows


def test_counts_per_game_and_rule_add_up(results: tuple[Path, Path]) -> None:
    good, bad = results
    runs = [report.read_run(str(p))[0] for p in (good, bad)]
    assert all(r is not None for r in runs)
    model = report.build([r for r in runs if r is not None], "docs/")
    lines = [x for x in _lines(bad) if x["type"] == "scenario"]
    by_rule: dict[str, dict[str, int]] = {}
    for x in lines:
        for rule in x["rules"]:  # type: ignore[attr-defined]
            by_rule.setdefault(rule, {}).setdefault(str(x["outcome"]), 0)
            by_rule[rule][str(x["outcome"])] += 1
    assert set(model.rules[GAME]) == set(by_rule)
    for rule, counts in by_rule.items():
        assert {o: n for o, n in model.rules[GAME][rule].per_run[1].items() if n} == counts
    assert sum(model.games[GAME].per_run[1].values()) == len(lines)


def test_markdown_for_a_ci_summary(results: tuple[Path, Path], tmp_path: Path) -> None:
    good, bad = results
    code, text, _ = _report(str(good), str(bad), "--markdown")
    assert code == 0
    assert text.startswith("# koloda conformance report\n")
    failed = [x for x in _lines(bad) if x.get("outcome") == "FAIL"]
    for x in failed:
        assert f"({report.default_docs(None)}_generated/game-{GAME}.html#sc-{x['id']})" in text
        assert f"`` python -m reference replay {x['id']} ``" not in text
        assert f"` python -m reference replay {x['id']} `" in text
    out = tmp_path / "x.md"
    code, printed, _ = _report(str(bad), "--markdown", f"--o={out}")
    assert code == 0 and printed == ""
    assert out.read_text(encoding="utf-8").count("### [") == len(failed)


def _hostile(bad: Path, tmp_path: Path) -> Path:
    lines = _lines(bad)
    header, first = lines[0], next(x for x in lines if x.get("outcome") == "FAIL")
    impl = header["implementation"]
    assert isinstance(impl, dict)
    impl["start"]["implementation"]["name"] = "<b>evil</b> | name"
    first["outcome"] = "ERROR"
    first.pop("failures")
    first["message"] = '<script>alert(1)</script><img src=x onerror="x()">\x1b[2K\r| `x` &amp;'
    return _write(tmp_path / "hostile.jsonl", lines)


def test_what_an_implementation_wrote_is_escaped(
    results: tuple[Path, Path], tmp_path: Path
) -> None:
    hostile = _hostile(results[1], tmp_path)
    code, _, _ = _report(str(hostile), "--o=" + str(tmp_path / "r.html"))
    assert code == 0
    page_text = (tmp_path / "r.html").read_text(encoding="utf-8")
    page = _parse(page_text)
    assert not page.find("script") and not page.find("img") and not page.find("b")[1:]
    assert "\x1b" not in page_text and "\r" not in page_text
    (_, message) = page.find("pre", **{"class": "message"})[0]
    assert message == '<script>alert(1)</script><img src=x onerror="x()">\\x1b[2K\\x0d| `x` &amp;'
    assert "&lt;b&gt;evil&lt;/b&gt;" in page_text
    code, md, _ = _report(str(hostile), "--markdown")
    assert code == 0
    assert "\x1b" not in md and "\r" not in md
    # a code span shows its text as it is; outside code spans no markup is left unescaped
    assert '`` <script>alert(1)</script><img src=x onerror="x()">\\x1b[2K\\x0d| `x` &amp; ``' in md
    prose = re.sub(r"(`+) .*? \1", "", md)
    assert not re.search(r"(?<!\\)[<|]", prose.replace("| ", "").replace(" |", ""))
    assert "\\<b\\>evil\\</b\\> \\| name" in md


@pytest.mark.parametrize(
    ("content", "where", "message"),
    [
        (b"{not json\n", ":1:", "not JSON"),
        (None, ":2:", "scenario /outcome"),
        (b"\xff\xfe\n", ":1:", "not UTF-8"),
        (b"", "", "empty"),
        (b"[1, 2]\n", ":1:", "a line is a JSON object"),
        (b'{"type": "verdict"}\n', ":1:", "not a kind of line"),
    ],
)
def test_bad_input_names_the_file_and_line(
    results: tuple[Path, Path],
    tmp_path: Path,
    content: bytes | None,
    where: str,
    message: str,
) -> None:
    path = tmp_path / "in.jsonl"
    if content is None:
        lines = _lines(results[0])
        lines[1]["outcome"] = "GREAT"
        _write(path, lines)
    else:
        path.write_bytes(content)
    out = tmp_path / "never.html"
    code, _, err = _report(str(results[0]), str(path), f"--o={out}")
    assert code == report.EXIT_BAD_INPUT
    assert f"{path}{where}" in err and message in err, err
    assert "nothing was written" in err
    assert not out.exists()


def test_order_of_lines_is_checked(results: tuple[Path, Path], tmp_path: Path) -> None:
    lines = _lines(results[0])
    swapped = _write(tmp_path / "a.jsonl", [lines[1], lines[0], *lines[2:]])
    after = _write(tmp_path / "b.jsonl", [*lines, lines[1]])
    code, _, err = _report(str(swapped), str(after), "--markdown")
    assert code == report.EXIT_BAD_INPUT
    assert f"{swapped}:1: the first line must be the header" in err
    assert f"{after}:{len(lines)}: a line after the summary" in err
    missing = tmp_path / "missing.jsonl"
    code, _, err = _report(str(missing), "--markdown")
    assert code == report.EXIT_BAD_INPUT and f"{missing}: cannot read" in err


def test_an_interrupted_run_is_reported_not_refused(
    results: tuple[Path, Path], tmp_path: Path
) -> None:
    lines = _lines(results[1])
    kept = lines[:4]
    path = tmp_path / "cut.jsonl"
    text = "".join(json.dumps(x) + "\n" for x in kept) + json.dumps(lines[4])[:20]
    path.write_text(text, encoding="utf-8")
    code, page, err = _report(str(path), "--markdown")
    assert code == 0, err
    assert "interrupted" in err and "line 5 is cut short" in err
    assert "no summary line: the run was interrupted" in page
    assert f"3 of {lines[0]['suite']['scenarios']} scenarios" in page  # type: ignore[index]
    code, _, _ = _report(str(path), "--o=" + str(tmp_path / "cut.html"))
    assert code == 0
    assert "interrupted" in (tmp_path / "cut.html").read_text(encoding="utf-8")


def test_a_summary_that_disagrees_with_its_lines_is_said(
    results: tuple[Path, Path], tmp_path: Path
) -> None:
    lines = _lines(results[1])
    lines[-1]["counts"]["PASS"] += 1  # type: ignore[index]
    path = _write(tmp_path / "odd.jsonl", lines)
    code, md, err = _report(str(path), "--markdown")
    assert code == 0
    assert "the summary counts" in err and "the page counts the lines" in md


def test_older_results_without_titles_take_them_from_the_suite(
    results: tuple[Path, Path], tmp_path: Path
) -> None:
    lines = _lines(results[1])
    for x in lines:
        x.pop("title", None)
        x.pop("rules", None)
    old = _write(tmp_path / "old.jsonl", lines)
    code, md, _ = _report(str(old), "--markdown")
    assert code == 0
    failed = next(x for x in lines if x.get("outcome") == "FAIL")
    title = json.loads((validate.SUITE / GAME / f"{failed['id']}.json").read_text("utf-8"))
    assert report.md(title["title"]) in md


def test_the_default_docs_link_is_relative_to_the_report(tmp_path: Path) -> None:
    out = tmp_path / "deep" / "r.html"
    base = report.default_docs(str(out))
    assert not base.startswith("/") and base.endswith("/")
    assert (out.parent / base).resolve() == report.CHECKOUT_DOCS.resolve()
    assert report.docs_href("x", "melniki-b", "rule-melniki-b/follow-suit") == (
        "x/_generated/game-melniki-b.html#rule-melniki-b/follow-suit"
    )


def test_the_command_line(
    results: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "r.html"
    assert cli(["report", str(results[0]), "-o", str(out), "--docs-url", "https://x/"]) == 0
    assert 'href="https://x/_generated/game-' not in out.read_text(encoding="utf-8")  # no failure
    assert cli(["report", str(results[1]), "-o", str(out), "--docs-url", "https://x/"]) == 0
    assert 'href="https://x/_generated/game-' in out.read_text(encoding="utf-8")
    assert cli(["report", str(results[1])]) == 2
    assert "needs -o FILE" in capsys.readouterr().err
    assert cli(["report"]) == 2


def test_example_path_and_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["example", "--path"]) == 0
    path = Path(capsys.readouterr().out.strip())
    assert path == validate.PACKAGE / "examples" / "js"
    assert (path / "adapter.js").is_file() and (path / "package.json").is_file()
    assert cli(["example", "--list"]) == 0
    name, where, files = capsys.readouterr().out.strip().split("\t")
    assert name == "js" and Path(where) == path and "adapter.js" in files.split()
    assert cli(["example", "cobol"]) == 2
    assert "the examples are: js" in capsys.readouterr().err


def test_the_old_write_schema_switch_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    before = validate.SCENARIO_SCHEMA.stat().st_mtime_ns
    assert cli(["validate", "--write-schema"]) == 2
    assert "python scripts/write_schema.py" in capsys.readouterr().err
    assert validate.SCENARIO_SCHEMA.stat().st_mtime_ns == before
    assert os.access(validate.SCENARIO_SCHEMA, os.R_OK)


def test_a_fifo_or_a_device_is_refused_not_read(tmp_path: Path) -> None:
    """``report`` reads only regular files: a FIFO would block for ever, ``/dev/zero`` would
    eat memory until a MemoryError."""
    fifo = tmp_path / "results.jsonl"
    os.mkfifo(fifo)
    for path, kind in ((str(fifo), "a FIFO"), ("/dev/zero", "a character device")):
        run_, problems = report.read_run(path)
        assert run_ is None
        assert [p.message for p in problems] == [f"cannot read: not a regular file ({kind})"]


def test_a_results_file_over_the_bound_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "results.jsonl"
    path.write_text("{}\n" * 10, encoding="utf-8")
    monkeypatch.setattr(report, "MAX_RESULTS", 16)
    _, problems = report.read_run(str(path))
    assert len(problems) == 1 and "a results file is at most 16 bytes" in problems[0].message


def test_the_text_output_given_for_a_results_file_is_one_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "run.log"
    path.write_text(
        "".join(f"PASS    michigan-{i:03} (1 ms)\n" for i in range(1, 300))
        + "summary: PASS 299 (299 of 299)\n",
        encoding="utf-8",
    )
    _, problems = report.read_run(str(path))
    assert len(problems) == 1
    assert "looks like the text that run prints" in problems[0].message
    assert "--json" in problems[0].message


def test_the_suite_version_is_carried_and_shown(results: tuple[Path, Path], tmp_path: Path) -> None:
    good, _ = results
    lines = _lines(good)
    header_suite = lines[0]["suite"]
    assert isinstance(header_suite, dict)
    assert header_suite["suite_version"] == suite.VERSION
    assert header_suite["version"] == __version__  # the package's, as before
    code, md, _ = _report(str(good), "--markdown")
    assert code == 0
    assert f"| suite version | {suite.VERSION} |" in md
    code, _, _ = _report(str(good), "--o=" + str(tmp_path / "r.html"))
    assert code == 0
    rows = _parse((tmp_path / "r.html").read_text(encoding="utf-8")).find("tr")
    assert any(text.startswith(f"suite{suite.VERSION} (koloda {__version__}") for _, text in rows)
    # a file written before the suite had a version of its own says so, and is still read
    header_suite.pop("suite_version")
    older = _write(tmp_path / "older.jsonl", lines)
    code, md, _ = _report(str(older), "--markdown")
    assert code == 0
    assert "| suite version | not recorded |" in md


# --- what an implementer reads first -----------------------------------------------------------


def test_failures_come_right_after_the_totals_with_a_link(
    results: tuple[Path, Path], tmp_path: Path
) -> None:
    page_path = tmp_path / "report.html"
    code, _, err = _report(str(results[1]), f"--o={page_path}", "--docs=docs/")
    assert code == 0, err
    text = page_path.read_text(encoding="utf-8")
    totals, failures = text.index('id="totals"'), text.index('id="failures"')
    assert totals < failures < text.index('id="games"') < text.index('id="rules"')
    jump = text.index('href="#failures"')
    assert totals < jump < failures
    failed = sum(1 for x in _lines(results[1]) if x.get("outcome") == "FAIL")
    assert f'<a href="#failures">{failed} failing scenario' in text
    code, md, _ = _report(str(results[1]), "--markdown", "--docs=docs/")
    assert md.index("## Failures") < md.index("## Per game") < md.index("## Rules with failures")


def _with_list_failures(results: tuple[Path, Path], tmp_path: Path) -> Path:
    """The reference's results with one scenario failing on ``legal`` and on a hand."""
    lines = _lines(results[0])
    target = next(x for x in lines if x.get("outcome") == "PASS")
    target["outcome"] = "FAIL"
    target["failures"] = [
        {"step": 2, "expected": ["QS", "KS", "7H"], "observed": ["7H", "AS"], "note": "legal"},
        {"step": 3, "expected": ["QS", "QS", "8D"], "observed": ["8D", "QS"], "note": "hand.1"},
        {"step": 4, "expected": ["QS", "8D"], "observed": ["8D", "QS", "8D"], "note": "legal"},
    ]
    counts = lines[-1]["counts"]
    assert isinstance(counts, dict)
    counts["PASS"] -= 1
    counts["FAIL"] += 1
    return _write(tmp_path / "lists.jsonl", lines)


def test_a_list_compared_as_a_set_or_multiset_shows_what_is_missing_and_extra(
    results: tuple[Path, Path], tmp_path: Path
) -> None:
    path = _with_list_failures(results, tmp_path)
    page_path = tmp_path / "report.html"
    code, _, err = _report(str(path), f"--o={page_path}", "--docs=docs/")
    assert code == 0, err
    page = _parse(page_path.read_text(encoding="utf-8"))
    rows = [text for _, text in page.find("tr", **{"class": "difference"})]
    assert any('missing: "KS", "QS"; extra: "AS"' in t for t in rows), rows
    assert any('missing: "QS"' in t and "extra" not in t for t in rows), rows  # a multiset
    assert any("the same elements" in t for t in rows), rows  # legal is a set
    code, md, _ = _report(str(path), "--markdown", "--docs=docs/")
    assert code == 0
    assert report.md('missing: "KS", "QS"; extra: "AS"') in md
    assert report.list_difference({"note": "score", "expected": [1], "observed": [2]}) is None


def test_docs_links_to_docs_not_built_are_warned_of(
    results: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(report, "CHECKOUT_DOCS", tmp_path / "docs" / "_build" / "html")
    page_path = tmp_path / "report.html"
    code, _, err = _report(str(results[1]), f"--o={page_path}")
    assert code == 0
    assert "warning: the docs links point to" in err and "--docs-url" in err
    assert "which is not built" in page_path.read_text(encoding="utf-8")
    code, _, err = _report(str(results[1]), f"--o={page_path}", "--docs=https://example.org/")
    assert code == 0 and "not built" not in err
    (tmp_path / "docs" / "_build" / "html").mkdir(parents=True)
    (tmp_path / "docs" / "_build" / "html" / "index.html").write_text("", encoding="utf-8")
    code, _, err = _report(str(results[1]), f"--o={page_path}")
    assert code == 0 and "not built" not in err
