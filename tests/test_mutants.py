"""The suite finds the bug: with one rule of the model broken, its scenarios fail.

Each mutant replaces one decision function of the melniki-b module (the
module's own binding, so the rest of the model is untouched) and runs the
scenarios that name the rule; at least one of them must fail.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace

import pytest

from conformance.engine import run_in_process
from conformance.trace import SCENARIOS
from reference.core.actions import Play
from reference.core.cards import Card, RankOrder, Suit
from reference.core.covering import covers
from reference.core.holdings import counts
from reference.core.jsontypes import JSONObject
from reference.core.seats import Seat
from reference.games import melniki_b


def scenarios_for(rule: str) -> list[JSONObject]:
    out = []
    for path in sorted((SCENARIOS / "melniki-b").glob("*.json")):
        sc: JSONObject = json.loads(path.read_text(encoding="utf-8"))
        rules = sc["rules"]
        if isinstance(rules, list) and rule in rules:
            out.append(sc)
    return out


def leader_always_wins(cards: Sequence[Card], trump: Suit | None, order: RankOrder) -> int:
    return 0


def no_suit_obligation(
    hand: Sequence[Card], led: Suit | None, trump: Suit | None, must_trump: bool
) -> tuple[Card, ...]:
    return tuple(hand)


def lower_also_covers(attack: Card, defence: Card, trump: Suit | None, order: RankOrder) -> bool:
    return covers(attack, defence, trump, order) or attack // 13 == defence // 13


def nothing_covers(
    attack: Card, hand: Sequence[Card], trump: Suit | None, order: RankOrder
) -> tuple[Card, ...]:
    return ()


def never_stuck(s: melniki_b.MelnikiState, counts: tuple[int, ...]) -> melniki_b.MelnikiState:
    return s


def always_drawn(counts: tuple[int, ...], result: str) -> tuple[Seat, ...]:
    return ()


def every_holder_loses(counts: tuple[int, ...], result: str) -> tuple[Seat, ...]:
    return tuple(p for p, k in enumerate(counts) if k)


_finish_if_done = melniki_b._finish_if_done
_play_stage_two = melniki_b._play_stage_two


def both_out_ignored(s: melniki_b.MelnikiState, leader: Seat) -> melniki_b.MelnikiState:
    """AMB-MELNIKIB-10 read as if both_out were always draw."""
    return _finish_if_done(s._replace(opts=replace(s.opts, both_out="draw")), leader)


def both_out_beater_always(s: melniki_b.MelnikiState, leader: Seat) -> melniki_b.MelnikiState:
    """AMB-MELNIKIB-10 read as if both_out were always beater-loses."""
    return _finish_if_done(s._replace(opts=replace(s.opts, both_out="beater-loses")), leader)


def beat_keeps_count(s: melniki_b.MelnikiState, a: melniki_b.Action) -> melniki_b.MelnikiState:
    """Under stalemate=no-beat, a beat that does not start the count of takes again."""
    after = _play_stage_two(s, a)
    if s.table and isinstance(a, Play) and after.stage != melniki_b.OVER:
        kept = after._replace(takes=s.takes)
        if kept.takes >= kept.opts.no_beat_limit and kept.opts.stalemate == "no-beat":
            return melniki_b._stall(kept, counts(kept.hands))
        return kept
    return after


MUTANTS: list[tuple[str, str, object]] = [
    ("melniki-b/trick-winner", "trick_winner", leader_always_wins),
    ("melniki-b/follow-suit", "playable", no_suit_obligation),
    ("melniki-b/else-trump", "playable", no_suit_obligation),
    ("melniki-b/beat-as-durak", "covers", lower_also_covers),
    ("melniki-b/cannot-beat-takes", "covering_cards", nothing_covers),
    ("melniki-b/stalemate", "_stall", never_stuck),
    ("melniki-b/stalemate", "stuck_losers", always_drawn),
    ("melniki-b/stalemate", "stuck_losers", every_holder_loses),
    ("melniki-b/last-holder-loses", "_finish_if_done", both_out_ignored),
    ("melniki-b/last-holder-loses", "_finish_if_done", both_out_beater_always),
    ("melniki-b/stalemate", "_play_stage_two", beat_keeps_count),
]


@pytest.mark.parametrize(
    ("rule", "name", "mutant"), MUTANTS, ids=[f"{m[0]}:{m[1]}:{i}" for i, m in enumerate(MUTANTS)]
)
def test_breaking_a_rule_fails_its_scenarios(
    monkeypatch: pytest.MonkeyPatch, rule: str, name: str, mutant: object
) -> None:
    chosen = scenarios_for(rule)
    assert chosen, f"no scenario names {rule}"
    assert all(not run_in_process(sc) for sc in chosen), "the unbroken model passes"
    monkeypatch.setattr(melniki_b, name, mutant)
    failing = [sc["id"] for sc in chosen if run_in_process(sc)]
    assert failing, f"breaking {rule} ({name}) fails none of its {len(chosen)} scenarios"
