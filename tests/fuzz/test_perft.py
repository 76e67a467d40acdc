"""The perft fixtures of melniki-b: a brute-force enumeration, the model and the adapter agree."""

from __future__ import annotations

import json

import pytest

from conformance import adapter, engine, validate
from reference.core.jsontypes import JSONObject
from tests.fuzz.perft import brute_count

FIXTURES = validate.PACKAGE / "perft" / "melniki-b.json"


def cases() -> list[tuple[str, JSONObject, int, int]]:
    data = json.loads(FIXTURES.read_text(encoding="utf-8"))
    assert data["game"] == "melniki-b"
    return [
        (c["name"], c["setup"], int(d), k) for c in data["cases"] for d, k in c["counts"].items()
    ]


@pytest.mark.parametrize(("name", "setup", "depth", "count"), cases())
def test_perft_fixture(name: str, setup: JSONObject, depth: int, count: int) -> None:
    assert brute_count("melniki-b", setup, depth) == count, name
    assert engine.count("melniki-b", setup, depth) == count, name
    line = json.dumps(
        {"cmd": "count", "seq": 1, "game": "melniki-b", "setup": setup, "depth": depth}
    )
    reply, _ = adapter.answer(line.encode())
    assert reply == {"seq": 1, "count": count}, name


def test_fixtures_cover_both_stages() -> None:
    data = json.loads(FIXTURES.read_text(encoding="utf-8"))
    phases = {c["setup"].get("position", {}).get("phase", "deal") for c in data["cases"]}
    assert phases == {"deal", "stage2"}
