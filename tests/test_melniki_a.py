"""melniki-a: rules tested by name, the position notation, and setup errors."""

from __future__ import annotations

import random

import pytest

from reference import DeckOrder, FormatError, IllegalAction, SetupError, Table
from reference.core.actions import Play, Take
from reference.core.cards import DECK_36, DECK_52, parse_card
from reference.core.shuffle import shuffle
from reference.games import MELNIKI_A as GAME
from reference.games.melniki_a import load_position, pile_target, position, position_key

C = parse_card


def test_players_two_to_ten() -> None:
    for n in (2, 10):
        GAME.setup(Table(n, 0, DeckOrder(DECK_36)))
    for n in (1, 11):
        with pytest.raises(SetupError) as e:
            GAME.setup(Table(n, 0, DeckOrder(DECK_36)))
        assert e.value.rule_id == "melniki-a/players"


def test_a_52_card_order_is_stripped_to_36_by_default() -> None:
    s = GAME.setup(Table(2, 0, DeckOrder(DECK_52)))
    assert sorted(GAME.cards(s)) == list(DECK_36)
    s = GAME.setup(Table(2, 0, DeckOrder(DECK_52), {"pack": 52}))
    assert sorted(GAME.cards(s)) == list(DECK_52)


def test_follow_suit_refusal_leaves_the_state_unchanged() -> None:
    s = GAME.setup(Table(2, 1, DeckOrder(DECK_36)))
    lead = s.hands[0][0]
    s = GAME.apply(s, Play(0, lead))
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, Take(1))
    assert e.value.rule_id == "melniki-a/accept-only-void"
    assert s.table == (lead,)


def test_pile_target() -> None:
    assert pile_target(2, "players-less-one") == 2
    assert pile_target(5, "players-less-one") == 4
    assert pile_target(5, "players") == 5


@pytest.mark.parametrize("seed", range(30))
def test_position_notation_round_trips_through_a_game(seed: int) -> None:
    n = 2 + seed % 9
    options: dict[str, bool | int | str] = {
        "pack": (36, 52)[seed % 2],
        "accepted_card": ("hand", "pile")[seed // 2 % 2],
        "pile_size": ("players-less-one", "players")[seed // 4 % 2],
    }
    s = GAME.setup(Table(n, seed % n, DeckOrder(shuffle(DECK_52, seed)), options))
    step = 0
    while GAME.legal_actions(s) and step < 600:
        assert load_position(position(s)) == s
        legal = GAME.legal_actions(s)
        s = GAME.apply(s, legal[(seed * 7 + step) % len(legal)])
        step += 1
    assert load_position(position(s)) == s


def test_a_position_missing_a_card_names_the_card() -> None:
    pos = position(GAME.setup(Table(2, 0, DeckOrder(DECK_36))))
    hands = pos["hands"]
    assert isinstance(hands, list) and isinstance(hands[0], list)
    hands[0] = hands[0][1:]
    with pytest.raises(FormatError, match="missing"):
        load_position(pos)


def _play_out(n: int, seed: int, options: dict[str, bool | int | str], policy: str) -> int:
    """Decisions to the end of one game (a failure past a bound no ending game reaches):
    ``policy`` "random" plays a seeded random legal action, "accept" accepts whenever it may
    (and otherwise plays the first legal action), "cover" covers whenever it may."""
    s = GAME.setup(Table(n, seed % n, DeckOrder(shuffle(DECK_52, seed)), options))
    rng = random.Random(seed)
    for k in range(20_000):
        legal = GAME.legal_actions(s)
        if not legal:
            return k
        takes = [a for a in legal if isinstance(a, Take)]
        plays = [a for a in legal if isinstance(a, Play)]
        if policy == "accept" and takes:
            a: Play | Take = takes[0]
        elif policy == "cover" and plays:
            a = plays[rng.randrange(len(plays))]
        else:
            a = legal[rng.randrange(len(legal))]
        s = GAME.apply(s, a)
    raise AssertionError(f"{n} players, seed {seed}, {options}, {policy}: no end in 20,000")


@pytest.mark.parametrize("policy", ["random", "accept", "cover"])
def test_every_game_ends_under_the_default_stall_rule(policy: str) -> None:
    # melniki-a/stage-two-stall (AMB-MELNIKIA-14 a): whoever keeps accepting, stage 2 ends
    for seed in range(40):
        n = 2 + seed % 9
        options: dict[str, bool | int | str] = {
            "pack": (36, 52)[seed % 2],
            "accepted_card": ("hand", "pile")[seed // 2 % 2],
            "pile_size": ("players-less-one", "players")[seed // 4 % 2],
            "stage_two_end": ("last-holder", "first-out")[seed // 8 % 2],
        }
        _play_out(n, seed, options, policy)


def test_always_accepting_never_ends_without_a_stall_rule() -> None:
    # AMB-MELNIKIA-14 c: with three players who always accept, the cards go round for ever
    options: dict[str, bool | int | str] = {"stage_two_stall": "none", "stage_two_limit": 0}
    s = GAME.setup(Table(3, 0, DeckOrder(shuffle(DECK_36, 1)), options))
    for _ in range(5_000):
        legal = GAME.legal_actions(s)
        assert legal
        takes = [a for a in legal if isinstance(a, Take)]
        s = GAME.apply(s, takes[0] if takes and s.stage == 2 else legal[0])
    assert s.stage == 2


@pytest.mark.parametrize("policy", ["random", "cover"])
def test_random_play_ends_under_the_repetition_stall_rule(policy: str) -> None:
    # melniki-a/stage-two-stall (AMB-MELNIKIA-14 d): random play comes to an end
    for seed in range(40):
        n = 2 + seed % 9
        options: dict[str, bool | int | str] = {
            "stage_two_stall": "repetition",
            "pack": (36, 52)[seed % 2],
            "accepted_card": ("hand", "pile")[seed // 2 % 2],
            "pile_size": ("players-less-one", "players")[seed // 4 % 2],
        }
        _play_out(n, seed, options, policy)


def test_accepting_every_card_and_leading_the_first_ends_by_repetition() -> None:
    # AMB-MELNIKIA-14 d: where "none" goes round for ever, the cards come back to a position
    for seed in range(18):
        s = GAME.setup(
            Table(
                2 + seed % 9,
                0,
                DeckOrder(shuffle(DECK_36, seed)),
                {"stage_two_stall": "repetition"},
            )
        )
        for _ in range(5_000):
            legal = GAME.legal_actions(s)
            if not legal:
                break
            takes = [a for a in legal if isinstance(a, Take)]
            s = GAME.apply(s, takes[0] if takes and s.stage == 2 else legal[0])
        assert GAME.outcome(s) is not None, f"seed {seed}: no end in 5,000 decisions"


def test_stage_two_begins_with_its_position_seen() -> None:
    # AMB-MELNIKIA-14 d: the start of stage 2 counts as seen; under the default nothing is kept
    for stall, kept in (("repetition", True), ("since-aside", False)):
        s = GAME.setup(Table(3, 0, DeckOrder(shuffle(DECK_36, 4)), {"stage_two_stall": stall}))
        while s.stage == 1:
            s = GAME.apply(s, GAME.legal_actions(s)[0])
        assert s.stage == 2 and not s.table
        key = position_key(s.turn, s.hands, s.table, s.target)
        assert (s.seen == frozenset({key})) == kept and (not s.seen) != kept


def test_a_position_to_load_counts_as_seen() -> None:
    pos = position(
        GAME.setup(Table(3, 0, DeckOrder(shuffle(DECK_36, 4)), {"stage_two_stall": "repetition"}))
    )
    s = load_position(pos)
    while s.stage == 1:
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    written = position(s)
    seen = written.pop("seen")
    assert isinstance(seen, list) and len(seen) == 1
    assert load_position(written) == s  # left out, the present position is added
    written["seen"] = [{"to_move": 5, "hands": [[], [], []]}]
    with pytest.raises(FormatError, match="seen"):
        load_position(written)


@pytest.mark.parametrize("limit", [1000, 40])
def test_positions_kept_in_mind_stay_within_the_stage_two_limit(limit: int) -> None:
    # melniki-a/stage-two-limit (AMB-MELNIKIA-18): with no pile laid aside for ``limit``
    # decisions stage 2 ends, so at most limit + 1 positions are ever kept; random play of
    # the 52-card pack goes well past the smaller limit without a pile laid aside
    longest = 0
    for seed in range(24):
        n = 3 + seed % 8
        options: dict[str, bool | int | str] = {"pack": 52, "stage_two_limit": limit}
        s = GAME.setup(Table(n, seed % n, DeckOrder(shuffle(DECK_52, seed)), options))
        rng = random.Random(seed)
        while legal := GAME.legal_actions(s):
            s = GAME.apply(s, legal[rng.randrange(len(legal))])
            longest = max(longest, len(s.seen))
            assert len(s.seen) <= limit + 1, f"seed {seed}: {len(s.seen)} positions kept"
        outcome = GAME.outcome(s)
        assert outcome is not None
        if len(s.seen) == limit + 1:  # ended by the limit: several hold cards, nobody loses
            assert not outcome.losers and "no pile laid aside" in outcome.reason
    assert longest == 41 if limit == 40 else longest > 100


def test_no_stage_two_limit_keeps_every_position_since_the_last_pile() -> None:
    # AMB-MELNIKIA-18 b: with stage_two_limit=0 the same play runs past any bound
    options: dict[str, bool | int | str] = {"pack": 52, "stage_two_limit": 0}
    longest = 0
    for seed in range(24):
        n = 3 + seed % 8
        s = GAME.setup(Table(n, seed % n, DeckOrder(shuffle(DECK_52, seed)), options))
        rng = random.Random(seed)
        while legal := GAME.legal_actions(s):
            s = GAME.apply(s, legal[rng.randrange(len(legal))])
            longest = max(longest, len(s.seen))
    assert longest > 1001


def test_a_position_past_the_stage_two_limit_is_refused() -> None:
    # melniki-a/stage-two-limit: a live stage 2 has made fewer decisions than the limit since
    # the last pile was laid aside
    options: dict[str, bool | int | str] = {"stage_two_limit": 3}
    s = GAME.setup(Table(3, 0, DeckOrder(shuffle(DECK_36, 4)), options))
    while s.stage == 1:
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    written = position(s)
    written["since_aside"] = 2
    assert load_position(written).since_aside == 2
    written["since_aside"] = 3
    with pytest.raises(FormatError, match="stage_two_limit"):
        load_position(written)
    written["since_aside"] = -1
    with pytest.raises(FormatError, match="since_aside"):
        load_position(written)


def test_the_stage_two_limit_ends_a_table_that_keeps_accepting_under_every_stall_rule() -> None:
    # melniki-a/stage-two-limit (AMB-MELNIKIA-18 a): the cards going round for ever under
    # stage_two_stall=none end, nobody losing, at the limit's decision with no pile laid aside
    for stall in ("none", "since-aside", "in-a-row", "repetition", "repetition-or-row"):
        options: dict[str, bool | int | str] = {"stage_two_stall": stall, "stage_two_limit": 60}
        s = GAME.setup(Table(3, 0, DeckOrder(shuffle(DECK_36, 1)), options))
        while legal := GAME.legal_actions(s):
            takes = [a for a in legal if isinstance(a, Take)]
            s = GAME.apply(s, takes[0] if takes and s.stage == 2 else legal[0])
            assert s.since_aside <= 60
        outcome = GAME.outcome(s)
        assert outcome is not None and not outcome.losers
        if stall == "none":  # nothing else ends it
            assert s.since_aside == 60
        if s.since_aside == 60:
            assert "60 decisions with no pile laid aside" in outcome.reason, stall
        else:  # a stall rule ended it sooner
            assert stall != "none" and "stalled" in outcome.reason, stall
