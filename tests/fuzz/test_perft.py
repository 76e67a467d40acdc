"""The perft fixtures of every game: a brute-force enumeration, the model and the adapter agree."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conformance import adapter, engine, validate
from reference import games
from reference.core.jsontypes import JSONObject
from tests.fuzz.perft import brute_count

FIXTURES = validate.PACKAGE / "perft"


def load(path: Path) -> JSONObject:
    data: JSONObject = json.loads(path.read_text(encoding="utf-8"))
    return data


def cases() -> list[tuple[str, str, JSONObject, int, int]]:
    out = []
    for path in sorted(FIXTURES.glob("*.json")):
        data = load(path)
        game = data["game"]
        assert isinstance(game, str) and path.stem == game
        cs = data["cases"]
        assert isinstance(cs, list)
        for c in cs:
            assert isinstance(c, dict)
            counts = c["counts"]
            assert isinstance(counts, dict)
            for d, k in counts.items():
                setup = c["setup"]
                assert isinstance(setup, dict) and isinstance(k, int)
                out.append((game, str(c["name"]), setup, int(d), k))
    return out


@pytest.mark.parametrize(
    ("game", "name", "setup", "depth", "count"),
    cases(),
    ids=[f"{c[0]}:{c[1][:24]}:d{c[3]}" for c in cases()],
)
def test_perft_fixture(game: str, name: str, setup: JSONObject, depth: int, count: int) -> None:
    assert brute_count(game, setup, depth) == count, name
    assert engine.count(game, setup, depth) == count, name
    line = json.dumps({"cmd": "count", "seq": 1, "game": game, "setup": setup, "depth": depth})
    reply, _ = adapter.answer(line.encode())
    assert reply == {"seq": 1, "count": count}, name


def test_every_game_has_fixtures_from_the_deal_and_from_later_positions() -> None:
    for gid in games():
        path = FIXTURES / f"{gid}.json"
        assert path.exists(), f"no perft fixtures for {gid}"
        cs = load(path)["cases"]
        assert isinstance(cs, list)
        setups = [c["setup"] for c in cs if isinstance(c, dict)]
        assert any(isinstance(s, dict) and "deal" in s for s in setups), gid
        assert any(isinstance(s, dict) and "position" in s for s in setups), gid


def test_melniki_b_fixtures_cover_both_stages() -> None:
    data = load(FIXTURES / "melniki-b.json")
    cs = data["cases"]
    assert isinstance(cs, list)
    phases = set()
    for c in cs:
        assert isinstance(c, dict)
        setup = c["setup"]
        assert isinstance(setup, dict)
        position = setup.get("position", {})
        assert isinstance(position, dict)
        phases.add(position.get("phase", "deal"))
    assert phases == {"deal", "stage2"}
