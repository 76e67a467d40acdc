"""The suite's own version, its changelog and the docs page that shows it."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance import console, suite
from conformance.__main__ import main as conformance_main
from reference import __version__

ROOT = Path(__file__).resolve().parents[2]


def test_the_version_is_semantic() -> None:
    major, _minor, _patch = suite.parse(suite.VERSION)
    assert major >= 1


@pytest.mark.parametrize("bad", ["2.0", "2.0.0.1", "v2.0.0", "2.x.0", ""])
def test_a_version_is_three_numbers(bad: str) -> None:
    with pytest.raises(ValueError, match=r"MAJOR\.MINOR\.PATCH"):
        suite.parse(bad)


def test_the_changelog_has_unreleased_then_the_current_version_first() -> None:
    sections = suite.changelog_sections((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"))
    names = list(sections)
    assert names[0] == suite.UNRELEASED
    assert names[1] == suite.VERSION, "the newest released section is the suite's version"
    versions = [suite.parse(v) for v in names[1:]]
    assert versions == sorted(versions, reverse=True), "released sections newest first"


def test_2_0_0_names_the_changes_the_first_release_did_not_have() -> None:
    entry = suite.changelog_sections((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"))["2.0.0"]
    for change in (
        "`stock`",
        "`outcome.losers`",
        "`stalemate=repetition`",
        "`pamfil_declare=choice`",
        "`announce`",
        "`svinyi.unplaced`",
        "`phase`",
    ):
        assert change in entry


def test_the_current_version_has_its_changelog_section() -> None:
    sections = suite.changelog_sections((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"))
    assert sections.get(suite.VERSION), f"CHANGELOG.md has no section for {suite.VERSION}"
    assert list(sections)[:2] == [suite.UNRELEASED, suite.VERSION]


def test_changelog_sections_are_read_by_heading() -> None:
    text = "# T\n\nintro\n\n## Unreleased\n\n- a\n\n## [1.1.0] - 2026-01-02\n\n- b\n- c\n"
    assert suite.changelog_sections(text) == {"Unreleased": "- a", "1.1.0": "- b\n- c"}


def test_the_docs_show_the_changelog() -> None:
    page = (ROOT / "docs" / "changelog.rst").read_text(encoding="utf-8")
    assert "../CHANGELOG.md" in page
    assert "   changelog\n" in (ROOT / "docs" / "index.rst").read_text(encoding="utf-8")


def test_version_prints_the_package_the_suite_and_the_protocol(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_:
        conformance_main(["--version"])
    assert exit_.value.code == 0
    printed = capsys.readouterr().out
    assert printed == f"koloda {__version__}, conformance suite {suite.VERSION}, protocol 1\n"
    assert console.main(["--version"]) == 0
    assert capsys.readouterr().out == printed
