"""The differential test of the compiled build (scripts/differential.py) compares what it must,
and says where two builds part: checked here on the source against itself and against a copy
of the source with a planted change (the compiled side is checked by ``nox -s compiled``)."""

from __future__ import annotations

import importlib.util
import random
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

from reference import games
from reference.core.game import AnyGame

ROOT = Path(__file__).resolve().parent.parent


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("differential", ROOT / "scripts/differential.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["differential"] = module
    spec.loader.exec_module(module)
    return module


differential = load_script()


@pytest.mark.parametrize("gid", sorted(games()))
def test_the_mixes_play_every_value_of_every_closed_option_alone(gid: str) -> None:
    game = games()[gid]
    played = [options for options, _ in differential.mixes(game, 0, random.Random(0))]
    assert played[0] == {}
    for name, spec in game.options.items():
        for value in spec.values:
            if type(value) is type(spec.default) and value == spec.default:
                continue
            alone = {name: value}
            sets_up = bool(differential.seat_counts(game, alone))
            assert (alone in played) == sets_up, (name, value)


def test_a_record_holds_every_observable_the_position_and_a_refusal() -> None:
    game = games()["melniki-b"]
    lines = list(differential.record(game, {}, differential.seat_counts(game, {}), 7))
    first = [line.split(" ", 1)[1].split("=", 1)[0] for line in lines if line.startswith("0 ")]
    for name in game.observables:
        assert name.replace("<seat>", "0") in first
    assert "position" in first and "refused" in first and "apply" in first


def test_the_source_against_itself_agrees(capsys: pytest.CaptureFixture[str]) -> None:
    assert differential.main(["--game", "tsyganka", "--games", "1", "--mixes", "1"]) == 0
    out = capsys.readouterr().out
    assert "this side: interpreted; the source side" in out and ": 0 differ" in out


def test_require_compiled_refuses_two_interpreted_sides(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--game", "tsyganka", "--games", "1", "--mixes", "0", "--require-compiled"]
    assert differential.main(argv) == 1
    assert "must be compiled" in capsys.readouterr().out


def test_a_planted_change_is_found_with_its_first_differing_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copytree(ROOT / "reference", tmp_path / "reference")
    errors = tmp_path / "reference/core/errors.py"
    text = errors.read_text(encoding="utf-8")
    planted = text.replace("self.message = message\n", "self.message = message + ' (planted)'\n", 1)
    assert planted != text
    errors.write_text(planted, encoding="utf-8")
    argv = ["--game", "tsyganka", "--games", "1", "--mixes", "0", "--source", str(tmp_path)]
    assert differential.main(argv) == 1
    out = capsys.readouterr().out
    assert "first difference at line" in out and "(planted)" in out


def test_the_source_gives_back_every_reference_its_states_take() -> None:
    for gid in ("gorka", "mushka", "melniki-a"):
        assert differential.references_returned(games()[gid], range(2)) == []


class Leaking:
    """A game whose ``apply`` keeps a reference to the options every state carries, as a
    compiled update that forgot to give one back would."""

    def __init__(self, game: AnyGame) -> None:
        self.game = game
        self.kept: list[object] = []

    def __getattr__(self, name: str) -> object:
        return getattr(self.game, name)

    def apply(self, s: tuple[object, ...], a: object) -> object:
        self.kept.append(s[0])
        return self.game.apply(s, a)


def test_a_kept_reference_is_found() -> None:
    leaking = Leaking(games()["tsyganka"])
    found = differential.references_returned(leaking, range(1))
    assert len(found) == 1 and found[0].startswith("tsyganka seed 0: references to fields 0: ")
    assert leaking.kept  # the play did run
