"""The perft fixtures of every game: a brute-force enumeration, the model and the adapter agree."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from conformance import adapter, engine, perft, protocol, validate
from reference import games
from reference.core.jsontypes import JSONObject
from tests.fuzz.perft import brute_count

FIXTURES = validate.PACKAGE / "perft"
HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


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


def perft_command(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "conformance", "perft", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def test_the_perft_command_passes_the_reference_out_of_process() -> None:
    done = perft_command()
    assert done.returncode == 0, done.stdout + done.stderr
    total = len(cases())
    assert f"PASS {total} ({total} counts)" in done.stdout


def test_the_perft_command_fails_a_wrong_count() -> None:
    done = perft_command("--impl", f"{sys.executable} {HERE / 'wrong_adapter.py'} count")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "FAIL    gorka: 2 players" in done.stdout and "expected 2, observed 3" in done.stdout


def test_the_perft_command_skips_without_the_capability() -> None:
    fake = HERE.parent / "conformance" / "fake_adapter.py"
    done = perft_command("--impl", f"{sys.executable} {fake} no-count", "--game", "gorka")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "does not declare the capability count" in done.stdout
    assert "SKIP" in done.stdout and "PASS" not in done.stdout


def test_unreadable_fixtures_name_the_file_and_the_pointer(tmp_path: Path) -> None:
    bad = tmp_path / "gorka.json"
    bad.write_text('{"game": "gorka", "cases": [{"name": "x", "setup": {}, "counts": {"a": 1}}]}')
    with pytest.raises(ValueError, match=r"gorka.json#/cases/0/counts/a"):
        perft.load([bad])


def test_the_perft_command_skips_undeclared_values_and_skipped_answers() -> None:
    """``narrow`` declares one value of each option (``[20]``) and answers ``skipped`` to a
    count with another value or from a position: those fixtures are SKIP, not ERROR."""
    done = perft_command("--impl", f"{sys.executable} {HERE / 'wrong_adapter.py'} narrow")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ERROR" not in done.stdout and "FAIL" not in done.stdout
    total = len(cases())
    from_deals = [c for c in cases() if "position" not in c[2]]
    default = [c for c in from_deals if not c[2].get("options")]
    assert 0 < len(default) < len(from_deals)  # some fixtures need values narrow lacks
    skipped = total - len(default)
    assert f"PASS {len(default)}, SKIP {skipped} ({total} counts)" in done.stdout


def test_declared_options_reads_values_not_names() -> None:
    support = {"three_players": protocol.OptionSupport(values=(False,))}
    assert perft.declared_options({"options": {"three_players": False}}, support)
    assert not perft.declared_options({"options": {"three_players": True}}, support)
    assert not perft.declared_options({"options": {"deal_packet": 1}}, support)
    position: JSONObject = {"options": {}, "position": {"options": {"three_players": True}}}
    assert not perft.declared_options(position, support)
