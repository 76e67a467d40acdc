"""melniki-a: with one rule of the model broken, its scenarios fail (as tests/test_mutants.py)."""

from __future__ import annotations

import json
from itertools import count

import pytest

from conformance.engine import run_in_process
from conformance.trace import SCENARIOS
from reference.core.cards import Card
from reference.core.holdings import Holdings
from reference.core.jsontypes import JSONObject
from reference.core.seats import Seat
from reference.games import melniki_a
from reference.games.melniki_a import PositionKey


def scenarios_for(rule: str) -> list[JSONObject]:
    out = []
    for path in sorted((SCENARIOS / "melniki-a").glob("*.json")):
        sc: JSONObject = json.loads(path.read_text(encoding="utf-8"))
        rules = sc["rules"]
        if isinstance(rules, list) and rule in rules:
            out.append(sc)
    return out


def lead_always_takes(lead: Card, answer: Card, trump: int) -> bool:
    return False


def any_card_answers(
    hand: tuple[Card, ...], lead: Card, trump: int
) -> tuple[tuple[Card, ...], bool]:
    return hand, True


def no_trump_answers(
    hand: tuple[Card, ...], lead: Card, trump: int
) -> tuple[tuple[Card, ...], bool]:
    same = tuple(c for c in hand if c // 13 == lead // 13)
    return (same, False) if same else ((), True)


def anything_covers(attack: Card, defence: Card, trump: int | None, order: tuple[int, ...]) -> bool:
    return True


def whole_pile(holding: int, size_rule: str) -> int:
    return holding + 1


def never_sheds_to_win(end_rule: str, left: int) -> bool:
    return False


_FRESH = count(1)


def never_the_same_position(
    turn: Seat, hands: Holdings, pile: tuple[Card, ...], target: int
) -> PositionKey:
    return turn, hands, pile, -next(_FRESH)  # no two positions compare equal


def only_positions_to_lead(
    turn: Seat, hands: Holdings, pile: tuple[Card, ...], target: int
) -> PositionKey:
    # the reading that watches only the positions with a player to lead, as melniki-b's
    key = turn, tuple(tuple(sorted(h)) for h in hands), pile, target
    return key if not pile else never_the_same_position(turn, hands, pile, target)


MUTANTS: list[tuple[str, str, object]] = [
    ("melniki-a/higher-takes", "takes_trick", lead_always_takes),
    ("melniki-a/follow-suit", "answers", any_card_answers),
    ("melniki-a/accept-only-void", "answers", any_card_answers),
    ("melniki-a/void-trump-or-accept", "answers", no_trump_answers),
    ("melniki-a/cover-or-accept", "covers", anything_covers),
    ("melniki-a/pile-aside", "pile_target", whole_pile),
    ("melniki-a/first-out-wins", "sheds_to_win", never_sheds_to_win),
    ("melniki-a/stage-two-stall", "position_key", never_the_same_position),
    ("melniki-a/stage-two-stall", "position_key", only_positions_to_lead),
]


@pytest.mark.parametrize(("rule", "name", "mutant"), MUTANTS, ids=[m[0] for m in MUTANTS])
def test_breaking_a_rule_fails_its_scenarios(
    monkeypatch: pytest.MonkeyPatch, rule: str, name: str, mutant: object
) -> None:
    chosen = scenarios_for(rule)
    assert chosen, f"no scenario names {rule}"
    assert all(not run_in_process(sc) for sc in chosen), "the unbroken model passes"
    monkeypatch.setattr(melniki_a, name, mutant)
    failing = [sc["id"] for sc in chosen if run_in_process(sc)]
    assert failing, f"breaking {rule} ({name}) fails none of its {len(chosen)} scenarios"
