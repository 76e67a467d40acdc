"""The fuzzer's kinds of game (refused seat counts, options at the ends of their ranges, starts
from reachable positions), the values an implementation declares, and the shrinker's "same way"."""

from __future__ import annotations

import io
import json
import random
import shlex
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from conformance import adapter, engine, fuzz, protocol, runner, validate
from reference import games
from reference.core.errors import SetupError
from reference.core.jsontypes import JSONObject
from reference.core.options import OptionSpec

HERE = Path(__file__).resolve().parent
WRONG = HERE / "wrong_adapter.py"


def wrong(mode: str) -> tuple[str, ...]:
    return (sys.executable, str(WRONG), mode)


def run_fuzz(tmp_path: Path, config: fuzz.Config) -> tuple[int, list[JSONObject], str]:
    out, err = io.StringIO(), io.StringIO()
    results = tmp_path / "fuzz.jsonl"
    code = fuzz.main(
        config, json_path=str(results), out_dir=str(tmp_path / "found"), out=out, err=err
    )
    lines = [json.loads(x) for x in results.read_text(encoding="utf-8").splitlines()]
    return code, lines, out.getvalue() + err.getvalue()


def replay(path: str, impl: tuple[str, ...] | None) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    options = runner.Options(impl=shlex.join(impl) if impl else None, paths=(path,))
    code = runner.main(options, out=out, err=err)
    return code, out.getvalue() + err.getvalue()


# --- the mix ---------------------------------------------------------------------------------


def test_the_mix_is_read_and_written_back() -> None:
    mix = fuzz.parse_mix("deal=3, seats=1")
    assert mix == (("deal", 3), ("seats", 1))
    assert fuzz.parse_mix(fuzz.show_mix(fuzz.DEFAULT_MIX)) == fuzz.DEFAULT_MIX
    for bad in ("deal", "cards=1", "deal=-1", "deal=0,seats=0", "deal=x"):
        with pytest.raises(ValueError, match="--mix"):
            fuzz.parse_mix(bad)


def test_kinds_follow_their_weights() -> None:
    drawn = Counter(fuzz.kind_of(fuzz.DEFAULT_MIX, fuzz.game_seed(1, k)) for k in range(4000))
    for kind, weight in fuzz.DEFAULT_MIX:
        assert abs(drawn[kind] / 4000 - weight / 100) < 0.03, drawn
    only = Counter(fuzz.kind_of((("seats", 1),), fuzz.game_seed(1, k)) for k in range(50))
    assert only == {"seats": 50}


def test_every_kind_against_the_reference_passes_and_is_counted(tmp_path: Path) -> None:
    config = fuzz.Config(argv=tuple(runner.default_command()), count=80, seed=11, max_steps=60)
    code, lines, text = run_fuzz(tmp_path, config)
    assert code == runner.EXIT_OK, text
    summary = lines[-1]
    kinds = summary["kinds"]
    assert isinstance(kinds, dict)
    counts = {k: v for k, v in kinds.items() if isinstance(v, int)}
    assert sum(counts.values()) == 80
    assert all(counts.get(k, 0) > 0 for k in fuzz.KINDS), kinds
    assert summary["kind_divergences"] == dict.fromkeys(fuzz.KINDS, 0)
    assert "kinds: deal " in text and "seats " in text and "position " in text
    played = [x for x in lines if x["type"] == "game"]
    assert all(x["outcome"] == runner.PASS for x in played)
    starts = [x for x in played if x["kind"] == "position"]
    assert any(isinstance(x["prefix"], int) and x["prefix"] > 0 for x in starts)


# --- refused seat counts -----------------------------------------------------------------------


def test_seats_games_are_setups_the_reference_refuses() -> None:
    declared = protocol.check_start(adapter.start_answer())
    config = fuzz.Config(argv=("unused",), mix=(("seats", 1),))
    inside = 0
    for k in range(60):
        trial = fuzz.new_trial(config, declared, fuzz.game_seed(2, k))
        assert trial is not None and trial.refused and trial.kind == "seats"
        assert trial.moves == ()
        with pytest.raises(SetupError):
            engine.start(trial.game, trial.setup())
        item = fuzz.prepare(trial)
        assert item.refused and isinstance(item.refusal, str)
        assert item.scenario()["setup_expect"] == {"rejected": item.refusal}
        inside += trial.players in games()[trial.game].players
    assert inside > 0  # counts the options exclude inside a game's range (tsyganka, melniki-b)


def test_three_players_accepted_by_default_is_found_by_seats_alone(tmp_path: Path) -> None:
    base = fuzz.Config(
        argv=wrong("three-players"), games=("melniki-b",), count=40, seed=1, command="fuzz"
    )
    code, lines, text = run_fuzz(tmp_path, replace(base, mix=(("deal", 1),)))
    assert code == runner.EXIT_OK, text  # a game from a deal never sends a refused setup
    code, lines, text = run_fuzz(tmp_path, replace(base, mix=(("seats", 1),)))
    assert code == runner.EXIT_FAILED, text
    found = [x for x in lines if x["type"] == "divergence"]
    assert found and all(x["kind"] == "seats" and x["players"] == 3 for x in found)
    path = str(found[0]["file"])
    scenario = json.loads(Path(path).read_text(encoding="utf-8"))
    assert scenario["setup"]["players"] == 3 and scenario["steps"] == []
    assert scenario["setup_expect"] == {"rejected": "melniki-b/players"}
    assert scenario["rulings"] == {}  # the options put back to their defaults
    loaded, problems = validate.validate_paths([path])
    assert not problems and len(loaded) == 1
    assert replay(path, wrong("three-players"))[0] == runner.EXIT_FAILED
    assert replay(path, None)[0] == runner.EXIT_OK


# --- options at the ends of their ranges ---------------------------------------------------------


def test_edges_put_integer_options_at_the_ends_of_what_both_sides_allow() -> None:
    spec = OptionSpec("stake", 4, "doc", minimum=1, maximum=100)
    rng = random.Random(3)
    ranged = protocol.OptionSupport(minimum=5, maximum=50)
    ends = Counter(fuzz.choose_option(rng, spec, ranged, edge=True) for _ in range(600))
    assert set(ends) <= set(range(5, 51)) and ends[5] > 100 and ends[50] > 100
    middle = Counter(fuzz.choose_option(rng, spec, ranged) for _ in range(600))
    assert middle[5] + middle[50] < 100  # without edge: uniform in the range
    listed = protocol.OptionSupport(values=(20, 7, 300, True))  # 300 and true: not values
    for edge in (False, True):
        drawn = {fuzz.choose_option(rng, spec, listed, edge=edge) for _ in range(200)}
        assert drawn == {7, 20}
    nothing = protocol.OptionSupport(values=(300,))
    assert fuzz.choose_option(rng, spec, nothing) == 4  # the default


def test_an_integer_option_declared_as_a_list_is_drawn_from_it(tmp_path: Path) -> None:
    """``narrow`` declares ``[20]`` for michigan's starting_chips (and one value of every
    option) and skips anything else: every game is played, none is an error."""
    config = fuzz.Config(
        argv=wrong("narrow"), games=("michigan",), count=24, seed=2, mix=(("deal", 1),)
    )
    code, lines, text = run_fuzz(tmp_path, config)
    assert code == runner.EXIT_OK, text
    played = [x for x in lines if x["type"] == "game"]
    assert len(played) == 24 and all(x["outcome"] == runner.PASS for x in played), text
    chips = set()
    for x in played:
        opts = x["options"]
        assert isinstance(opts, dict)
        chips.add(opts["starting_chips"])
    assert chips == {20}
    assert lines[-1]["errors"] == 0 and lines[-1]["skipped"] == 0


def test_a_skipped_game_is_counted_as_skipped_not_as_an_error(tmp_path: Path) -> None:
    config = fuzz.Config(
        argv=wrong("narrow"), games=("melniki-b",), count=12, seed=2, mix=(("position", 1),)
    )
    code, lines, text = run_fuzz(tmp_path, config)
    assert code == runner.EXIT_OK, text
    summary = lines[-1]
    assert summary["skipped"] == 12 and summary["errors"] == 0 and summary["divergences"] == 0
    assert "12 games skipped by the implementation" in text


def test_a_wrong_amount_at_the_top_of_its_range_is_found_by_edges(tmp_path: Path) -> None:
    config = fuzz.Config(
        argv=wrong("top-stake"),
        games=("lotereya",),
        count=12,
        seed=1,
        max_steps=30,
        mix=(("edges", 1),),
        command="fuzz",
    )
    code, lines, text = run_fuzz(tmp_path, config)
    assert code == runner.EXIT_FAILED, text
    found = [x for x in lines if x["type"] == "divergence"]
    assert found
    for x in found:
        opts = x["options"]
        assert isinstance(opts, dict) and opts["stake"] == 100
    kept = [x for x in found if x["file"]]  # the first found are shrunk and kept as files
    assert kept
    path = str(kept[0]["file"])
    scenario = json.loads(Path(path).read_text(encoding="utf-8"))
    assert scenario["rulings"]["stake"] == 100
    assert replay(path, wrong("top-stake"))[0] == runner.EXIT_FAILED
    assert replay(path, None)[0] == runner.EXIT_OK


# --- starts from positions -----------------------------------------------------------------------


@pytest.mark.parametrize("game_id", sorted(games()))
def test_position_games_start_where_a_random_game_got_to(game_id: str) -> None:
    declared = protocol.check_start(adapter.start_answer())
    config = fuzz.Config(argv=("unused",), games=(game_id,), mix=(("position", 1),))
    prefixes = []
    for k in range(6):
        item = fuzz.new_prepared(config, declared, fuzz.game_seed(4, k))
        assert item is not None and item.trial.position is not None
        assert item.trial.kind == "position"
        setup = item.trial.setup()
        assert "position" in setup and "deal" not in setup
        assert item.results == fuzz.prepare(item.trial).results  # what the engine answers
        prefixes.append(item.trial.prefix)
        assert item.trial.prefix + item.trial.decisions() <= config.max_steps
    assert max(prefixes) > 0


def test_a_wrong_position_reader_is_found_and_kept_as_a_position(tmp_path: Path) -> None:
    base = fuzz.Config(
        argv=wrong("position-read"), games=("melniki-b",), count=30, seed=1, command="fuzz"
    )
    code, lines, text = run_fuzz(tmp_path, replace(base, mix=(("deal", 1),)))
    assert code == runner.EXIT_OK, text  # games from a deal never read a position
    code, lines, text = run_fuzz(tmp_path, replace(base, mix=(("position", 1),)))
    assert code == runner.EXIT_FAILED, text
    found = [x for x in lines if x["type"] == "divergence"]
    assert found and all(x["kind"] == "position" for x in found)
    path = str(found[0]["file"])
    scenario = json.loads(Path(path).read_text(encoding="utf-8"))
    assert "position" in scenario["setup"] and "from the position after" in scenario["title"]
    loaded, problems = validate.validate_paths([path])
    assert not problems and len(loaded) == 1
    assert replay(path, wrong("position-read"))[0] == runner.EXIT_FAILED
    assert replay(path, None)[0] == runner.EXIT_OK


# --- the same way ---------------------------------------------------------------------------


def test_the_way_of_a_divergence() -> None:
    trial = fuzz.Trial(
        "melniki-b",
        2,
        0,
        {},
        1,
        (fuzz.Move({"type": "play", "seat": 0}, True), fuzz.Move({"type": "take"}, False)),
        0,
    )
    m = engine.Mismatch
    assert fuzz.way(trial, [m(None, "accepted", {}, "setup refused")]) == fuzz.Way(
        "setup", "", frozenset({"setup refused"})
    )
    start = fuzz.way(trial, [m(0, [], [], "hand.1"), m(0, 1, 2, "stock_size"), m(2, 0, 1, "x")])
    assert start == fuzz.Way("observation", "", frozenset({"hand.<seat>", "stock_size"}))
    assert fuzz.way(trial, [m(3, "accepted", {}, "action refused")]) == fuzz.Way(
        "action", "take refused", frozenset({"action refused"})
    )
    after = fuzz.way(trial, [m(4, 0, 1, "tricks"), m(2, 0, 1, "hand.0"), m(2, 0, 1, "hand.1")])
    assert after == fuzz.Way("observation", "", frozenset({"hand.<seat>"}))
    assert str(after) == "observation: hand.<seat>"
    # the same fault seen at the start of a position or after an action: the same way
    assert fuzz.way(trial, [m(0, 0, 1, "hand.0")]) == after


def _failing(shrinker: fuzz.Shrinker, config: fuzz.Config, kind: str, seed: int) -> fuzz.Trial:
    declared = shrinker.declared
    for k in range(60):
        trial = fuzz.new_trial(config, declared, fuzz.game_seed(seed, k), kind=kind)
        assert trial is not None
        if shrinker.fails(trial) is not None:
            return trial
    raise AssertionError(f"no {kind} game of seed {seed} diverges")


def test_the_shrinker_keeps_only_candidates_that_fail_the_same_way() -> None:
    """Against an implementation with two faults (in the second stage a trump does not beat
    another suit; a position is read with no tricks taken), a game that diverges in the legal
    covers must not be shrunk into a start from a late position, where the position's reading
    fault shows as well: such candidates fail, but another way, and are not kept."""
    config = fuzz.Config(argv=wrong("covering+position-tricks"), games=("melniki-b",))
    player = fuzz.Player(config)
    try:
        declared = player.declared()
        shrinker = fuzz.Shrinker(player, config, declared)
        trial = _failing(shrinker, config, "deal", 10)
        original = shrinker.way
        assert original == fuzz.Way("observation", "", frozenset({"legal"}))
        probe = fuzz.Shrinker(player, config, declared)
        step = probe.fails(trial)
        assert step is not None and probe.way == original
        cut = probe.prefix(trial, step)
        assert len(cut.moves) >= fuzz.POSITION_SAVES
        assert probe.from_position(cut).position is None  # every late start fails otherwise
        assert probe.other_ways >= 1
        small = shrinker.shrink(trial)
        got = player.run(fuzz.prepare(small))
        assert got.outcome == runner.FAIL and fuzz.way(small, got.failures) == original
        scenario = fuzz.final_scenario(player, small, config)
    finally:
        player.close()
    item = fuzz.prepare_scenario(small, scenario)
    for mode, outcome in (("covering", runner.FAIL), ("position-tricks", runner.PASS)):
        one = fuzz.Player(replace(config, argv=wrong(mode)))
        try:
            assert one.run(item).outcome == outcome, mode  # the covering fault alone
        finally:
            one.close()
