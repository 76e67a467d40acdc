"""docs/openspiel.rst prints the mapping of every game as the bridge makes it: its table is
:func:`reference.openspiel.mapping_table`, line for line."""

from __future__ import annotations

from pathlib import Path

from tests.openspiel import require

_, bridge = require()

PAGE = Path(__file__).resolve().parents[2] / "docs" / "openspiel.rst"


def test_the_pages_table_is_the_bridges_mapping() -> None:
    lines = PAGE.read_text(encoding="utf-8").splitlines()
    table: list[str] = bridge.mapping_table()
    start = lines.index(table[0])
    assert lines[start : start + len(table)] == table
    assert start + len(table) == len(lines) or not lines[start + len(table)].startswith("   ")


def test_the_page_names_every_game_and_the_example_as_written() -> None:
    text = PAGE.read_text(encoding="utf-8")
    for name in bridge.GAMES:
        assert f"``{name}``" in text
    assert "python scripts/openspiel_mcts.py --game koloda_melniki_b --games 200" in text
    assert f"default {bridge.MAX_GAME_LENGTH}" in text
